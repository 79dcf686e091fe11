#if PostgreSQL
import JuiceCore
import Logging
import PostgresNIO
import Synchronization

/// An order waiting for its batch.
struct BatchedOrder: Sendable {
    var juice: Juice
    var count: Int
    var book: RecipeBook
    var command: String
    /// The request id journaled with it, if any.
    var request: String?
    /// When its caller must be answered.
    var deadline: ContinuousClock.Instant
}

/// A change the ledger decided, to be journaled with its command.
struct DecidedChange: Sendable {
    var change: LedgerChange
    var command: String
    /// The request id to journal with it, if any.
    var request: String? = nil
}

extension PostgresStore {
    // MARK: Changing

    /// Applies `operation` with its journal entry in one transaction, all or nothing.
    public func perform(_ operation: StockOperation, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try await perform(operation, book: book, command: command, request: nil)
    }

    /// `perform`, with `request` journaled with the entry in the same transaction. The whole call, waiting for its
    /// batch included, is answered within `operationTimeout`.
    public func perform(
        _ operation: StockOperation, book: RecipeBook, command: String, request: String?
    ) async throws(ShopError) -> ShopReceipt {
        let deadline = ContinuousClock.now + operationTimeout
        try await syncStock(book, until: deadline)
        if case .make(let juice, let count) = operation {
            let order = BatchedOrder(juice: juice, count: count, book: book, command: command, request: request, deadline: deadline)
            return try await orders.submit(order) { [self] (batch: OrderBatch) in await writeOrders(batch) }.get()
        }
        var session: String?
        if case .count(_, let id?) = operation { session = id }
        var purchase: Int?
        if case .receiveOrder(let id, _, _) = operation { purchase = id }
        return try await change(book: book, command: command, request: request, session: session, purchase: purchase, until: deadline) {
            [location, logger] ledger, connection in
            let context = try await Self.context(for: operation, on: connection, location: location, logger: logger)
            return try ledger.apply(operation, book: book, context: context)
        }
    }

    /// Reverts the newest change not yet undone, if the stock allows it, journaled as an undo.
    public func undo(book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        let deadline = ContinuousClock.now + operationTimeout
        try await syncStock(book, until: deadline)
        return try await change(book: book, command: command, request: nil, until: deadline) { [location, logger] ledger, connection in
            let newest = try await Self.entries(on: connection, undoableOnly: true, limit: 1, location: location, logger: logger)
            guard let target = newest.first else { throw ShopError.nothingToUndo }
            return try ledger.undo(target, book: book)
        }
    }

    /// A change other than an order, in a transaction of its own: every stock row locked (in fruit order), the
    /// shared rules decide on them (`decide`, which may read on the transaction's connection), the entry is written
    /// (and the count `session` it applies closed, the `purchase` order it receives marked received, the purchase
    /// order an undone delivery received opened again). A change of nothing writes nothing.
    private func change(
        book: RecipeBook, command: String, request: String?, session: String? = nil, purchase: Int? = nil,
        until deadline: ContinuousClock.Instant,
        decide: @escaping @Sendable (inout StockLedger, PostgresConnection) async throws -> LedgerChange
    ) async throws(ShopError) -> ShopReceipt {
        let receipt: ShopReceipt
        do throws(ShopError) {
            receipt = try await withDatabase(until: deadline) { [self] gate in
                try await client.withTransaction(logger: logger) { [self] connection in
                    var ledger = try await Self.lockRows(nil, of: [book], on: connection, logger: logger)
                    try ledger.requireConsistent(location: location)
                    let change = try await decide(&ledger, connection)
                    if change.changesNothing { return change.receipt(entry: nil) }
                    let entries = try await Self.record(
                        [DecidedChange(change: change, command: command, request: request)], on: connection, location: location,
                        logger: logger)
                    if let session, let entry = entries.first {
                        try await connection.query("UPDATE count_session SET applied_by = \(entry.id) WHERE id = \(session)", logger: logger)
                    }
                    if let purchase, let entry = entries.first {
                        try await Self.markReceived(purchase, by: entry.id, on: connection, logger: logger)
                    }
                    if let undone = change.undone?.id {
                        try await Self.reopenPurchaseOrder(receivedBy: undone, on: connection, logger: logger)
                    }
                    try gate.enterCommit()
                    return change.receipt(entry: entries.first)
                }
            }
        } catch {
            throw error.naming(request: request)
        }
        if receipt.entry != nil { commits.committed() }
        return receipt
    }

