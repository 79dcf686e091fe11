#if PostgreSQL
import JuiceCore
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The shop's state in a PostgreSQL database, shared by any number of processes and machines.
///
/// The stock rules are the Swift ones every store shares (`StockLedger`); the database keeps the rows, the journal
/// and its `CHECK` constraints as the backstop. Every change is one transaction: it locks the stock rows it needs
/// (`SELECT … FOR UPDATE`, always in fruit order, so that two transactions never wait on each other's rows in
/// opposite orders), lets the ledger decide on them, writes the journal entries and the new stock in one statement
/// with the change counter and a `NOTIFY`, and commits; a change is reported only once its `COMMIT` has answered.
/// Orders that arrive while a batch is being written go together in the next one (group commit: one transaction and
/// one flush for many orders), each decided against what the ones before it left, each all or nothing on its own.
/// Other changes (stock changes, retiring, undo) are rare and lock every row. Serialization failures and deadlocks
/// are retried a bounded number of times.
///
/// The connection pool (postgres-nio's `PostgresClient`) runs inside the store's `run()`, the store's life as a
/// ServiceLifecycle service: `juice serve` runs it in its service group beside the server, the other commands in the
/// task group around the command (`CommandServices`). A call made before `run()` starts waits for it (bounded by its
/// deadline); `close()`, or a graceful shutdown, ends `run()` after the pool's connections have closed.
public final class PostgresStore: ShopStore {
    /// The URL without its password.
    public var location: String { target.description }
    /// Where the database is.
    public let target: PostgresLocation
    /// How long one call may take in all (connecting, waiting for its batch, its statements, retries) before it is
    /// answered: `connectionLost` when nothing can have been applied, `outcomeUnknown` when the `COMMIT` may have been
    /// sent. 4.5 s by default, so that a server answers every request within 5 s even when the network is cut.
    public let operationTimeout: Duration
    /// How often `changeTokens` reads the change token even when no notification came: a change whose notification
    /// was lost (a listening connection that a NAT or firewall dropped without a word) still arrives within this.
    public let changeCheckInterval: Duration

    let client: PostgresClient
    /// Where the client's and the store's messages go: the caller's logger.
    let logger: Logger
    /// Whether `run()` has started, runs (and how to end it) or has ended, or the store was closed.
    private let runner = Mutex<ClientRunner>(.notStarted)
    /// Connecting and migrating, once (again after a failure).
    private let preparation = Mutex<Task<Void, any Error>?>(nil)
    /// The books whose fruits, initial stock and capacities this process has written into `stock`.
    let syncedBooks = Mutex<Set<BookStock>>([])
    /// The book synced last: every order of a menu passes a copy of the same book, and comparing copies is cheap
    /// (their arrays and dictionaries share storage), where making and hashing its `BookStock` is not.
    let lastSyncedBook = Mutex<RecipeBook?>(nil)
    /// Orders waiting for the next batch (group commit: one transaction for the orders that arrived meanwhile).
    let orders: OrderQueue
    /// Tells this store's change-token streams of each commit at once.
    let commits = CommitSignal()

    /// The longest a preparation (connecting and migrating) may take before it is given up and tried again: generous,
    /// for a busy server may take long to migrate, but bounded, so that one stuck on a dead network does not wait
    /// for TCP to give up (minutes).
    static let preparationLimit: Duration = .seconds(60)

    /// The most orders written in one transaction.
    static let batchLimit = 64

    /// How many times a change is attempted when it conflicts with others (deadlock, serialization).
    static let maximumAttempts = 8

    /// Where the store's `run()` (and with it the client's) is.
    private enum ClientRunner {
        /// Not yet started.
        case notStarted
        /// Running: finishing `stop` ends it; `closers` wait for it to end.
        case running(stop: AsyncStream<Void>.Continuation, closers: [CheckedContinuation<Void, Never>])
        /// Ended, or closed before it started: it never runs again.
        case closed
    }

    /// A store for the database at `url`; nothing is connected until first used (see `prepare()`). `logger` receives
    /// the database client's messages (postgres-nio's warnings about connections, say).
    public init(
        url: String, operationTimeout: Duration = .milliseconds(4500), changeCheckInterval: Duration = .seconds(5),
        logger: Logger = defaultStoreLogger
    ) throws(StateError) {
        target = try PostgresLocation(url: url)
        self.operationTimeout = operationTimeout
        self.changeCheckInterval = changeCheckInterval
        self.logger = logger
        client = PostgresClient(configuration: target.clientConfiguration(), backgroundLogger: logger)
        // A batch leaves an order unanswered only when the order joined it after its deadline gave up on it: the
        // transaction rolls back then (its `CommitGate` was abandoned), so the order was not written.
        orders = GroupCommit(
            limit: Self.batchLimit,
            unanswered: .failure(.state(.connectionLost(location: target.description, detail: "the database did not answer in time"))))
    }

