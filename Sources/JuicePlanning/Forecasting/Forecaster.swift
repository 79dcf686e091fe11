/// Fits a model to one daily series and forecasts the days after it.
package enum Forecaster {
    /// The season: a week of days.
    package static let season = 7
    /// The weight Croston, SBA and TSB smooth with (the value R's `forecast::croston` defaults to).
    package static let intermittentAlpha = 0.1

    /// The forecast of the `horizon` days after `series` by `model`, with intervals holding each day's demand with
    /// probability `level` (normal errors, from the model's one-step errors on the history).
    package static func forecast(_ series: [Double], model: ForecastModel, horizon: Int, level: Double = 0.8) -> Forecast {
        let horizon = max(0, horizon)
        let fit = fit(series, model: model)
        let mean = (0..<horizon).map { max(0, fit.point($0 + 1)) }
        let z = NormalDistribution.quantile((1 + min(max(level, 0), 0.999_999)) / 2)
        let spreads = (0..<horizon).map { fit.sigma * fit.growth($0 + 1) }
        return Forecast(
            model: model, mean: mean, lower: zip(mean, spreads).map { max(0, $0 - z * $1) },
            upper: zip(mean, spreads).map { $0 + z * $1 }, sigma: fit.sigma)
    }

    /// A fitted model: the forecast `h` days ahead, the one-step error's spread, and how it grows with `h`; and the
    /// one-step forecast of each day of the history (nil where the model had nothing yet).
    struct Fit {
        var point: (Int) -> Double
        var sigma: Double
        var growth: (Int) -> Double
        var fitted: [Double?] = []
    }

    /// The one-step forecast of each day `start…` of `series` from the days before it only: what refitting at every
    /// origin gives, except that SES and Holt-Winters fit their weights once, on the days before `start`, and roll
    /// their state forward (one pass instead of one fit per day).
    package static func oneStep(_ series: [Double], model: ForecastModel, from start: Int) -> [Double] {
        let y = series
        let n = y.count
        let start = min(max(0, start), n)
        guard start < n else { return [] }
        switch model {
        case .seasonalNaive:
            return (start..<n).map { t in t >= season ? y[t - season] : (t > 0 ? y[t - 1] : 0) }
        case .window:
            var sum = y[..<start].reduce(0, +)
            return (start..<n).map { t in
                defer { sum += y[t] }
                return windowMean(y, before: t, day: t) ?? (t > 0 ? sum / Double(t) : 0)
            }
        case .ses:
            guard start > 0 else { return [0] + oneStep(y, model: .ses, from: 1) }
            let fitted = Smoothing.ses(y, alpha: Smoothing.fittedAlphaInLanes(Array(y[..<start]))).fitted
            return Array(fitted[start...])
        case .holtWinters:
            return HoltWinters.oneStep(y, from: start) ?? oneStep(y, model: .ses, from: start)
        case .croston, .sba, .tsb:
            let fit = model == .tsb ? tsb(y) : croston(y, biasCorrected: model == .sba)
            return fit.fitted.count == n ? fit.fitted[start...].map { $0 ?? 0 } : Array(repeating: 0, count: n - start)
        }
    }

    /// The mean of the last four days of `y` before `end` that fall on the weekday of day `day` (at or after `end`):
    /// "the last four Mondays"; nil when there is none.
    static func windowMean(_ y: [Double], before end: Int, day: Int) -> Double? {
        var index = day - season * ((day - end) / season + 1)
        var sum = 0.0
        var count = 0
        while index >= 0, count < 4 {
            sum += y[index]
            count += 1
            index -= season
        }
        return count > 0 ? sum / Double(count) : nil
    }

    /// The spread of the one-step errors `actual − fitted` (fitted nil where the model had nothing yet).
    static func sigma(_ series: [Double], _ fitted: [Double?]) -> Double {
        var sum = 0.0
        var count = 0
        for (value, guess) in zip(series, fitted) {
            guard let guess else { continue }
            sum += (value - guess) * (value - guess)
            count += 1
        }
        return count == 0 ? 0 : (sum / Double(count)).squareRoot()
    }

    static func fit(_ y: [Double], model: ForecastModel) -> Fit {
        let n = y.count
        guard n > 0 else { return Fit(point: { _ in 0 }, sigma: 0, growth: { _ in 1 }) }
        switch model {
        case .seasonalNaive:
            let fitted = (0..<n).map { $0 >= season ? y[$0 - season] : nil }
            let point: (Int) -> Double = { h in
                n >= season ? y[n - season + (h - 1) % season] : y[n - 1]
            }
            return Fit(point: point, sigma: sigma(y, fitted), growth: { h in Double((h - 1) / season + 1).squareRoot() })
        case .window:
            let fitted = (0..<n).map { windowMean(y, before: $0, day: $0) }
            let overall = y.reduce(0, +) / Double(n)
            return Fit(point: { h in windowMean(y, before: n, day: n + h - 1) ?? overall }, sigma: sigma(y, fitted), growth: { _ in 1 })
        case .ses:
            let alpha = Smoothing.fittedAlphaInLanes(y)
            let (level, fitted) = Smoothing.ses(y, alpha: alpha)
            let optional: [Double?] = fitted.enumerated().map { $0.offset == 0 ? nil : $0.element }
            return Fit(point: { _ in level }, sigma: sigma(y, optional), growth: { h in (1 + Double(h - 1) * alpha * alpha).squareRoot() })
        case .holtWinters:
            return HoltWinters.fit(y) ?? fit(y, model: .ses)
        case .croston, .sba:
            return croston(y, biasCorrected: model == .sba)
        case .tsb:
            return tsb(y)
        }
    }

    /// Croston's method (SBA when `biasCorrected`): as R's `forecast::croston` computes it, sizes and intervals each
    /// started at their first value. Its fitted values are R's too: none for the first day, 0 on the days before the
    /// first sale (R forecasts 0 from a history with no sale), so the first sale's error counts in the interval.
    static func croston(_ y: [Double], biasCorrected: Bool) -> Fit {
        let alpha = intermittentAlpha
        let factor = biasCorrected ? 1 - alpha / 2 : 1
        var sawSale = false
        var last = 0
        var fitted: [Double?] = []
        fitted.reserveCapacity(y.count)
        var size = 0.0
        var interval = 0.0
        for (index, value) in y.enumerated() {
            fitted.append(index == 0 ? nil : (sawSale ? factor * size / interval : 0))
            guard value != 0 else { continue }
            let gap = Double(index + 1 - last)
            last = index + 1
            if sawSale {
                size += alpha * (value - size)
                interval += alpha * (gap - interval)
            } else {
                (size, interval) = (value, gap)
                sawSale = true
            }
        }
        guard sawSale else { return Fit(point: { _ in 0 }, sigma: 0, growth: { _ in 1 }, fitted: fitted) }
        let point = factor * size / interval
        return Fit(point: { _ in point }, sigma: sigma(y, fitted), growth: { _ in 1 }, fitted: fitted)
    }

    /// Teunter–Syntetos–Babai: the chance of a sale smoothed every day, the size on days with one (both weight 0.1,
    /// started at their first values, as statsforecast's `TSB`). Fitted values as statsforecast's: none for the first
    /// day, then chance × size, which is 0 before the first sale (the chance is still 0).
    static func tsb(_ y: [Double]) -> Fit {
        let alpha = intermittentAlpha
        guard let firstSale = y.first(where: { $0 != 0 }) else {
            return Fit(point: { _ in 0 }, sigma: 0, growth: { _ in 1 }, fitted: y.indices.map { $0 == 0 ? nil : 0 })
        }
        var chance = y[0] != 0 ? 1.0 : 0.0
        var size = firstSale
        var fitted: [Double?] = []
        fitted.reserveCapacity(y.count)
        var sawSale = false
        for (index, value) in y.enumerated() {
            fitted.append(index == 0 ? nil : chance * size)
            chance += alpha * ((value != 0 ? 1 : 0) - chance)
            if value != 0 {
                if sawSale { size += alpha * (value - size) }
                sawSale = true
            }
        }
        let point = chance * size
        return Fit(point: { _ in point }, sigma: sigma(y, fitted), growth: { _ in 1 }, fitted: fitted)
    }
}