    /// Writes a batch of orders in one transaction: the rows of every fruit they take locked (in fruit order), each
    /// order decided by the shared rules against what the ones before it left (served, or refused with nothing
    /// written for it), then every served order journaled with the new stock, and every order refused for want of
    /// fruit recorded as a refused order, in one statement. One result per order, in order; when the batch fails as a
    /// whole (the database, a broken invariant), every order gets that failure and none was written. Answered only
    /// once `COMMIT` has answered.
    ///
    /// Once its rows are locked, the batch takes the orders that arrived meanwhile and need no other fruit (from the
    /// front of the queue, so that orders keep their turn): while another process held those rows, this one's
    /// orders piled up, and they are written now instead of each waiting for the rows again in a batch of its own.
    ///
    /// A refusal's record never costs an order its answer: when the database rejects a batch that recorded refusals,
    /// the failure is logged and the batch is decided and written again without recording them (once).
    ///
    /// Orders whose callers' deadlines passed while they waited for the batch are answered `connectionLost` without
    /// being written; the batch is answered by the earliest deadline of the others. When it fails with its outcome
    /// unknown, each order's failure names its own request id.
    func writeOrders(_ batch: OrderBatch) async -> [Result<ShopReceipt, ShopError>] {
        let now = ContinuousClock.now
        let first = batch.requests
        let write = BatchWrite(batch: batch, live: first.filter { $0.deadline > now }, firstCount: first.count)
        let results = await writeLiveOrders(write)
        let orders = write.orders
        var answers = zip(orders, results).map { order, result in result.mapError { $0.naming(request: order.request) } }[...]
        let late = ShopError.state(.connectionLost(location: location, detail: "the database did not answer in time"))
        // The live orders of the first ones, then those taken later (all live), in the batch's order.
        return first.map { $0.deadline > now ? (answers.popFirst() ?? .failure(late)) : .failure(late) } + answers
    }

    /// Writes `write`'s orders, whose deadlines have not passed, by the earliest of them (see `writeOrders(_:)`); one
    /// result per order of `write.orders` as it stands afterwards.
    private func writeLiveOrders(_ write: BatchWrite) async -> [Result<ShopReceipt, ShopError>] {
        guard let deadline = write.live.map(\.deadline).min() else { return [] }
        let refused = RefusalFlag()
        var results: [Result<ShopReceipt, ShopError>]
        do {
            results = try await writeOrders(write, recordingRefusals: true, refused: refused, until: deadline)
        } catch {
            guard refused.isSet, error.mayBeARejectedStatement else { return Array(repeating: .failure(error), count: write.orders.count) }
            logger.warning(
                "refused orders could not be recorded; the batch is written again without recording them",
                metadata: ["state": "\(location)", "error": "\(error)"])
            do { results = try await writeOrders(write, recordingRefusals: false, refused: refused, until: deadline) } catch {
                return Array(repeating: .failure(error), count: write.orders.count)
            }
        }
        if results.contains(where: { (try? $0.get())?.entry != nil }) { commits.committed() }
        return results
    }

