import Foundation
import JuiceCore
import JuiceShop

/// The shop's history as sales records: the journal's orders not undone (served) and the orders the stock refused
/// (refused), at the shop's local time (the machine's time zone, `TZ`: a sale belongs to the day the shop saw). The
/// one place this conversion lives; `juice report`, `juice forecast`, `juice plan` and the server's staff panel read
/// the shop's sales through it.
package enum ShopSales {
    /// Every sale `store` has recorded, in time order (served first within one second).
    package static func read(from store: any ShopStore, timeZone: TimeZone = .current) async throws(ShopError) -> [SaleRecord] {
        let entries = try await store.history(limit: nil)
        let refusals = try await store.refusedOrders(limit: nil)
        return records(served: entries, refused: refusals, timeZone: timeZone)
    }

    /// The state's sales as records at local time in `timeZone`: `served`'s orders not undone and every refused order
    /// (both newest first, as the store reads them), merged in time order (served first within one second).
    package static func records(served: [JournalEntry], refused: [RefusedOrder], timeZone: TimeZone = .current) -> [SaleRecord] {
        merge(served: servedOrders(served, in: timeZone).map(\.record), refused: refusedRecords(refused, in: timeZone))
    }

    /// `refused` (newest first, as the store reads them) as records at local time in `timeZone`, oldest first.
    static func refusedRecords(_ refused: [RefusedOrder], in timeZone: TimeZone) -> [SaleRecord] {
        refused.reversed().compactMap { record(of: $0, in: timeZone) }
    }

    /// `entries`' orders not undone (`entries` newest first, as the store reads them) as served records at local time
    /// in `timeZone`, oldest first, each with its journal number.
    static func servedOrders(_ entries: [JournalEntry], in timeZone: TimeZone) -> [(id: Int, record: SaleRecord)] {
        entries.reversed().compactMap { entry in servedRecord(of: entry, in: timeZone).map { (entry.id, $0) } }
    }

    /// A journal entry's order as a served record at local time in `timeZone` when it is not undone; nil for an order
    /// undone, for any other change, or when its time cannot be read. The one test of what counts as served.
    static func servedRecord(of entry: JournalEntry, in timeZone: TimeZone) -> SaleRecord? {
        entry.undoneBy == nil ? record(of: entry, in: timeZone) : nil
    }

    /// A journal entry's order as a served record at local time in `timeZone`; nil for any other change, or when its
    /// time cannot be read.
    static func record(of entry: JournalEntry, in timeZone: TimeZone) -> SaleRecord? {
        guard entry.kind == .order, let juice = entry.juice, let count = entry.count, let time = localTime(ofJournalTime: entry.time, in: timeZone)
        else { return nil }
        return SaleRecord(time: time, juice: juice.rawValue, count: count)
    }

    /// A refused order as a record at local time in `timeZone`; nil when its time cannot be read.
    static func record(of refusal: RefusedOrder, in timeZone: TimeZone) -> SaleRecord? {
        guard let time = localTime(ofJournalTime: refusal.time, in: timeZone) else { return nil }
        return SaleRecord(time: time, juice: refusal.juice.rawValue, count: refusal.count, result: .refused)
    }

    /// Served and refused records (each oldest first) merged in time order, served first within one second.
    static func merge(served orders: [SaleRecord], refused refusals: [SaleRecord]) -> [SaleRecord] {
        var merged: [SaleRecord] = []
        merged.reserveCapacity(orders.count + refusals.count)
        var next = refusals[...]
        for order in orders {
            while let refusal = next.first, refusal.time < order.time {
                merged.append(refusal)
                next.removeFirst()
            }
            merged.append(order)
        }
        merged.append(contentsOf: next)
        return merged
    }

    /// The journal's UTC time (ISO 8601) as local time in `timeZone`; nil when it cannot be read.
    package static func localTime(ofJournalTime text: String, in timeZone: TimeZone = .current) -> SaleTime? {
        guard let utc = SaleTime(parsing: text) else { return nil }
        let (year, month, day) = utc.date.components
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? timeZone
        guard let instant = calendar.date(from: DateComponents(year: year, month: month, day: day, second: utc.secondOfDay)) else { return nil }
        return localTime(of: instant, in: timeZone)
    }

    /// The instant `instant` as local time in `timeZone`.
    package static func localTime(of instant: Date, in timeZone: TimeZone = .current) -> SaleTime? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let local = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        guard let year = local.year, let month = local.month, let day = local.day, let date = CivilDate(year: year, month: month, day: day) else {
            return nil
        }
        return SaleTime(date: date, secondOfDay: (local.hour ?? 0) * 3600 + (local.minute ?? 0) * 60 + (local.second ?? 0))
    }
}
