import Foundation
import GRDB
import JuiceCore

/// The stock as the state file holds it, reconciled with the recipe book.
public struct ShopSnapshot: Hashable, Sendable {
    /// The stock of every fruit in the recipe book (fruits new to the book at their initial stock).
    public var inventory: Inventory
    /// Fruits the state holds that the recipe book no longer has, with their kept stock.
    public var orphans: [FruitID: Int]
}

/// What a successful command did.
public struct ShopReceipt: Hashable, Sendable {
    /// The journal entry written.
    public var entry: JournalEntry
    /// The stock afterwards.
    public var snapshot: ShopSnapshot
}

/// The juice shop: the recipe book plus the state file; every operation is one transaction, all or nothing.
public struct Shop: Sendable {
    /// The recipe book (already linted clean by the caller).
    public let book: RecipeBook
    /// The state file.
    public let state: ShopState

    /// A shop selling from `book`, keeping stock in `state`.
    public init(book: RecipeBook, state: ShopState) {
        self.book = book
        self.state = state
    }

    // MARK: Reading

    /// The current stock, without writing anything.
    public func snapshot() throws(ShopError) -> ShopSnapshot {
        try run { try state.read { db in try snapshot(db) } }
    }

    /// The journal, newest first; at most `limit` entries.
    public func history(limit: Int? = nil) throws(ShopError) -> [JournalEntry] {
        try run { try state.read { db in try entries(db, limit: limit) } }
    }

    /// The fruits whose stock differs from initial stock plus the sum of the journal's deltas (empty when consistent).
    public func inconsistentFruits() throws(ShopError) -> [FruitID] {
        try run {
            try state.read { db in
                try String.fetchAll(db, sql: """
                    SELECT s.fruit FROM stock s
                    LEFT JOIN (SELECT fruit, SUM(delta) AS total FROM journal_delta GROUP BY fruit) j ON j.fruit = s.fruit
                    WHERE s.count != s.initial + COALESCE(j.total, 0)
                    ORDER BY s.fruit
                    """).map { FruitID($0) }
            }
        }
    }

    // MARK: Changing

    /// Orders `count` of the juice named `name` (id, Korean or English name, or alias).
    public func order(_ name: String, count: Int = 1, command: String) throws(ShopError) -> ShopReceipt {
        let juice: Juice
        do throws(JuiceLookupError) { juice = try JuiceFinder(book: book).juice(named: name) } catch { throw .unknownJuice(error) }
        return try change(kind: .order, command: command, juice: juice.id, count: count) { inventory throws(ShopError) in
            do throws(OrderError) { return try inventory.make(juice, count: count) } catch { throw .orderRefused(error) }
        }
    }

    /// Applies stock changes (add, remove, set), all or none, journaled as `kind`.
    public func changeStock(_ changes: [StockChange], kind: JournalKind, command: String) throws(ShopError) -> ShopReceipt {
        try change(kind: kind, command: command) { inventory throws(ShopError) in
            do throws(StockError) { return try inventory.apply(changes) } catch { throw .stockRefused(error) }
        }
    }

    /// Puts every fruit back to the store section's initial stock.
    public func reset(command: String) throws(ShopError) -> ShopReceipt {
        let changes = book.fruits.map { StockChange.set($0.id, book.store.initialStock[$0.id] ?? 0) }
        return try changeStock(changes, kind: .reset, command: command)
    }

    /// Reverts the newest change not yet undone, if the stock allows it; the undo is journaled too.
    public func undo(command: String) throws(ShopError) -> ShopReceipt {
        try run {
            try state.write { db -> ShopReceipt in
                guard let target = try entries(db, limit: nil, onlyUndoable: true).first else { throw ShopError.nothingToUndo }
                let current = try reconcile(db)
                var inventory = current.inventory
                let changes = target.deltas.sorted { $0.key < $1.key }.map { fruit, delta in
                    delta > 0 ? StockChange.remove(fruit, delta) : StockChange.add(fruit, -delta)
                }
                let deltas: [FruitID: Int]
                do throws(StockError) { deltas = try inventory.apply(changes) } catch {
                    throw ShopError.undoRefused(entry: target.id, kind: target.kind, reason: error)
                }
                let entry = try record(db, kind: .undo, command: command, juice: nil, count: nil, deltas: deltas, inventory: inventory, undoes: target.id)
                try db.execute(sql: "UPDATE journal SET undone_by = ? WHERE id = ?", arguments: [entry.id, target.id])
                return ShopReceipt(entry: entry, snapshot: ShopSnapshot(inventory: inventory, orphans: current.orphans))
            }
        }
    }

