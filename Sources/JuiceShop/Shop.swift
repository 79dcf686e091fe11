import JuiceCore

/// The juice shop: a recipe book and the store keeping its state. Every change is all or nothing.
public struct Shop: Sendable {
    /// The recipe book (already linted clean by the caller).
    public let book: RecipeBook
    /// Where the stock and its journal live.
    public let store: any ShopStore

    /// A shop selling from `book`, keeping its state in `store`.
    public init(book: RecipeBook, store: any ShopStore) {
        self.book = book
        self.store = store
    }

    // MARK: Reading

    /// The current stock; never writes.
    public func snapshot() async throws(ShopError) -> ShopSnapshot {
        try await store.snapshot(book: book)
    }

    /// The journal, newest first; at most `limit` entries.
    public func history(limit: Int? = nil) async throws(ShopError) -> [JournalEntry] {
        try await store.history(limit: limit)
    }

    /// The orders the stock refused, newest first; at most `limit` records.
    public func refusedOrders(limit: Int? = nil) async throws(ShopError) -> [RefusedOrder] {
        try await store.refusedOrders(limit: limit)
    }

    /// The store's integrity check and the invariant (stock = initial stock + the journal's deltas); never repairs.
    public func checkIntegrity() async throws(ShopError) -> IntegrityReport {
        try await store.checkIntegrity()
    }

    // MARK: Changing

    /// Orders `count` of the juice named `name` (id, Korean or English name, or alias). An order the stock refuses is
    /// recorded by the store (`refusedOrders`) and thrown as `ShopError.orderRefused(.insufficientStock)`.
    ///
    /// `request` is journaled with the order (see `ShopStore.perform(_:book:command:request:)`): when the answer is
    /// lost (`StateError.outcomeUnknown`), `orderEntry(request:)` says afterwards whether it was served.
    public func order(_ name: String, count: Int = 1, command: String, request: String? = nil) async throws(ShopError) -> ShopReceipt {
        let juice: Juice
        do throws(JuiceLookupError) { juice = try JuiceFinder(book: book).juice(named: name) } catch { throw .unknownJuice(error) }
        return try await store.perform(.make(juice, count: count), book: book, command: command, request: request)
    }

    /// The journal entry of the order made under `request`, or nil when none was served under it.
    public func orderEntry(request: String) async throws(ShopError) -> JournalEntry? {
        try await store.journalEntry(request: request)
    }

    /// Applies stock changes (add, remove, set), all or none, journaled as `kind`; setting one fruit twice is refused
    /// (`ShopError.duplicateFruit`), and changes that change nothing are not journaled (the receipt has no entry).
    public func changeStock(_ changes: [StockChange], kind: JournalKind, command: String) async throws(ShopError) -> ShopReceipt {
        var set: Set<FruitID> = []
        for case .set(let fruit, _) in changes where !set.insert(fruit).inserted { throw .duplicateFruit(fruit) }
        return try await store.perform(.change(changes, kind: kind), book: book, command: command)
    }

    /// Retires `fruit`, which the recipes no longer have but the state keeps stock of: its stock goes to 0 (journaled,
    /// so `undo` gives it back) and it is no longer reported.
    public func retire(_ fruit: FruitID, command: String) async throws(ShopError) -> ShopReceipt {
        try await store.perform(.retire(fruit), book: book, command: command)
    }

    /// Puts every fruit back to the store section's initial stock.
    public func reset(command: String) async throws(ShopError) -> ShopReceipt {
        let changes = book.fruits.map { StockChange.set($0.id, book.store.initialStock[$0.id] ?? 0) }
        return try await changeStock(changes, kind: .reset, command: command)
    }

    /// Reverts the newest change not yet undone, if the stock allows it; the undo is journaled too.
    public func undo(command: String) async throws(ShopError) -> ShopReceipt {
        try await store.undo(book: book, command: command)
    }
}
