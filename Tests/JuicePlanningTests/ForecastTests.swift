import JuiceCore
import Testing

@testable import JuicePlanning

@Suite struct IntermittentForecastTests {
    let series: [Double] = [0, 0, 3, 0, 0, 0, 2, 0, 1]

    /// By hand, as R's `forecast::croston` computes it: sizes 3, 2, 1 and intervals 3, 4, 2, each smoothed with
    /// weight 0.1 from its first value: 2.71 / 2.99.
    @Test func crostonAndSBA() {
        let croston = Forecaster.forecast(series, model: .croston, horizon: 3)
        #expect(croston.mean.count == 3)
        #expect(croston.mean.allSatisfy { abs($0 - 2.71 / 2.99) < 1e-12 })
        let sba = Forecaster.forecast(series, model: .sba, horizon: 1)
        #expect(abs(sba.mean[0] - 0.95 * 2.71 / 2.99) < 1e-12)
    }

    /// The chance of a sale 0 → … → 0.2341441 and the size 3 → 2.9 → 2.71, both smoothed with weight 0.1.
    @Test func tsb() {
        let forecast = Forecaster.forecast(series, model: .tsb, horizon: 2)
        #expect(abs(forecast.mean[0] - 0.2341441 * 2.71) < 1e-12)
    }

    /// The three series that crash other implementations: all zero, one sale, no zero day.
    @Test(arguments: ForecastModel.allCases)
    func edgeCasesGiveFiniteForecasts(_ model: ForecastModel) {
        for series in [
            [Double](repeating: 0, count: 30), [0, 0, 5, 0] + [Double](repeating: 0, count: 20), [2, 3, 4, 2, 3, 4, 5, 6, 2, 3, 4, 2, 3, 4, 5], [],
        ] {
            let forecast = Forecaster.forecast(series, model: model, horizon: 7)
            #expect(forecast.mean.count == 7)
            #expect(forecast.mean.allSatisfy { $0.isFinite && $0 >= 0 })
            #expect(zip(forecast.lower, forecast.upper).allSatisfy { $0.isFinite && $1.isFinite && $0 <= $1 })
            if series.allSatisfy({ $0 == 0 }) { #expect(forecast.mean.allSatisfy { $0 == 0 }) }
        }
    }

    /// The edge cases of scripts/planning/oracle-series.txt, checked without R: the values are R 4.2's forecast 8.20,
    /// `croston(y, h = 1, alpha = 0.1)` (SBA its forecast × 0.95), and statsforecast 2.1.1's `TSB(alpha_d=0.1,
    /// alpha_p=0.1).forecast(y, h=1, fitted=True)`, printed with `%.17g`.
    @Test func edgeCasesMatchRAndStatsforecast() {
        let allZero = [Double](repeating: 0, count: 28)
        let singleSale = [Double](repeating: 0, count: 10) + [4] + [Double](repeating: 0, count: 17)
        let noZeroDay: [Double] = [3, 5, 2, 4, 6, 3, 2, 7, 4, 3, 5, 2, 6, 4, 3, 5, 8, 2, 3, 4, 5, 3, 2, 6, 4, 3, 5, 4]
        func mean(_ series: [Double], _ model: ForecastModel) -> Double { Forecaster.forecast(series, model: model, horizon: 1).mean[0] }
        for model in [ForecastModel.croston, .sba, .tsb] {
            #expect(mean(allZero, model) == 0)
            // R's fitted values for an all-zero series are all 0: no error, no spread.
            #expect(Forecaster.forecast(allZero, model: model, horizon: 1).sigma == 0)
        }
        // R: mean 0.36363636363636365 (4 / 11: the size 4 over the interval 11); fitted NA, then 0 until the sale,
        // then 0.36363636363636365.
        #expect(abs(mean(singleSale, .croston) - 0.36363636363636365) < 1e-12)
        #expect(abs(mean(singleSale, .sba) - 0.95 * 0.36363636363636365) < 1e-12)
        let fitted = Forecaster.fit(singleSale, model: .croston).fitted
        #expect(fitted.first == .some(nil))
        #expect(fitted[1...10].allSatisfy { $0 == 0 })
        #expect(fitted[11...].allSatisfy { $0.map { abs($0 - 0.36363636363636365) < 1e-12 } == true })
        // statsforecast: mean 0.06670872679866632; fitted 0 up to the sale, then 0.4, 0.36000000000000004, …
        #expect(abs(mean(singleSale, .tsb) - 0.06670872679866632) < 1e-12)
        let tsbFitted = Forecaster.fit(singleSale, model: .tsb).fitted
        #expect(tsbFitted[1...10].allSatisfy { $0 == 0 })
        #expect(tsbFitted[11].map { abs($0 - 0.4) < 1e-12 } == true)
        #expect(tsbFitted[12].map { abs($0 - 0.36000000000000004) < 1e-12 } == true)
        // R: mean 3.9988846785933578, the last fitted value 3.9987607539926198; statsforecast's TSB 3.998884678593358
        // (a sale every day: the chance stays 1).
        #expect(abs(mean(noZeroDay, .croston) - 3.9988846785933578) < 1e-12)
        #expect(Forecaster.fit(noZeroDay, model: .croston).fitted.last.map { abs(($0 ?? 0) - 3.9987607539926198) < 1e-12 } == true)
        #expect(abs(mean(noZeroDay, .sba) - 0.95 * 3.9988846785933578) < 1e-12)
        #expect(abs(mean(noZeroDay, .tsb) - 3.998884678593358) < 1e-12)
    }

    @Test func edgeCasesOfCroston() {
        #expect(Forecaster.forecast([0, 0, 5, 0], model: .croston, horizon: 1).mean == [5.0 / 3])
        #expect(abs(Forecaster.forecast([2, 3, 4], model: .croston, horizon: 1).mean[0] - 2.29) < 1e-12)
    }
}

@Suite struct RegularForecastTests {
    /// A weekly pattern with a small trend and no noise.
    func weekly(days: Int, trend: Double = 0) -> [Double] {
        let pattern: [Double] = [10, 12, 11, 14, 20, 30, 25]
        return (0..<days).map { pattern[$0 % 7] + trend * Double($0) }
    }