    /// One attempt at writing `write` (see `writeOrders(_:)`); `refused` is set when it records refused orders.
    private func writeOrders(
        _ write: BatchWrite, recordingRefusals: Bool, refused: RefusalFlag, until deadline: ContinuousClock.Instant
    ) async throws(ShopError) -> [Result<ShopReceipt, ShopError>] {
        let fruits = Set(write.orders.flatMap { $0.juice.totals.map(\.fruit.rawValue) }).sorted()
        return try await withDatabase(until: deadline) { [self] gate in
            try await client.withTransaction(logger: logger) { [self] connection in
                var ledger = try await Self.lockRows(fruits, of: write.orders.map(\.book), on: connection, logger: logger)
                try ledger.requireConsistent(location: location)
                write.takeWaiting(needingOnly: Set(fruits))
                let batch = write.orders
                var decided: [Result<LedgerChange, ShopError>] = []
                for order in batch {
                    do throws(ShopError) {
                        decided.append(.success(try ledger.apply(.make(order.juice, count: order.count), book: order.book)))
                    } catch {
                        decided.append(.failure(error))
                    }
                }
                var served: [DecidedChange] = []
                var refusals: [DecidedRefusal] = []
                for (order, outcome) in zip(batch, decided) {
                    switch outcome {
                    case .success(let change):
                        if !change.changesNothing {
                            served.append(DecidedChange(change: change, command: order.command, request: order.request))
                        }
                    case .failure(let error):
                        if recordingRefusals, let refusal = DecidedRefusal(error, command: order.command) { refusals.append(refusal) }
                    }
                }
                if !refusals.isEmpty { refused.set() }
                var entries = try await Self.record(served, refusals: refusals, on: connection, location: location, logger: logger)[...]
                try gate.enterCommit()
                return decided.map { outcome in
                    outcome.map { change in change.receipt(entry: change.changesNothing ? nil : entries.popFirst()) }
                }
            }
        }
    }

    /// Every fruit's row, read in the caller's transaction, with the rows of `fruits` (all rows when nil) locked
    /// first, in fruit order. A locked row is read as committed once its lock was granted; the others as the
    /// statement began (they are only shown, and checked for the invariant, never changed). The fruits of `books` the
    /// state has no row for (written once per book and process, but deleted since) are written first, at their
    /// initial stock, so that a change never meets a fruit without its row.
    static func lockRows(
        _ fruits: [String]?, of books: [RecipeBook], on connection: PostgresConnection, logger: Logger
    ) async throws -> StockLedger {
        let ledger = try await readRows(locking: fruits, on: connection, logger: logger)
        var missing: [FruitID: (initial: Int, capacity: Int)] = [:]
        for book in books {
            for fruit in book.fruits where ledger.rows[fruit.id] == nil && missing[fruit.id] == nil {
                missing[fruit.id] = (book.store.initialStock[fruit.id] ?? 0, book.store.capacity(of: fruit.id))
            }
        }
        guard !missing.isEmpty else { return ledger }
        let ids = missing.keys.sorted()
        _ = try await connection.query(
            """
            INSERT INTO stock (fruit, count, initial, capacity)
            SELECT f, i, i, greatest(c, i)
            FROM unnest(\(ids.map(\.rawValue)), \(ids.map { missing[$0]?.initial ?? 0 }), \(ids.map { missing[$0]?.capacity ?? 0 }))
                AS u (f, i, c)
            ORDER BY f
            ON CONFLICT (fruit) DO NOTHING
            """, logger: logger)
        return try await readRows(locking: fruits, on: connection, logger: logger)
    }

    /// Every fruit's row, with the rows of `fruits` (all when nil) locked in fruit order (see `lockRows`).
    private static func readRows(locking fruits: [String]?, on connection: PostgresConnection, logger: Logger) async throws -> StockLedger {
        var ledger = StockLedger(rows: [:])
        if let fruits {
            for try await row in try await connection.execute(LockSomeRows(fruits: fruits), logger: logger) { ledger.rows[row.0] = row.1 }
        } else {
            for try await row in try await connection.execute(LockAllRows(), logger: logger) { ledger.rows[row.0] = row.1 }
        }
        return ledger
    }

