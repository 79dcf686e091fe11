import Foundation
import GRDB
import JuiceCore
import Logging

/// The shop's state in an SQLite file (through GRDB): live stock and the journal of every change.
///
/// Changes run in `BEGIN IMMEDIATE` transactions in WAL mode with `synchronous=FULL`, so one is on disk before its
/// call returns, concurrent processes wait for each other (busy timeout) instead of failing, and a process killed
/// mid-change leaves the file as it was. Changes that arrive while one is being written are queued and written
/// together in the next transaction (group commit), each still all or nothing on its own, each caller answered after
/// the commit. Reads use a read-only connection: they never write, and never create the file (a file not there yet
/// reads as every fruit at its initial stock). The file is created, and its schema migrated, by the first change.
public actor SQLiteStore: ShopStore {
    /// The state file used when neither `--state` nor `JUICE_STATE` says otherwise.
    public static let defaultPath = ".juice/state.sqlite"
    /// The most changes written in one transaction.
    static let batchLimit = 64

    /// The file's path.
    public nonisolated let path: String
    /// The file's path.
    public nonisolated var location: String { path }
    /// Where the store's own messages go (a refused order it could not record, say): the caller's logger.
    nonisolated let logger: Logger
    /// The clock the journal's times (and a count's or a kept set's) are read from.
    nonisolated let clock: ShopClock

    private var reader: DatabaseQueue?
    private var writer: Task<Result<DatabaseQueue, StateError>, Never>?
    /// Changes waiting for the writer, written up to `batchLimit` per transaction.
    private nonisolated let queue: GroupCommit<WriteRequest, Result<ShopReceipt, ShopError>>
    /// Tells this store's change-token streams of each commit at once (other processes' changes need the poll).
    private nonisolated let commits = CommitSignal()
    /// How many write transactions this store has run (group commit makes it fewer than the changes).
    private(set) var transactions = 0

    /// A store keeping its state in the SQLite file at `path`; nothing is opened until it is used. `logger` receives
    /// the store's own messages; the journal's times come from `clock`.
    public init(path: String, logger: Logger = defaultStoreLogger, clock: ShopClock = .system()) {
        self.path = path
        self.logger = logger
        self.clock = clock
        queue = GroupCommit(limit: Self.batchLimit, unanswered: .failure(.state(.failed(path: path, message: "the writer gave no answer"))))
    }

    // MARK: Reading

    /// The current stock as `book` sees it; never writes.
    public func snapshot(book: RecipeBook) async throws(ShopError) -> ShopSnapshot {
        try await read(whenEmpty: StockLedger(rows: [:])) { db, _ in try SQLiteRecords.ledger(db, keptSums: false) }
            .snapshot(book: book)
    }

    /// The journal, newest first; at most `limit` entries.
    public func history(limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try await read(whenEmpty: []) { db, version in try SQLiteRecords.entries(db, limit: limit, version: version) }
    }

    /// The orders the stock refused, newest first; at most `limit` records (none in a file made before schema 3).
    public func refusedOrders(limit: Int?) async throws(ShopError) -> [RefusedOrder] {
        try await read(whenEmpty: []) { db, version in version >= 3 ? try SQLiteRecords.refusedOrders(db, limit: limit) : [] }
    }

    /// Starts a count session at the newest journal entry (creating the file if needed).
    public func startCount() async throws(ShopError) -> CountSession {
        let path = path
        let writer = try await openWriter()
        do {
            return try await writer.writeWithoutTransaction { db in
                // Immediate: no other writer between reading where the journal stands and keeping it.
                var session: CountSession?
                try db.inTransaction(.immediate) {
                    session = try SQLiteRecords.startCount(in: db, time: clock.journalTime())
                    return .commit
                }
                guard let session else { throw StateError.failed(path: path, message: "the count session was not kept") }
                return session
            }
        } catch {
            throw ShopError(error, path: path)
        }
    }

    /// The count session `id`, if there is one (none in a file made before schema 6).
    public func countSession(id: String) async throws(ShopError) -> CountSession? {
        try await read(whenEmpty: nil) { db, version in
            guard version >= 6,
                let row = try Row.fetchOne(db, sql: "SELECT start, started_at, applied_by FROM count_session WHERE id = ?", arguments: [id])
            else { return nil }
            return CountSession(id: id, start: row["start"], startedAt: row["started_at"], appliedBy: row["applied_by"])
        }
    }

    /// The entries from the first delivery or count on, oldest first (none in a file made before schema 6).
    public func lotEntries() async throws(ShopError) -> [JournalEntry] {
        try await read(whenEmpty: []) { db, version in version >= 6 ? try SQLiteRecords.lotEntries(db) : [] }
    }

    /// SQLite's `integrity_check` and the invariant recomputed from the whole journal; never repairs anything.
    public func checkIntegrity() async throws(ShopError) -> IntegrityReport {
        try await read(whenEmpty: IntegrityReport(brokenFruits: [], backendCheck: ["ok"])) { db, version in
            let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let sums = try SQLiteRecords.journalSums(db)
            let ledger = try SQLiteRecords.ledger(db, keptSums: version >= 2, journalSums: sums)
            let lots = version >= 6 ? JournalLots(try SQLiteRecords.lotEntries(db)).remaining : []
            return ledger.integrityReport(journalSums: sums, backendCheck: check, lots: lots)
        }
    }

    /// The last recipe set a server accepted (none in a file made before schema 4); never writes.
    public func lastGoodRecipes() async throws(ShopError) -> KeptRecipeSet? {
        try await read(whenEmpty: nil) { db, version in version >= 4 ? try SQLiteRecords.keptRecipes(db) : nil }
    }

    /// Keeps `set` as the last good recipe set unless the file keeps one of the same version: compared first on the
    /// read-only connection (no write lock taken for an unchanged set), then again inside the write transaction.
    public func keepLastGoodRecipes(_ set: KeptRecipeSet) async throws(ShopError) -> Bool {
        let kept: String? = try await read(whenEmpty: nil) { db, version in version >= 4 ? try SQLiteRecords.keptRecipeVersion(db) : nil }
        guard kept != set.version else { return false }
        let path = path
        let writer = try await openWriter()
        do {
            return try await writer.writeWithoutTransaction { db in
                var wrote = false
                try db.inTransaction(.immediate) {
                    guard try SQLiteRecords.keptRecipeVersion(db) != set.version else { return .commit }
                    try SQLiteRecords.keep(set, time: clock.journalTime(), in: db)
                    wrote = true
                    return .commit
                }
                return wrote
            }
        } catch {
            throw ShopError(error, path: path)
        }
    }

    /// The newest journal entry's id (0 before the first change), as the file says now, whoever wrote it.
    public func changeToken() async throws(ShopError) -> Int {
        try await read(whenEmpty: 0) { db, _ in try Int.fetchOne(db, sql: "SELECT MAX(id) FROM journal") ?? 0 }
    }

    /// The change token now and then again whenever it may have changed: at once after a change of this store
    /// commits, and every `interval` for changes by other processes (SQLite cannot tell of them).
    public nonisolated func changeTokens(pollingEvery interval: Duration) -> AsyncStream<Int> {
        changeTokenStream(pollingEvery: interval, commits: commits)
    }

    /// Runs `body` in a read transaction of the read-only connection, or answers `whenEmpty` when there is no state
    /// yet (no file, or a file without tables).
    func read<T: Sendable>(
        whenEmpty: T, _ body: @escaping @Sendable (Database, Int) throws -> T
    ) async throws(ShopError) -> T {
        let path = path
        do {
            if reader == nil {
                guard FileManager.default.fileExists(atPath: path) else { return whenEmpty }
                var configuration = Configuration()
                configuration.readonly = true
                configuration.busyMode = .timeout(30)
                configuration.label = "juice-state-reader"
                reader = try DatabaseQueue(path: path, configuration: configuration)
            }
            guard let reader else { return whenEmpty }
            return try await reader.read { db in
                switch try SQLiteSchema.status(db, path: path) {
                case .empty: return whenEmpty
                case .ready(let version): return try body(db, version)
                }
            }
        } catch {
            throw ShopError(error, path: path)
        }
    }

    // MARK: Changing

    /// Applies `operation` with its journal entry, all or nothing, durably, possibly in one transaction with others.
    public nonisolated func perform(_ operation: StockOperation, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try await submit(WriteRequest(kind: .operation(operation), book: book, command: command))
    }

    /// `perform`, with `request` journaled with the entry (unique: a second change under the same id fails).
    public nonisolated func perform(
        _ operation: StockOperation, book: RecipeBook, command: String, request: String?
    ) async throws(ShopError) -> ShopReceipt {
        try await submit(WriteRequest(kind: .operation(operation), book: book, command: command, request: request))
    }

    /// The entry journaled under `request` (through its index), or nil.
    public func journalEntry(request: String) async throws(ShopError) -> JournalEntry? {
        try await read(whenEmpty: nil) { db, version in
            try SQLiteRecords.entries(db, limit: 1, request: request, version: version).first
        }
    }

    /// Reverts the newest change not yet undone, if the stock allows it; the undo is journaled too.
    public nonisolated func undo(book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try await submit(WriteRequest(kind: .undo, book: book, command: command))
    }

    /// Creates the file (and its directory) if needed and migrates its schema, without changing the stock.
    public func prepare() async throws(ShopError) {
        _ = try await openWriter()
    }

    /// The writer connection's `PRAGMA synchronous` (2 is FULL).
    func writerSynchronous() async throws -> Int {
        try await openWriter().read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 0 }
    }

    /// Queues `request` for the writer (group commit) and waits for its own result.
    private nonisolated func submit(_ request: WriteRequest) async throws(ShopError) -> ShopReceipt {
        try await queue.submit(request) { [self] batch in await write(batch) }.get()
    }

    /// Applies `requests` in one immediate transaction; one result per request (all failures when it rolls back).
    private func write(_ requests: [WriteRequest]) async -> [Result<ShopReceipt, ShopError>] {
        let path = path
        let logger = logger
        transactions += 1
        do {
            let writer = try await openWriter()
            let results = try await writer.writeWithoutTransaction { db in
                var results: [Result<ShopReceipt, ShopError>] = []
                try db.inTransaction(.immediate) {
                    results = try SQLiteRecords.apply(requests, in: db, path: path, logger: logger, time: clock.journalTime())
                    return .commit
                }
                return results
            }
            if results.contains(where: { (try? $0.get())?.entry != nil }) { commits.committed() }
            return results
        } catch {
            return Array(repeating: .failure(ShopError(error, path: path)), count: requests.count)
        }
    }

    /// The read-write connection, opened (creating the file and migrating it) on first use; a failed opening is tried
    /// again next time.
    func openWriter() async throws(ShopError) -> DatabaseQueue {
        let path = path
        let opening = writer ?? Task { await Self.makeWriter(path: path) }
        writer = opening
        let result = await opening.value
        if case .failure = result { writer = nil }
        do { return try result.get() } catch { throw .state(error) }
    }

    private static func makeWriter(path: String) async -> Result<DatabaseQueue, StateError> {
        do {
            try createDirectory(for: path)
            var configuration = Configuration()
            configuration.busyMode = .timeout(30)
            configuration.label = "juice-state-writer"
            // Durable before the call returns (WAL's usual NORMAL may lose the last commits on power loss).
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            let writer = try DatabaseQueue(path: path, configuration: configuration)
            try await SQLiteSchema.migrate(writer, path: path)
            return .success(writer)
        } catch {
            return .failure(StateError(error, path: path))
        }
    }

    /// Creates the file's directory if needed; a new `.juice` directory gets a `.gitignore` keeping it out of git.
    private static func createDirectory(for path: String) throws(StateError) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if (directory as NSString).lastPathComponent == ".juice" {
                try? "*\n".write(toFile: directory + "/.gitignore", atomically: true, encoding: .utf8)
            }
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create directory \(directory)")
        }
    }
}
