/// A way to forecast one juice's daily demand.
package enum ForecastModel: String, Sendable, Hashable, CaseIterable, Codable {
    /// The same weekday last week.
    case seasonalNaive = "seasonal-naive"
    /// The mean of the last four same weekdays ("the last four Mondays").
    case window
    /// Simple exponential smoothing, its smoothing weight fitted to the history.
    case ses
    /// Holt-Winters with an additive weekly season (no trend term unless the history shows one), fitted.
    case holtWinters = "holt-winters"
    /// Croston's method for intermittent demand: sizes and intervals smoothed apart (weight 0.1).
    case croston
    /// Croston with the Syntetos–Boylan bias correction (× (1 − α/2)).
    case sba
    /// Teunter–Syntetos–Babai: the chance of a sale smoothed every day, sizes when there is one.
    case tsb

    /// The models for series that sell most days.
    package static let regular: [ForecastModel] = [.seasonalNaive, .window, .ses, .holtWinters]
    /// The models for intermittent series (many zero days).
    package static let intermittent: [ForecastModel] = [.croston, .sba, .tsb, .ses, .window]
}

/// A forecast of one series: the expected demand of each day ahead, with a prediction interval.
package struct Forecast: Sendable, Hashable {
    /// The model that made it.
    package var model: ForecastModel
    /// The expected demand of each day ahead.
    package var mean: [Double]
    /// The lower end of each day's interval (never below 0).
    package var lower: [Double]
    /// The upper end of each day's interval.
    package var upper: [Double]
    /// The standard deviation of one day's error the interval is built from.
    package var sigma: Double
}
