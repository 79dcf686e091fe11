#if PostgreSQL
import JuiceCore
import Logging
import PostgresNIO

extension PostgresStore {
    /// Keeps `drafts` as the next purchase orders, open, with their lines, in one transaction.
    public func createPurchaseOrders(_ drafts: [PurchaseOrderDraft]) async throws(ShopError) -> [PurchaseOrder] {
        try await withDatabase { [self] in
            try await client.withTransaction(logger: logger) { connection in
                var orders: [PurchaseOrder] = []
                for draft in drafts {
                    orders.append(try await Self.create(draft, on: connection, location: location, logger: logger))
                }
                return orders
            }
        }
    }

    /// Keeps `draft` as the next purchase order in the transaction on `connection`.
    private static func create(
        _ draft: PurchaseOrderDraft, on connection: PostgresConnection, location: String, logger: Logger
    ) async throws -> PurchaseOrder {
        let order = PurchaseOrder(id: 0, draft: draft, createdAt: "")
        var kept: PurchaseOrder?
        for try await (id, time) in try await connection.query(
            """
            INSERT INTO purchase_order (supplier, order_by, arrives, total, status)
            VALUES (\(order.supplier.rawValue), \(order.orderBy?.description), \(order.arrives?.description), \(order.total), 'open')
            RETURNING id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
            """, logger: logger
        ).decode((Int, String).self) {
            kept = order
            kept?.id = id
            kept?.createdAt = time
        }
        guard let kept else { throw StateError.failed(path: location, message: "the purchase order was not kept") }
        // Arrays of optionals do not travel: -1 stands for no cost (a cost is at least 0).
        try await connection.query(
            """
            INSERT INTO purchase_line (purchase_order, position, fruit, packs, units, cost)
            SELECT \(kept.id), l.n - 1, l.fruit, l.packs, l.units, nullif(l.cost, -1)
            FROM unnest(\(order.lines.map(\.fruit.rawValue)), \(order.lines.map(\.packs)), \(order.lines.map(\.units)),
                        \(order.lines.map { $0.unitCost ?? -1 })) WITH ORDINALITY AS l (fruit, packs, units, cost, n)
            """, logger: logger)
        return kept
    }

    /// The purchase orders with `status` (all when nil), newest first.
    public func purchaseOrders(status: PurchaseOrderStatus?) async throws(ShopError) -> [PurchaseOrder] {
        try await readPurchaseOrders(status: status, id: nil)
    }

    /// The purchase order numbered `id`, if there is one.
    public func purchaseOrder(id: Int) async throws(ShopError) -> PurchaseOrder? {
        try await readPurchaseOrders(status: nil, id: id).first
    }

    /// The purchase orders with `status` (all when nil), or only the one numbered `id`; newest first, each with its
    /// lines.
    private func readPurchaseOrders(status: PurchaseOrderStatus?, id: Int?) async throws(ShopError) -> [PurchaseOrder] {
        try await withDatabase { [self] in
            let rows = try await client.query(
                """
                SELECT o.id, o.supplier, o.order_by, o.arrives, o.total, o.status,
                       to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), o.received_entry,
                       to_char(o.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                       coalesce(array_agg(l.fruit ORDER BY l.position) FILTER (WHERE l.fruit IS NOT NULL), '{}'),
                       coalesce(array_agg(l.packs ORDER BY l.position) FILTER (WHERE l.fruit IS NOT NULL), '{}'),
                       coalesce(array_agg(l.units ORDER BY l.position) FILTER (WHERE l.fruit IS NOT NULL), '{}'),
                       coalesce(array_agg(coalesce(l.cost, -1) ORDER BY l.position) FILTER (WHERE l.fruit IS NOT NULL), '{}')
                FROM purchase_order o LEFT JOIN purchase_line l ON l.purchase_order = o.id
                WHERE (\(status?.rawValue)::text IS NULL OR o.status = \(status?.rawValue))
                  AND (\(id)::bigint IS NULL OR o.id = \(id))
                GROUP BY o.id
                ORDER BY o.id DESC
                """, logger: logger)
            var result: [PurchaseOrder] = []
            for try await row in rows {
                let (id, supplier, orderBy, arrives, total, status, created, entry, received, fruits, packs, units, costs) = try row.decode(
                    (Int, String, String?, String?, Int?, String, String, Int?, String?, [String], [Int], [Int], [Int]).self)
                let lines = fruits.indices.map { index in
                    PurchaseLine(
                        fruit: FruitID(fruits[index]), packs: packs[index], units: units[index], unitCost: costs[index] < 0 ? nil : costs[index])
                }
                result.append(
                    PurchaseOrder(
                        id: id, supplier: SupplierID(supplier), orderBy: orderBy.flatMap { OrderDeadline(parsing: $0) },
                        arrives: arrives.flatMap { CivilDate(parsing: $0) }, lines: lines, total: total,
                        status: PurchaseOrderStatus(rawValue: status) ?? .open, createdAt: created, receivedEntry: entry, receivedAt: received))
            }
            return result
        }
    }

    /// Locks purchase order `id`'s row for the transaction on `connection`, refusing it unless it is there and open.
    static func requireOpen(purchaseOrder id: Int, on connection: PostgresConnection, logger: Logger) async throws {
        var found: Int??
        for try await entry in try await connection.query(
            "SELECT received_entry FROM purchase_order WHERE id = \(id) FOR UPDATE", logger: logger
        ).decode(Int?.self) {
            found = .some(entry)
        }
        try PurchaseOrder.requireReceivable(id, receivedBy: found)
    }

    /// Marks purchase order `id` received by the delivery journaled as `entry`, at that entry's time.
    static func markReceived(_ id: Int, by entry: Int, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            UPDATE purchase_order SET status = 'received', received_entry = \(entry),
                received_at = (SELECT time FROM journal WHERE id = \(entry))
            WHERE id = \(id)
            """, logger: logger)
    }

    /// Opens again the purchase order that the delivery journaled as `entry` received, if any (its delivery was undone).
    static func reopenPurchaseOrder(receivedBy entry: Int, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "UPDATE purchase_order SET status = 'open', received_entry = NULL, received_at = NULL WHERE received_entry = \(entry)",
            logger: logger)
    }
}
#endif
