#if PostgreSQL
import Foundation
import JuiceCore
import Logging
import PostgresNIO

extension PostgresStore {
    /// Starts a count session at the newest journal entry. Every stock row is locked (shared) first, so that no
    /// change is in flight: each one journaled before the session is counted, each one after it carried over.
    public func startCount() async throws(ShopError) -> CountSession {
        let id = UUID().uuidString.lowercased()
        return try await withDatabase { [self] in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT fruit FROM stock ORDER BY fruit FOR SHARE", logger: logger)
                let rows = try await connection.query(
                    """
                    INSERT INTO count_session (id, start) SELECT \(id), coalesce(max(id), 0) FROM journal
                    RETURNING start, to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                    """, logger: logger)
                for try await (start, time) in rows.decode((Int, String).self) {
                    return CountSession(id: id, start: start, startedAt: time)
                }
                throw StateError.failed(path: location, message: "the count session was not kept")
            }
        }
    }

    /// The count session `id`, if there is one.
    public func countSession(id: String) async throws(ShopError) -> CountSession? {
        try await withDatabase { [self] in
            let rows = try await client.query(
                """
                SELECT start, to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), applied_by
                FROM count_session WHERE id = \(id)
                """, logger: logger)
            for try await (start, time, applied) in rows.decode((Int, String, Int?).self) {
                return CountSession(id: id, start: start, startedAt: time, appliedBy: applied)
            }
            return nil
        }
    }

    /// The entries from the first delivery or count on, oldest first (through the index of migration 7).
    public func lotEntries() async throws(ShopError) -> [JournalEntry] {
        try await withDatabase { [self] in
            try await client.withConnection { connection in
                try await Self.lotEntries(on: connection, location: location, logger: logger)
            }
        }
    }

    /// The entries from the first delivery or count on, oldest first, on `connection`.
    static func lotEntries(on connection: PostgresConnection, location: String, logger: Logger) async throws -> [JournalEntry] {
        var first: Int?
        for try await id in try await connection.query(
            "SELECT min(id) FROM journal WHERE kind IN ('delivery', 'count')", logger: logger
        ).decode(Int?.self) {
            first = id
        }
        guard let first else { return [] }
        return try await entries(on: connection, undoableOnly: false, limit: nil, from: first, location: location, logger: logger)
            .reversed()
    }

    /// What `operation` reads beyond the stock rows, in its transaction (whose stock rows are locked): the lots for
    /// `.wasteExpired`; for a count in a session, the changes since it started, the session's row locked so that it
    /// is applied once; for a purchase order's delivery nothing, but the order's row is locked and checked, so that it
    /// is received once. An unknown or applied session, an unknown or received order, are refused.
    static func context(
        for operation: StockOperation, on connection: PostgresConnection, location: String, logger: Logger
    ) async throws -> LedgerContext {
        var context = LedgerContext()
        switch operation {
        case .wasteExpired, .waste:
            context.lots = JournalLots(try await lotEntries(on: connection, location: location, logger: logger)).remaining
        case .receiveOrder(let id, _, _):
            try await requireOpen(purchaseOrder: id, on: connection, logger: logger)
        case .count(_, let id?):
            var found: (start: Int, applied: Int?)?
            for try await (start, applied) in try await connection.query(
                "SELECT start, applied_by FROM count_session WHERE id = \(id) FOR UPDATE", logger: logger
            ).decode((Int, Int?).self) {
                found = (start, applied)
            }
            let start = try CountSession.requireOpen(id, found: found.map { ($0.start, $0.applied) })
            for try await (fruit, sum) in try await connection.query(
                "SELECT fruit, sum(delta)::bigint FROM journal_delta WHERE entry > \(start) GROUP BY fruit", logger: logger
            ).decode((String, Int).self) {
                context.moved[FruitID(fruit)] = sum
            }
        default:
            break
        }
        return context
    }
}
#endif
