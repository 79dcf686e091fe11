import JuiceCore
import JuicePlanning
import JuiceShop

/// One method for each thing planners ask of the shop's sales, over the recipes: a forecast of each juice's demand
/// and a plan of the stock for the days ahead (with each supplier's next order and the replays that check its
/// promise). The command line and the server read what the sales and the stock are from, call one of these and show
/// what it answers. The computing runs on the process's own threads (`ComputeThreads`), never on Swift concurrency's
/// cooperative pool, so a server or an editor calling these keeps answering meanwhile.
package struct PlanningActions: Sendable {
    /// The recipes the sales are read through.
    package let book: RecipeBook

    /// The actions for `book`.
    package init(book: RecipeBook) {
        self.book = book
    }

    /// Each juice's daily demand for the `horizon` days after the sales of `sales` (from `first` to `last` where
    /// given), with intervals holding `level`, by `choice`'s model, and the replay of the last `backtestDays`.
    package func forecast(
        from sales: SalesSource, first: CivilDate? = nil, last: CivilDate? = nil, horizon: Int, choice: ModelChoice, level: Double,
        backtestDays: Int?
    ) async throws(PlanningFailure) -> ForecastRun {
        let (demand, _) = try await sales.demand(of: book, from: first, to: last)
        guard demand.dayCount > 0 else { throw .noSales(source: sales.name) }
        return await ComputeThreads.run { [book] in
            ForecastRun(book: book, demand: demand, horizon: horizon, choice: choice, level: level, backtestDays: backtestDays)
        }
    }

    /// The sales a plan of the days ahead is made from, read from `sales` as `request` asks (the days counted, and the
    /// orders of the days a replay needs); throws when there is no day of sales, or when the profit objective lacks a
    /// fruit's cost or a juice's price. Read before the stock, so that a history's problems are said first.
    package func history(for request: StockPlanRequest, from sales: SalesSource) async throws(PlanningFailure) -> PlanningHistory {
        // With suppliers, the backtest replays a warm-up before its days (each way of ordering fills its own shelves).
        let buys = PurchasePlanner.buysFromSuppliers(book)
        let recentDays = request.backtestDays.map { $0 + (buys ? PurchaseBacktest.warmUp : 0) } ?? 0
        let (demand, recent) = try await sales.demand(of: book, from: request.firstDay, to: request.lastDay, recentDays: recentDays)
        guard demand.dayCount > 0 else { throw .noSales(source: sales.name) }
        if case .profit = request.settings.objective {
            let fruits = book.fruits.filter { $0.cost == nil }.map(\.id)
            let juices = book.juices.filter { $0.price == nil }.map(\.id)
            guard fruits.isEmpty, juices.isEmpty else { throw .profitNeedsCosts(fruits: fruits, juices: juices) }
        }
        return PlanningHistory(demand: demand, recent: recent, source: sales.name)
    }

    /// The stock to hold for the days after `history`, as `request` asks, from `stock`: with suppliers also each
    /// supplier's next order placed at the request's order time, and the replays asked for.
    package func planStock(
        _ request: StockPlanRequest, history: PlanningHistory, stock: StartingStock
    ) async throws(PlanningFailure) -> StockPlanOutcome {
        let outcome = await ComputeThreads.run { [book] in
            Self.plan(request, book: book, demand: history.demand, recent: history.recent, stock: stock)
        }
        guard let outcome else { throw .noSales(source: history.source) }
        return outcome
    }

    /// The plan `planStock` makes from `demand` and the `recent` orders; nil when `demand` has no day.
    private static func plan(
        _ request: StockPlanRequest, book: RecipeBook, demand: DailyDemand, recent: RecentOrders, stock: StartingStock
    ) -> StockPlanOutcome? {
        let settings = request.settings
        let planner = StockPlanner(book: book)
        guard let historyStart = demand.firstDay,
            let report = SalesPlanning.plan(
                demand, planner: planner, settings: settings, onHand: stock.onHand, lots: stock.lots, onOrder: stock.onOrder,
                now: request.orderTime)
        else { return nil }
        var outcome = StockPlanOutcome(report: report)
        if request.orderTimeGiven, let given = request.orderTime?.date, report.purchases != nil, given != report.firstDay,
            given != report.firstDay.adding(days: -1)
        {
            outcome.unusedOrderTime = given
        }
        outcome.report.purchasesWithoutSuppliers = request.purchasesAsked && report.purchases == nil
        if let days = request.backtestDays {
            outcome.report.replay(days, of: demand, recent: recent, from: historyStart, book: book, planner: planner, request: request)
        }
        return outcome
    }
}