    private func change(
        kind: JournalKind, command: String, juice: JuiceID? = nil, count: Int? = nil,
        _ body: @escaping (inout Inventory) throws(ShopError) -> [FruitID: Int]
    ) throws(ShopError) -> ShopReceipt {
        try run {
            try state.write { db -> ShopReceipt in
                let current = try reconcile(db)
                var inventory = current.inventory
                let deltas = try body(&inventory)
                let entry = try record(db, kind: kind, command: command, juice: juice, count: count, deltas: deltas, inventory: inventory, undoes: nil)
                return ShopReceipt(entry: entry, snapshot: ShopSnapshot(inventory: inventory, orphans: current.orphans))
            }
        }
    }

    // MARK: SQL

    /// Runs `body`, turning every failure into a `ShopError`.
    private func run<T>(_ body: () throws -> T) throws(ShopError) -> T {
        do { return try body() } catch let error as ShopError {
            throw error
        } catch {
            throw .state(ShopState.translate(error, path: state.path))
        }
    }

    private func snapshot(_ db: Database) throws -> ShopSnapshot {
        var stored: [FruitID: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT fruit, count FROM stock") {
            stored[FruitID(row["fruit"] as String)] = row["count"] as Int
        }
        var counts: [FruitID: Int] = [:]
        var capacities: [FruitID: Int] = [:]
        for fruit in book.fruits {
            counts[fruit.id] = stored[fruit.id] ?? book.store.initialStock[fruit.id] ?? 0
            capacities[fruit.id] = book.store.capacity(of: fruit.id)
        }
        let orphans = stored.filter { book.fruit($0.key) == nil }
        return ShopSnapshot(inventory: Inventory(counts: counts, capacities: capacities), orphans: orphans)
    }

    /// The snapshot, after giving fruits new to the recipe book their initial stock in the state file.
    private func reconcile(_ db: Database) throws -> ShopSnapshot {
        let known = Set(try String.fetchAll(db, sql: "SELECT fruit FROM stock"))
        for fruit in book.fruits where !known.contains(fruit.id.rawValue) {
            let initial = book.store.initialStock[fruit.id] ?? 0
            try db.execute(sql: "INSERT INTO stock (fruit, count, initial) VALUES (?, ?, ?)", arguments: [fruit.id.rawValue, initial, initial])
        }
        return try snapshot(db)
    }

    private func record(
        _ db: Database, kind: JournalKind, command: String, juice: JuiceID?, count: Int?,
        deltas: [FruitID: Int], inventory: Inventory, undoes: Int?
    ) throws -> JournalEntry {
        let time = Date().formatted(.iso8601)
        try db.execute(
            sql: "INSERT INTO journal (time, kind, command, juice, count, undoes) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [time, kind.rawValue, command, juice?.rawValue, count, undoes])
        let id = Int(db.lastInsertedRowID)
        for (fruit, delta) in deltas.sorted(by: { $0.key < $1.key }) {
            try db.execute(sql: "INSERT INTO journal_delta (entry, fruit, delta) VALUES (?, ?, ?)", arguments: [id, fruit.rawValue, delta])
            try db.execute(sql: "UPDATE stock SET count = ? WHERE fruit = ?", arguments: [inventory[fruit], fruit.rawValue])
        }
        return JournalEntry(id: id, time: time, kind: kind, command: command, juice: juice, count: count, deltas: deltas, undoes: undoes, undoneBy: nil)
    }

    private func entries(_ db: Database, limit: Int?, onlyUndoable: Bool = false) throws -> [JournalEntry] {
        var sql = "SELECT id, time, kind, command, juice, count, undoes, undone_by FROM journal"
        if onlyUndoable { sql += " WHERE kind != 'undo' AND undone_by IS NULL" }
        sql += " ORDER BY id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" } else if onlyUndoable { sql += " LIMIT 1" }
        var result: [JournalEntry] = []
        for row in try Row.fetchAll(db, sql: sql) {
            let id: Int = row["id"]
            var deltas: [FruitID: Int] = [:]
            for delta in try Row.fetchAll(db, sql: "SELECT fruit, delta FROM journal_delta WHERE entry = ?", arguments: [id]) {
                deltas[FruitID(delta["fruit"] as String)] = delta["delta"] as Int
            }
            let kindText: String = row["kind"]
            result.append(JournalEntry(
                id: id, time: row["time"], kind: JournalKind(rawValue: kindText) ?? .set, command: row["command"],
                juice: (row["juice"] as String?).map { JuiceID($0) }, count: row["count"], deltas: deltas,
                undoes: row["undoes"], undoneBy: row["undone_by"]))
        }
        return result
    }
}
