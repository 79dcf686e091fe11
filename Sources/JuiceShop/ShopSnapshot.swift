import JuiceCore

/// The stock as a store holds it, reconciled with the recipe book.
public struct ShopSnapshot: Hashable, Sendable {
    /// The stock of every fruit in the recipe book (fruits new to the book at their initial stock).
    public var inventory: Inventory
    /// Fruits the state holds that the recipe book no longer has, with their kept stock (fruits kept at 0, as retired
    /// ones are, are not listed).
    public var orphans: [FruitID: Int]

    /// Creates a snapshot.
    public init(inventory: Inventory, orphans: [FruitID: Int]) {
        self.inventory = inventory
        self.orphans = orphans
    }
}

extension ShopSnapshot {
    /// The snapshot of `book`'s fruits given the counts a store holds: fruits it does not hold yet at their initial
    /// stock, and the fruits it holds (with some stock left) that `book` no longer has as orphans.
    init(stored: [FruitID: Int], book: RecipeBook) {
        self.init(inventory: Self.inventory(book: book) { stored[$0] }, orphans: stored.filter { $0.value != 0 && book.fruit($0.key) == nil })
    }

    /// The stock of `book`'s fruits, with their capacities, where `stored` gives the count a state holds (nil when it
    /// holds none yet: then the fruit's initial stock).
    static func inventory(book: RecipeBook, stored: (FruitID) -> Int?) -> Inventory {
        var counts: [FruitID: Int] = [:]
        var capacities: [FruitID: Int] = [:]
        counts.reserveCapacity(book.fruits.count)
        capacities.reserveCapacity(book.fruits.count)
        for fruit in book.fruits {
            counts[fruit.id] = stored(fruit.id) ?? book.store.initialStock[fruit.id] ?? 0
            capacities[fruit.id] = book.store.capacity(of: fruit.id)
        }
        return Inventory(counts: counts, capacities: capacities)
    }
}

/// What a successful change did.
public struct ShopReceipt: Hashable, Sendable {
    /// The journal entry written; nil when the change changed nothing (adding 0, a reset at the initial stock), for
    /// then nothing is journaled.
    public var entry: JournalEntry?
    /// The stock afterwards.
    public var snapshot: ShopSnapshot
    /// For an undo, the entry it reverted (with `undoneBy` set), so that callers can say what was undone.
    public var undone: JournalEntry?

    /// Creates a receipt.
    public init(entry: JournalEntry?, snapshot: ShopSnapshot, undone: JournalEntry? = nil) {
        self.entry = entry
        self.snapshot = snapshot
        self.undone = undone
    }
}

extension ShopReceipt {
    /// What the order charged, in won: its juice's price in `book` times the count. Nil unless the receipt is of an
    /// order (not a stock change or an undo) whose juice has a price in `book`.
    public func amount(in book: RecipeBook) -> Int? {
        guard let entry, entry.kind == .order, let juice = entry.juice, let count = entry.count else { return nil }
        return book.juice(juice)?.charge(for: count)
    }
}