    /// Connects once and creates or migrates the tables; every operation does this first, and it is done again after
    /// a failure. Fails with a clear error when the server is unreachable (naming host and port), the login is
    /// refused, the database does not exist or the role may not create the tables.
    public func prepare() async throws(ShopError) {
        let task = preparation.withLock { task in
            if let task { return task }
            let made = Task { [target, logger] in
                // Bounded, so that a preparation stuck on a cut network is given up and tried again.
                try await withDeadline(Self.preparationLimit) {
                    let connection = try await PostgresConnection.connect(
                        configuration: try target.connectionConfiguration(), id: 0, logger: logger)
                    do {
                        try await PostgresMigrations.migrate(connection, logger: logger, location: target.description)
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                }
            }
            task = made
            return made
        }
        do { try await task.value } catch {
            preparation.withLock { if $0 == task { $0 = nil } }
            throw target.connectionError(error)
        }
    }

    /// Whether the store was closed (or its `run()` ended): no call can be served any more.
    private var isClosed: Bool {
        runner.withLock { runner in
            if case .closed = runner { return true }
            return false
        }
    }

    /// Ends `run()` (the connection pool's connections end gracefully) and returns once it has ended; a store whose
    /// `run()` never started is closed at once. The store cannot be used afterwards.
    public func close() async {
        await withCheckedContinuation { (closed: CheckedContinuation<Void, Never>) in
            let wasRunning = runner.withLock { runner -> Bool in
                guard case .running(let stop, let closers) = runner else {
                    runner = .closed
                    return false
                }
                stop.finish()
                runner = .running(stop: stop, closers: closers + [closed])
                return true
            }
            if !wasRunning { closed.resume() }
        }
    }

    /// Runs the store as a service (beside the server, in its service group, or around a command): runs the
    /// connection pool until `close()`, a graceful shutdown or the task's cancellation, then closes it. Returns at
    /// once when the store was closed or runs already.
    public func run() async throws {
        let (stopped, stop) = AsyncStream<Void>.makeStream()
        let starts = runner.withLock { runner -> Bool in
            guard case .notStarted = runner else { return false }
            runner = .running(stop: stop, closers: [])
            return true
        }
        guard starts else { return }
        await withTaskGroup(of: Void.self) { [client] group in
            group.addTask { await client.run() }
            group.addTask {
                // Until `close()` finishes the stream, the service group shuts down gracefully, or the task is cancelled.
                await withGracefulShutdownHandler {
                    for await _ in stopped {}
                } onGracefulShutdown: {
                    stop.finish()
                }
            }
            // Whichever ends first (the pool ends only when cancelled): then the pool is cancelled, which closes it.
            await group.next()
            group.cancelAll()
        }
        let closers = runner.withLock { runner -> [CheckedContinuation<Void, Never>] in
            defer { runner = .closed }
            if case .running(_, let closers) = runner { return closers }
            return []
        }
        for closer in closers { closer.resume() }
    }

    // MARK: Reading

    /// The current stock as `book` sees it (one read).
    public func snapshot(book: RecipeBook) async throws(ShopError) -> ShopSnapshot {
        try await readLedger().snapshot(book: book)
    }

    /// The journal, newest first; at most `limit` entries.
    public func history(limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try await entries(undoableOnly: false, limit: limit.map { max(0, $0) })
    }

    /// The orders the stock refused, newest first; at most `limit` records.
    public func refusedOrders(limit: Int?) async throws(ShopError) -> [RefusedOrder] {
        let limit = limit.map { max(0, $0) }
        return try await withDatabase { [self] in
            let rows = try await client.query(
                """
                SELECT r.id, to_char(r.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), r.command, r.juice, r.count,
                       coalesce(array_agg(s.fruit ORDER BY s.position) FILTER (WHERE s.fruit IS NOT NULL), '{}'),
                       coalesce(array_agg(s.needed ORDER BY s.position) FILTER (WHERE s.fruit IS NOT NULL), '{}'),
                       coalesce(array_agg(s.in_stock ORDER BY s.position) FILTER (WHERE s.fruit IS NOT NULL), '{}')
                FROM (SELECT * FROM refusal ORDER BY id DESC LIMIT \(limit)) r
                LEFT JOIN refusal_shortage s ON s.refusal = r.id
                GROUP BY r.id, r.time, r.command, r.juice, r.count
                ORDER BY r.id DESC
                """, logger: logger)
            var result: [RefusedOrder] = []
            for try await (id, time, command, juice, count, fruits, needed, inStock) in rows.decode(
                (Int, String, String, String, Int, [String], [Int], [Int]).self)
            {
                let shortages = zip(fruits, zip(needed, inStock)).map { Shortage(fruit: FruitID($0), needed: $1.0, inStock: $1.1) }
                result.append(RefusedOrder(id: id, time: time, command: command, juice: JuiceID(juice), count: count, shortages: shortages))
            }
            return result
        }
    }

    /// The invariant recomputed from the whole journal, the kept sums, and the undo links; never repairs anything.
    public func checkIntegrity() async throws(ShopError) -> IntegrityReport {
        let ledger = try await readLedger()
        return try await withDatabase { [self] in
            var sums: [FruitID: Int] = [:]
            for try await (fruit, sum) in try await client.query(
                "SELECT fruit, sum(delta)::bigint FROM journal_delta GROUP BY fruit", logger: logger
            ).decode((String, Int).self) {
                sums[FruitID(fruit)] = sum
            }
            var problems: [String] = []
            for try await badLinks in try await client.query(
                """
                SELECT count(*) FROM journal j JOIN journal u ON u.id = j.undone_by
                WHERE u.kind <> 'undo' OR u.undoes IS DISTINCT FROM j.id
                """, logger: logger
            ).decode(Int.self) where badLinks > 0 {
                problems.append("\(badLinks) journal entries are marked undone by an entry that does not undo them")
            }
            let lots = try await client.withConnection { [location, logger] connection in
                JournalLots(try await Self.lotEntries(on: connection, location: location, logger: logger)).remaining
            }
            return ledger.integrityReport(journalSums: sums, backendCheck: problems.isEmpty ? ["ok"] : problems, lots: lots)
        }
    }

    /// The number of changes ever committed (from any process): it moves with every change, and only then.
    public func changeToken() async throws(ShopError) -> Int {
        try await withDatabase { [self] in
            var token = 0
            for try await changes in try await client.query("SELECT sum(changes)::bigint FROM change_count", logger: logger)
                .decode(Int.self)
            {
                token = changes
            }
            return token
        }
    }

    /// Every fruit's row (one consistent read).
    private func readLedger() async throws(ShopError) -> StockLedger {
        try await withDatabase { [self] in
            var rows: [FruitID: StockRow] = [:]
            for try await (fruit, count, initial, journaled) in try await client.query(
                "SELECT fruit, count, initial, journaled FROM stock", logger: logger
            ).decode((String, Int, Int, Int).self) {
                rows[FruitID(fruit)] = StockRow(count: count, initial: initial, journaled: journaled)
            }
            return StockLedger(rows: rows)
        }
    }

    /// Gives fruits new to `book` their initial stock and brings capacities in line with it (never below a count
    /// already held: capacity limits growth only). Done once per book per process; reads never do it.
    func syncStock(_ book: RecipeBook, until deadline: ContinuousClock.Instant? = nil) async throws(ShopError) {
        let known = lastSyncedBook.withLock { last in
            guard last == book else { return false }
            last = book  // this copy: an equal book made apart would be compared in full on every order
            return true
        }
        if known { return }
        let stock = BookStock(book)
        guard !syncedBooks.withLock({ $0.contains(stock) }) else {
            lastSyncedBook.withLock { $0 = book }
            return
        }
        // In an explicit transaction: postgres-nio ends a statement's rows at its CommandComplete, before the implicit
        // transaction of a lone statement commits, and the rows must exist once this returns.
        try await withDatabase(until: deadline) { [self] in
            try await client.withTransaction(logger: logger) { connection in
                _ = try await connection.query(
                    """
                    INSERT INTO stock AS s (fruit, count, initial, capacity)
                    SELECT f, i, i, greatest(c, i) FROM unnest(\(stock.fruits), \(stock.initial), \(stock.capacities)) AS u (f, i, c)
                    ORDER BY f
                    ON CONFLICT (fruit) DO UPDATE SET capacity = greatest(excluded.capacity, s.count)
                    WHERE s.capacity <> greatest(excluded.capacity, s.count)
                    """, logger: logger)
            }
            return ()
        }
        _ = syncedBooks.withLock { $0.insert(stock) }
        lastSyncedBook.withLock { $0 = book }
    }

    private func entries(undoableOnly: Bool, limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try await withDatabase { [self] in
            try await client.withConnection { connection in
                try await Self.entries(on: connection, undoableOnly: undoableOnly, limit: limit, location: location, logger: logger)
            }
        }
    }

    /// The journal on `connection`, newest first: at most `limit` entries, only those an undo may revert when
    /// `undoableOnly`.
    /// `request` keeps only the entry made under that id.
    static func entries(
        on connection: PostgresConnection, undoableOnly: Bool, limit: Int?, request: String? = nil, from first: Int? = nil,
        location: String, logger: Logger
    ) async throws -> [JournalEntry] {
        var filter = undoableOnly ? "AND kind <> 'undo' AND undone_by IS NULL" : ""
        if let first { filter += " AND id >= \(first)" }
        let rows = try await connection.query(
            """
            SELECT j.id, to_char(j.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), j.kind, j.command, j.juice,
                   j.count, j.undoes, j.undone_by, j.request, j.detail,
                   coalesce(array_agg(d.fruit ORDER BY d.fruit) FILTER (WHERE d.fruit IS NOT NULL), '{}'),
                   coalesce(array_agg(d.delta ORDER BY d.fruit) FILTER (WHERE d.fruit IS NOT NULL), '{}')
            FROM (SELECT * FROM journal WHERE (\(request)::text IS NULL OR request = \(request)) \(unescaped: filter)
                  ORDER BY id DESC LIMIT \(limit)) j
            LEFT JOIN journal_delta d ON d.entry = j.id
            GROUP BY j.id, j.time, j.kind, j.command, j.juice, j.count, j.undoes, j.undone_by, j.request, j.detail
            ORDER BY j.id DESC
            """, logger: logger)
        var result: [JournalEntry] = []
        for try await row in rows {
            let (id, time, kind, command, juice, count, undoes, undoneBy, request, detail, fruits, deltas) =
                try row.decode((Int, String, String, String, String?, Int?, Int?, Int?, String?, String?, [String], [Int]).self)
            guard let kind = JournalKind(rawValue: kind) else {
                throw StateError.failed(path: location, message: "journal entry \(id) has an unknown kind '\(kind)'")
            }
            result.append(
                JournalEntry(
                    id: id, time: time, kind: kind, command: command, juice: juice.map { JuiceID($0) }, count: count,
                    deltas: Dictionary(uniqueKeysWithValues: zip(fruits.map { FruitID($0) }, deltas)),
                    undoes: undoes, undoneBy: undoneBy, request: request, detail: detail.map(JournalDetail.init(json:))))
        }
        return result
    }

    // MARK: Running

    /// Runs `body` against the database within the operation timeout (connecting and migrating first if needed),
    /// retrying serialization failures and deadlocks; every failure is a `ShopError` (the shop's own refusals as
    /// they were thrown).
    func withDatabase<T: Sendable>(
        until deadline: ContinuousClock.Instant? = nil, _ body: @escaping @Sendable () async throws -> T
    ) async throws(ShopError) -> T {
        try await withDatabase(until: deadline, committing: { _ in try await body() })
    }

    /// Runs `body` against the database by `deadline` (default: `operationTimeout` from now), connecting and migrating
    /// first if this process never did (bounded by `preparationLimit`), retrying serialization failures and deadlocks; every failure is a `ShopError` (the shop's own
    /// refusals as they were thrown). A transaction in `body` calls its attempt's `CommitGate.enterCommit()` as its
    /// last step: a deadline that passes before it rolls the transaction back (`connectionLost`, nothing applied), one
    /// that passes after it is `outcomeUnknown`.
    func withDatabase<T: Sendable>(
        until deadline: ContinuousClock.Instant? = nil, committing body: @escaping @Sendable (CommitGate) async throws -> T
    ) async throws(ShopError) -> T {
        let deadline = deadline ?? .now + operationTimeout
        guard !isClosed else { throw .state(.connectionLost(location: location, detail: "the store was closed")) }
        // Instant once prepared (a server prepares before it serves); a first preparation is bounded on its own
        // (`preparationLimit`), for migrating a new database may take longer than one call's budget.
        try await prepare()
        let late = ShopError.state(.connectionLost(location: location, detail: "the database did not answer in time"))
        for _ in 1...Self.maximumAttempts {
            guard ContinuousClock.now < deadline else { throw late }
            let gate = CommitGate()
            do {
                return try await withDeadline(until: deadline, gate: gate) { try await body(gate) }
            } catch {
                switch target.translate(error) {
                case .retry: continue
                case .shop(let error): throw error
                case .state(let error): throw .state(error)
                }
            }
        }
        throw .state(.conflict(location: location, attempts: Self.maximumAttempts))
    }

    /// The journal entry made under `request`, or nil (through the index of migration 6).
    public func journalEntry(request: String) async throws(ShopError) -> JournalEntry? {
        try await withDatabase { [self] in
            try await client.withConnection { connection in
                try await Self.entries(
                    on: connection, undoableOnly: false, limit: 1, request: request, location: location, logger: logger
                ).first
            }
        }
    }
}
#endif