    @Test func seasonalNaiveRepeatsLastWeek() {
        let series = weekly(days: 21)
        let forecast = Forecaster.forecast(series, model: .seasonalNaive, horizon: 9)
        #expect(forecast.mean == Array(series[14..<21]) + Array(series[14..<16]))
    }

    @Test func windowAveragesTheLastFourSameWeekdays() {
        var series = weekly(days: 35)
        series[28] = 50  // the last Monday-like day
        let forecast = Forecaster.forecast(series, model: .window, horizon: 1)
        #expect(forecast.mean == [(10 + 10 + 10 + 50) / 4])
    }

    @Test func sesOnAConstantSeriesIsThatConstantWithNoSpread() {
        let forecast = Forecaster.forecast([Double](repeating: 6, count: 20), model: .ses, horizon: 3)
        #expect(forecast.mean == [6, 6, 6])
        #expect(forecast.lower == forecast.upper)
    }

    @Test func holtWintersFollowsTheSeasonAndTheTrend() {
        let series = weekly(days: 56, trend: 0.2)
        let truth = (56..<63).map { [10.0, 12, 11, 14, 20, 30, 25][$0 % 7] + 0.2 * Double($0) }
        let forecast = Forecaster.forecast(series, model: .holtWinters, horizon: 7)
        for (guess, actual) in zip(forecast.mean, truth) { #expect(abs(guess - actual) < 0.05 * actual, "\(forecast.mean) vs \(truth)") }
    }

    @Test func intervalsWidenWithTheLevel() {
        let series = weekly(days: 28).enumerated().map { $0.element + Double($0.offset % 3) }
        let narrow = Forecaster.forecast(series, model: .ses, horizon: 1, level: 0.5)
        let wide = Forecaster.forecast(series, model: .ses, horizon: 1, level: 0.95)
        #expect(wide.upper[0] - wide.lower[0] > narrow.upper[0] - narrow.lower[0])
        #expect(wide.lower[0] <= wide.mean[0] && wide.mean[0] <= wide.upper[0])
    }
}

@Suite struct BacktestTests {
    @Test func aBacktestNeverLooksAhead() {
        let series: [Double] = (0..<40).map { Double(($0 * 7919) % 13) }
        var changed = series
        changed[39] = 1000
        for model in ForecastModel.allCases {
            #expect(Backtest.forecasts(series, model: model, days: 10) == Backtest.forecasts(changed, model: model, days: 10))
        }
    }

