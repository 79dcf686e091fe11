import Foundation
import GRDB
import JuiceCore
import Logging

/// A change waiting for the writer, as `SQLiteStore` queues it.
struct WriteRequest: Sendable {
    enum Kind: Sendable {
        case operation(StockOperation)
        case undo
    }

    var kind: Kind
    var book: RecipeBook
    var command: String
    /// The request id journaled with the change, if any.
    var request: String? = nil
}

/// The SQL of the state file: reading its rows and journal, and writing a batch of changes in one transaction.
enum SQLiteRecords {
    /// Applies `requests` in order inside the caller's transaction, each against the stock the ones before it left,
    /// each all or nothing with its own journal entry; a refused one writes nothing. Throws (so that the caller rolls
    /// everything back) only for what stops the whole batch: a broken invariant, or the database failing. An order
    /// refused for want of fruit is recorded as a refused order (see `record(_:time:in:path:logger:)`). Every entry
    /// of the batch is journaled at `time`.
    static func apply(
        _ requests: [WriteRequest], in db: Database, path: String, logger: Logger, time: String
    ) throws -> [Result<ShopReceipt, ShopError>] {
        var ledger = try self.ledger(db, keptSums: true)
        try ledger.requireConsistent(location: path)
        var changed: Set<FruitID> = []
        var results: [Result<ShopReceipt, ShopError>] = []
        for request in requests {
            let change: LedgerChange
            var session: String?
            var purchase: Int?
            do {
                switch request.kind {
                case .operation(let operation):
                    let context: LedgerContext
                    (context, session, purchase) = try self.context(for: operation, in: db)
                    change = try ledger.apply(operation, book: request.book, context: context)
                case .undo:
                    guard let target = try entries(db, limit: 1, onlyUndoable: true).first else { throw ShopError.nothingToUndo }
                    change = try ledger.undo(target, book: request.book)
                }
            } catch let error as ShopError {
                if let refusal = DecidedRefusal(error, command: request.command) {
                    try record(refusal, time: time, in: db, path: path, logger: logger)
                }
                results.append(.failure(error))
                continue
            }
            guard !change.changesNothing else {
                results.append(.success(change.receipt(entry: nil)))
                continue
            }
            let entry = try record(change, command: request.command, request: request.request, time: time, in: db)
            if let session {
                try db.cachedStatement(sql: "UPDATE count_session SET applied_by = ? WHERE id = ?").execute(arguments: [entry.id, session])
            }
            if let purchase {
                try markReceived(purchase, by: entry, in: db)
            }
            if let undone = change.undone?.id {
                try reopenPurchaseOrder(receivedBy: undone, in: db)
            }
            changed.formUnion(change.deltas.keys)
            results.append(.success(change.receipt(entry: entry)))
        }
        let update = try db.cachedStatement(sql: "UPDATE stock SET count = ? WHERE fruit = ?")
        for fruit in changed.sorted() {
            try update.execute(arguments: [ledger.rows[fruit]?.count ?? 0, fruit.rawValue])
        }
        return results
    }

    /// What `operation` reads beyond the stock rows, in the transaction: the lots for `.wasteExpired`; for a count in
    /// a session, the changes since it started (and the session's id, to close it); for a purchase order's delivery,
    /// the order's number, to mark it received. An unknown or applied session, an unknown or received order, are
    /// refused.
    private static func context(for operation: StockOperation, in db: Database) throws -> (LedgerContext, String?, Int?) {
        var context = LedgerContext()
        switch operation {
        case .wasteExpired, .waste:
            context.lots = JournalLots(try lotEntries(db)).remaining
            return (context, nil, nil)
        case .receiveOrder(let id, _, _):
            try requireOpen(purchaseOrder: id, in: db)
            return (context, nil, id)
        case .count(_, let id?):
            let row = try Row.fetchOne(db, sql: "SELECT start, applied_by FROM count_session WHERE id = ?", arguments: [id])
            let start = try CountSession.requireOpen(id, found: row.map { (start: $0["start"], appliedBy: $0["applied_by"]) })
            for moved in try Row.fetchAll(
                db, sql: "SELECT fruit, SUM(delta) AS total FROM journal_delta WHERE entry > ? GROUP BY fruit", arguments: [start])
            {
                context.moved[FruitID(moved["fruit"] as String)] = moved["total"]
            }
            return (context, id, nil)
        default:
            return (context, nil, nil)
        }
    }

