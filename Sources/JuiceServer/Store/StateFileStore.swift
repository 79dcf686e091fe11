import JuiceCore
import JuiceShop

/// The state file's `Shop` behind the `ShopStore` protocol: a bridge until JuiceShop's own `SQLiteStore` replaces it.
public struct StateFileStore: ShopStore {
    private let state: ShopState

    /// A store over an opened state file.
    public init(state: ShopState) {
        self.state = state
    }

    /// The state file's path.
    public var location: String { state.path }

    /// The stock of every fruit in `book`.
    public func snapshot(book: RecipeBook) async throws(ShopError) -> ShopSnapshot { try Shop(book: book, state: state).snapshot() }

    /// Applies `operation` in one transaction.
    public func perform(_ operation: StockOperation, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        let shop = Shop(book: book, state: state)
        switch operation {
        case .make(let juice, let count): return try shop.order(juice.id.rawValue, count: count, command: command)
        case .change(let changes, let kind): return try shop.changeStock(changes, kind: kind, command: command)
        }
    }

    /// Reverts the newest change not yet undone.
    public func undo(book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try Shop(book: book, state: state).undo(command: command)
    }

    /// The journal, newest first.
    public func history(limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try Shop(book: RecipeBook(fruits: [], juices: [], store: Store()), state: state).history(limit: limit)
    }

    /// Checks stock against the journal.
    public func checkIntegrity() async throws(ShopError) -> IntegrityReport {
        let broken = try Shop(book: RecipeBook(fruits: [], juices: [], store: Store()), state: state).inconsistentFruits()
        return IntegrityReport(brokenFruits: broken.map { .init(fruit: $0, stock: -1, expected: -1) }, backendCheck: ["ok"])
    }

    /// The newest journal entry's number: every change, from any process, writes one.
    public func changeToken() async throws(ShopError) -> Int { try await history(limit: 1).first?.id ?? 0 }
}
