/// The fast twin of Holt-Winters' weight search: the trials of one step smoothed side by side, a SIMD lane each.
extension HoltWinters {
    /// Weights of the smoother, one set per lane.
    struct Weights<Lanes: SIMD> where Lanes.Scalar == Double {
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

    /// What `parameters` (HoltWinters.swift, the plain reference: change it first) gives, in 3 or 4 passes over the
    /// series instead of 21. The trials of one step differ in one weight only, so they are smoothed side by side, a
    /// lane each (`squaredErrors`: each lane the same arithmetic as `smooth` with that lane's weights), and compared
    /// in order as one at a time would: the seven level weights with the starting weights in the spare lane (the
    /// error every trial is compared with first), the trend's and the season's four lanes wide, and the second level
    /// step only when the trend's or the season's weight moved (otherwise it would repeat the first's trials, none of
    /// which can beat the error kept). `WeightSearchTests` checks that both pick the same weights, and that each
    /// lane's error is `smooth`'s.
    static func parametersInLanes(
        _ y: ArraySlice<Double>
    ) -> (alpha: Double, beta: Double, gamma: Double, level: Double, trend: Double, season: [Double])? {
        guard y.count >= 2 * Forecaster.season else { return nil }
        let y = Array(y)
        let state = startingState(y)
        var weights = start
        func errors<Lanes: SIMD>(_ lanes: Weights<Lanes>) -> Lanes where Lanes.Scalar == Double {
            squaredErrors(y, weights: lanes, level: state.level, trend: state.trend, season: state.season)
        }
        // The level weights, and the starting weights in the spare lane: the error every trial is compared with first.
        func levelStep(_ lowest: inout Double, first: Bool) {
            var lanes = Weights<SIMD8<Double>>(weights)
            for (lane, alpha) in alphas.enumerated() { lanes.alpha[lane] = alpha }
            let found = errors(lanes)
            if first { lowest = found[7] }
            for (lane, alpha) in alphas.enumerated() where found[lane] < lowest - 1e-12 { (weights.alpha, lowest) = (alpha, found[lane]) }
        }
        var lowest = Double.infinity
        levelStep(&lowest, first: true)
        var lanes = Weights<SIMD4<Double>>(weights)
        for (lane, beta) in betas.enumerated() { lanes.beta[lane] = beta }
        var found = errors(lanes)
        for (lane, beta) in betas.enumerated() where found[lane] < lowest - 1e-12 { (weights.beta, lowest) = (beta, found[lane]) }
        lanes = Weights<SIMD4<Double>>(weights)
        for (lane, gamma) in gammas.enumerated() { lanes.gamma[lane] = gamma }
        found = errors(lanes)
        for (lane, gamma) in gammas.enumerated() where found[lane] < lowest - 1e-12 { (weights.gamma, lowest) = (gamma, found[lane]) }
        if weights.beta != start.beta || weights.gamma != start.gamma { levelStep(&lowest, first: false) }
        guard lowest.isFinite else { return nil }
        return (weights.alpha, weights.beta, weights.gamma, state.level, state.trend, state.season)
    }

    /// The squared one-step error of one pass of the smoother from the second week on, for each lane's weights (what
    /// `smooth` sums, without keeping the fitted values).
    static func squaredErrors<Lanes: SIMD>(
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
}
