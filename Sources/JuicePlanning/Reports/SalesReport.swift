import JuiceCore
import JuiceRecipes

/// How `juice report` groups sales.
package enum ReportGrouping: String, Sendable, Hashable, CaseIterable {
    /// A row per day.
    case day
    /// A row per weekday, Monday first.
    case weekday
    /// A row per hour of the day.
    case hour
    /// A row per juice, in menu order.
    case juice
    /// A row per fruit: what the juices served used.
    case fruit
}

/// Orders served and refused, revenue and fruit used, grouped by day, weekday, hour, juice or fruit.
package struct SalesReport: Sendable {
    /// One group's figures.
    package struct Row: Sendable, Hashable {
        /// The group's key as data (`2026-11-20`, `0` for Monday, `9` for 9:00, a juice or fruit id).
        package var key: String
        /// Units served.
        package var served = 0
        /// Units refused.
        package var refused = 0
        /// Revenue of the units served (juices without a price count 0).
        package var revenue = 0
        /// Fruit used by the units served.
        package var fruitUsed: [FruitID: Int] = [:]
    }

    /// The grouping.
    package let grouping: ReportGrouping
    /// The rows, in the grouping's order (days and hours ascending, weekdays from Monday, juices and fruits in menu order).
    package private(set) var rows: [Row] = []
    /// Every group together.
    package private(set) var total = Row(key: "total")
    /// The first and last day of the sales counted.
    package private(set) var firstDay: CivilDate?
    /// The last day.
    package private(set) var lastDay: CivilDate?
    /// The days from the first to the last the calendar closes.
    package private(set) var closedDays: [CivilDate] = []
    /// The days from the first to the last with no sale at all that the calendar does not close, on a weekday the shop
    /// usually sells (on at least three quarters of its other such days in the period, and at least three of them):
    /// likely closures to declare, or to look into.
    package private(set) var likelyClosedDays: [CivilDate] = []
    /// The days with a sale or a refusal.
    private var daysSold: Set<Int> = []
    private let book: RecipeBook
    /// Units served and refused per group and juice: `tallies[group][2 × juice]` served, `[2 × juice + 1]` refused,
    /// the group numbered by day, weekday or hour (one group for juice and fruit, whose rows come from the juices).
    private var tallies: [Int: [Int]] = [:]

    /// An empty report of `book`'s sales grouped by `grouping`.
    package init(book: RecipeBook, grouping: ReportGrouping) {
        self.book = book
        self.grouping = grouping
    }

    /// Counts `count` units of the juice at menu position `juice` sold (or refused) at `time`.
    package mutating func add(juiceAt juice: Int, count units: Int, result: SaleResult, at time: SaleTime) {
        guard juice >= 0, juice < book.juices.count else { return }
        firstDay = min(firstDay ?? time.date, time.date)
        lastDay = max(lastDay ?? time.date, time.date)
        daysSold.insert(time.date.dayNumber)
        let group: Int
        switch grouping {
        case .day: group = time.date.dayNumber
        case .weekday: group = time.date.weekday
        case .hour: group = time.secondOfDay / 3600
        case .juice, .fruit: group = 0
        }
        let slot = 2 * juice + (result == .served ? 0 : 1)
        if tallies[group] == nil { tallies[group] = Array(repeating: 0, count: 2 * book.juices.count) }
        tallies[group]?[slot] += units
    }

    /// Orders the rows and works out revenue and fruit used; call once every sale is counted.
    package mutating func finish() {
        let juices = book.juices
        /// The figures of the juices at `positions` in one group's tally.
        func row(_ key: String, _ counts: [Int], juices positions: some Sequence<Int>) -> Row {
            var row = Row(key: key)
            for position in positions {
                let (served, refused) = (counts[2 * position], counts[2 * position + 1])
                row.served += served
                row.refused += refused
                row.revenue += served * (juices[position].price ?? 0)
                for ingredient in juices[position].totals where served > 0 {
                    row.fruitUsed[ingredient.fruit, default: 0] += ingredient.amount * served
                }
            }
            return row
        }
        var totals = [Int](repeating: 0, count: 2 * juices.count)
        for counts in tallies.values { for index in counts.indices { totals[index] += counts[index] } }
        total = row("total", totals, juices: juices.indices)
        switch grouping {
        case .day:
            rows = tallies.keys.sorted().map { row(CivilDate(dayNumber: $0).description, tallies[$0] ?? [], juices: juices.indices) }
        case .weekday, .hour:
            rows = tallies.keys.sorted().map { row("\($0)", tallies[$0] ?? [], juices: juices.indices) }
        case .juice:
            rows = juices.indices.filter { totals[2 * $0] + totals[2 * $0 + 1] > 0 }.map { row(juices[$0].id.rawValue, totals, juices: [$0]) }
        case .fruit:
            rows = book.fruits.compactMap { fruit in
                let using = juices.indices.filter { position in
                    juices[position].totals.contains { $0.fruit == fruit.id } && totals[2 * position] + totals[2 * position + 1] > 0
                }
                guard !using.isEmpty else { return nil }
                var only = row(fruit.id.rawValue, totals, juices: using)
                only.fruitUsed = [fruit.id: only.fruitUsed[fruit.id] ?? 0]
                return only
            }
        }
        tallies = [:]
        findClosures()
    }

    /// `closedDays` and `likelyClosedDays`.
    private mutating func findClosures() {
        guard let first = firstDay?.dayNumber, let last = lastDay?.dayNumber else { return }
        let calendar = book.calendar
        for day in first...last {
            let date = CivilDate(dayNumber: day)
            if calendar.isClosed(date) {
                closedDays.append(date)
                continue
            }
            guard !daysSold.contains(day) else { continue }
            let others = stride(from: first + (day - first) % 7, through: last, by: 7).filter {
                $0 != day && !calendar.isClosed(CivilDate(dayNumber: $0))
            }
            let sold = others.filter { daysSold.contains($0) }.count
            if others.count >= 3, 4 * sold >= 3 * others.count { likelyClosedDays.append(date) }
        }
    }
}
