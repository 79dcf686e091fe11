#if PostgreSQL
import JuiceCore

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
