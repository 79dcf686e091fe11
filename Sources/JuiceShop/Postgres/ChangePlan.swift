#if PostgreSQL
import JuiceCore

/// The rows one change updates, in the fixed order every process uses (by fruit id, so two changes never wait on
/// each other's rows in opposite orders): each fruit gets `delta` only if its count is within `low...high`.
struct ChangePlan: Sendable {
    /// The fruits' ids, sorted.
    private(set) var fruits: [String] = []
    /// What each fruit's count changes by.
    private(set) var deltas: [Int] = []
    /// The least count each fruit must have.
    private(set) var low: [Int] = []
    /// The most count each fruit may have.
    private(set) var high: [Int] = []

    /// Adds a fruit (after every fruit already added).
    mutating func add(_ fruit: FruitID, delta: Int, from low: Int, to high: Int) {
        fruits.append(fruit.rawValue)
        deltas.append(delta)
        self.low.append(low)
        self.high.append(high)
    }
}

/// What a recipe book says about stock, as `stock` rows: every fruit with its initial stock and capacity.
struct BookStock: Hashable, Sendable {
    /// The fruits' ids, sorted.
    let fruits: [String]
    /// Each fruit's initial stock.
    let initial: [Int]
    /// Each fruit's capacity.
    let capacities: [Int]

    init(_ book: RecipeBook) {
        let ids = book.fruits.map(\.id).sorted()
        fruits = ids.map(\.rawValue)
        initial = ids.map { book.store.initialStock[$0] ?? 0 }
        capacities = ids.map { book.store.capacity(of: $0) }
    }
}
#endif
