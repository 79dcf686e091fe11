import JuiceCore
import JuiceShop

/// How a plan is made from the sales history: what it aims for, the days it covers, the scenarios, the seed and the
/// forecasting model.
package struct SalesPlanSettings: Sendable, Hashable {
    /// What the plan aims for.
    package var objective: PlanObjective
    /// The days the stock must last.
    package var horizon: Int
    /// The scenarios drawn.
    package var scenarios: Int
    /// The seed of the scenarios.
    package var seed: UInt64
    /// The forecasting model (or each juice's best).
    package var choice: ModelChoice

    /// Settings; the defaults are `juice plan`'s.
    package init(objective: PlanObjective, horizon: Int = 1, scenarios: Int = 10_000, seed: UInt64 = 1, choice: ModelChoice = .auto) {
        self.objective = objective
        self.horizon = horizon
        self.scenarios = scenarios
        self.seed = seed
        self.choice = choice
    }
}

/// The plan from a shop's sales, the one path from history to a purchase list that `juice plan --service-level` and
/// the server's `GET /api/plan` both take: sales records → daily demand per juice → the demand outlook → the plan.
package enum SalesPlanning {
    /// The plan for the days after `demand`'s last day, from `onHand` (menu order); nil when `demand` has no day.
    package static func plan(_ demand: DailyDemand, planner: StockPlanner, settings: SalesPlanSettings, onHand: [Int]) -> StockPlanReport? {
        guard demand.dayCount > 0, let firstDay = demand.firstDay else { return nil }
        var outlook = DemandOutlook(series: demand.demand, horizon: settings.horizon, choice: settings.choice, closed: demand.closed)
        outlook.apply(planner.calendar, from: firstDay.adding(days: demand.dayCount))
        let plan = planner.plan(outlook, objective: settings.objective, onHand: onHand, scenarios: settings.scenarios, seed: settings.seed)
        return StockPlanReport(plan: plan, firstDay: firstDay.adding(days: demand.dayCount), historyDays: demand.dayCount)
    }

    /// The plan from `records` (a shop's sales, `ShopSales`) for `book`'s menu, from `onHand` (menu order); nil when
    /// no record names a juice of the menu. Records of juices the menu no longer has are left out: a juice taken off
    /// the menu has no demand to plan for.
    package static func plan(records: some Sequence<SaleRecord>, book: RecipeBook, settings: SalesPlanSettings, onHand: [Int]) -> StockPlanReport? {
        plan(records: records, book: book, settings: settings, onHand: onHand, lots: nil)
    }

    /// The plan from `records` as `plan(records:book:settings:onHand:)` makes it and, given the shop's `lots` (with
    /// fruit left) and when the recipe files say where fruit is bought, each supplier's next order placed at `now`
    /// (nil: the opening of the plan's first day), counting what the open purchase orders `onOrder` bring.
    package static func plan(
        records: some Sequence<SaleRecord>, book: RecipeBook, settings: SalesPlanSettings, onHand: [Int], lots: [Lot]?,
        onOrder: [PurchaseOrder] = [], now: ShopMoment? = nil
    ) -> StockPlanReport? {
        var tally = DemandTally(book: book, file: "")
        for record in records { tally.add(record) }
        let demand = tally.finish()
        let planner = StockPlanner(book: book)
        guard let lots else { return plan(demand, planner: planner, settings: settings, onHand: onHand) }
        return plan(demand, planner: planner, settings: settings, onHand: onHand, lots: lots, onOrder: onOrder, now: now)
    }

    /// The plan for the days after `demand`'s last day from `onHand` (menu order) and, when `planner`'s book says where
    /// fruit is bought, each supplier's next order placed at `now`, counting the `lots` (what spoils first goes first)
    /// and what the open purchase orders `onOrder` bring; nil when `demand` has no day. What `juice plan` and the staff
    /// panel both plan with.
    package static func plan(
        _ demand: DailyDemand, planner: StockPlanner, settings: SalesPlanSettings, onHand: [Int], lots: [Lot], onOrder: [PurchaseOrder],
        now: ShopMoment?
    ) -> StockPlanReport? {
        guard var report = plan(demand, planner: planner, settings: settings, onHand: onHand) else { return nil }
        let stock = StockBatch.batches(
            book: planner.menu.book, onHand: onHand, lots: lots, firstDay: report.firstDay,
            onOrder: StockBatch.onOrder(onOrder, firstDay: report.firstDay))
        report.purchases = purchases(demand, planner: planner, settings: settings, stock: stock, now: now)
        return report
    }

    /// Whether the plan kept its promise lately: the last `days` whole days before `today` (fewer when the sales do
    /// not reach back so far) replayed as `juice plan --backtest` does, each day stocked at the level planned from the
    /// days before it and its recorded orders served again (refusals count as demand); nil when there is no whole day
    /// to replay. What the staff panel shows beside the target.
    package static func recentPromise(
        records: some Sequence<SaleRecord>, book: RecipeBook, settings: SalesPlanSettings, before today: CivilDate, days: Int = 56
    ) -> PlanBacktest? {
        var tally = DemandTally(book: book, file: "")
        var recent = RecentOrders(days: days)
        for record in records where record.time.date < today {
            if let juice = tally.add(record) { recent.add(record, juice: juice) }
        }
        let demand = tally.finish(to: today.adding(days: -1))
        guard demand.dayCount > 1, let firstDay = demand.firstDay else { return nil }
        let replayed = min(days, demand.dayCount - 1)
        let orders = recent.byDay(from: firstDay.dayNumber + demand.dayCount - replayed, count: replayed)
        return PlanBacktest(
            series: demand.demand, orders: orders, firstDay: firstDay, planner: StockPlanner(book: book), objective: settings.objective,
            choice: settings.choice, scenarios: settings.scenarios, seed: settings.seed)
    }

}

extension SalesPlanning {
    /// Each supplier's next order after `demand`'s last day, planned as `settings` asks from the stock on hand and on
    /// order (`stock`, per menu fruit) at `now` (nil, or a day other than the plan's first or the one
    /// before: at the start of the plan's first day); nil when no
    /// fruit of `planner`'s book has a supplier, or `demand` has no day.
    package static func purchases(
        _ demand: DailyDemand, planner: StockPlanner, settings: SalesPlanSettings, stock: [[StockBatch]], now: ShopMoment? = nil
    ) -> PurchasePlan? {
        guard demand.dayCount > 0, let historyStart = demand.firstDay, let purchaser = PurchasePlanner(book: planner.menu.book, planner: planner)
        else { return nil }
        let firstDay = historyStart.adding(days: demand.dayCount)
        // Placed now when now is the day before the plan's first day or that day; for a history that ends earlier (or
        // later), at the opening of its first day.
        let placed =
            now.flatMap { $0.date == firstDay || $0.date == firstDay.adding(days: -1) ? $0 : nil } ?? ShopMoment(date: firstDay, minuteOfDay: 0)
        let windows = purchaser.windows(at: placed, firstDay: firstDay)
        var outlook = DemandOutlook(
            series: demand.demand, horizon: purchaser.days(for: windows, from: firstDay), choice: settings.choice, closed: demand.closed)
        outlook.apply(planner.calendar, from: firstDay)
        return purchaser.plan(
            outlook, windows: windows, firstDay: firstDay, stock: stock, objective: settings.objective, scenarios: settings.scenarios,
            seed: settings.seed)
    }
}
