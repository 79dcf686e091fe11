#if PostgreSQL
import JuiceCore
import PostgresNIO
import Synchronization

/// The shop's state in a PostgreSQL database, shared by any number of processes and machines.
///
/// Every change is one call of a function created by the migrations, in its own transaction (`BEGIN`, the call,
/// `COMMIT`); a change is reported only once its `COMMIT` has answered. Orders that arrive while a batch is being
/// written go together in the next one (`juice_apply_orders`, group commit): it locks the batch's fruit rows in one
/// fixed order, decides each order in turn against what the ones before it left (each all or nothing), and writes the
/// journal entries, one update per fruit, the change counter and one `NOTIFY`, so concurrent orders never oversell,
/// never need a retry, and share one flush to disk. Other changes (`juice_apply`) compare and set against the stock
/// they were computed from and are recomputed when it moved.
/// Serialization failures and deadlocks are retried a bounded number of times.
public final class PostgresStore: ShopStore {
    /// The URL without its password.
    public var location: String { target.description }
    /// Where the database is.
    public let target: PostgresLocation
    /// How long one operation may wait for the database (a connection, the statement) before it is reported as lost.
    public let operationTimeout: Duration
    /// How often `changeTokens` reads the change token even when no notification came: a change whose notification
    /// was lost (a listening connection that a NAT or firewall dropped without a word) still arrives within this.
    public let changeCheckInterval: Duration

    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>
    /// Connecting and migrating, once (again after a failure).
    private let preparation = Mutex<Task<Void, any Error>?>(nil)
    /// The books whose fruits, initial stock and capacities this process has written into `stock`.
    private let syncedBooks = Mutex<Set<BookStock>>([])
    /// Orders waiting for the next batch (group commit: one transaction for the orders that arrived meanwhile).
    private let orders: GroupCommit<BatchedOrder, Result<BatchedOrderOutcome, ShopError>>

    /// The most orders written in one transaction.
    static let batchLimit = 64

    /// How many times a change is attempted when it conflicts with others (deadlock, serialization, stock moved).
    static let maximumAttempts = 8

    /// A store for the database at `url`; nothing is connected until first used (see `prepare()`).
    public init(url: String, operationTimeout: Duration = .seconds(5), changeCheckInterval: Duration = .seconds(5)) throws(StateError) {
        target = try PostgresLocation(url: url)
        self.operationTimeout = operationTimeout
        self.changeCheckInterval = changeCheckInterval
        var logger = Logger(label: "juice.postgres")
        logger.logLevel = .critical
        self.logger = logger
        client = PostgresClient(configuration: target.clientConfiguration(), backgroundLogger: logger)
        orders = GroupCommit(
            limit: Self.batchLimit, unanswered: .failure(.state(.failed(path: target.description, message: "the batch gave no answer"))))
        runner = Task { [client] in await client.run() }
    }

    /// A store for the database at `url`, connected and migrated (see `prepare()`); call `close()` when done.
    public static func open(
        url: String, operationTimeout: Duration = .seconds(5), changeCheckInterval: Duration = .seconds(5)
    ) async throws(ShopError) -> PostgresStore {
        let store: PostgresStore
        do throws(StateError) {
            store = try PostgresStore(url: url, operationTimeout: operationTimeout, changeCheckInterval: changeCheckInterval)
        } catch { throw .state(error) }
        do { try await store.prepare() } catch {
            await store.close()
            throw error
        }
        return store
    }

