import JuiceCore
import JuicePlanning

/// What a plan of the days ahead is asked for: the settings, the days of history counted, the replays and the time
/// purchase orders are placed.
package struct StockPlanRequest: Sendable, Hashable {
    /// The objective, horizon, scenarios, seed and model.
    package var settings: SalesPlanSettings
    /// The first day of history counted, if bounded.
    package var firstDay: CivilDate?
    /// The last day of history counted, if bounded.
    package var lastDay: CivilDate?
    /// Replay the last this many days, each planned from the days before it (with suppliers, as they deliver).
    package var backtestDays: Int?
    /// With the replay: once for each target from 50% to 99% (a reliability table).
    package var calibration: Bool
    /// Whether purchase orders were asked for (the report says so when no fruit has a supplier).
    package var purchasesAsked: Bool
    /// When the purchase orders are placed (nil: at the opening of the plan's first day).
    package var orderTime: ShopMoment?
    /// Whether `orderTime` was given by the user (rather than the shop's clock): a given time outside the plan's
    /// first day and the day before is noted.
    package var orderTimeGiven: Bool

    /// A request with `settings`; the rest as `juice plan` has them without options.
    package init(
        settings: SalesPlanSettings, firstDay: CivilDate? = nil, lastDay: CivilDate? = nil, backtestDays: Int? = nil,
        calibration: Bool = false, purchasesAsked: Bool = false, orderTime: ShopMoment? = nil, orderTimeGiven: Bool = false
    ) {
        self.settings = settings
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.backtestDays = backtestDays
        self.calibration = calibration
        self.purchasesAsked = purchasesAsked
        self.orderTime = orderTime
        self.orderTimeGiven = orderTimeGiven
    }
}

/// A plan of the days ahead, with what the person asking should know of it.
package struct StockPlanOutcome: Sendable {
    /// What was planned (and replayed).
    package var report: StockPlanReport
    /// A given order time that was not used: it is neither the plan's first day nor the day before (the orders are
    /// planned as placed at the opening of the first day).
    package var unusedOrderTime: CivilDate?
}
