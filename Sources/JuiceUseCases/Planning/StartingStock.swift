import JuiceCore
import JuicePlanning
import JuiceShop

/// What a plan of the days ahead starts from: the stock on hand (menu order) and, where the recipe files say where
/// fruit is bought, the lots (what spoils before an order arrives does not count) and the open purchase orders (what
/// is on order does). The one rule of what a plan counts, for `juice plan` and the staff panel alike.
package struct StartingStock: Sendable {
    /// Each fruit's stock, in menu order.
    package var onHand: [Int]
    /// The lots with fruit left (with suppliers; otherwise none: nothing is ordered, so nothing spoils before).
    package var lots: [Lot]
    /// The open purchase orders (with suppliers; otherwise none).
    package var onOrder: [PurchaseOrder]

    /// A start of `onHand` (menu order), `lots` and `onOrder`.
    package init(onHand: [Int], lots: [Lot] = [], onOrder: [PurchaseOrder] = []) {
        self.onHand = onHand
        self.lots = lots
        self.onOrder = onOrder
    }

    /// The store section's initial stock of `book`: no lots, nothing on order (a plan from a history file alone).
    package static func initial(of book: RecipeBook) -> StartingStock {
        StartingStock(onHand: book.fruits.map { book.initialInventory[$0.id] })
    }

    /// What the shop in `store` holds now for `book`: its stock and, with suppliers, the lots `shelf` reads (the
    /// shop's own, or a follower's kept up to date) and its open purchase orders.
    package static func now(
        in store: any ShopStore, book: RecipeBook, shelf: () async throws(ShopError) -> Shelf
    ) async throws(ShopError) -> StartingStock {
        let snapshot = try await store.snapshot(book: book)
        let onHand = book.fruits.map { snapshot.inventory[$0.id] }
        guard PurchasePlanner.buysFromSuppliers(book) else { return StartingStock(onHand: onHand) }
        return StartingStock(onHand: onHand, lots: try await shelf().lots, onOrder: try await store.purchaseOrders(status: .open))
    }
}
