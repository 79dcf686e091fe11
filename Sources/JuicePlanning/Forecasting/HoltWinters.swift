/// Holt-Winters with an additive weekly season and an additive trend, its weights fitted by least squared one-step
/// error over a small grid searched one weight at a time (a trend weight of 0 is no trend).
///
/// The plain reference of the weight search is here (`parameters`, every trial one pass of `smooth`); its fast twin,
/// the trials of a step smoothed side by side in SIMD lanes, is `parametersInLanes` in HoltWinters+SIMD.swift, which
/// the forecasts use. Change this file first, then the twin; `WeightSearchTests` checks that both pick the same
/// weights.
enum HoltWinters {
    /// The weights searched: coordinate descent from `start`, over the level's weights, then the trend's, the season's,
    /// and the level's again.
    static let start = (alpha: 0.25, beta: 0.02, gamma: 0.15)
    /// The level's weights tried.
    static let alphas = Array(stride(from: 0.05, through: 0.65, by: 0.1))
    /// The trend's weights tried.
    static let betas = [0.0, 0.02, 0.1]
    /// The season's weights tried.
    static let gammas = [0.05, 0.15, 0.3]

    /// The starting state of the smoother on `y` (at least two weeks): the first week's mean as the level, the
    /// change to the second week's mean per day as the trend, the first week's days less its mean as the season.
    static func startingState(_ y: [Double]) -> (level: Double, trend: Double, season: [Double]) {
        let season = Forecaster.season
        let firstWeek = y[0..<season].reduce(0, +) / Double(season)
        let secondWeek = y[season..<(2 * season)].reduce(0, +) / Double(season)
        return (firstWeek, (secondWeek - firstWeek) / Double(season), (0..<season).map { y[$0] - firstWeek })
    }

    /// The weights and starting state fitted to `y`, or nil for a history shorter than two weeks (too short to tell a
    /// season from noise): coordinate descent over the grid (the level weight, then the trend's, the season's, and the
    /// level's again; 20 trials instead of the 63 of the whole grid, to the same or a nearby point), each trial one
    /// pass of `smooth`, tried in that order (a trial must beat the best so far by more than 1e-12). The reference:
    /// the forecasts use `parametersInLanes`, which picks the same weights.
    static func parameters(
        _ y: ArraySlice<Double>
    ) -> (alpha: Double, beta: Double, gamma: Double, level: Double, trend: Double, season: [Double])? {
        guard y.count >= 2 * Forecaster.season else { return nil }
        let y = Array(y)
        let state = startingState(y)
        func error(_ weights: (alpha: Double, beta: Double, gamma: Double)) -> Double {
            smooth(y, alpha: weights.alpha, beta: weights.beta, gamma: weights.gamma, level: state.level, trend: state.trend, season: state.season)
                .error
        }
        var weights = start
        var lowest = error(weights)
        for step in 0..<4 {
            for candidate in step == 1 ? betas : step == 2 ? gammas : alphas {
                var trial = weights
                switch step {
                case 1: trial.beta = candidate
                case 2: trial.gamma = candidate
                default: trial.alpha = candidate
                }
                let value = error(trial)
                if value < lowest - 1e-12 { (weights, lowest) = (trial, value) }
            }
        }
        guard lowest.isFinite else { return nil }
        return (weights.alpha, weights.beta, weights.gamma, state.level, state.trend, state.season)
    }

    /// The fit, or nil for a history shorter than two weeks.
    static func fit(_ y: [Double]) -> Forecaster.Fit? {
        guard let best = parametersInLanes(y[...]) else { return nil }
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
        guard let best = parametersInLanes(y[..<start]) else { return nil }
        let run = smooth(y, alpha: best.alpha, beta: best.beta, gamma: best.gamma, level: best.level, trend: best.trend, season: best.season)
        return run.fitted[start...].map { $0 ?? 0 }
    }

    /// One pass of the smoother: the state after the last day, the one-step fitted values (from the second week on)
    /// and their squared error.
    static func smooth(
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
