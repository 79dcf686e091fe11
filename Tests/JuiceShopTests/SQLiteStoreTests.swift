import Foundation
import GRDB
import JuiceCore
@testable import JuiceShop
import Testing

/// What only the SQLite store does: its file, its schema versions, and group commit.
@Suite("SQLiteStore: the state file")
struct SQLiteStoreTests {
    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Every read the store offers, for `path`.
    static func readEverything(_ path: String) async throws {
        let shop = Shop(book: TestBook.standard, store: SQLiteStore(path: path))
        _ = try await shop.snapshot()
        _ = try await shop.history()
        _ = try await shop.refusedOrders()
        _ = try await shop.checkIntegrity()
        _ = try await shop.store.changeToken()
    }

    /// A state file as JuiceMaker wrote it before migrations were recorded (schema 1): bananas 10 -> 8 by one order.
    static func makeSchemaOneFile(_ path: String, bananas: Int = 8) throws {
        let queue = try DatabaseQueue(path: path)
        _ = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE stock (fruit TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL CHECK (count >= 0), initial INTEGER NOT NULL CHECK (initial >= 0));
                    CREATE TABLE journal (id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, kind TEXT NOT NULL, command TEXT NOT NULL,
                        juice TEXT, count INTEGER, undoes INTEGER REFERENCES journal(id), undone_by INTEGER REFERENCES journal(id));
                    CREATE TABLE journal_delta (entry INTEGER NOT NULL REFERENCES journal(id), fruit TEXT NOT NULL, delta INTEGER NOT NULL, PRIMARY KEY (entry, fruit));
                    INSERT INTO stock VALUES ('strawberry', 10, 10), ('banana', \(bananas), 10), ('pineapple', 10, 10), ('kiwi', 10, 10), ('mango', 10, 10);
                    INSERT INTO journal (time, kind, command, juice, count) VALUES ('2026-01-01T00:00:00Z', 'order', 'juice order banana-juice', 'banana-juice', 1);
                    INSERT INTO journal_delta VALUES (1, 'banana', -2);
                    PRAGMA user_version = 1;
                    """)
        }
    }

    /// Expects a change and a read of the file at `path` both to throw `error`, and the file to stay as it was.
    static func expectRefusedUntouched(_ path: String, _ error: StateError) async throws {
        let before = try bytes(path)
        let shop = Shop(book: TestBook.standard, store: SQLiteStore(path: path))
        await #expect(throws: ShopError.state(error)) { try await shop.order("banana-juice", command: "test") }
        await #expect(throws: ShopError.state(error)) { try await shop.snapshot() }
        await #expect(throws: ShopError.state(error)) { try await shop.history() }
        #expect(try bytes(path) == before)
    }

    @Test("a corrupt file is refused, named, and left byte for byte as it was, by reads and changes alike")
    func corruptFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        try (Data("this is not a database, but someone's notes\n".utf8) + Data(repeating: 7, count: 5000)).write(to: URL(fileURLWithPath: path))
        try await Self.expectRefusedUntouched(path, .notADatabase(path: path))
    }

    @Test("another program's SQLite database is not taken over: refused and untouched")
    func foreignDatabase() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        try await DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE notes (x); INSERT INTO notes VALUES (1)") }
        try await Self.expectRefusedUntouched(path, .notADatabase(path: path))
    }

    @Test("a file from a newer JuiceMaker is refused and untouched")
    func newerSchema() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        try Self.makeSchemaOneFile(path)
        let newer = SQLiteSchema.version + 1
        try await DatabaseQueue(path: path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(newer)") }
        try await Self.expectRefusedUntouched(path, .newerSchema(path: path, version: newer))
    }

    @Test("a path whose directory cannot be made is a clear error")
    func unopenable() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("x".utf8).write(to: directory.url.appendingPathComponent("plain-file"))
        let path = directory.path("plain-file/state.sqlite")
        let shop = Shop(book: TestBook.standard, store: SQLiteStore(path: path))
        let error = await #expect(throws: ShopError.self) { try await shop.order("banana-juice", command: "test") }
        guard case .state(.cannotOpen(path, _)) = error else {
            Issue.record("expected cannotOpen naming \(path), got \(String(describing: error))")
            return
        }
    }

    @Test("reads never create the file or its directory; they see every fruit at its initial stock")
    func readsCreateNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path(".juice/state.sqlite")
        try await Self.readEverything(path)
        #expect(try await SQLiteStore(path: path).snapshot(book: TestBook.standard).inventory == TestBook.standard.initialInventory)
        #expect(!FileManager.default.fileExists(atPath: directory.path(".juice")))
        let store = SQLiteStore(path: path)
        try await store.prepare()
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try String(contentsOfFile: directory.path(".juice/.gitignore"), encoding: .utf8) == "*\n")
    }

    @Test("reads leave the file byte for byte as it was")
    func readsWriteNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        _ = try await Shop(book: TestBook.standard, store: SQLiteStore(path: path)).order("banana-juice", command: "test")
        let before = try Self.bytes(path)
        for _ in 0..<3 { try await Self.readEverything(path) }
        #expect(try Self.bytes(path) == before)
    }

    @Test("a file from before purchase orders reads none, untouched; keeping one migrates it")
    func purchaseOrdersMigrate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteSchema.migrator.migrate(queue, upTo: "6 deliveries, waste and counts")
        try queue.close()
        let before = try Self.bytes(path)
        let shop = Shop(book: PurchaseOrderContractTests.book, store: SQLiteStore(path: path))
        #expect(try await shop.purchaseOrders().isEmpty)
        await #expect(throws: ShopError.unknownPurchaseOrder(1)) { try await shop.purchaseOrder(1) }
        #expect(try Self.bytes(path) == before, "reading never writes")
        #expect(try await shop.createPurchaseOrder(PurchaseOrderContractTests.draft).id == 1)
        #expect(try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 7)
    }

    @Test("a schema-1 file is read as it is without a change, and migrated, never reset, by the first change")
    func migratesSchemaOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        try Self.makeSchemaOneFile(path)
        let before = try Self.bytes(path)
        let shop = Shop(book: TestBook.standard, store: SQLiteStore(path: path))
        #expect(try await shop.snapshot().inventory["banana"] == 8)
        #expect(try await shop.history().map(\.command) == ["juice order banana-juice"])
        #expect(try await shop.checkIntegrity().isHealthy)
        #expect(try Self.bytes(path) == before)
        let receipt = try await shop.order("banana-juice", command: "test")
        #expect(receipt.entry?.id == 2)
        #expect(try await shop.snapshot().inventory["banana"] == 6)
        #expect(try await shop.checkIntegrity().isHealthy)
        _ = try await shop.undo(command: "test")
        _ = try await shop.undo(command: "test")
        #expect(try await shop.snapshot().inventory["banana"] == 10, "the old order is undone like any other")
        let (version, migrations, journaled) = try await DatabaseQueue(path: path).read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA user_version"), try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
                try Int.fetchOne(db, sql: "SELECT journaled FROM stock WHERE fruit = 'banana'")
            )
        }
        #expect(version == 7)
        #expect(
            migrations == [
                "1 stock and journal", "2 kept sums of the journal", "3 refused orders", "4 last good recipe set", "5 request ids",
                "6 deliveries, waste and counts", "7 purchase orders",
            ])
        #expect(journaled == 0)
    }

    @Test("a schema-1 file whose stock already disagrees with its journal stays refused after migrating")
    func migratesBrokenSchemaOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        try Self.makeSchemaOneFile(path, bananas: 50)
        let shop = Shop(book: TestBook.standard, store: SQLiteStore(path: path))
        #expect(try await shop.checkIntegrity().brokenFruits == [IntegrityReport.BrokenFruit(fruit: "banana", stock: 50, expected: 8)])
        await #expect(throws: ShopError.state(.invariantBroken(path: path, fruits: ["banana"]))) {
            try await shop.order("kiwi-juice", command: "test")
        }
        #expect(try await shop.snapshot().inventory["banana"] == 50)
        #expect(try await shop.history().count == 1)
    }

    @Test("a hand edit of the journal is found before the next change, as a hand edit of the stock is")
    func editedJournal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        let shop = Shop(book: TestBook.standard, store: SQLiteStore(path: path))
        _ = try await shop.order("banana-juice", command: "test")
        try await DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE journal_delta SET delta = -4") }
        await #expect(throws: ShopError.state(.invariantBroken(path: path, fruits: ["banana"]))) {
            try await shop.order("kiwi-juice", command: "test")
        }
        #expect(try await shop.checkIntegrity().brokenFruits == [IntegrityReport.BrokenFruit(fruit: "banana", stock: 8, expected: 6)])
    }

    @Test("the file is in WAL mode and a change is synced (synchronous=FULL) before it returns")
    func durability() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.sqlite")
        let store = SQLiteStore(path: path)
        _ = try await Shop(book: TestBook.standard, store: store).order("banana-juice", command: "test")
        let mode = try await DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        #expect(try await store.writerSynchronous() == 2)
    }

    @Test("group commit: concurrent orders share transactions, each still all or nothing with its own entry")
    func groupCommit() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = SQLiteStore(path: directory.path("state.sqlite"))
        let shop = Shop(book: TestBook.standard, store: store)
        _ = try await shop.changeStock([.set("banana", 100), .set("kiwi", 3)], kind: .set, command: "test")
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<300 {
                group.addTask {
                    // Every third order is kiwi juice: exactly one of them can be made.
                    let juice = index % 3 == 0 ? "kiwi-juice" : "banana-juice"
                    return (try? await shop.order(juice, command: "order \(index)")) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 51)
        let history = try await shop.history()
        #expect(history.count == 52)
        #expect(history.filter { $0.juice == "kiwi-juice" }.count == 1)
        #expect(try await shop.snapshot().inventory["banana"] == 0)
        #expect(try await shop.snapshot().inventory["kiwi"] == 0)
        #expect(try await shop.checkIntegrity().isHealthy)
        let transactions = await store.transactions
        #expect(transactions < 200, "300 concurrent orders in \(transactions) transactions")
    }

    @Test("several stores on one new file (as separate processes are): no error, no oversell, journal exact")
    func severalStoresOneFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path(".juice/state.sqlite")
        let shops = (0..<6).map { _ in Shop(book: TestBook.standard, store: SQLiteStore(path: path)) }
        let outcomes = await withTaskGroup(of: Result<ShopReceipt, ShopError>.self) { group in
            for index in 0..<60 {
                group.addTask {
                    do throws(ShopError) { return .success(try await shops[index % 6].order("banana-juice", command: "order \(index)")) } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let refusals = outcomes.compactMap { outcome -> ShopError? in if case .failure(let error) = outcome { error } else { nil } }
        #expect(
            refusals.allSatisfy { if case .orderRefused(.insufficientStock) = $0 { true } else { false } },
            "\(refusals.filter { if case .orderRefused = $0 { false } else { true } })")
        #expect(outcomes.count - refusals.count == 5)
        #expect(try await shops[0].history().count == 5)
        #expect(try await shops[0].snapshot().inventory["banana"] == 0)
        #expect(try await shops[0].checkIntegrity().isHealthy)
    }
}
