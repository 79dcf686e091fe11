/// How well forecasts matched what happened.
package struct Accuracy: Sendable, Hashable {
    /// Mean absolute scaled error: the mean absolute error over the mean absolute error the same-weekday-last-week
    /// forecast made in sample (on the days before the test); below 1 beats it. Nil when that scale is 0.
    package var mase: Double?
    /// Weighted absolute percentage error: Σ|error| / Σ actual. Nil when nothing was sold in the test days.
    package var wape: Double?
    /// The mean absolute error.
    package var mae: Double
    /// The number of days compared.
    package var days: Int
    /// What was sold over the days compared (the WAPE's denominator).
    package var sold: Double = 0
}

/// Rolling-origin evaluation: fit on the days before, forecast the next, move on, never look ahead.
package enum Backtest {
    /// The one-step forecasts of the last `days` days of `series` by `model`, each from the days before it only
    /// (`Forecaster.oneStep`), never below 0.
    package static func forecasts(_ series: [Double], model: ForecastModel, days: Int) -> [Double] {
        let days = min(max(0, days), series.count)
        return Forecaster.oneStep(series, model: model, from: series.count - days).map { max(0, $0) }
    }

    /// The one-step forecasts of the last `days` days refitting the model at every origin (the slow reference
    /// `forecasts` is tested against).
    static func refitForecasts(_ series: [Double], model: ForecastModel, days: Int) -> [Double] {
        let days = min(max(0, days), series.count)
        return ((series.count - days)..<series.count).map { origin in
            Forecaster.forecast(Array(series[..<origin]), model: model, horizon: 1).mean.first ?? 0
        }
    }

    /// The accuracy of `predicted` against the last `predicted.count` days of `series`, scaled by the in-sample error
    /// of the same-weekday-last-week forecast on the days before them. Days flagged in `closed` (one flag per day of
    /// `series`, or none) are left out of both: the calendar closed them, so their values are stand-ins, not sales.
    package static func accuracy(of predicted: [Double], against series: [Double], closed: [Bool] = []) -> Accuracy {
        func isOpen(_ day: Int) -> Bool { day >= closed.count || !closed[day] }
        let start = series.count - predicted.count
        var errors: [Double] = []
        var sold = 0.0
        for (offset, forecast) in predicted.enumerated() where isOpen(start + offset) {
            errors.append(abs(forecast - series[start + offset]))
            sold += series[start + offset]
        }
        let mae = errors.isEmpty ? 0 : errors.reduce(0, +) / Double(errors.count)
        let season = Forecaster.season
        var scaleSum = 0.0
        var scaleCount = 0
        if start > season {
            for index in season..<start where isOpen(index) && isOpen(index - season) {
                scaleSum += abs(series[index] - series[index - season])
                scaleCount += 1
            }
        }
        let scale = scaleCount == 0 ? 0 : scaleSum / Double(scaleCount)
        return Accuracy(
            mase: scale > 0 && !errors.isEmpty ? mae / scale : nil, wape: sold > 0 ? errors.reduce(0, +) / sold : nil, mae: mae,
            days: errors.count, sold: sold)
    }

    /// Whether `series` is intermittent: its average interval between days with a sale is at least 1.32 (or it has
    /// none).
    package static func isIntermittent(_ series: [Double]) -> Bool {
        let sales = series.count { $0 != 0 }
        return sales == 0 || Double(series.count) / Double(sales) >= 1.32
    }

    /// The model `auto` picks for `series`: among the regular or intermittent candidates, the one with the least mean
    /// absolute error over a rolling-origin backtest of the last `days` days (up to a quarter of the history, at least
    /// one week kept to fit on); with too little history, the window average. Days flagged in `closed` are not judged.
    package static func bestModel(for series: [Double], days: Int = 28, closed: [Bool] = []) -> ForecastModel {
        let candidates = isIntermittent(series) ? ForecastModel.intermittent : ForecastModel.regular
        let testDays = min(days, max(0, series.count - 2 * Forecaster.season), series.count / 4)
        guard testDays >= 3 else { return isIntermittent(series) ? .sba : .window }
        var best: (model: ForecastModel, error: Double)?
        for model in candidates {
            let error = accuracy(of: forecasts(series, model: model, days: testDays), against: series, closed: closed).mae
            if error < (best?.error ?? .infinity) - 1e-12 { best = (model, error) }
        }
        return best?.model ?? .window
    }
}