/// The sales a plan of the days ahead is made from (`PlanningActions.history(for:from:)`).
package struct PlanningHistory: Sendable {
    /// Each juice's daily demand over the days counted.
    package var demand: DailyDemand
    /// The orders of the last days, for the replays.
    package var recent: RecentOrders
    /// What messages name: the file, or the state.
    package var source: String
}

extension StockPlanReport {
    /// Replays the last `days` days of `demand` (fewer when the history is shorter), each planned from the days
    /// before it: with suppliers, with their order days, lead times, packs and shelf lives beside the rules of thumb;
    /// with `request.calibration`, once for each target too.
    fileprivate mutating func replay(
        _ days: Int, of demand: DailyDemand, recent: RecentOrders, from firstDay: CivilDate, book: RecipeBook, planner: StockPlanner,
        request: StockPlanRequest
    ) {
        let settings = request.settings
        let replayed = min(days, demand.dayCount - 1)
        let start = demand.dayCount - replayed
        if let purchaser = PurchasePlanner(book: book) {
            let withWarmUp = min(demand.dayCount - 1, replayed + PurchaseBacktest.warmUp)
            purchaseBacktest = PurchaseBacktest(
                series: demand.demand, orders: recent.byDay(from: firstDay.dayNumber + demand.dayCount - withWarmUp, count: withWarmUp),
                scored: replayed, firstDay: firstDay, purchaser: purchaser, objective: settings.objective, choice: settings.choice,
                scenarios: settings.scenarios, seed: settings.seed)
        } else {
            backtest = PlanBacktest(
                series: demand.demand, orders: recent.byDay(from: firstDay.dayNumber + start, count: replayed), firstDay: firstDay,
                planner: planner, objective: settings.objective, choice: settings.choice, scenarios: settings.scenarios, seed: settings.seed)
        }
        if request.calibration {
            calibration = PlanCalibration(
                series: demand.demand, orders: recent.byDay(from: firstDay.dayNumber + start, count: replayed), firstDay: firstDay,
                planner: planner, choice: settings.choice, scenarios: settings.scenarios, seed: settings.seed)
        }
    }
}

extension PlanningActions {
    /// What sold and what was refused in `sales` from `first` to `last` (where given), grouped by `grouping`, with
    /// revenue and fruit used; the records of juices the menu does not have are the history's problems.
    package func salesReport(
        from sales: SalesSource, grouping: ReportGrouping, first: CivilDate? = nil, last: CivilDate? = nil
    ) async throws(PlanningFailure) -> SalesReport {
        var juices = HistoryJuices(book: book, file: sales.name)
        var report = SalesReport(book: book, grouping: grouping)
        try await sales.read(checking: { juices.errors }) { record in
            guard let juice = juices.position(of: record) else { return }
            if let first, record.time.date < first { return }
            if let last, record.time.date > last { return }
            report.add(juiceAt: juice, count: record.count, result: record.result, at: record.time)
        }
        report.finish()
        return report
    }

    /// What came, went, was thrown away and was counted of the shop's fruits from `first` to `last` (where given),
    /// from its journal; nil for a history file, which has no deliveries, waste or counts.
    package func stockFlow(from sales: SalesSource, first: CivilDate? = nil, last: CivilDate? = nil) async throws(PlanningFailure) -> StockFlow? {
        guard case .shop(let store, _) = sales else { return nil }
        do {
            let entries = try await store.history(limit: nil)
            let snapshot = try await store.snapshot(book: book)
            let current = snapshot.inventory.counts.merging(snapshot.orphans) { book, _ in book }
            return StockFlow(entries: entries, current: current, book: book, from: first, to: last)
        } catch {
            throw .shop(error)
        }
    }
}
