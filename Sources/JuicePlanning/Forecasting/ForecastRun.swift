import JuiceCore
import JuiceRecipes

/// Which model `juice forecast` uses: one for every juice, or `auto`, each juice's best by backtest.
package enum ModelChoice: Sendable, Hashable {
    /// Each juice's best model by a rolling-origin backtest.
    case auto
    /// This model for every juice.
    case model(ForecastModel)

    /// The choice written `text` (`auto` or a model's name), or nil.
    package init?(_ text: String) {
        if text == "auto" {
            self = .auto
        } else if let model = ForecastModel(rawValue: text) {
            self = .model(model)
        } else {
            return nil
        }
    }
}

/// One juice's forecast, with its backtest when one was asked for.
package struct JuiceForecast: Sendable {
    /// The juice.
    package var juice: Juice
    /// The forecast.
    package var forecast: Forecast
    /// The backtest of the model used, over the last days of the history.
    package var accuracy: Accuracy?
    /// The demand over the history (served and refused).
    package var history: [Double]
}

/// Forecasts of every juice of a menu from its daily demand.
package struct ForecastRun: Sendable {
    /// The first day forecast (the day after the history).
    package var firstDay: CivilDate
    /// The days of history used.
    package var historyDays: Int
    /// The probability each interval holds.
    package var level: Double
    /// Each juice's forecast, in menu order.
    package var juices: [JuiceForecast]
    /// The days forecast that the calendar closes (forecast 0) or gives an event (times its factor).
    package var calendarDays: CalendarDays

    /// Forecasts `horizon` days of each of `book`'s juices from `demand` (numbered as the book orders its juices).
    package init(book: RecipeBook, demand: DailyDemand, horizon: Int, choice: ModelChoice, level: Double, backtestDays: Int?) {
        let start = demand.firstDay ?? CivilDate(dayNumber: 0)
        firstDay = start.adding(days: demand.dayCount)
        historyDays = demand.dayCount
        self.level = level
        let results = ParallelForecasts.run(
            demand.demand, choice: choice, horizon: horizon, level: level, backtestDays: backtestDays, closed: demand.closed)
        let firstDay = firstDay
        calendarDays = CalendarDays(book.calendar, from: firstDay, count: max(0, horizon))
        juices = book.juices.enumerated().map { index, juice in
            var forecast = results[index].forecast
            // A usual day's forecast, times the calendar's factor: nothing on a day the shop is closed.
            if !book.calendar.isEmpty {
                for day in forecast.mean.indices {
                    let date = firstDay.adding(days: day)
                    let factor = book.calendar.isClosed(date) ? 0 : book.calendar.factor(on: date)
                    forecast.mean[day] *= factor
                    forecast.lower[day] *= factor
                    forecast.upper[day] *= factor
                }
            }
            return JuiceForecast(juice: juice, forecast: forecast, accuracy: results[index].accuracy, history: demand.demand[index])
        }
    }

    /// The accuracy over every juice: WAPE over all errors and sales, MASE the mean of the juices' (where defined).
    package var overall: Accuracy? {
        let measured = juices.compactMap { $0.accuracy.map { ($0, $0.days) } }
        guard !measured.isEmpty else { return nil }
        let mases = measured.compactMap(\.0.mase)
        var errors = 0.0
        var sold = 0.0
        for juice in juices {
            guard let accuracy = juice.accuracy else { continue }
            errors += accuracy.mae * Double(accuracy.days)
            sold += accuracy.sold
        }
        let days = measured.map(\.1).max() ?? 0
        return Accuracy(
            mase: mases.isEmpty ? nil : mases.reduce(0, +) / Double(mases.count), wape: sold > 0 ? errors / sold : nil,
            mae: errors / Double(max(1, measured.map(\.1).reduce(0, +))), days: days)
    }
}
