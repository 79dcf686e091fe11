import JuiceCore
import JuiceSimulation

/// What replaying the last days of a history under planned stock gave.
package struct PlanBacktest: Sendable {
    /// One replayed day.
    package struct Day: Sendable, Hashable {
        /// The day.
        package var date: CivilDate
        /// Units asked for.
        package var demanded: Int
        /// Units served.
        package var served: Int
        /// Units of fruit that spoiled at the end of the day.
        package var wasted: Int
        /// The revenue of what was served.
        package var revenue: Double
        /// The opening stock planned for the day (menu order).
        package var levels: [Int]
        /// Whether no order was refused.
        package var allServed: Bool { served == demanded }
    }

    /// The days replayed, oldest first.
    package var days: [Day]

    /// The share of days on which no order was refused.
    package var achievedServiceLevel: Double {
        days.isEmpty ? 0 : Double(days.filter(\.allServed).count) / Double(days.count)
    }
    /// The share of the units asked for that were served.
    package var fillRate: Double {
        let demanded = days.reduce(0) { $0 + $1.demanded }
        return demanded > 0 ? Double(days.reduce(0) { $0 + $1.served }) / Double(demanded) : 1
    }
    /// The units of fruit that spoiled over the days replayed.
    package var waste: Int { days.reduce(0) { $0 + $1.wasted } }

    /// A replay of the days given.
    package init(days: [Day]) { self.days = days }

    /// Replays the last `orders.count` days of `series` (each juice's daily demand, menu order; the days to replay at
    /// its end): each day opens at the levels `planner` plans for it from the days before it only (fruit still good
    /// from earlier days counts, what spoils is waste), and the day's recorded orders (`orders[k]`, juice and count in
    /// time order) are served all or nothing.
    package init(
        series: [[Double]], orders: [[(juice: Int, count: Int)]], firstDay: CivilDate, planner: StockPlanner, objective: PlanObjective,
        choice: ModelChoice, scenarios: Int, seed: UInt64
    ) {
        let total = series.first?.count ?? 0
        let start = total - orders.count
        var replay = StockReplay(planner: planner)
        var days: [Day] = []
        let closed = planner.calendar.closedFlags(from: firstDay, count: total)
        for (offset, dayOrders) in orders.enumerated() {
            let day = start + offset
            // A day the calendar closes is not replayed: nothing was asked, nothing is planned.
            guard day >= 1, !planner.calendar.isClosed(firstDay.adding(days: day)) else { continue }
            var outlook = DemandOutlook(series: series.map { Array($0[..<day]) }, horizon: 1, choice: choice, closed: closed)
            outlook.apply(planner.calendar, from: firstDay.adding(days: day))
            let (levels, _) = planner.levels(outlook, objective: objective, scenarios: scenarios, seed: seed &+ UInt64(day))
            days.append(replay.serve(dayOrders, levels: levels, day: day, date: firstDay.adding(days: day)))
        }
        self.days = days
    }
}

/// Fruit on hand from day to day while days are replayed under planned levels: each fruit's lots, used first expired,
/// first out, each good through a day of the series.
struct StockReplay {
    /// The planner (menu and shelf lives).
    let planner: StockPlanner
    /// Each fruit's lots on hand, good through a series index.
    private var lots: [FirstExpiredFirstOut<Int>]

    /// Nothing on hand yet.
    init(planner: StockPlanner) {
        self.planner = planner
        lots = Array(repeating: FirstExpiredFirstOut(), count: planner.menu.fruits.count)
    }

    /// Day `day` (its index in the series) opened at `levels` (fruit still good from earlier days counts; what is
    /// short is bought), its recorded orders served all or nothing; what spoils at its end is waste.
    mutating func serve(_ dayOrders: [(juice: Int, count: Int)], levels: [Int], day: Int, date: CivilDate) -> PlanBacktest.Day {
        let menu = planner.menu
        let fruits = menu.fruits.count
        var opening = [Int](repeating: 0, count: fruits)
        for f in 0..<fruits {
            let held = lots[f].units
            if levels[f] > held { lots[f].add(levels[f] - held, lastDay: day + max(1, planner.shelfLives[f]) - 1) }
            opening[f] = max(levels[f], held)
        }
        let outcome = ServedOrders(dayOrders, from: opening, menu: menu)
        var wasted = 0
        for f in 0..<fruits {
            lots[f].take(opening[f] - outcome.left[f])
            wasted += lots[f].expire(through: day)
        }
        return PlanBacktest.Day(
            date: date, demanded: outcome.demanded, served: outcome.served, wasted: wasted, revenue: outcome.revenue, levels: levels)
    }
}
