import Foundation
import GRDB
import JuiceCore
import Logging
#if PostgreSQL
import PostgresNIO
#endif
@testable import JuiceShop
import Testing

/// A store under test, with what a test needs to do behind its back.
struct StoreUnderTest: Sendable {
    let store: any ShopStore
    /// Sets a fruit's stock (which must be in the state already) without a journal entry, as a hand edit would.
    let overwriteStock: @Sendable (FruitID, Int) async throws -> Void
    /// Removes whatever the store left behind.
    let remove: @Sendable () -> Void
    /// Makes every later write of a refused order's record fail in the database (after the store wrote its schema),
    /// for stores that can fail to write one; nil for memory.
    var breakRefusalRecords: (@Sendable () async throws -> Void)? = nil

    /// A shop over `book` on this store.
    func shop(_ book: RecipeBook = TestBook.standard) -> Shop { Shop(book: book, store: store) }
}

/// Makes fresh stores of one kind; the contract suite runs against each (PostgreSQL when the private test server is
/// running, as `.ci/run` always has it; otherwise `PostgresStoreTests` shows as skipped, saying why).
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () async throws -> StoreUnderTest
    /// A store on a state made by the previous schema version (before refused orders were recorded), holding what
    /// `PreviousSchema` describes; nil for a store without a schema (memory).
    var makeAtPreviousSchema: (@Sendable () async throws -> StoreUnderTest)? = nil
    /// A store on a state made by the schema before last good recipe sets were kept, holding what `PreviousSchema`
    /// describes plus one refused order (`PreviousSchema.refusedCommand`); nil for memory.
    var makeBeforeKeptRecipes: (@Sendable () async throws -> StoreUnderTest)? = nil

    var testDescription: String { name }

    #if PostgreSQL
    static let all: [StoreFactory] = [sqlite, memory] + (PostgresTestServer.isAvailable ? [postgres] : [])
    #else
    static let all: [StoreFactory] = [sqlite, memory]
    #endif

    /// The stores that have a previous schema to migrate from.
    static var migrating: [StoreFactory] { all.filter { $0.makeAtPreviousSchema != nil } }

    /// The stores that have a schema from before last good recipe sets to migrate from.
    static var migratingToKeptRecipes: [StoreFactory] { all.filter { $0.makeBeforeKeptRecipes != nil } }

    #if PostgreSQL
    static let postgres = StoreFactory(
        name: "PostgreSQL",
        make: {
            try await postgresStore(url: try await PostgresTestServer.freshDatabase())
        },
        makeAtPreviousSchema: {
            try await postgresStore(url: try await postgresDatabase(at: PreviousSchema.postgres))
        },
        makeBeforeKeptRecipes: {
            let url = try await postgresDatabase(at: PreviousSchema.postgresBeforeKeptRecipes)
            try await PostgresTestServer.execute(
                "INSERT INTO refusal (command, juice, count) VALUES ('\(PreviousSchema.refusedCommand)', 'strawberry-juice', 1)", in: url)
            try await PostgresTestServer.execute(
                "INSERT INTO refusal_shortage (refusal, position, fruit, needed, in_stock) VALUES (1, 0, 'strawberry', 16, 10)", in: url)
            return try await postgresStore(url: url)
        })

    /// A fresh database migrated to `version` only, holding what `PreviousSchema` describes.
    private static func postgresDatabase(at version: Int) async throws -> String {
        let url = try await PostgresTestServer.freshDatabase()
        let location = try PostgresLocation(url: url)
        let connection = try await PostgresConnection.connect(
            configuration: try location.connectionConfiguration(), id: 1, logger: PostgresTestServer.logger)
        do {
            try await PostgresMigrations.migrate(
                connection, logger: PostgresTestServer.logger, location: location.description, to: version)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        let initial = TestBook.standard.store.initialStock
        let rows = initial.keys.sorted().map { fruit in
            let count = (initial[fruit] ?? 0) + (fruit == "banana" ? -2 : 0)
            return "('\(fruit.rawValue)', \(count), \(initial[fruit] ?? 0), \(count - (initial[fruit] ?? 0)), 100)"
        }
        for sql in [
            "INSERT INTO stock (fruit, count, initial, journaled, capacity) VALUES \(rows.joined(separator: ", "))",
            "INSERT INTO journal (kind, command, juice, count) VALUES ('order', '\(PreviousSchema.command)', 'banana-juice', 1)",
            "INSERT INTO journal_delta (entry, fruit, delta) VALUES (1, 'banana', -2)",
            "UPDATE change_count SET changes = 1 WHERE slot = 0",
        ] {
            try await PostgresTestServer.execute(sql, in: url)
        }
        return url
    }

    /// A store on the database at `url`.
    private static func postgresStore(url: String) async throws -> StoreUnderTest {
        // The contract is about what is stored, not how fast: a deadline well above the 5 s default, so that a
        // burst of 200 orders queued for the pool's connections on a loaded machine (the whole suite runs in
        // parallel on 2 cores) is not answered "did not answer in time" (the restart test of juice serve meets the deadline).
        let store = try PostgresStore(url: url, operationTimeout: .seconds(60), logger: PostgresTestServer.logger)
        store.startRunning()
        return StoreUnderTest(
            store: store,
            overwriteStock: { fruit, count in
                try await PostgresTestServer.execute("UPDATE stock SET count = \(count) WHERE fruit = '\(fruit.rawValue)'", in: url)
            },
            remove: { Task { await store.close() } },
            breakRefusalRecords: {
                try await store.prepare()
                try await PostgresTestServer.execute(
                    """
                    CREATE FUNCTION no_refusals() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'refused orders are not wanted here'; END $$
                    """, in: url)
                try await PostgresTestServer.execute(
                    "CREATE TRIGGER no_refusals BEFORE INSERT ON refusal FOR EACH ROW EXECUTE FUNCTION no_refusals()", in: url)
            })
    }
    #endif

    static let memory = StoreFactory(name: "memory") {
        let store = MemoryStore()
        return StoreUnderTest(store: store, overwriteStock: { await store.overwriteStock(of: $0, to: $1) }, remove: {})
    }

    static let sqlite = StoreFactory(
        name: "SQLite",
        make: {
            let directory = try TemporaryDirectory()
            return sqliteStore(path: directory.path("state.sqlite"), directory: directory)
        },
        makeAtPreviousSchema: {
            let directory = try TemporaryDirectory()
            let path = directory.path("state.sqlite")
            try await sqliteFile(path, upTo: PreviousSchema.sqlite)
            return sqliteStore(path: path, directory: directory)
        },
        makeBeforeKeptRecipes: {
            let directory = try TemporaryDirectory()
            let path = directory.path("state.sqlite")
            try await sqliteFile(path, upTo: PreviousSchema.sqliteBeforeKeptRecipes)
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO refusal (time, command, juice, count) VALUES ('2026-01-01T00:00:01Z', ?, 'strawberry-juice', 1)",
                    arguments: [PreviousSchema.refusedCommand])
                try db.execute(
                    sql: "INSERT INTO refusal_shortage (refusal, position, fruit, needed, in_stock) VALUES (1, 0, 'strawberry', 16, 10)")
            }
            try queue.close()
            return sqliteStore(path: path, directory: directory)
        })

    /// Makes the SQLite file at `path` with the migrations up to `migration` only, holding what `PreviousSchema`
    /// describes.
    private static func sqliteFile(_ path: String, upTo migration: String) async throws {
        let queue = try DatabaseQueue(path: path)
        try SQLiteSchema.migrator.migrate(queue, upTo: migration)
        try await queue.write { db in
            for (fruit, initial) in TestBook.standard.store.initialStock {
                try db.execute(
                    sql: "INSERT INTO stock (fruit, count, initial) VALUES (?, ?, ?)",
                    arguments: [fruit.rawValue, initial - (fruit == "banana" ? 2 : 0), initial])
            }
            try db.execute(
                sql: "INSERT INTO journal (time, kind, command, juice, count) VALUES ('2026-01-01T00:00:00Z', 'order', ?, 'banana-juice', 1)",
                arguments: [PreviousSchema.command])
            try db.execute(sql: "INSERT INTO journal_delta (entry, fruit, delta) VALUES (1, 'banana', -2)")
        }
        try queue.close()
    }

    /// A store on the SQLite file at `path` in `directory`.
    private static func sqliteStore(path: String, directory: TemporaryDirectory) -> StoreUnderTest {
        // Quiet: a test that breaks the refused orders' records would log a warning per refusal.
        var logger = Logger(label: "juice.tests.sqlite")
        logger.logLevel = .critical
        let store = SQLiteStore(path: path, logger: logger)
        return StoreUnderTest(
            store: store,
            overwriteStock: { fruit, count in
                try DatabaseQueue(path: path).write { db in
                    try db.execute(sql: "UPDATE stock SET count = ? WHERE fruit = ?", arguments: [count, fruit.rawValue])
                    #expect(db.changesCount == 1, "the fruit is in the state")
                }
            },
            remove: directory.remove,
            breakRefusalRecords: {
                try await store.prepare()
                try await DatabaseQueue(path: path).write { db in
                    try db.execute(
                        sql:
                            "CREATE TRIGGER no_refusals BEFORE INSERT ON refusal BEGIN SELECT RAISE(ABORT, 'refused orders are not wanted here'); END"
                    )
                }
            })
    }
}

/// What a state made by the previous schema version holds, as the contract's migration test expects it: every fruit
/// of `TestBook.standard` at its initial stock but bananas, 10 -> 8 by one journaled order of `command`.
enum PreviousSchema {
    /// The journaled order's command.
    static let command = "juice order banana-juice"
    /// The newest SQLite migration before refused orders.
    static let sqlite = "2 kept sums of the journal"
    /// The newest PostgreSQL migration before refused orders.
    static let postgres = 3
    /// The newest SQLite migration before last good recipe sets were kept.
    static let sqliteBeforeKeptRecipes = "3 refused orders"
    /// The newest PostgreSQL migration before last good recipe sets were kept.
    static let postgresBeforeKeptRecipes = 4
    /// The command of the refused order a state from before kept recipe sets holds.
    static let refusedCommand = "juice order strawberry-juice"
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
