import JuiceCore
import Testing

@testable import JuicePlanning

/// The weight searches of SES and Holt-Winters have a plain reference, one candidate at a time
/// (`Smoothing.fittedAlpha`, `HoltWinters.parameters`), and a fast twin smoothing the candidates side by side, a SIMD
/// lane each (`fittedAlphaInLanes`, `parametersInLanes`, which the forecasts use): the twins must pick exactly what
/// the references pick, and each lane must sum exactly the error of its weights alone.
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

    /// Random series: weekly with trend and noise at random scales, random lengths from nothing to two years, some
    /// with runs of zeros.
    static let randomSeries: [[Double]] = {
        var random = SeededRandom(seed: 33)
        return (0..<60).map { _ in
            let length = Int(random.unit() * 730)
            let scale = [0.01, 1, 100, 1e6][Int(random.unit() * 4)]
            let weekly = (0..<7).map { _ in random.unit() * scale }
            let trend = (random.unit() - 0.5) * scale / 50
            let zeros = random.unit() < 0.3
            return (0..<length).map { day in
                if zeros && random.unit() < 0.6 { return 0 }
                return max(0, weekly[day % 7] + trend * Double(day) + random.normal() * scale / 4)
            }
        }
    }()

    @Test func sesPicksTheWeightOneAtATimePicks() {
        for values in Self.series + Self.randomSeries {
            #expect(Smoothing.fittedAlphaInLanes(values) == Smoothing.fittedAlpha(values), "\(values.count) days")
        }
    }

    @Test func holtWintersPicksTheWeightsOneAtATimePicks() {
        for values in Self.series + Self.randomSeries {
            let found = HoltWinters.parametersInLanes(values[...])
            let reference = HoltWinters.parameters(values[...])
            #expect((found == nil) == (reference == nil), "\(values.count) days")
            guard let found, let reference else { continue }
            #expect(found.alpha == reference.alpha && found.beta == reference.beta && found.gamma == reference.gamma, "\(values.count) days")
            #expect(found.level == reference.level && found.trend == reference.trend && found.season == reference.season)
        }
    }

    /// Each lane sums what one weight alone sums, bit for bit, for random weights (not only the searched grid).
    @Test func everyLaneIsThePlainSmootherWithItsWeights() {
        var random = SeededRandom(seed: 3_333)
        for values in Self.series + Self.randomSeries {
            var alphas = SIMD8<Double>()
            for lane in 0..<8 { alphas[lane] = random.unit() }
            let lanes = Smoothing.squaredErrors(values, alphas: alphas)
            for lane in 0..<8 { #expect(lanes[lane] == Smoothing.squaredError(values, alpha: alphas[lane]), "\(values.count) days") }
            guard values.count >= 2 * Forecaster.season else { continue }
            let state = HoltWinters.startingState(values)
            var weights = HoltWinters.Weights<SIMD4<Double>>((0, 0, 0))
            for lane in 0..<4 { (weights.alpha[lane], weights.beta[lane], weights.gamma[lane]) = (random.unit(), random.unit(), random.unit()) }
            let errors = HoltWinters.squaredErrors(values, weights: weights, level: state.level, trend: state.trend, season: state.season)
            for lane in 0..<4 {
                let plain = HoltWinters.smooth(
                    values, alpha: weights.alpha[lane], beta: weights.beta[lane], gamma: weights.gamma[lane], level: state.level,
                    trend: state.trend, season: state.season)
                #expect(errors[lane] == plain.error || (errors[lane].isNaN && plain.error.isNaN), "\(values.count) days")
            }
        }
    }
}