    /// Writes `changes` (decided on rows this transaction holds locked) in one statement: their journal entries in
    /// order, their deltas, each fruit's stock and journaled sum moved by the sum of its deltas, the undone entries
    /// marked, the change counter, and one `NOTIFY` for the change-token listeners (the last two only when there are
    /// changes); and `refusals`, the orders the same decisions refused, with their shortages. The entries as
    /// written, in order.
    static func record(
        _ changes: [DecidedChange], refusals: [DecidedRefusal] = [], on connection: PostgresConnection, location: String,
        logger: Logger
    ) async throws -> [JournalEntry] {
        guard !changes.isEmpty || !refusals.isEmpty else { return [] }
        var kinds: [String] = [], commands: [String] = [], juices: [String] = [], counts: [Int] = [], undoes: [Int] = []
        var requests: [String] = [], details: [String] = []
        var deltaEntry: [Int] = [], deltaFruit: [String] = [], deltaValue: [Int] = []
        var sums: [FruitID: Int] = [:]
        for (index, decided) in changes.enumerated() {
            let change = decided.change
            kinds.append(change.kind.rawValue)
            commands.append(decided.command)
            // Arrays of optionals do not travel: 0 and "" stand for none (a count is at least 1, an id at least 1).
            juices.append(change.juice?.rawValue ?? "")
            counts.append(change.count ?? 0)
            undoes.append(change.undone?.id ?? 0)
            requests.append(decided.request ?? "")
            details.append(change.detail?.json ?? "")
            for (fruit, delta) in change.deltas.sorted(by: { $0.key < $1.key }) {
                deltaEntry.append(index + 1)
                deltaFruit.append(fruit.rawValue)
                deltaValue.append(delta)
                sums[fruit, default: 0] += delta
            }
        }
        var refused = RefusalColumns()
        for (index, refusal) in refusals.enumerated() { refused.append(refusal, number: index + 1) }
        let fruits = sums.keys.sorted()
        let rows = try await connection.execute(
            RecordChanges(
                kinds: kinds, commands: commands, juices: juices, counts: counts, undoes: undoes, deltaEntry: deltaEntry,
                deltaFruit: deltaFruit, deltaValue: deltaValue, fruits: fruits.map(\.rawValue), sums: fruits.map { sums[$0] ?? 0 },
                changes: changes.count, refused: refused, requests: requests, details: details),
            logger: logger)
        var written: [(id: Int, time: String)] = []
        var moved = 0
        for try await (id, time, rows) in rows {
            written.append((id, time))
            moved = rows
        }
        // Both hold by construction (the rows are locked, and written before the change if missing); if either did
        // not, the journal would disagree with the stock: throwing rolls everything back.
        guard written.count == changes.count else {
            throw StateError.failed(path: location, message: "\(changes.count) journal entries were written as \(written.count)")
        }
        guard moved == fruits.count else {
            throw StateError.failed(path: location, message: "\(fruits.count) fruits changed but \(moved) stock rows were there")
        }
        return zip(changes, written).map { decided, entry in
            decided.change.entry(id: entry.id, time: entry.time, command: decided.command, request: decided.request)
        }
    }
}

/// The rows of some fruits locked in fruit order, and every other row as the statement began (see `lockRows`);
/// prepared once per connection.
struct LockSomeRows: PostgresPreparedStatement {
    static let sql = """
        WITH locked AS MATERIALIZED (
            SELECT fruit, count, initial, journaled FROM stock WHERE fruit = ANY($1::text[]) ORDER BY fruit FOR UPDATE)
        SELECT fruit, count, initial, journaled FROM locked
        UNION ALL
        SELECT fruit, count, initial, journaled FROM stock WHERE NOT (fruit = ANY($1::text[]))
        """

    /// The fruits to lock.
    var fruits: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(fruits)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> (FruitID, StockRow) {
        let (fruit, count, initial, journaled) = try row.decode((String, Int, Int, Int).self)
        return (FruitID(fruit), StockRow(count: count, initial: initial, journaled: journaled))
    }
}

