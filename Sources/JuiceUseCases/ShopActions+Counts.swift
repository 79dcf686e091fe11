import JuiceCore
import JuiceShop

extension ShopActions {
    /// A count session begun, and what each fruit of the menu is expected to be when counted (the stock as it started).
    package struct StartedCount: Hashable, Sendable {
        /// The session: apply the count in it, and the changes made while counting are carried over.
        package var session: CountSession
        /// Each of the menu's fruits, in the menu's order, with its expected count (and 0 counted).
        package var expected: [CountLine]
    }

    /// Starts a count session, with each of the menu's fruits' expected count in it.
    package func startCount() async throws(ShopError) -> StartedCount {
        let session = try await shop.startCount()
        let expected = try await shop.previewCount(shop.book.fruits.map { ($0.id, 0) }, session: session.id)
        return StartedCount(session: session, expected: expected)
    }
}
