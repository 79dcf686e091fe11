import JuiceCore
import JuiceRecipes

/// Which model `juice forecast` uses: one for every juice, or `auto`, each juice's best by backtest.
public enum ModelChoice: Sendable, Hashable {
    /// Each juice's best model by a rolling-origin backtest.
    case auto
    /// This model for every juice.
    case model(ForecastModel)

    /// The choice written `text` (`auto` or a model's name), or nil.
    public init?(_ text: String) {
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
public struct JuiceForecast: Sendable {
    /// The juice.
    public var juice: Juice
    /// The forecast.
    public var forecast: Forecast
    /// The backtest of the model used, over the last days of the history.
    public var accuracy: Accuracy?
    /// The demand over the history (served and refused).
    public var history: [Double]
}

/// Forecasts of every juice of a menu from its daily demand.
public struct ForecastRun: Sendable {
    /// The first day forecast (the day after the history).
    public var firstDay: CivilDate
    /// The days of history used.
    public var historyDays: Int
    /// The probability each interval holds.
    public var level: Double
    /// Each juice's forecast, in menu order.
    public var juices: [JuiceForecast]

    /// Forecasts `horizon` days of each of `book`'s juices from `demand` (numbered as the book orders its juices).
    public init(book: RecipeBook, demand: DailyDemand, horizon: Int, choice: ModelChoice, level: Double, backtestDays: Int?) {
        let start = demand.firstDay ?? CivilDate(dayNumber: 0)
        firstDay = start.adding(days: demand.dayCount)
        historyDays = demand.dayCount
        self.level = level
        juices = book.juices.enumerated().map { index, juice in
            let series = demand.demand[index]
            let model: ForecastModel
            switch choice {
            case .auto: model = Backtest.bestModel(for: series)
            case .model(let chosen): model = chosen
            }
            let accuracy = backtestDays.map { days in
                Backtest.accuracy(of: Backtest.forecasts(series, model: model, days: min(days, series.count)), against: series)
            }
            return JuiceForecast(
                juice: juice, forecast: Forecaster.forecast(series, model: model, horizon: horizon, level: level), accuracy: accuracy,
                history: series)
        }
    }

    /// The accuracy over every juice: WAPE over all errors and sales, MASE the mean of the juices' (where defined).
    public var overall: Accuracy? {
        let measured = juices.compactMap { $0.accuracy.map { ($0, $0.days) } }
        guard !measured.isEmpty else { return nil }
        let mases = measured.compactMap(\.0.mase)
        var errors = 0.0
        var sold = 0.0
        for juice in juices {
            guard let accuracy = juice.accuracy else { continue }
            errors += accuracy.mae * Double(accuracy.days)
            sold += juice.history.suffix(accuracy.days).reduce(0, +)
        }
        let days = measured.map(\.1).max() ?? 0
        return Accuracy(
            mase: mases.isEmpty ? nil : mases.reduce(0, +) / Double(mases.count), wape: sold > 0 ? errors / sold : nil,
            mae: errors / Double(max(1, measured.map(\.1).reduce(0, +))), days: days)
    }
}
