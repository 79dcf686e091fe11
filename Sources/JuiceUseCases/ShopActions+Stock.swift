import JuiceCore
import JuiceShop

extension ShopActions {
    /// Applies `edits`, all or none, journaled as `.add` when every edit adds, `.remove` when every edit removes and
    /// `.set` otherwise (see `Shop.changeStock`): a fruit set twice, an unknown fruit, below 0 or above capacity are
    /// refused; edits that change nothing are not journaled (the receipt has no entry).
    package func changeStock(_ edits: [StockEdit], command: String) async throws(ShopError) -> ShopReceipt {
        try await shop.changeStock(edits.map { $0.change(in: shop.book) }, kind: StockEdit.kind(of: edits), command: command)
    }

    /// Puts every fruit back to the store section's initial stock.
    package func resetStock(command: String) async throws(ShopError) -> ShopReceipt {
        try await shop.reset(command: command)
    }

    /// Retires `fruit`, which the recipes no longer have but the state keeps stock of (see `Shop.retire`).
    package func retire(_ fruit: FruitID, command: String) async throws(ShopError) -> ShopReceipt {
        try await shop.retire(fruit, command: command)
    }

    /// Reverts the newest change not yet undone, if the stock allows it; the undo is journaled too, and the receipt
    /// says what it undid (`undone`, nil when there was nothing to undo).
    package func undo(command: String) async throws(ShopError) -> ShopReceipt {
        try await shop.undo(command: command)
    }

    /// The journal, newest first; at most `limit` entries (all without one).
    package func history(limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try await shop.history(limit: limit)
    }
}