/// Every row locked, in fruit order; prepared once per connection.
struct LockAllRows: PostgresPreparedStatement {
    static let sql = "SELECT fruit, count, initial, journaled FROM stock ORDER BY fruit FOR UPDATE"

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }

    func decodeRow(_ row: PostgresRow) throws -> (FruitID, StockRow) {
        let (fruit, count, initial, journaled) = try row.decode((String, Int, Int, Int).self)
        return (FruitID(fruit), StockRow(count: count, initial: initial, journaled: journaled))
    }
}

/// The statement that writes decided changes (see `PostgresStore.record`): prepared once per connection, so that
/// planning it is not paid again while the batch holds its rows' locks. Returns each entry's id and time, in order,
/// with the number of stock rows moved (no rows when it wrote only refused orders).
struct RecordChanges: PostgresPreparedStatement {
    static let sql = """
        WITH inserted AS (
            INSERT INTO journal (kind, command, juice, count, undoes, request, detail)
            SELECT u.kind, u.command, nullif(u.juice, ''), nullif(u.count, 0), nullif(u.undoes, 0), nullif(u.request, ''),
                nullif(u.detail, '')
            FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $19::text[], $20::text[]) WITH ORDINALITY
                AS u (kind, command, juice, count, undoes, request, detail, n)
            ORDER BY u.n
            RETURNING id, time, undoes
        ), entry AS (
            SELECT id, time, undoes, row_number() OVER (ORDER BY id) AS n FROM inserted
        ), deltas AS (
            INSERT INTO journal_delta (entry, fruit, delta)
            SELECT entry.id, d.fruit, d.delta
            FROM unnest($6::bigint[], $7::text[], $8::bigint[]) AS d (n, fruit, delta) JOIN entry ON entry.n = d.n
        ), moved AS (
            UPDATE stock SET count = stock.count + m.delta, journaled = stock.journaled + m.delta
            FROM unnest($9::text[], $10::bigint[]) AS m (fruit, delta)
            WHERE stock.fruit = m.fruit
            RETURNING stock.fruit
        ), undone AS (
            UPDATE journal SET undone_by = entry.id FROM entry WHERE journal.id = entry.undoes
        ), counted AS (
            UPDATE change_count SET changes = changes + $11::bigint WHERE slot = pg_backend_pid() % 16 AND $11::bigint > 0
        ), told AS (
            SELECT pg_notify('juice_changes', max(id)::text) FROM entry HAVING count(*) > 0
        ), refused AS (
            INSERT INTO refusal (command, juice, count)
            SELECT r.command, r.juice, r.count
            FROM unnest($12::text[], $13::text[], $14::bigint[]) WITH ORDINALITY AS r (command, juice, count, n)
            ORDER BY r.n
            RETURNING id
        ), refusal_number AS (
            SELECT id, row_number() OVER (ORDER BY id) AS n FROM refused
        ), shortages AS (
            INSERT INTO refusal_shortage (refusal, position, fruit, needed, in_stock)
            SELECT refusal_number.id, s.position, s.fruit, s.needed, s.in_stock
            FROM unnest($15::bigint[], $16::text[], $17::bigint[], $18::bigint[]) WITH ORDINALITY
                AS s (n, fruit, needed, in_stock, position)
            JOIN refusal_number ON refusal_number.n = s.n
        )
        SELECT entry.id, to_char(entry.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), (SELECT count(*) FROM moved)
        FROM entry, told
        ORDER BY entry.id
        """

