import Foundation
import GRDB
import JuiceCore

/// A change waiting for the writer, as `SQLiteStore` queues it.
struct WriteRequest: Sendable {
    enum Kind: Sendable {
        case operation(StockOperation)
        case undo
    }

    var kind: Kind
    var book: RecipeBook
    var command: String
}

/// The SQL of the state file: reading its rows and journal, and writing a batch of changes in one transaction.
enum SQLiteRecords {
    /// Applies `requests` in order inside the caller's transaction, each against the stock the ones before it left,
    /// each all or nothing with its own journal entry; a refused one writes nothing. Throws (so that the caller rolls
    /// everything back) only for what stops the whole batch: a broken invariant, or the database failing.
    static func apply(_ requests: [WriteRequest], in db: Database, path: String) throws -> [Result<ShopReceipt, ShopError>] {
        var ledger = try self.ledger(db, keptSums: true)
        try ledger.requireConsistent(location: path)
        let time = Date().formatted(.iso8601)
        var changed: Set<FruitID> = []
        var results: [Result<ShopReceipt, ShopError>] = []
        for request in requests {
            let change: LedgerChange
            do {
                switch request.kind {
                case .operation(let operation):
                    change = try ledger.apply(operation, book: request.book)
                case .undo:
                    guard let target = try entries(db, limit: 1, onlyUndoable: true).first else { throw ShopError.nothingToUndo }
                    change = try ledger.undo(target, book: request.book)
                }
            } catch let error as ShopError {
                results.append(.failure(error))
                continue
            }
            guard !change.changesNothing else {
                results.append(.success(change.receipt(entry: nil)))
                continue
            }
            let entry = try record(change, command: request.command, time: time, in: db)
            changed.formUnion(change.deltas.keys)
            results.append(.success(change.receipt(entry: entry)))
        }
        let update = try db.cachedStatement(sql: "UPDATE stock SET count = ? WHERE fruit = ?")
        for fruit in changed.sorted() {
            try update.execute(arguments: [ledger.rows[fruit]?.count ?? 0, fruit.rawValue])
        }
        return results
    }

    /// Writes `change`'s journal entry and deltas (the triggers keep each fruit's sum), and the fruits that joined.
    private static func record(_ change: LedgerChange, command: String, time: String, in db: Database) throws -> JournalEntry {
        let join = try db.cachedStatement(sql: "INSERT INTO stock (fruit, count, initial, journaled) VALUES (?, ?, ?, 0)")
        for (fruit, initial) in change.joined.sorted(by: { $0.key < $1.key }) {
            // The deltas below bring count (at the end of the batch) and journaled to the ledger's figures.
            try join.execute(arguments: [fruit.rawValue, initial, initial])
        }
        try db.cachedStatement(sql: "INSERT INTO journal (time, kind, command, juice, count, undoes) VALUES (?, ?, ?, ?, ?, ?)")
            .execute(arguments: [time, change.kind.rawValue, command, change.juice?.rawValue, change.count, change.undone?.id])
        let entry = change.entry(id: Int(db.lastInsertedRowID), time: time, command: command)
        let delta = try db.cachedStatement(sql: "INSERT INTO journal_delta (entry, fruit, delta) VALUES (?, ?, ?)")
        for (fruit, value) in change.deltas.sorted(by: { $0.key < $1.key }) {
            try delta.execute(arguments: [entry.id, fruit.rawValue, value])
        }
        if let undoes = change.undone?.id {
            try db.cachedStatement(sql: "UPDATE journal SET undone_by = ? WHERE id = ?").execute(arguments: [entry.id, undoes])
        }
        return entry
    }

    /// Every fruit's row, with its kept sum of journaled deltas when `keptSums` (schema 2), else the sum `journalSums`
    /// gives (schema 1 keeps none; a reader that needs only the stock passes none).
    static func ledger(_ db: Database, keptSums: Bool, journalSums: [FruitID: Int] = [:]) throws -> StockLedger {
        var rows: [FruitID: StockRow] = [:]
        let sql = keptSums ? "SELECT fruit, count, initial, journaled FROM stock" : "SELECT fruit, count, initial FROM stock"
        for row in try Row.fetchAll(db, sql: sql) {
            let fruit = FruitID(row["fruit"] as String)
            rows[fruit] = StockRow(count: row["count"], initial: row["initial"], journaled: keptSums ? row["journaled"] : journalSums[fruit] ?? 0)
        }
        return StockLedger(rows: rows)
    }

    /// The sum of the journal's deltas per fruit, recomputed from the journal.
    static func journalSums(_ db: Database) throws -> [FruitID: Int] {
        var sums: [FruitID: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT fruit, SUM(delta) AS total FROM journal_delta GROUP BY fruit") {
            sums[FruitID(row["fruit"] as String)] = row["total"]
        }
        return sums
    }

    /// The journal, newest first; at most `limit` entries; only entries an undo may revert when `onlyUndoable`.
    static func entries(_ db: Database, limit: Int?, onlyUndoable: Bool = false) throws -> [JournalEntry] {
        var sql = "SELECT id, time, kind, command, juice, count, undoes, undone_by FROM journal"
        if onlyUndoable { sql += " WHERE kind != 'undo' AND undone_by IS NULL" }
        sql += " ORDER BY id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        let deltas = try db.cachedStatement(sql: "SELECT fruit, delta FROM journal_delta WHERE entry = ?")
        var result: [JournalEntry] = []
        for row in try Row.fetchAll(db, sql: sql) {
            let id: Int = row["id"]
            var changes: [FruitID: Int] = [:]
            for delta in try Row.fetchAll(deltas, arguments: [id]) {
                changes[FruitID(delta["fruit"] as String)] = delta["delta"] as Int
            }
            let kind: String = row["kind"]
            result.append(
                JournalEntry(
                    id: id, time: row["time"], kind: JournalKind(rawValue: kind) ?? .set, command: row["command"],
                    juice: (row["juice"] as String?).map { JuiceID($0) }, count: row["count"], deltas: changes,
                    undoes: row["undoes"], undoneBy: row["undone_by"]))
        }
        return result
    }
}
