import JuiceCore

/// Whether a plan keeps its promise: the last days of a history replayed once for each of several service levels,
/// each day planned from the days before it only, with the share of days on which no order was refused beside the
/// target (a reliability table, `juice plan --backtest DAYS --calibration`).
package struct PlanCalibration: Sendable {
    /// One target's replay.
    package struct Row: Sendable {
        /// The service level planned for.
        package var target: Double
        /// The days replayed under the levels planned for it.
        package var backtest: PlanBacktest
        /// The share of days with no refusal, with its 95 % Wilson interval (days as trials).
        package var achieved: ScenarioEstimate {
            ScenarioEstimate(successes: backtest.days.filter(\.allServed).count, trials: backtest.days.count)
        }
    }

    /// The targets of the table: 0.50 to 0.99.
    package static let targets = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99]

    /// One row per target, in the order asked.
    package var rows: [Row]

    /// Replays the last `orders.count` days of `series` (each juice's daily demand, menu order) once per target: each
    /// day's outlook (from the days before it only) is made once and drawn once for every target, then each target's
    /// levels serve the day's recorded orders (`orders[k]`, juice and count in time order) with its own fruit on hand.
    package init(
        series: [[Double]], orders: [[(juice: Int, count: Int)]], firstDay: CivilDate, planner: StockPlanner, targets: [Double] = targets,
        choice: ModelChoice, scenarios: Int, seed: UInt64
    ) {
        let start = (series.first?.count ?? 0) - orders.count
        let closed = planner.calendar.closedFlags(from: firstDay, count: series.first?.count ?? 0)
        self.init(
            days: start..<(start + orders.count), orders: orders, firstDay: firstDay, planner: planner, targets: targets, scenarios: scenarios,
            seed: seed
        ) { day in
            var outlook = DemandOutlook(series: series.map { Array($0[..<day]) }, horizon: 1, choice: choice, closed: closed)
            outlook.apply(planner.calendar, from: firstDay.adding(days: day))
            return outlook
        }
    }

    /// Replays the days `days` (indices from `firstDay`) once per target, each planned from `outlook(day)` (the
    /// demand expected that day, as a plan made the evening before sees it), serving `orders[k]` on day
    /// `days.lowerBound + k`. Day 0, with nothing before it, is left out.
    package init(
        days: Range<Int>, orders: [[(juice: Int, count: Int)]], firstDay: CivilDate, planner: StockPlanner, targets: [Double], scenarios: Int,
        seed: UInt64, outlook: (Int) -> DemandOutlook
    ) {
        var replays = targets.map { _ in StockReplay(planner: planner) }
        var replayed = targets.map { _ in [PlanBacktest.Day]() }
        // Days the calendar closes are not replayed.
        for (offset, day) in days.enumerated() where day >= 1 && offset < orders.count && !planner.calendar.isClosed(firstDay.adding(days: day)) {
            let plans = planner.serviceLevels(outlook(day), targets: targets, scenarios: scenarios, seed: seed &+ UInt64(day))
            for index in targets.indices {
                replayed[index].append(replays[index].serve(orders[offset], levels: plans[index].levels, day: day, date: firstDay.adding(days: day)))
            }
        }
        rows = targets.indices.map { Row(target: targets[$0], backtest: PlanBacktest(days: replayed[$0])) }
    }
}
