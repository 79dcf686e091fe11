/// Many series forecast at once, on every core.
package enum ParallelForecasts {
    /// Each series' forecast of `horizon` days by `choice` (each its best model for `auto`), with its backtest over the
    /// last `backtestDays` days when asked, computed on every core; results in the order of `series`. Days flagged
    /// in `closed` (one flag per day, or none: the calendar's, `DailyDemand.closed`) are not judged in backtests.
    package static func run(
        _ series: [[Double]], choice: ModelChoice, horizon: Int, level: Double, backtestDays: Int?, closed: [Bool] = []
    ) -> [(forecast: Forecast, accuracy: Accuracy?)] {
        ParallelWork.map(series.count) { index in
            let values = series[index]
            let model: ForecastModel
            switch choice {
            case .auto: model = Backtest.bestModel(for: values, closed: closed)
            case .model(let chosen): model = chosen
            }
            let accuracy = backtestDays.map { days in
                Backtest.accuracy(of: Backtest.forecasts(values, model: model, days: min(days, values.count)), against: values, closed: closed)
            }
            return (Forecaster.forecast(values, model: model, horizon: horizon, level: level), accuracy)
        }
    }
}
