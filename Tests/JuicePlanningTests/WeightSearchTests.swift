import JuiceCore
import Testing

@testable import JuicePlanning

/// The weight searches of SES and Holt-Winters smooth their candidates side by side, a lane each: they must pick
/// exactly what trying the candidates one at a time picks (the references below, as the searches were written before).
@Suite struct WeightSearchTests {
    /// Series of every kind the models meet: weekly with trend and noise, intermittent, constant, all zero, short,
    /// one sale, huge values.
    static let series: [[Double]] = {
        var random = SeededRandom(seed: 2_026)
        var all: [[Double]] = []
        for length in [0, 1, 2, 13, 14, 15, 28, 60, 337, 365] {
            var weekly: [Double] = []
            var intermittent: [Double] = []
            var huge: [Double] = []
            for day in 0..<length {
                let noise = Double(Int.random(in: 0..<9, using: &random))
                weekly.append(Double(10 + 3 * (day % 7)) + 0.05 * Double(day) + noise)
                let sells = Int.random(in: 0..<4, using: &random) == 0
                intermittent.append(sells ? Double(Int.random(in: 1...5, using: &random)) : 0)
                huge.append(Double(Int.random(in: 0..<1_000_000, using: &random)) * 1e9)
            }
            let oneSale: [Double] = (0..<length).map { $0 == length / 2 ? 4 : 0 }
            all += [weekly, intermittent, huge, oneSale, [Double](repeating: 6, count: length), [Double](repeating: 0, count: length)]
        }
        return all
    }()

    /// SES's weight, one candidate at a time.
    static func referenceAlpha(_ values: [Double]) -> Double {
        func error(_ alpha: Double) -> Double {
            guard var level = values.first else { return 0 }
            var total = 0.0
            for value in values.dropFirst() {
                total += (value - level) * (value - level)
                level += alpha * (value - level)
            }
            return total
        }
        var best = 0.05
        var bestError = Double.infinity
        for step in 1...19 {
            let alpha = Double(step) * 0.05
            let value = error(alpha)
            if value < bestError - 1e-12 { (best, bestError) = (alpha, value) }
        }
        let coarse = best
        for step in -4...4 {
            let alpha = coarse + Double(step) * 0.01
            guard alpha > 0, alpha < 1 else { continue }
            let value = error(alpha)
            if value < bestError - 1e-12 { (best, bestError) = (alpha, value) }
        }
        return best
    }

    /// Holt-Winters' weights, one trial at a time (coordinate descent: level, trend, season, level again).
    static func referenceWeights(_ y: [Double]) -> (alpha: Double, beta: Double, gamma: Double)? {
        let season = Forecaster.season
        guard y.count >= 2 * season else { return nil }
        let firstWeek = y[0..<season].reduce(0, +) / Double(season)
        let secondWeek = y[season..<(2 * season)].reduce(0, +) / Double(season)
        let initialSeason = (0..<season).map { y[$0] - firstWeek }
        let initialTrend = (secondWeek - firstWeek) / Double(season)
        func error(_ alpha: Double, _ beta: Double, _ gamma: Double) -> Double {
            var level = firstWeek
            var trend = initialTrend
            var seasons = initialSeason
            var total = 0.0
            for (t, value) in y.enumerated() {
                let slot = t % season
                let guess = level + trend + seasons[slot]
                if t >= season { total += (value - guess) * (value - guess) }
                let previous = level
                level = alpha * (value - seasons[slot]) + (1 - alpha) * (level + trend)
                trend = beta * (level - previous) + (1 - beta) * trend
                seasons[slot] = gamma * (value - level) + (1 - gamma) * seasons[slot]
            }
            return total
        }
        let alphas = Array(stride(from: 0.05, through: 0.65, by: 0.1))
        var weights = (alpha: 0.25, beta: 0.02, gamma: 0.15)
        var lowest = error(weights.alpha, weights.beta, weights.gamma)
        for step in 0..<4 {
            for candidate in step == 1 ? [0.0, 0.02, 0.1] : step == 2 ? [0.05, 0.15, 0.3] : alphas {
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
        return lowest.isFinite ? weights : nil
    }

    @Test func sesPicksTheWeightOneAtATimePicks() {
        for values in Self.series { #expect(Smoothing.fittedAlpha(values) == Self.referenceAlpha(values), "\(values.count) days") }
    }

    @Test func holtWintersPicksTheWeightsOneAtATimePicks() {
        for values in Self.series {
            let found = HoltWinters.parameters(values[...]).map { ($0.alpha, $0.beta, $0.gamma) }
            let reference = Self.referenceWeights(values)
            #expect(found?.0 == reference?.alpha && found?.1 == reference?.beta && found?.2 == reference?.gamma, "\(values.count) days")
        }
    }
}
