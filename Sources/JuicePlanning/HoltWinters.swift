/// Holt-Winters with an additive weekly season and an additive trend, its weights fitted by least squared one-step
/// error over a small grid searched one weight at a time (a trend weight of 0 is no trend).
enum HoltWinters {
    /// The weights and starting state fitted to `y`, or nil for a history shorter than two weeks (too short to tell a
    /// season from noise).
    private static func parameters(
        _ y: ArraySlice<Double>
    ) -> (alpha: Double, beta: Double, gamma: Double, level: Double, trend: Double, season: [Double])? {
        let season = Forecaster.season
        guard y.count >= 2 * season else { return nil }
        let y = Array(y)
        let firstWeek = y[0..<season].reduce(0, +) / Double(season)
        let secondWeek = y[season..<(2 * season)].reduce(0, +) / Double(season)
        let initialSeason = (0..<season).map { y[$0] - firstWeek }
        let initialTrend = (secondWeek - firstWeek) / Double(season)
        // Coordinate descent over the grid (the level weight, then the trend's, the season's, and the level's again):
        // 20 passes instead of the 63 of the whole grid, to the same or a nearby point.
        let alphas = Array(stride(from: 0.05, through: 0.65, by: 0.1))
        let betas = [0.0, 0.02, 0.1]
        let gammas = [0.05, 0.15, 0.3]
        var weights = (alpha: 0.25, beta: 0.02, gamma: 0.15)
        func error(_ alpha: Double, _ beta: Double, _ gamma: Double) -> Double {
            squaredError(y, alpha: alpha, beta: beta, gamma: gamma, level: firstWeek, trend: initialTrend, season: initialSeason)
        }
        var lowest = error(weights.alpha, weights.beta, weights.gamma)
        for step in 0..<4 {
            let candidates = step == 1 ? betas : step == 2 ? gammas : alphas
            for candidate in candidates {
                var trial = weights
                switch step {
                case 1: trial.beta = candidate
                case 2: trial.gamma = candidate
                default: trial.alpha = candidate
                }
                let value = error(trial.alpha, trial.beta, trial.gamma)
                if value < lowest - 1e-12 { (weights, lowest) = (trial, value) }
            }
        }
        let best: (error: Double, alpha: Double, beta: Double, gamma: Double)? =
            lowest.isFinite ? (lowest, weights.alpha, weights.beta, weights.gamma) : nil
        guard let best else { return nil }
        return (best.alpha, best.beta, best.gamma, firstWeek, initialTrend, initialSeason)
    }

    /// The fit, or nil for a history shorter than two weeks.
    static func fit(_ y: [Double]) -> Forecaster.Fit? {
        guard let best = parameters(y[...]) else { return nil }
        let season = Forecaster.season
        let run = smooth(y, alpha: best.alpha, beta: best.beta, gamma: best.gamma, level: best.level, trend: best.trend, season: best.season)
        let n = y.count
        let point: (Int) -> Double = { h in run.level + Double(h) * run.trend + run.season[(n + h - 1) % season] }
        let sigma = Forecaster.sigma(y, run.fitted)
        return Forecaster.Fit(point: point, sigma: sigma, growth: { h in (1 + Double(h - 1) * best.alpha * best.alpha).squareRoot() })
    }

    /// The one-step forecasts of days `start…` of `y`, the weights fitted once on the days before `start` and the
    /// state rolled forward day by day (nil when those days are fewer than two weeks).
    static func oneStep(_ y: [Double], from start: Int) -> [Double]? {
        guard let best = parameters(y[..<start]) else { return nil }
        let run = smooth(y, alpha: best.alpha, beta: best.beta, gamma: best.gamma, level: best.level, trend: best.trend, season: best.season)
        return run.fitted[start...].map { $0 ?? 0 }
    }

    /// The squared one-step error of one pass of the smoother from the second week on (what `smooth` sums, without
    /// keeping the fitted values: the weight search runs it 63 times a fit).
    private static func squaredError(
        _ y: [Double], alpha: Double, beta: Double, gamma: Double, level: Double, trend: Double, season: [Double]
    ) -> Double {
        var level = level
        var trend = trend
        var season = season
        var error = 0.0
        let length = season.count
        season.withUnsafeMutableBufferPointer { season in
            for (t, value) in y.enumerated() {
                let slot = t % length
                let guess = level + trend + season[slot]
                if t >= length { error += (value - guess) * (value - guess) }
                let previous = level
                level = alpha * (value - season[slot]) + (1 - alpha) * (level + trend)
                trend = beta * (level - previous) + (1 - beta) * trend
                season[slot] = gamma * (value - level) + (1 - gamma) * season[slot]
            }
        }
        return error
    }

    /// One pass of the smoother: the state after the last day, the one-step fitted values (from the second week on)
    /// and their squared error.
    private static func smooth(
        _ y: [Double], alpha: Double, beta: Double, gamma: Double, level: Double, trend: Double, season: [Double]
    ) -> (level: Double, trend: Double, season: [Double], fitted: [Double?], error: Double) {
        var level = level
        var trend = trend
        var season = season
        var fitted: [Double?] = []
        var error = 0.0
        for (t, value) in y.enumerated() {
            let slot = t % season.count
            let guess = level + trend + season[slot]
            if t >= season.count {
                fitted.append(guess)
                error += (value - guess) * (value - guess)
            } else {
                fitted.append(nil)
            }
            let previous = level
            level = alpha * (value - season[slot]) + (1 - alpha) * (level + trend)
            trend = beta * (level - previous) + (1 - beta) * trend
            season[slot] = gamma * (value - level) + (1 - gamma) * season[slot]
        }
        return (level, trend, season, fitted, error)
    }
}
