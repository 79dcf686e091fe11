import JuiceCore
import JuiceShop

extension ShopActions {
    /// An order served: its receipt, the juice made and how many, and the request id it was journaled under.
    package struct ServedOrder: Hashable, Sendable {
        /// The receipt: the order's journal entry and the stock afterwards.
        package var receipt: ShopReceipt
        /// The juice made: the journal's id for it, or (with no entry to say) the name as it was asked for.
        package var juice: JuiceID
        /// How many were made.
        package var count: Int
        /// The request id the order was journaled under (`orderEntry(request:)` finds it by that).
        package var request: String
    }

    /// Makes `count` of the juice named `name` (an id, a name or an alias), all or nothing, journaled under `request`
    /// (a new request id unless given), so that an order whose answer was lost can be looked up by it. Refused: an
    /// unknown juice, a count the stock cannot serve; a refused order changes nothing.
    package func order(
        _ name: String, count: Int, command: String, request: String = RequestID.make()
    ) async throws(ShopError) -> ServedOrder {
        let receipt = try await shop.order(name, count: count, command: command, request: request)
        return ServedOrder(receipt: receipt, juice: receipt.entry?.juice ?? JuiceID(name), count: count, request: request)
    }

    /// The journal entry of the order made under `request`, or nil when none was served under it.
    package func orderEntry(request: String) async throws(ShopError) -> JournalEntry? {
        try await shop.orderEntry(request: request)
    }

    /// The orders the stock refused, newest first; at most `limit` of them (all without one).
    package func refusedOrders(limit: Int?) async throws(ShopError) -> [RefusedOrder] {
        try await shop.refusedOrders(limit: limit)
    }
}