    /// The entries from the first delivery or count on, oldest first (see `ShopStore.lotEntries`; schema 6).
    static func lotEntries(_ db: Database) throws -> [JournalEntry] {
        guard let first = try Int.fetchOne(db, sql: "SELECT MIN(id) FROM journal WHERE kind IN ('delivery', 'count')") else { return [] }
        return try entries(db, limit: nil, from: first).reversed()
    }

    /// Starts a count session at the newest entry, inside the caller's transaction.
    static func startCount(in db: Database, time: String) throws -> CountSession {
        let start = try Int.fetchOne(db, sql: "SELECT MAX(id) FROM journal") ?? 0
        let session = CountSession(id: UUID().uuidString.lowercased(), start: start, startedAt: time)
        try db.execute(
            sql: "INSERT INTO count_session (id, start, started_at) VALUES (?, ?, ?)", arguments: [session.id, session.start, time])
        return session
    }

    /// Writes `change`'s journal entry and deltas (the triggers keep each fruit's sum), and the fruits that joined.
    private static func record(
        _ change: LedgerChange, command: String, request: String?, time: String, in db: Database
    ) throws -> JournalEntry {
        let join = try db.cachedStatement(sql: "INSERT INTO stock (fruit, count, initial, journaled) VALUES (?, ?, ?, 0)")
        for (fruit, initial) in change.joined.sorted(by: { $0.key < $1.key }) {
            // The deltas below bring count (at the end of the batch) and journaled to the ledger's figures.
            try join.execute(arguments: [fruit.rawValue, initial, initial])
        }
        if let detail = change.detail {
            try db.cachedStatement(
                sql: "INSERT INTO journal (time, kind, command, juice, count, undoes, request, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            ).execute(
                arguments: [time, change.kind.rawValue, command, change.juice?.rawValue, change.count, change.undone?.id, request, detail.json])
        } else if let request {
            try db.cachedStatement(sql: "INSERT INTO journal (time, kind, command, juice, count, undoes, request) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .execute(arguments: [time, change.kind.rawValue, command, change.juice?.rawValue, change.count, change.undone?.id, request])
        } else {
            try db.cachedStatement(sql: "INSERT INTO journal (time, kind, command, juice, count, undoes) VALUES (?, ?, ?, ?, ?, ?)")
                .execute(arguments: [time, change.kind.rawValue, command, change.juice?.rawValue, change.count, change.undone?.id])
        }
        let entry = change.entry(id: Int(db.lastInsertedRowID), time: time, command: command, request: request)
        let delta = try db.cachedStatement(sql: "INSERT INTO journal_delta (entry, fruit, delta) VALUES (?, ?, ?)")
        for (fruit, value) in change.deltas.sorted(by: { $0.key < $1.key }) {
            try delta.execute(arguments: [entry.id, fruit.rawValue, value])
        }
        if let undoes = change.undone?.id {
            try db.cachedStatement(sql: "UPDATE journal SET undone_by = ? WHERE id = ?").execute(arguments: [entry.id, undoes])
        }
        return entry
    }

    /// Writes `refusal` in a savepoint of its own. A record that cannot be written is logged and rolled back, and the
    /// batch goes on: the refusal is answered all the same, and the other changes are written. Only when SQLite has
    /// rolled back the whole transaction (it may, for a full disk or an I/O error) does the failure stop the batch.
    private static func record(_ refusal: DecidedRefusal, time: String, in db: Database, path: String, logger: Logger) throws {
        do {
            try db.inSavepoint {
                try db.cachedStatement(sql: "INSERT INTO refusal (time, command, juice, count) VALUES (?, ?, ?, ?)")
                    .execute(arguments: [time, refusal.command, refusal.juice.rawValue, refusal.count])
                let id = db.lastInsertedRowID
                let shortage = try db.cachedStatement(
                    sql: "INSERT INTO refusal_shortage (refusal, position, fruit, needed, in_stock) VALUES (?, ?, ?, ?, ?)")
                for (position, short) in refusal.shortages.enumerated() {
                    try shortage.execute(arguments: [id, position, short.fruit.rawValue, short.needed, short.inStock])
                }
                return .commit
            }
        } catch {
            guard db.isInsideTransaction else { throw error }
            logger.warning(
                "a refused order could not be recorded; the refusal is answered all the same",
                metadata: ["state": "\(path)", "juice": "\(refusal.juice)", "error": "\(error)"])
        }
    }

    /// The refused orders, newest first; at most `limit` records (schema 3 and later).
    static func refusedOrders(_ db: Database, limit: Int?) throws -> [RefusedOrder] {
        var sql = "SELECT id, time, command, juice, count FROM refusal ORDER BY id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        let shortages = try db.cachedStatement(
            sql: "SELECT fruit, needed, in_stock FROM refusal_shortage WHERE refusal = ? ORDER BY position")
        var result: [RefusedOrder] = []
        for row in try Row.fetchAll(db, sql: sql) {
            let id: Int = row["id"]
            let short = try Row.fetchAll(shortages, arguments: [id]).map { shortage in
                Shortage(fruit: FruitID(shortage["fruit"] as String), needed: shortage["needed"], inStock: shortage["in_stock"])
            }
            result.append(
                RefusedOrder(
                    id: id, time: row["time"], command: row["command"], juice: JuiceID(row["juice"] as String), count: row["count"],
                    shortages: short))
        }
        return result
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
    /// A file before migration 5 has no request ids: every entry reads as made without one. `request` keeps only the
    /// entry made under that id.
    static func entries(
        _ db: Database, limit: Int?, onlyUndoable: Bool = false, request: String? = nil, from first: Int? = nil,
        version: Int = SQLiteSchema.version
    ) throws -> [JournalEntry] {
        let requestColumn = version >= 5 ? "request" : "NULL AS request"
        let detailColumn = version >= 6 ? "detail" : "NULL AS detail"
        var sql = "SELECT id, time, kind, command, juice, count, undoes, undone_by, \(requestColumn), \(detailColumn) FROM journal"
        var arguments: StatementArguments = []
        var conditions: [String] = []
        if let first { conditions.append("id >= \(first)") }
        if onlyUndoable { conditions.append("kind != 'undo' AND undone_by IS NULL") }
        if let request {
            guard version >= 5 else { return [] }
            conditions.append("request = ?")
            arguments = [request]
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        let deltas = try db.cachedStatement(sql: "SELECT fruit, delta FROM journal_delta WHERE entry = ?")
        var result: [JournalEntry] = []
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
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
                    undoes: row["undoes"], undoneBy: row["undone_by"], request: row["request"],
                    detail: (row["detail"] as String?).map(JournalDetail.init(json:))))
        }
        return result
    }
}

