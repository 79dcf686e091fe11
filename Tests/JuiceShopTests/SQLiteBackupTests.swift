import Foundation
import GRDB
import JuiceCore
import JuiceShop
import Testing

/// `SQLiteStore.backup(to:replacing:)`: a consistent copy taken while changes are written, put in place whole or not
/// at all; and reading the last good recipe set of an older file writes nothing.
@Suite("SQLiteStore: backups and the kept recipe set")
struct SQLiteBackupTests {
    /// A book whose banana juice takes one banana of a thousand, so that hundreds of orders are served.
    static let roomyBook: RecipeBook = {
        var book = TestBook.standard
        book.store.capacities["banana"] = 100_000
        book.store.initialStock["banana"] = 10_000
        return book
    }()

    /// The names in `directory` (to see that no temporary file was left behind).
    static func names(in directory: TemporaryDirectory) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
    }

    @Test("a backup taken while orders are written is healthy and its journal is a prefix of the final journal")
    func consistentWhileWriting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = SQLiteStore(path: directory.path("state.sqlite"))
        let shop = Shop(book: Self.roomyBook, store: store)
        _ = try await shop.order("banana-juice", command: "first")
        let backups = (0..<3).map { directory.path("backup-\($0).sqlite") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<60 { _ = try await shop.order("banana-juice", command: "order \(writer)-\(index)") }
                }
            }
            group.addTask {
                for backup in backups {
                    try await Task.sleep(for: .milliseconds(20))
                    try await store.backup(to: backup, replacing: false)
                }
            }
            try await group.waitForAll()
        }
        let final = try await shop.history().reversed().map(\.id)
        #expect(final.count == 241)
        for backup in backups {
            let copy = Shop(book: Self.roomyBook, store: SQLiteStore(path: backup))
            #expect(try await copy.checkIntegrity().isHealthy, "\(backup)")
            let journal = try await copy.history().reversed().map(\.id)
            #expect(!journal.isEmpty)
            #expect(Array(final.prefix(journal.count)) == journal, "the backup's journal is a prefix of the final one")
            let bananas = try await copy.snapshot().inventory["banana"]
            #expect(bananas == 10_000 - 2 * journal.count, "the stock matches the journal copied with it")
        }
        #expect(try Self.names(in: directory).allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary copy left")
    }

    @Test("an existing file is refused and left as it was unless replacing; the state itself and a missing directory are refused")
    func destinations() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("state.sqlite")
        let shop = Shop(book: TestBook.standard, store: SQLiteStore(path: state))
        let existing = directory.path("existing.sqlite")
        try Data("not a backup".utf8).write(to: URL(fileURLWithPath: existing))
        await #expect(throws: BackupError.noState(path: state)) { try await SQLiteStore(path: state).backup(to: existing, replacing: true) }
        _ = try await shop.order("banana-juice", command: "test")
        await #expect(throws: BackupError.destinationExists(path: existing)) {
            try await SQLiteStore(path: state).backup(to: existing, replacing: false)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data("not a backup".utf8))
        await #expect(throws: BackupError.destinationIsState(path: state)) { try await SQLiteStore(path: state).backup(to: state, replacing: true) }
        let missing = directory.path("nowhere/backup.sqlite")
        await #expect(throws: BackupError.destinationDirectoryMissing(path: missing, directory: directory.path("nowhere"))) {
            try await SQLiteStore(path: state).backup(to: missing, replacing: false)
        }
        await #expect(throws: BackupError.destinationIsDirectory(path: directory.url.path)) {
            try await SQLiteStore(path: state).backup(to: directory.url.path, replacing: true)
        }
        try await SQLiteStore(path: state).backup(to: existing, replacing: true)
        let copy = Shop(book: TestBook.standard, store: SQLiteStore(path: existing))
        #expect(try await copy.history().map(\.command) == ["test"])
        #expect(try await copy.checkIntegrity().isHealthy)
        #expect(try Self.names(in: directory).filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary copy left")
    }

    @Test("a file that is not a state database is not copied, and nothing is left at the destination")
    func notAState() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let other = directory.path("other.sqlite")
        try await DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        let backup = directory.path("backup.sqlite")
        await #expect(throws: BackupError.state(.notADatabase(path: other))) {
            try await SQLiteStore(path: other).backup(to: backup, replacing: false)
        }
        #expect(try Self.names(in: directory) == ["other.sqlite"])
    }

    @Test("reading the kept recipe set of a file made before schema 4 answers none and leaves the file byte for byte")
    func readingOlderFileWritesNothing() async throws {
        let make = try #require(StoreFactory.sqlite.makeBeforeKeptRecipes)
        let subject = try await make()
        defer { subject.remove() }
        let store = try #require(subject.store as? SQLiteStore)
        let before = try SQLiteStoreTests.bytes(store.path)
        #expect(try await store.lastGoodRecipes() == nil)
        #expect(try SQLiteStoreTests.bytes(store.path) == before)
    }
}
