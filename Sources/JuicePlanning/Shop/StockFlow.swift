import Foundation
import JuiceCore
import JuiceShop

/// One fruit's stock over a period, from the journal: where it stood, what came, what went and why. Every journaled
/// change is counted once, under the kind of change it was (an undo under the kind it reverts, negated), so that
/// `closing = opening + received − used − wasted + countVariance + adjusted` holds exactly.
package struct FruitFlow: Hashable, Sendable {
    /// The fruit.
    package var fruit: FruitID
    /// The stock when the period began.
    package var opening = 0
    /// Delivered (`juice receive`).
    package var received = 0
    /// Used by the orders served, as their recipes say: the theoretical usage.
    package var used = 0
    /// Thrown away, by reason.
    package var wasted: [WasteReason: Int] = [:]
    /// What counts found beyond the journal (below 0: fruit went missing unrecorded).
    package var countVariance = 0
    /// Units ordered but not received, over the deliveries that say what was ordered (below 0: more came).
    package var receivingDifference = 0
    /// How many counts took in the fruit.
    package var counts = 0
    /// Other changes staff made (add, remove, set, reset, retire), net.
    package var adjusted = 0
    /// The stock when the period ended.
    package var closing = 0

    /// A fruit with nothing moved yet.
    package init(fruit: FruitID) { self.fruit = fruit }

    /// Everything thrown away.
    package var wastedTotal: Int { wasted.values.reduce(0, +) }
    /// What left the shelf, by the stock: opening + received − closing (staff adjustments taken out).
    package var actual: Int { opening + received + adjusted - closing }
    /// What left the shelf that nothing in the journal explains (over-portioning, theft, unrecorded waste, miscounts):
    /// actual − theoretical − logged waste, which is the counts' variance with its sign turned.
    package var unexplained: Int { actual - used - wastedTotal }
    /// Wasted ÷ received, both in the fruit's own unit; nil when nothing was received.
    package var wasteRate: Double? { received > 0 ? Double(wastedTotal) / Double(received) : nil }
}

/// The stock flow of every fruit over a period: `juice report --by fruit` from the shop's state, and the waste list of
/// `juice report --waste`.
package struct StockFlow: Hashable, Sendable {
    /// The first day counted (local), if bounded.
    package var firstDay: CivilDate?
    /// The last day counted (local), if bounded.
    package var lastDay: CivilDate?
    /// Each fruit of the book (then fruits only the state has), in the book's order.
    package var fruits: [FruitFlow]
    /// Each waste in the period, oldest first (undone ones left out).
    package var wastes: [Waste]

    /// One waste entry, one fruit.
    package struct Waste: Hashable, Sendable {
        /// The journal entry.
        package var entry: Int
        /// When, at local time.
        package var time: SaleTime
        /// When, as the journal says it (ISO 8601 in UTC).
        package var journalTime: String
        /// The fruit.
        package var fruit: FruitID
        /// How many.
        package var amount: Int
        /// Why.
        package var reason: WasteReason
        /// The note, if any.
        package var note: String?
    }

    /// The flow of `book`'s fruits from `entries` (the whole journal, newest first, as stores read it) given the stock
    /// now (`current`), between `firstDay` and `lastDay` (local dates in `timeZone`; unbounded when nil).
    package init(
        entries: [JournalEntry], current: [FruitID: Int], book: RecipeBook, from firstDay: CivilDate? = nil, to lastDay: CivilDate? = nil,
        timeZone: TimeZone = .current
    ) {
        self.firstDay = firstDay
        self.lastDay = lastDay
        let kinds = Dictionary(entries.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let reasons = Dictionary(entries.compactMap { entry in entry.detail?.reason.map { (entry.id, $0) } }, uniquingKeysWith: { first, _ in first })
        var flows: [FruitID: FruitFlow] = [:]
        for fruit in current.keys { flows[fruit] = FruitFlow(fruit: fruit) }
        var wastes: [Waste] = []
        // Closing: the stock now less what changed after the period; opening: closing less what changed within it.
        for (fruit, count) in current { flows[fruit]?.closing = count }
        for entry in entries {
            guard let time = ShopSales.localTime(ofJournalTime: entry.time, in: timeZone) else { continue }
            if let lastDay, time.date > lastDay {
                for (fruit, delta) in entry.deltas { flows[fruit, default: FruitFlow(fruit: fruit)].closing -= delta }
                continue
            }
            if let firstDay, time.date < firstDay { continue }
            // An undo counts under the kind it reverts; an entry undone counts as it was (its undo takes it back).
            let kind = entry.kind == .undo ? entry.undoes.flatMap { kinds[$0] } ?? .undo : entry.kind
            let reason = entry.kind == .undo ? entry.undoes.flatMap { reasons[$0] } : entry.detail?.reason
            for (fruit, delta) in entry.deltas {
                var flow = flows[fruit] ?? FruitFlow(fruit: fruit)
                switch kind {
                case .delivery: flow.received += delta
                case .order: flow.used -= delta
                case .waste: flow.wasted[reason ?? .other, default: 0] -= delta
                case .count:
                    flow.countVariance += delta
                case .add, .remove, .set, .reset, .retire, .undo: flow.adjusted += delta
                }
                flows[fruit] = flow
            }
            if entry.kind == .delivery, entry.undoneBy == nil {
                for line in entry.detail?.lots ?? [] {
                    flows[line.fruit, default: FruitFlow(fruit: line.fruit)].receivingDifference += line.shortfall
                }
            }
            if entry.kind == .count, entry.undoneBy == nil {
                for line in entry.detail?.counts ?? [] { flows[line.fruit, default: FruitFlow(fruit: line.fruit)].counts += 1 }
            }
            if entry.kind == .waste, entry.undoneBy == nil, let reason = entry.detail?.reason {
                for (fruit, delta) in entry.deltas.sorted(by: { $0.key < $1.key }) {
                    wastes.append(
                        Waste(
                            entry: entry.id, time: time, journalTime: entry.time, fruit: fruit, amount: -delta, reason: reason,
                            note: entry.detail?.note))
                }
            }
        }
        for (fruit, flow) in flows {
            flows[fruit]?.opening = flow.closing - flow.received + flow.used + flow.wastedTotal - flow.countVariance - flow.adjusted
        }
        let order = book.fruits.map(\.id)
        fruits = order.compactMap { flows.removeValue(forKey: $0) } + flows.values.sorted { $0.fruit < $1.fruit }
        self.wastes = wastes.reversed()
    }
}
