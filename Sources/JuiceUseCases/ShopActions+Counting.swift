import JuiceCore
import JuiceShop

extension ShopActions {
    /// Starts a count while the shop sells (see `Shop.startCount`): a count applied later in the session (`count(_:
    /// session:…)` with its id) sets each fruit to what was counted plus what moved since the start, so no order is
    /// lost or counted twice.
    package func startCount() async throws(ShopError) -> CountSession {
        try await shop.startCount()
    }
}
