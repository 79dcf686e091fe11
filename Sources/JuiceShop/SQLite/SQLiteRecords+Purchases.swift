import GRDB
import JuiceCore

/// The SQL of purchase orders (schema 7): keeping one, reading them, and marking one received or open again inside
/// the transaction of its delivery or of the undo that reverts it.
extension SQLiteRecords {
    /// Keeps `draft` as the next purchase order, open, inside the caller's transaction.
    static func createPurchaseOrder(_ draft: PurchaseOrderDraft, time: String, in db: Database) throws -> PurchaseOrder {
        let order = PurchaseOrder(id: 0, draft: draft, createdAt: time)
        try db.execute(
            sql: "INSERT INTO purchase_order (supplier, order_by, arrives, total, status, created_at) VALUES (?, ?, ?, ?, 'open', ?)",
            arguments: [order.supplier.rawValue, order.orderBy?.description, order.arrives?.description, order.total, time])
        let id = Int(db.lastInsertedRowID)
        let line = try db.cachedStatement(
            sql: "INSERT INTO purchase_line (purchase_order, position, fruit, packs, units, cost) VALUES (?, ?, ?, ?, ?, ?)")
        for (position, item) in order.lines.enumerated() {
            try line.execute(arguments: [id, position, item.fruit.rawValue, item.packs, item.units, item.unitCost])
        }
        var kept = order
        kept.id = id
        return kept
    }

    /// The purchase orders with `status` (all when nil), or only the one numbered `id`; newest first.
    static func purchaseOrders(_ db: Database, status: PurchaseOrderStatus? = nil, id: Int? = nil) throws -> [PurchaseOrder] {
        var sql = "SELECT id, supplier, order_by, arrives, total, status, created_at, received_entry, received_at FROM purchase_order"
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let status {
            conditions.append("status = ?")
            arguments += [status.rawValue]
        }
        if let id {
            conditions.append("id = ?")
            arguments += [id]
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY id DESC"
        let lines = try db.cachedStatement(
            sql: "SELECT fruit, packs, units, cost FROM purchase_line WHERE purchase_order = ? ORDER BY position")
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            let id: Int = row["id"]
            let items = try Row.fetchAll(lines, arguments: [id]).map { line in
                PurchaseLine(fruit: FruitID(line["fruit"] as String), packs: line["packs"], units: line["units"], unitCost: line["cost"])
            }
            return PurchaseOrder(
                id: id, supplier: SupplierID(row["supplier"] as String), orderBy: (row["order_by"] as String?).flatMap { OrderDeadline(parsing: $0) },
                arrives: (row["arrives"] as String?).flatMap { CivilDate(parsing: $0) }, lines: items,
                total: row["total"], status: PurchaseOrderStatus(rawValue: row["status"] as String) ?? .open, createdAt: row["created_at"],
                receivedEntry: row["received_entry"], receivedAt: row["received_at"])
        }
    }

    /// Refuses to receive purchase order `id` unless it is there and open.
    static func requireOpen(purchaseOrder id: Int, in db: Database) throws {
        let row = try Row.fetchOne(db, sql: "SELECT received_entry FROM purchase_order WHERE id = ?", arguments: [id])
        try PurchaseOrder.requireReceivable(id, receivedBy: row.map { $0["received_entry"] as Int? })
    }

    /// Marks purchase order `id` received by the delivery `entry`.
    static func markReceived(_ id: Int, by entry: JournalEntry, in db: Database) throws {
        try db.cachedStatement(sql: "UPDATE purchase_order SET status = 'received', received_entry = ?, received_at = ? WHERE id = ?")
            .execute(arguments: [entry.id, entry.time, id])
    }

    /// Opens again the purchase order that the delivery `entry` received, if any (its delivery was undone).
    static func reopenPurchaseOrder(receivedBy entry: Int, in db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE purchase_order SET status = 'open', received_entry = NULL, received_at = NULL WHERE received_entry = ?"
        ).execute(arguments: [entry])
    }
}