    /// Per entry, in order: its kind, command, juice ("" for none), count (0 for none), the entry it undoes (0 for none).
    var kinds: [String], commands: [String], juices: [String], counts: [Int], undoes: [Int]
    /// Per delta: its entry's position (from 1), fruit and amount.
    var deltaEntry: [Int], deltaFruit: [String], deltaValue: [Int]
    /// Per changed fruit: the sum of its deltas.
    var fruits: [String], sums: [Int]
    /// How many entries.
    var changes: Int
    /// The refused orders to record.
    var refused: RefusalColumns
    /// Per entry, in order: the request id it was made under ("" for none).
    var requests: [String]
    /// Per entry, in order: its detail as JSON ("" for none).
    var details: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 20)
        bindings.append(kinds)
        bindings.append(commands)
        bindings.append(juices)
        bindings.append(counts)
        bindings.append(undoes)
        bindings.append(deltaEntry)
        bindings.append(deltaFruit)
        bindings.append(deltaValue)
        bindings.append(fruits)
        bindings.append(sums)
        bindings.append(changes)
        bindings.append(refused.commands)
        bindings.append(refused.juices)
        bindings.append(refused.counts)
        bindings.append(refused.shortageRefusal)
        bindings.append(refused.shortageFruit)
        bindings.append(refused.shortageNeeded)
        bindings.append(refused.shortageInStock)
        bindings.append(requests)
        bindings.append(details)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> (Int, String, Int) {
        try row.decode((Int, String, Int).self)
    }
}

/// Refused orders as the columns `RecordChanges` unnests: per refusal its command, juice and count; per shortage its
/// refusal's position (from 1), fruit, need and stock, in the order the refusal listed them.
struct RefusalColumns: Sendable {
    var commands: [String] = [], juices: [String] = [], counts: [Int] = []
    var shortageRefusal: [Int] = [], shortageFruit: [String] = [], shortageNeeded: [Int] = [], shortageInStock: [Int] = []

    /// Adds `refusal` as the `number`th (from 1).
    mutating func append(_ refusal: DecidedRefusal, number: Int) {
        commands.append(refusal.command)
        juices.append(refusal.juice.rawValue)
        counts.append(refusal.count)
        for shortage in refusal.shortages {
            shortageRefusal.append(number)
            shortageFruit.append(shortage.fruit.rawValue)
            shortageNeeded.append(shortage.needed)
            shortageInStock.append(shortage.inStock)
        }
    }
}

/// The orders' group commit queue, and one batch of it.
typealias OrderQueue = GroupCommit<BatchedOrder, Result<ShopReceipt, ShopError>>
typealias OrderBatch = OrderQueue.Batch

/// What one batch of orders writes: the live orders it started with, then those it takes from the queue once its
/// rows are locked (kept in `batch`, so that a second attempt writes them too).
struct BatchWrite: Sendable {
    let batch: OrderBatch
    /// The orders the batch started with whose deadlines had not passed.
    let live: [BatchedOrder]
    /// How many orders the batch started with, live or not.
    let firstCount: Int

    /// The live orders the batch started with, then those taken since.
    var orders: [BatchedOrder] { live + batch.requests.dropFirst(firstCount) }

    /// Takes the orders waiting at the front of the queue that need only `fruits` (whose rows the batch holds), were
    /// made from the same recipe book, and can still be answered in time.
    func takeWaiting(needingOnly fruits: Set<String>) {
        guard let book = live.first?.book else { return }
        let now = ContinuousClock.now
        batch.takeMore { order in
            order.deadline > now && order.book == book && order.juice.totals.allSatisfy { fruits.contains($0.fruit.rawValue) }
        }
    }
}

/// Whether a batch recorded refused orders, kept across its attempts (see `PostgresStore.writeOrders`).
final class RefusalFlag: Sendable {
    private let value = Mutex(false)

    /// Whether an attempt recorded refusals.
    var isSet: Bool { value.withLock { $0 } }

    /// Notes that an attempt recorded refusals.
    func set() { value.withLock { $0 = true } }
}

extension ShopError {
    /// This failure, naming `request` when it is an unknown outcome (which the store learns without the request).
    func naming(request: String?) -> ShopError {
        if case .state(.outcomeUnknown(let location, nil, let detail)) = self {
            return .state(.outcomeUnknown(location: location, request: request, detail: detail))
        }
        return self
    }

    /// Whether this failure may be the database rejecting a statement (a constraint, a permission), as opposed to
    /// the connection or the shop's own rules: the failures a batch is written again for without its refusals.
    var mayBeARejectedStatement: Bool {
        switch self {
        case .state(.failed), .state(.permissionDenied): return true
        default: return false
        }
    }
}
#endif
