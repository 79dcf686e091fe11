import JuiceCore
import JuiceShop

extension ShopActions {
    /// Applies `edits`, all or none, journaled as `.add` when every edit adds, `.remove` when every edit removes and
    /// `.set` otherwise (see `Shop.changeStock`): a fruit set twice, an unknown fruit, below 0 or above capacity are
    /// refused; edits that change nothing are not journaled (the receipt has no entry).
    package func changeStock(_ edits: [StockEdit], command: String) async throws(ShopError) -> ShopReceipt {
        try await shop.changeStock(edits.map { $0.change(in: shop.book) }, kind: StockEdit.kind(of: edits), command: command)
    }

    /// The stock screen's edit: every fruit moved from what the screen was opened on (`original`) to what staff left
    /// it at (`edited`), applied as differences, not as absolute values, so what other counters sold meanwhile is not
    /// overwritten; all or none, journaled as a set. When nothing was moved, nothing is journaled (the receipt has no
    /// entry).
    package func editStock(from original: Inventory, to edited: Inventory, command: String) async throws(ShopError) -> ShopReceipt {
        let changes: [StockChange] = shop.book.fruits.map(\.id).compactMap { fruit in
            let delta = edited[fruit] - original[fruit]
            return delta == 0 ? nil : delta > 0 ? .add(fruit, delta) : .remove(fruit, -delta)
        }
        guard !changes.isEmpty else { return ShopReceipt(entry: nil, snapshot: try await shop.snapshot()) }
        return try await shop.changeStock(changes, kind: .set, command: command)
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
