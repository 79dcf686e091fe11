import Synchronization

/// Everything the shop sells: its fruits, its juices and their recipes, and the store's limits and starting stock.
public struct RecipeBook: Hashable, Sendable {
    /// The fruits, in the order they were defined.
    public private(set) var fruits: [Fruit]
    /// The juices, in menu order (the order they were defined).
    public private(set) var juices: [Juice]
    /// The store's capacities and initial stock.
    public var store: Store
    /// The suppliers the shop buys from, in the order they were defined.
    public private(set) var suppliers: [Supplier]
    /// The shop's calendar: closing days and events.
    public var calendar: ShopCalendar
    /// The position of each id in `fruits` and `juices` (derived from them).
    private var fruitIndex: [FruitID: Int] = [:]
    private var juiceIndex: [JuiceID: Int] = [:]
    /// The position in `juices` of each id, name and alias as `NameKey` compares them (what `JuiceFinder` looks up):
    /// built on first use, once for the book and every copy of it. Lint never looks a juice up by name, so a load
    /// does not pay for it; the shop builds it once per book, not per order.
    private let lazyNameIndex = LazyNameIndex()

    /// Creates a book; for a repeated id the first definition wins.
    public init(fruits: [Fruit], juices: [Juice], store: Store, suppliers: [Supplier] = [], calendar: ShopCalendar = ShopCalendar()) {
        self.fruits = fruits
        self.juices = juices
        self.store = store
        self.suppliers = suppliers
        self.calendar = calendar
        for (position, fruit) in fruits.enumerated().reversed() { fruitIndex[fruit.id] = position }
        juiceIndex.reserveCapacity(juices.count)
        for (position, juice) in juices.enumerated().reversed() { juiceIndex[juice.id] = position }
    }

    /// The name index (see `lazyNameIndex`).
    var juiceNameIndex: [NameKey: Int] {
        lazyNameIndex.value { Self.nameIndex(of: juices) }
    }

    /// Books are the same when their fruits, juices, store, suppliers and calendar are; the look-up tables are derived from them.
    public static func == (lhs: RecipeBook, rhs: RecipeBook) -> Bool {
        lhs.fruits == rhs.fruits && lhs.juices == rhs.juices && lhs.store == rhs.store && lhs.suppliers == rhs.suppliers
            && lhs.calendar == rhs.calendar
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fruits)
        hasher.combine(juices)
        hasher.combine(store)
        hasher.combine(suppliers)
        hasher.combine(calendar)
    }

    /// Every id, name and alias of `juices` with its juice's position: ids first, then names and aliases; the first
    /// juice to claim a key keeps it (a book that lints clean has no key claimed twice).
    private static func nameIndex(of juices: [Juice]) -> [NameKey: Int] {
        var index: [NameKey: Int] = [:]
        index.reserveCapacity(juices.count * 3)
        // Each text's key is made once: making a key (Unicode normalisation) costs far more than a look-up.
        func claim(_ text: String, for position: Int) {
            let key = NameKey(text)
            if index[key] == nil { index[key] = position }
        }
        for (position, juice) in juices.enumerated() { claim(juice.id.rawValue, for: position) }
        for (position, juice) in juices.enumerated() {
            for text in juice.name.all { claim(text, for: position) }
            for text in juice.aliases { claim(text, for: position) }
        }
        return index
    }

    /// The fruit with `id`, if there is one.
    public func fruit(_ id: FruitID) -> Fruit? { fruitIndex[id].map { fruits[$0] } }

    /// The supplier with `id`, if there is one.
    public func supplier(_ id: SupplierID) -> Supplier? { suppliers.first { $0.id == id } }

    /// The juice with `id`, if there is one.
    public func juice(_ id: JuiceID) -> Juice? { juiceIndex[id].map { juices[$0] } }

    /// The display name of the juice `id` in `language` (its id when the book does not have it).
    public func displayName(of id: JuiceID, in language: Language) -> String {
        juice(id)?.name.text(in: language, fallback: id.rawValue) ?? id.rawValue
    }

    /// The display name of the fruit `id` in `language`, after its emoji where it has one.
    public func displayLabel(of id: FruitID, in language: Language) -> String {
        guard let fruit = fruit(id) else { return id.rawValue }
        let name = fruit.name.text(in: language, fallback: id.rawValue)
        return fruit.emoji.map { "\($0) \(name)" } ?? name
    }

    /// The inventory the store starts with: every fruit at its initial stock (0 where none is given).
    public var initialInventory: Inventory {
        Inventory(fruits: fruits.map(\.id), store: store)
    }
}

/// A value made on first use and kept, shared by every copy of the book that holds it (a class, so that copies share
/// it; its lock makes it safe to share between threads).
final class LazyNameIndex: Sendable {
    private let made = Mutex<[NameKey: Int]?>(nil)

    /// The value, made by `make` the first time.
    func value(_ make: () -> [NameKey: Int]) -> [NameKey: Int] {
        made.withLock { value in
            if let value { return value }
            let new = make()
            value = new
            return new
        }
    }
}