    /// Connects once and creates or migrates the tables; every operation does this first, and it is done again after
    /// a failure. Fails with a clear error when the server is unreachable (naming host and port), the login is
    /// refused, the database does not exist or the role may not create the tables.
    public func prepare() async throws(ShopError) {
        let task = preparation.withLock { task in
            if let task { return task }
            let made = Task { [target, logger] in
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
            task = made
            return made
        }
        do { try await task.value } catch {
            preparation.withLock { if $0 == task { $0 = nil } }
            throw target.connectionError(error)
        }
    }

    deinit { runner.cancel() }

    /// Closes the connection pool; the store cannot be used afterwards.
    public func close() async {
        runner.cancel()
        await runner.value
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

    /// The invariant recomputed from the whole journal, the kept sums, and the undo links; never repairs anything.
    public func checkIntegrity() async throws(ShopError) -> IntegrityReport {
        let ledger = try await readLedger()
        return try await run { [self] in
            var sums: [FruitID: Int] = [:]
            for try await (fruit, sum) in try await client.query(
                "SELECT fruit, sum(delta)::bigint FROM journal_delta GROUP BY fruit", logger: logger
            ).decode((String, Int).self) {
                sums[FruitID(fruit)] = sum
            }
            var problems: [String] = []
            for try await badLinks in try await client.query("""
                SELECT count(*) FROM journal j JOIN journal u ON u.id = j.undone_by
                WHERE u.kind <> 'undo' OR u.undoes IS DISTINCT FROM j.id
                """, logger: logger).decode(Int.self) where badLinks > 0 {
                problems.append("\(badLinks) journal entries are marked undone by an entry that does not undo them")
            }
            return ledger.integrityReport(journalSums: sums, backendCheck: problems.isEmpty ? ["ok"] : problems)
        }
    }

    /// The number of changes ever committed (from any process): it moves with every change, and only then.
    public func changeToken() async throws(ShopError) -> Int {
        try await run { [self] in
            var token = 0
            for try await changes in try await client.query("SELECT sum(changes)::bigint FROM change_count", logger: logger)
                .decode(Int.self) {
                token = changes
            }
            return token
        }
    }

    /// Every fruit's row (one consistent read).
    private func readLedger() async throws(ShopError) -> StockLedger {
        try await run { [self] in
            var rows: [FruitID: StockRow] = [:]
            for try await (fruit, count, initial, journaled) in try await client.query(
                "SELECT fruit, count, initial, journaled FROM stock", logger: logger
            ).decode((String, Int, Int, Int).self) {
                rows[FruitID(fruit)] = StockRow(count: count, initial: initial, journaled: journaled)
            }
            return StockLedger(rows: rows)
        }
    }

    /// The rows to decide a change from: refused when stock was edited behind JuiceMaker's back.
    private func ledgerToChange() async throws(ShopError) -> StockLedger {
        let ledger = try await readLedger()
        let broken = ledger.inconsistentFruits
        if !broken.isEmpty { throw .state(.invariantBroken(path: location, fruits: broken.map(\.rawValue))) }
        return ledger
    }

    // MARK: Changing

    /// Applies `operation` with its journal entry in one transaction, all or nothing.
    public func perform(_ operation: StockOperation, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        if case .make(let juice, let count) = operation {
            return try await make(juice, count: count, book: book, command: command)
        }
        return try await compareAndSet(book: book, command: command) { ledger throws(ShopError) in
            try ledger.apply(operation, book: book)
        }
    }

    /// Reverts the newest change not yet undone, if the stock allows it, journaled as an undo.
    public func undo(book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try await compareAndSet(book: book, command: command) { [self] ledger throws(ShopError) in
            guard let target = try await entries(undoableOnly: true, limit: 1).first else { throw .nothingToUndo }
            return try ledger.undo(target, book: book)
        }
    }

    /// An order: each ingredient taken only where enough is left, in one transaction with the orders that arrived
    /// meanwhile (each still all or nothing); a refusal is explained from a consistent read of the stock (and tried
    /// again in the rare case that stock came back meanwhile).
    private func make(_ juice: Juice, count: Int, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        guard count >= 1 else { throw .orderRefused(.invalidCount(count)) }
        var needs: [BatchedOrder.Need] = []
        for ingredient in juice.totals.sorted(by: { $0.fruit < $1.fruit }) where ingredient.amount > 0 {
            let (needed, overflow) = ingredient.amount.multipliedReportingOverflow(by: count)
            guard !overflow else { throw .orderRefused(.countTooLarge(count)) }
            needs.append(BatchedOrder.Need(fruit: ingredient.fruit, amount: needed))
        }
        try await syncStock(book)
        let order = BatchedOrder(juice: juice.id, count: count, needs: needs, command: command, book: book)
        for _ in 1...Self.maximumAttempts {
            switch try await orders.submit(order, writingWith: { [self] batch in await writeOrders(batch) }).get() {
            case .served(let receipt): return receipt
            case .refused:
                var ledger = try await ledgerToChange()
                _ = try ledger.apply(.make(juice, count: count), book: book)
            }
        }
        throw .state(.conflict(location: location, attempts: Self.maximumAttempts))
    }

    /// A change decided by the shared rules (`decide`) from the rows as read, applied only if no fruit it touches
    /// moved meanwhile; otherwise read and decide again. A change of nothing writes nothing.
    private func compareAndSet(
        book: RecipeBook, command: String, decide: (inout StockLedger) async throws(ShopError) -> LedgerChange
    ) async throws(ShopError) -> ShopReceipt {
        try await syncStock(book)
        for _ in 1...Self.maximumAttempts {
            let before = try await ledgerToChange()
            var after = before
            let change = try await decide(&after)
            if change.changesNothing { return change.receipt(entry: nil) }
            var plan = ChangePlan()
            for (fruit, delta) in change.deltas.sorted(by: { $0.key < $1.key }) {
                let count = before.rows[fruit]?.count ?? 0
                plan.add(fruit, delta: delta, from: count, to: count)
            }
            if let receipt = try await apply(plan, change, command: command, book: book) { return receipt }
        }
        throw .state(.conflict(location: location, attempts: Self.maximumAttempts))
    }

    /// Runs `juice_apply` for `change`; nil when a fruit's count was outside its range (nothing was changed).
    ///
    /// The statement runs in an explicit transaction and the receipt is answered only once `COMMIT` has answered:
    /// postgres-nio ends a statement's rows at its CommandComplete, before the implicit transaction of a lone
    /// statement commits, so a server shutting down right then would have the caller report a change that was rolled
    /// back (a 201 for an order the journal does not hold; the database-restart test caught this).
    private func apply(_ plan: ChangePlan, _ change: LedgerChange, command: String, book: RecipeBook) async throws(ShopError) -> ShopReceipt? {
        try await runUnlessRefused { [self] in
            let (entry, stored) = try await client.withTransaction(logger: logger) { connection in
                var entry: (id: Int, time: String)?
                var stored: [FruitID: Int] = [:]
                let rows = try await connection.query("""
                    SELECT r_entry, r_time, r_fruit, r_count FROM juice_apply(\(change.kind.rawValue), \(command), \
                    \(change.juice?.rawValue), \(change.count), \(change.undone?.id), \(plan.fruits), \(plan.deltas), \
                    \(plan.low), \(plan.high))
                    """, logger: logger)
                for try await (id, time, fruit, stock) in rows.decode((Int, String, String, Int).self) {
                    entry = (id, time)
                    stored[FruitID(fruit)] = stock
                }
                return (entry, stored)
            }
            guard let entry else { throw StateError.failed(path: location, message: "the change function returned no entry") }
            var receipt = change.receipt(entry: change.entry(id: entry.id, time: entry.time, command: command))
            receipt.snapshot = ShopSnapshot(stored: stored, book: book)
            return receipt
        }
    }

    /// Gives fruits new to `book` their initial stock and brings capacities in line with it (never below a count
    /// already held: capacity limits growth only). Done once per book per process; reads never do it.
    private func syncStock(_ book: RecipeBook) async throws(ShopError) {
        let stock = BookStock(book)
        guard !syncedBooks.withLock({ $0.contains(stock) }) else { return }
        // In an explicit transaction for the reason given at `apply`: the rows must exist once this returns.
        try await run { [self] in
            try await client.withTransaction(logger: logger) { connection in
                _ = try await connection.query("""
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
    }

    private func entries(undoableOnly: Bool, limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try await run { [self] in
            let filter = undoableOnly ? "WHERE kind <> 'undo' AND undone_by IS NULL" : ""
            let rows = try await client.query("""
                SELECT j.id, to_char(j.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), j.kind, j.command, j.juice,
                       j.count, j.undoes, j.undone_by,
                       coalesce(array_agg(d.fruit ORDER BY d.fruit) FILTER (WHERE d.fruit IS NOT NULL), '{}'),
                       coalesce(array_agg(d.delta ORDER BY d.fruit) FILTER (WHERE d.fruit IS NOT NULL), '{}')
                FROM (SELECT * FROM journal \(unescaped: filter) ORDER BY id DESC LIMIT \(limit)) j
                LEFT JOIN journal_delta d ON d.entry = j.id
                GROUP BY j.id, j.time, j.kind, j.command, j.juice, j.count, j.undoes, j.undone_by
                ORDER BY j.id DESC
                """, logger: logger)
            var result: [JournalEntry] = []
            for try await row in rows {
                let (id, time, kind, command, juice, count, undoes, undoneBy, fruits, deltas) =
                    try row.decode((Int, String, String, String, String?, Int?, Int?, Int?, [String], [Int]).self)
                guard let kind = JournalKind(rawValue: kind) else {
                    throw StateError.failed(path: location, message: "journal entry \(id) has an unknown kind '\(kind)'")
                }
                result.append(JournalEntry(
                    id: id, time: time, kind: kind, command: command, juice: juice.map { JuiceID($0) }, count: count,
                    deltas: Dictionary(uniqueKeysWithValues: zip(fruits.map { FruitID($0) }, deltas)),
                    undoes: undoes, undoneBy: undoneBy))
            }
            return result
        }
    }

    // MARK: Running

    /// Runs `body` against the database (see `runUnlessRefused`), for statements that cannot be refused.
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws(ShopError) -> T {
        guard let value = try await runUnlessRefused(body) else {
            throw .state(.failed(path: location, message: "a statement with no condition was refused"))
        }
        return value
    }

    /// Runs `body` against the database within the operation timeout, retrying serialization failures and deadlocks;
    /// nil when a conditional update matched nothing (and so nothing was changed); every failure is a `ShopError`.
    private func runUnlessRefused<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws(ShopError) -> T? {
        try await prepare()
        for _ in 1...Self.maximumAttempts {
            do {
                return try await withDeadline(operationTimeout, body)
            } catch {
                switch target.translate(error) {
                case .retry: continue
                case .refused: return nil
                case .state(let error): throw .state(error)
                }
            }
        }
        throw .state(.conflict(location: location, attempts: Self.maximumAttempts))
    }
}
#endif
