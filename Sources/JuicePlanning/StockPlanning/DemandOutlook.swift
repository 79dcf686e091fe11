import JuiceCore

/// The demand a plan draws its scenarios from: one `JuiceDemandModel` per juice of the menu, for the days ahead.
package struct DemandOutlook: Sendable {
    /// The days ahead.
    package var horizon: Int
    /// Each juice's demand, in menu order.
    package var juices: [JuiceDemandModel]
    /// The forecasting model behind each juice's expected demand (nil where the caller gave the demand directly).
    package var models: [ForecastModel?]
    /// Whether the juices' past errors are drawn day by day together: when every juice is spread by its errors on
    /// the same past days (the k-th error of each from the same day), a scenario takes one past day's errors for
    /// every juice at once (and for a horizon of several days, that many consecutive past days), so that busy and
    /// quiet days, shared by every juice, and their tails come along; and the levels cover the share of those past
    /// days that conformal prediction asks for, ⌈(n + 1)·P⌉ of n. False: each juice's error is drawn on its own.
    package var jointErrors: Bool
    /// How many times a usual day's demand each day ahead is expected to see: 0 on a day the shop is closed, an
    /// event's factor, else 1 (`apply(_:from:)`; empty: 1 every day).
    package var dayFactors: [Double] = []

    /// The most recent days whose one-step errors spread a juice's demand.
    package static let errorDays = 182
    /// The fewest one-step errors worth drawing from; with fewer, demand is drawn as counts around the forecast.
    package static let fewestErrors = 14
    /// The days of history before the first one-step error counted, so that every model has something to go on.
    static let warmUp = 7

    /// An outlook from demand given directly (for example a normal demand with known mean and deviation).
    package init(juices: [JuiceDemandModel], horizon: Int) {
        self.horizon = horizon
        self.juices = juices
        models = Array(repeating: nil, count: juices.count)
        jointErrors = false
    }

    /// The outlook of each juice's daily demand `series` (menu order) for `horizon` days: the forecast of the model
    /// `choice` picks, spread by that model's one-step errors on the last `errorDays` days (each forecast from the days
    /// before it only), drawn day by day for every juice at once (`jointErrors`); with fewer than `fewestErrors` such
    /// days, by counts with the model's error variance. Days flagged in `closed` (the calendar's, one flag per day of
    /// the series, or none) give no error: what stands in for them was never asked.
    package init(series: [[Double]], horizon: Int, choice: ModelChoice, closed: [Bool] = []) {
        self.horizon = horizon
        let results = ParallelWork.map(series.count) { index in Self.juice(series[index], horizon: horizon, choice: choice, closed: closed) }
        juices = results.map(\.0)
        models = results.map(\.1)
        jointErrors = true
    }

    /// Reads the days ahead, starting at `firstDay`, through `calendar` (see `dayFactors`).
    package mutating func apply(_ calendar: ShopCalendar, from firstDay: CivilDate) {
        guard !calendar.isEmpty else { return }
        dayFactors = (0..<horizon).map { day in
            let date = firstDay.adding(days: day)
            return calendar.isClosed(date) ? 0 : calendar.factor(on: date)
        }
    }

    /// The number of past days whose errors are drawn together (see `jointErrors`): 0 unless it is set and every
    /// juice is spread by as many past errors, at least one.
    package var jointDays: Int {
        guard jointErrors, let first = juices.first, case .pastErrors(let errors) = first.spread, !errors.isEmpty else { return 0 }
        for juice in juices {
            guard case .pastErrors(let other) = juice.spread, other.count == errors.count else { return 0 }
        }
        return errors.count
    }

    /// One juice's demand model from its daily series.
    static func juice(_ series: [Double], horizon: Int, choice: ModelChoice, closed: [Bool] = []) -> (JuiceDemandModel, ForecastModel) {
        let model: ForecastModel
        switch choice {
        case .auto: model = Backtest.bestModel(for: series, closed: closed)
        case .model(let chosen): model = chosen
        }
        let forecast = Forecaster.forecast(series, model: model, horizon: horizon)
        let start = max(warmUp, series.count - errorDays)
        func isOpen(_ day: Int) -> Bool { day >= closed.count || !closed[day] }
        guard (start..<max(start, series.count)).count(where: isOpen) >= fewestErrors else {
            let variance = forecast.sigma * forecast.sigma
            return (JuiceDemandModel(expected: forecast.mean, spread: .counts(variance: variance)), model)
        }
        let guesses = Forecaster.oneStep(series, model: model, from: start)
        let errors = zip(start..., guesses).filter { isOpen($0.0) }.map { series[$0.0] - $0.1 }
        return (JuiceDemandModel(expected: forecast.mean, spread: .pastErrors(errors)), model)
    }
}
