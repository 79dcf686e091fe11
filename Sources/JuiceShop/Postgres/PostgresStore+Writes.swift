#if PostgreSQL
import JuiceCore
import Logging
import PostgresNIO

/// An order waiting for its batch.
struct BatchedOrder: Sendable {
    var juice: Juice
    var count: Int
    var book: RecipeBook
    var command: String
}

/// A change the ledger decided, to be journaled with its command.
struct DecidedChange: Sendable {
    var change: LedgerChange
    var command: String
}

extension PostgresStore {
    // MARK: Changing

    /// Applies `operation` with its journal entry in one transaction, all or nothing.
    public func perform(_ operation: StockOperation, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try await syncStock(book)
        if case .make(let juice, let count) = operation {
            return try await orders.submit(BatchedOrder(juice: juice, count: count, book: book, command: command)) { [self] batch in
                await writeOrders(batch)
            }.get()
        }
        return try await change(book: book, command: command) { ledger, _ in try ledger.apply(operation, book: book) }
    }

    /// Reverts the newest change not yet undone, if the stock allows it, journaled as an undo.
    public func undo(book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try await syncStock(book)
        return try await change(book: book, command: command) { [location, logger] ledger, connection in
            let newest = try await Self.entries(on: connection, undoableOnly: true, limit: 1, location: location, logger: logger)
            guard let target = newest.first else { throw ShopError.nothingToUndo }
            return try ledger.undo(target, book: book)
        }
    }

    /// A change other than an order, in a transaction of its own: every stock row locked (in fruit order), the
    /// shared rules decide on them (`decide`, which may read on the transaction's connection), the entry is written.
    /// A change of nothing writes nothing.
    private func change(
        book: RecipeBook, command: String,
        decide: @escaping @Sendable (inout StockLedger, PostgresConnection) async throws -> LedgerChange
    ) async throws(ShopError) -> ShopReceipt {
        let receipt = try await withDatabase { [self] in
            try await client.withTransaction(logger: logger) { [self] connection in
                var ledger = try await Self.lockRows(nil, of: [book], on: connection, logger: logger)
                try ledger.requireConsistent(location: location)
                let change = try await decide(&ledger, connection)
                if change.changesNothing { return change.receipt(entry: nil) }
                let entries = try await Self.record(
                    [DecidedChange(change: change, command: command)], on: connection, location: location, logger: logger)
                return change.receipt(entry: entries.first)
            }
        }
        if receipt.entry != nil { commits.committed() }
        return receipt
    }

    /// Writes a batch of orders in one transaction: the rows of every fruit they take locked (in fruit order), each
    /// order decided by the shared rules against what the ones before it left (served, or refused with nothing
    /// written for it), then every served order journaled with the new stock in one statement. One result per order,
    /// in order; when the batch fails as a whole (the database, a broken invariant), every order gets that failure
    /// and none was written. Answered only once `COMMIT` has answered.
    func writeOrders(_ batch: [BatchedOrder]) async -> [Result<ShopReceipt, ShopError>] {
        let fruits = Set(batch.flatMap { $0.juice.totals.map(\.fruit.rawValue) }).sorted()
        let results: [Result<ShopReceipt, ShopError>]
        do {
            results = try await withDatabase { [self] in
                try await client.withTransaction(logger: logger) { [self] connection in
                    var ledger = try await Self.lockRows(fruits, of: batch.map(\.book), on: connection, logger: logger)
                    try ledger.requireConsistent(location: location)
                    var decided: [Result<LedgerChange, ShopError>] = []
                    for order in batch {
                        do throws(ShopError) {
                            decided.append(.success(try ledger.apply(.make(order.juice, count: order.count), book: order.book)))
                        } catch {
                            decided.append(.failure(error))
                        }
                    }
                    var served: [DecidedChange] = []
                    for (order, outcome) in zip(batch, decided) {
                        guard case .success(let change) = outcome, !change.changesNothing else { continue }
                        served.append(DecidedChange(change: change, command: order.command))
                    }
                    var entries = try await Self.record(served, on: connection, location: location, logger: logger)[...]
                    return decided.map { outcome in
                        outcome.map { change in change.receipt(entry: change.changesNothing ? nil : entries.popFirst()) }
                    }
                }
            }
        } catch {
            return Array(repeating: .failure(error), count: batch.count)
        }
        if results.contains(where: { (try? $0.get())?.entry != nil }) { commits.committed() }
        return results
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
    /// marked, the change counter, and one `NOTIFY` for the change-token listeners. The entries as written, in order.
    static func record(
        _ changes: [DecidedChange], on connection: PostgresConnection, location: String, logger: Logger
    ) async throws -> [JournalEntry] {
        guard !changes.isEmpty else { return [] }
        var kinds: [String] = [], commands: [String] = [], juices: [String] = [], counts: [Int] = [], undoes: [Int] = []
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
            for (fruit, delta) in change.deltas.sorted(by: { $0.key < $1.key }) {
                deltaEntry.append(index + 1)
                deltaFruit.append(fruit.rawValue)
                deltaValue.append(delta)
                sums[fruit, default: 0] += delta
            }
        }
        let fruits = sums.keys.sorted()
        let rows = try await connection.execute(
            RecordChanges(
                kinds: kinds, commands: commands, juices: juices, counts: counts, undoes: undoes, deltaEntry: deltaEntry,
                deltaFruit: deltaFruit, deltaValue: deltaValue, fruits: fruits.map(\.rawValue), sums: fruits.map { sums[$0] ?? 0 },
                changes: changes.count),
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
            decided.change.entry(id: entry.id, time: entry.time, command: decided.command)
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
/// with the number of stock rows moved.
struct RecordChanges: PostgresPreparedStatement {
    static let sql = """
        WITH inserted AS (
            INSERT INTO journal (kind, command, juice, count, undoes)
            SELECT u.kind, u.command, nullif(u.juice, ''), nullif(u.count, 0), nullif(u.undoes, 0)
            FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[]) WITH ORDINALITY
                AS u (kind, command, juice, count, undoes, n)
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
            UPDATE change_count SET changes = changes + $11::bigint WHERE slot = pg_backend_pid() % 16
        ), told AS (
            SELECT pg_notify('juice_changes', max(id)::text) FROM entry
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

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 11)
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
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> (Int, String, Int) {
        try row.decode((Int, String, Int).self)
    }
}
#endif