    /// One pass gives what refitting at every origin gives, for the models with no fitted weights.
    @Test(arguments: [ForecastModel.seasonalNaive, .window, .croston, .sba, .tsb])
    func onePassEqualsRefittingEveryDay(_ model: ForecastModel) {
        var random = SeededRandom(seed: 42)
        for length in [0, 1, 5, 9, 30, 60] {
            let series = (0..<length).map { _ in random.unit() < 0.4 ? 0 : Double(random.poisson(4)) }
            for days in [0, 1, 7, length] {
                let fast = Backtest.forecasts(series, model: model, days: days)
                let slow = Backtest.refitForecasts(series, model: model, days: days)
                #expect(fast.count == slow.count)
                for (a, b) in zip(fast, slow) { #expect(abs(a - b) < 1e-9, "\(model) \(length) \(days): \(fast) vs \(slow)") }
            }
        }
    }

    @Test func maseAgainstTheSameWeekdayLastWeek() {
        // The same-weekday-last-week forecast's own MASE is its test error over its training error.
        let series: [Double] = [5, 7, 6, 9, 12, 15, 11, 6, 8, 5, 10, 13, 14, 12, 5, 7, 6, 9, 12, 15, 11]
        let predicted = Backtest.forecasts(series, model: .seasonalNaive, days: 7)
        #expect(predicted == Array(series[7..<14]))
        let accuracy = Backtest.accuracy(of: predicted, against: series)
        let testError = zip(series[14...], series[7..<14]).map { abs($0 - $1) }.reduce(0, +) / 7
        let trainingError = zip(series[7..<14], series[0..<7]).map { abs($0 - $1) }.reduce(0, +) / 7
        #expect(accuracy.mase.map { abs($0 - testError / trainingError) < 1e-12 } == true)
        #expect(accuracy.wape.map { abs($0 - testError * 7 / series[14...].reduce(0, +)) < 1e-12 } == true)
        #expect(Backtest.accuracy(of: [1, 1], against: [0, 0, 0, 0]).wape == nil)
        #expect(Backtest.accuracy(of: [1, 1], against: [0, 0, 0, 0]).mase == nil)
    }

    @Test func autoPicksAnIntermittentModelForIntermittentSeries() {
        let sparse: [Double] = (0..<84).map { (day: Int) -> Double in day % 5 == 0 ? Double(day % 3 + 1) : 0 }
        #expect(Backtest.isIntermittent(sparse))
        #expect(ForecastModel.intermittent.contains(Backtest.bestModel(for: sparse)))
        let pattern: [Double] = [10, 12, 11, 14, 20, 30, 25]
        let weekly: [Double] = (0..<84).map { (day: Int) -> Double in pattern[day % 7] }
        #expect(!Backtest.isIntermittent(weekly))
        #expect([.seasonalNaive, .window, .holtWinters].contains(Backtest.bestModel(for: weekly)))
    }
}

@Suite struct NormalDistributionTests {
    /// stockpyl's `newsvendor_normal(holding_cost=2, stockout_cost=18, demand_mean=120, demand_sd=10)` is
    /// 132.815515655446: μ + σ Φ⁻¹(18 / 20).
    @Test func quantileMatchesTheNewsvendorOracle() {
        #expect(abs(120 + 10 * NormalDistribution.quantile(0.9) - 132.815515655446) < 1e-9)
        #expect(abs(NormalDistribution.quantile(0.975) - 1.959963984540054) < 1e-12)
        #expect(abs(NormalDistribution.quantile(0.001) + 3.090232306167813) < 1e-10)
        #expect(abs(NormalDistribution.cumulative(NormalDistribution.quantile(0.3)) - 0.3) < 1e-14)
    }
}