extension SQLiteRecords {
    /// The kept recipe set's version, if a set is kept.
    static func keptRecipeVersion(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT version FROM recipe_set WHERE id = 1")
    }

    /// The kept recipe set with its files in load order, if a set is kept.
    static func keptRecipes(_ db: Database) throws -> KeptRecipeSet? {
        guard let row = try Row.fetchOne(db, sql: "SELECT version, kept_at FROM recipe_set WHERE id = 1") else { return nil }
        let files = try Row.fetchAll(db, sql: "SELECT name, bytes FROM recipe_file ORDER BY position").map { file in
            KeptRecipeFile(name: file["name"], bytes: [UInt8](file["bytes"] as Data))
        }
        return KeptRecipeSet(version: row["version"], files: files, keptAt: row["kept_at"])
    }

    /// Replaces the kept recipe set with `set` (kept at `time`), inside the caller's transaction.
    static func keep(_ set: KeptRecipeSet, time: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM recipe_file")
        try db.execute(sql: "DELETE FROM recipe_set")
        try db.execute(sql: "INSERT INTO recipe_set (id, version, kept_at) VALUES (1, ?, ?)", arguments: [set.version, time])
        for (position, file) in set.files.enumerated() {
            try db.execute(
                sql: "INSERT INTO recipe_file (position, name, bytes) VALUES (?, ?, ?)",
                arguments: [position, file.name, Data(file.bytes)])
        }
    }
}
