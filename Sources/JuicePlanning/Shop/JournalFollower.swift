import Foundation
import JuiceShop

/// The shop's sales kept up to date by reading only what is new: the first `update` reads the whole journal and every
/// refused order, each later one only the entries and refusals numbered after those seen (an undo takes its order out).
/// What the staff panel reads after every change: a shop with a million orders then reads a few rows per change, not
/// the whole journal. The records are those `ShopSales.read` gives (the same conversion, the same order).
package struct JournalFollower: Sendable {
    /// The orders served and not undone, by journal number, oldest first.
    private var served: [(id: Int, record: SaleRecord)] = []
    /// The refused orders, oldest first.
    private var refused: [SaleRecord] = []
    /// The newest journal entry and refused order seen (nil before the first update, or when there were none).
    private var newestEntry: Int?
    private var newestRefusal: Int?
    private var read = false
    /// The shop's time zone.
    package let timeZone: TimeZone
    /// The records in time order, merged when they last changed.
    package private(set) var records: [SaleRecord] = []
    /// The deliveries, wastes and counts not undone, oldest first (the staff panel's stock room line).
    package private(set) var stockRoom: [JournalEntry] = []
    /// The lots and last counts, replayed from every entry read (what `ShopStore.lotEntries` would give, read once).
    package private(set) var lots = JournalLots()

    /// The first read asks for rows this many at a time before it doubles.
    static let firstBatch = 64

    /// An empty follower, at local time in `timeZone`.
    package init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

    /// Reads what `store` has recorded since the last update; whether anything changed. When the journal is older
    /// than what was seen (a state restored from a backup), everything is read again.
    @discardableResult
    package mutating func update(from store: any ShopStore) async throws(ShopError) -> Bool {
        guard read else { return try await readAll(from: store) }
        guard
            let entries = try await Self.newer(
                than: newestEntry, reading: { limit async throws(ShopError) in try await store.history(limit: limit) }),
            let refusals = try await Self.newer(
                than: newestRefusal, reading: { limit async throws(ShopError) in try await store.refusedOrders(limit: limit) })
        else { return try await readAll(from: store) }
        guard !entries.isEmpty || !refusals.isEmpty else { return false }
        for entry in entries {
            newestEntry = entry.id
            lots.apply(entry)
            if let record = ShopSales.servedRecord(of: entry, in: timeZone) {
                served.append((entry.id, record))
            } else if Self.isStockRoom(entry) {
                stockRoom.append(entry)
            } else if entry.kind == .undo, let undone = entry.undoes {
                if let index = position(of: undone) {
                    served.remove(at: index)
                } else {
                    stockRoom.removeAll { $0.id == undone }
                }
            }
        }
        for refusal in refusals {
            newestRefusal = refusal.id
            if let record = ShopSales.record(of: refusal, in: timeZone) { refused.append(record) }
        }
        records = ShopSales.merge(served: served.map(\.record), refused: refused)
        return true
    }

    /// Reads everything again.
    private mutating func readAll(from store: any ShopStore) async throws(ShopError) -> Bool {
        let entries = try await store.history(limit: nil)
        let refusals = try await store.refusedOrders(limit: nil)
        served = ShopSales.servedOrders(entries, in: timeZone)
        stockRoom = entries.filter { Self.isStockRoom($0) && $0.undoneBy == nil }.reversed()
        lots = JournalLots(entries.reversed())
        refused = ShopSales.refusedRecords(refusals, in: timeZone)
        (newestEntry, newestRefusal, read) = (entries.first?.id, refusals.first?.id, true)
        records = ShopSales.merge(served: served.map(\.record), refused: refused)
        return true
    }

    /// Whether `entry` is a delivery, a waste or a count.
    private static func isStockRoom(_ entry: JournalEntry) -> Bool {
        entry.kind == .delivery || entry.kind == .waste || entry.kind == .count
    }

    /// Where the served order `id` is (binary search: the numbers only grow).
    private func position(of id: Int) -> Int? {
        var (low, high) = (0, served.count)
        while low < high {
            let middle = (low + high) / 2
            if served[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < served.count && served[low].id == id ? low : nil
    }

    /// The rows numbered after `seen`, oldest first, read newest first in batches that double until one reaches back
    /// to `seen`; nil when the newest row is older than `seen` (the rows were replaced).
    private static func newer<Row: NumberedRow>(
        than seen: Int?, reading: (Int) async throws(ShopError) -> [Row]
    ) async throws(ShopError) -> [Row]? {
        var limit = firstBatch
        while true {
            let rows = try await reading(limit)
            if let seen {
                guard let newest = rows.first?.id, newest >= seen else { return nil }
            }
            if rows.count < limit || (rows.last?.id ?? 0) <= (seen ?? 0) {
                return rows.prefix { $0.id > (seen ?? 0) }.reversed()
            }
            limit *= 2
        }
    }
}

/// A row the store numbers in the order it records them.
protocol NumberedRow {
    /// Its number.
    var id: Int { get }
}

extension JournalEntry: NumberedRow {}
extension RefusedOrder: NumberedRow {}
