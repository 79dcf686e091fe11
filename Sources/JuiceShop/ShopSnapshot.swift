import JuiceCore

/// The stock as a store holds it, reconciled with the recipe book.
public struct ShopSnapshot: Hashable, Sendable {
    /// The stock of every fruit in the recipe book (fruits new to the book at their initial stock).
    public var inventory: Inventory
    /// Fruits the state holds that the recipe book no longer has, with their kept stock.
    public var orphans: [FruitID: Int]

    /// Creates a snapshot.
    public init(inventory: Inventory, orphans: [FruitID: Int]) {
        self.inventory = inventory
        self.orphans = orphans
    }
}

extension ShopSnapshot {
    /// The snapshot of `book`'s fruits given the counts a store holds: fruits it does not hold yet at their initial
    /// stock, and the fruits it holds that `book` no longer has as orphans.
    init(stored: [FruitID: Int], book: RecipeBook) {
        var counts: [FruitID: Int] = [:]
        var capacities: [FruitID: Int] = [:]
        for fruit in book.fruits {
            counts[fruit.id] = stored[fruit.id] ?? book.store.initialStock[fruit.id] ?? 0
            capacities[fruit.id] = book.store.capacity(of: fruit.id)
        }
        self.init(inventory: Inventory(counts: counts, capacities: capacities), orphans: stored.filter { book.fruit($0.key) == nil })
    }
}

/// What a successful change did.
public struct ShopReceipt: Hashable, Sendable {
    /// The journal entry written.
    public var entry: JournalEntry
    /// The stock afterwards.
    public var snapshot: ShopSnapshot

    /// Creates a receipt.
    public init(entry: JournalEntry, snapshot: ShopSnapshot) {
        self.entry = entry
        self.snapshot = snapshot
    }
}
