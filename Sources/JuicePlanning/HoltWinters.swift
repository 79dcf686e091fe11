/// Holt-Winters with an additive weekly season and an additive trend, its weights fitted by least squared one-step
/// error over a small grid searched one weight at a time (a trend weight of 0 is no trend).
enum HoltWinters {
    /// Weights of the smoother, one set per lane.
    private struct Weights<Lanes: SIMD> where Lanes.Scalar == Double {
        var alpha: Lanes
        var beta: Lanes
        var gamma: Lanes

        /// `weights` in every lane.
        init(_ weights: (alpha: Double, beta: Double, gamma: Double)) {
            alpha = Lanes(repeating: weights.alpha)
            beta = Lanes(repeating: weights.beta)
            gamma = Lanes(repeating: weights.gamma)
        }
    }

    /// The weights and starting state fitted to `y`, or nil for a history shorter than two weeks (too short to tell a
    /// season from noise).
    static func parameters(
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
        // 20 trials instead of the 63 of the whole grid, to the same or a nearby point. The trials of one step differ
        // in one weight only, so they are smoothed side by side, a lane each (`squaredErrors`: each lane the same
        // arithmetic as one trial alone), and compared in order as one at a time would: 4 passes over the series, 3
        // when neither the trend's weight nor the season's moved (the last step would then repeat the first's trials,
        // none of which can beat the error kept).
        let start = (alpha: 0.25, beta: 0.02, gamma: 0.15)
        var weights = start
        // The level weights, and the starting weights in the spare lane: the error every trial is compared with first.
        func levelStep(_ lowest: inout Double, first: Bool) {
            let alphas = Array(stride(from: 0.05, through: 0.65, by: 0.1))
            var lanes = Weights<SIMD8<Double>>(weights)
            for (lane, alpha) in alphas.enumerated() { lanes.alpha[lane] = alpha }
            let errors = squaredErrors(y, weights: lanes, level: firstWeek, trend: initialTrend, season: initialSeason)
            if first { lowest = errors[7] }
            for (lane, alpha) in alphas.enumerated() where errors[lane] < lowest - 1e-12 { (weights.alpha, lowest) = (alpha, errors[lane]) }
        }
        var lowest = Double.infinity
        levelStep(&lowest, first: true)
        var lanes = Weights<SIMD4<Double>>(weights)
        let betas = [0.0, 0.02, 0.1]
        for (lane, beta) in betas.enumerated() { lanes.beta[lane] = beta }
        var errors = squaredErrors(y, weights: lanes, level: firstWeek, trend: initialTrend, season: initialSeason)
        for (lane, beta) in betas.enumerated() where errors[lane] < lowest - 1e-12 { (weights.beta, lowest) = (beta, errors[lane]) }
        lanes = Weights<SIMD4<Double>>(weights)
        let gammas = [0.05, 0.15, 0.3]
        for (lane, gamma) in gammas.enumerated() { lanes.gamma[lane] = gamma }
        errors = squaredErrors(y, weights: lanes, level: firstWeek, trend: initialTrend, season: initialSeason)
        for (lane, gamma) in gammas.enumerated() where errors[lane] < lowest - 1e-12 { (weights.gamma, lowest) = (gamma, errors[lane]) }
        if weights.beta != start.beta || weights.gamma != start.gamma { levelStep(&lowest, first: false) }
        guard lowest.isFinite else { return nil }
        return (weights.alpha, weights.beta, weights.gamma, firstWeek, initialTrend, initialSeason)
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

    /// The squared one-step error of one pass of the smoother from the second week on, for each lane's weights (what
    /// `smooth` sums, without keeping the fitted values).
    private static func squaredErrors<Lanes: SIMD>(
        _ y: [Double], weights: Weights<Lanes>, level: Double, trend: Double, season: [Double]
    ) -> Lanes where Lanes.Scalar == Double {
        let (alpha, beta, gamma) = (weights.alpha, weights.beta, weights.gamma)
        let one = Lanes(repeating: 1)
        let (keepLevel, keepTrend, keepSeason) = (one - alpha, one - beta, one - gamma)
        var level = Lanes(repeating: level)
        var trend = Lanes(repeating: trend)
        var seasons = season.map { Lanes(repeating: $0) }
        var error = Lanes()
        let length = season.count
        y.withUnsafeBufferPointer { y in
            seasons.withUnsafeMutableBufferPointer { season in
                var slot = 0
                for (t, day) in y.enumerated() {
                    let value = Lanes(repeating: day)
                    let guess = level + trend + season[slot]
                    if t >= length { error += (value - guess) * (value - guess) }
                    let previous = level
                    level = alpha * (value - season[slot]) + keepLevel * (level + trend)
                    trend = beta * (level - previous) + keepTrend * trend
                    season[slot] = gamma * (value - level) + keepSeason * season[slot]
                    slot = slot + 1 == length ? 0 : slot + 1
                }
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
