import Foundation
import JuiceCore
import JuiceShop

/// The staff panel's stock room line for one day: what came in and what was thrown away that day (per fruit, with
/// their cost where known), and the last count (stocktake) the shop made, on that day or before.
package struct StockRoomDay: Hashable, Sendable {
    /// One fruit's units over the day, and what they cost in won when every unit of them had a cost.
    package struct FruitUnits: Hashable, Sendable {
        /// The fruit.
        package var fruit: FruitID
        /// Units.
        package var units: Int
        /// Their cost in won; nil when some of them had none.
        package var cost: Int?
    }

    /// The last count: when, and each counted fruit's line.
    package struct LastCount: Hashable, Sendable {
        /// The journal entry.
        package var entry: Int
        /// When, as the journal says it (ISO 8601 in UTC).
        package var time: String
        /// Each fruit counted: expected, counted, variance.
        package var lines: [CountLine]
    }

    /// The day.
    package var day: CivilDate
    /// What was received that day, per fruit (first received first).
    package var received: [FruitUnits]
    /// What was thrown away that day, per fruit (first thrown away first), whatever the reason.
    package var wasted: [FruitUnits]
    /// The last count made on `day` or before, if any.
    package var lastCount: LastCount?

    /// The summary of `day` (local, in `timeZone`) from `entries`: deliveries, wastes and counts not undone, oldest
    /// first (`JournalFollower.stockRoom`). A delivered unit costs what its lot says, else what `book` says its fruit
    /// costs; a wasted unit what `book` says (as the waste's own cost is reckoned).
    package init(entries: [JournalEntry], day: CivilDate, book: RecipeBook, timeZone: TimeZone = .current) {
        self.day = day
        var received: [FruitUnits] = []
        var wasted: [FruitUnits] = []
        var lastCount: LastCount?
        for entry in entries {
            guard let date = ShopSales.localTime(ofJournalTime: entry.time, in: timeZone)?.date, date <= day else { continue }
            switch entry.kind {
            case .delivery where date == day:
                for lot in entry.detail?.lots ?? [] {
                    let unit = lot.cost ?? book.fruit(lot.fruit)?.cost
                    Self.add(lot.quantity, of: lot.fruit, cost: unit.map { $0 * lot.quantity }, to: &received)
                }
            case .waste where date == day:
                for (fruit, delta) in entry.deltas.sorted(by: { $0.key < $1.key }) {
                    Self.add(-delta, of: fruit, cost: book.fruit(fruit)?.cost.map { -delta * $0 }, to: &wasted)
                }
            case .count:
                lastCount = LastCount(entry: entry.id, time: entry.time, lines: entry.detail?.counts ?? [])
            default:
                break
            }
        }
        (self.received, self.wasted, self.lastCount) = (received, wasted, lastCount)
    }

    /// The cost in won of everything thrown away that day; nil when some of it had none.
    package var wastedCost: Int? {
        wasted.reduce(Optional(0)) { total, line in total.flatMap { total in line.cost.map { total + $0 } } }
    }

    private static func add(_ units: Int, of fruit: FruitID, cost: Int?, to lines: inout [FruitUnits]) {
        guard let index = lines.firstIndex(where: { $0.fruit == fruit }) else {
            lines.append(FruitUnits(fruit: fruit, units: units, cost: cost))
            return
        }
        lines[index].units += units
        lines[index].cost = lines[index].cost.flatMap { sum in cost.map { sum + $0 } }
    }
}
