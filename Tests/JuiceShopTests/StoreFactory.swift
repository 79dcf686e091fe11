import Foundation
import GRDB
import JuiceCore
import JuiceShop
import Testing

/// A store under test, with what a test needs to do behind its back.
struct StoreUnderTest: Sendable {
    let store: any ShopStore
    /// Sets a fruit's stock (which must be in the state already) without a journal entry, as a hand edit would.
    let overwriteStock: @Sendable (FruitID, Int) async throws -> Void
    /// Removes whatever the store left behind.
    let remove: @Sendable () -> Void

    /// A shop over `book` on this store.
    func shop(_ book: RecipeBook = TestBook.standard) -> Shop { Shop(book: book, store: store) }
}

/// Makes fresh stores of one kind; the contract suite runs against each (PostgreSQL when the private test server is
/// running, as `.ci/run` always has it; otherwise `PostgresStoreTests` shows as skipped, saying why).
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () async throws -> StoreUnderTest

    var testDescription: String { name }

    #if PostgreSQL
    static let all: [StoreFactory] = [sqlite, memory] + (PostgresTestServer.isAvailable ? [postgres] : [])
    #else
    static let all: [StoreFactory] = [sqlite, memory]
    #endif

    #if PostgreSQL
    static let postgres = StoreFactory(name: "PostgreSQL") {
        let url = try await PostgresTestServer.freshDatabase()
        // The contract is about what is stored, not how fast: a deadline well above the 5 s default, so that a
        // burst of 200 orders queued for the pool's connections on a loaded machine (the whole suite runs in
        // parallel on 2 cores) is not answered "did not answer in time" (the restart test of juice serve meets the deadline).
        let store = try PostgresStore(url: url, operationTimeout: .seconds(60))
        return StoreUnderTest(
            store: store,
            overwriteStock: { fruit, count in
                try await PostgresTestServer.execute("UPDATE stock SET count = \(count) WHERE fruit = '\(fruit.rawValue)'", in: url)
            },
            remove: { Task { await store.close() } })
    }
    #endif

    static let memory = StoreFactory(name: "memory") {
        let store = MemoryStore()
        return StoreUnderTest(store: store, overwriteStock: { await store.overwriteStock(of: $0, to: $1) }, remove: {})
    }

    static let sqlite = StoreFactory(name: "SQLite") {
        let directory = try TemporaryDirectory()
        let path = directory.path("state.sqlite")
        return StoreUnderTest(
            store: SQLiteStore(path: path),
            overwriteStock: { fruit, count in
                try DatabaseQueue(path: path).write { db in
                    try db.execute(sql: "UPDATE stock SET count = ? WHERE fruit = ?", arguments: [count, fruit.rawValue])
                    #expect(db.changesCount == 1, "the fruit is in the state")
                }
            },
            remove: directory.remove)
    }
}

/// A new empty temporary directory.
struct TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("juice-shop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @Sendable func remove() { try? FileManager.default.removeItem(at: url) }
}
