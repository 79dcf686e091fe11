import Foundation
import JuicePlanning

/// Forecasting at scale: `series` daily series of `days` days read from a generated CSV history, then fitted and
/// forecast (auto model choice) — the time against reading the history alone, in the same run.
enum ForecastBenchmark {
    static func run(series: Int, days: Int, rounds: Int) {
        let juices = (0..<series).map { "juice-\($0)" }
        let generator = HistoryGenerator(juices: juices, days: days, seed: 9)
        // A till's daily export: one row per juice and day with that day's units (what 1,000 series of 365 days are).
        var csv = "time,juice,count,result\n"
        var daily = DailyDemand(juiceCount: series)
        var index: [String: Int] = [:]
        for (position, id) in juices.enumerated() { index[id] = position }
        for record in generator.records() { daily.add(record, juice: index[record.juice] ?? 0) }
        daily.finish()
        for day in 0..<daily.dayCount {
            let date = (daily.firstDay ?? CivilDate(dayNumber: 0)).adding(days: day)
            for (juice, id) in juices.enumerated() where daily.demand[juice][day] > 0 {
                csv += "\(date)T12:00:00,\(id),\(Int(daily.demand[juice][day])),served\n"
            }
        }
        let path = NSTemporaryDirectory() + "juice-bench-history-\(getpid()).csv"
        try? csv.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        func read() -> DailyDemand {
            var demand = DailyDemand(juiceCount: series)
            _ = try? HistoryReader.read(path: path) { record in demand.add(record, juice: index[record.juice] ?? 0) }
            demand.finish()
            return demand
        }
        let demand = read()
        let times = Measure.alternating(
            rounds: rounds,
            [
                { _ = read() },
                { for series in demand.demand { _ = Forecaster.forecast(series, model: Backtest.bestModel(for: series), horizon: 7) } },
                { for series in demand.demand { _ = Forecaster.forecast(series, model: .window, horizon: 7) } },
            ])
        print("forecast: \(series) series × \(days) days, daily history \(size / 1_000) kB; best of \(rounds)")
        print("  read the history (baseline)          \(String(format: "%8.1f", times[0] * 1000)) ms")
        print("  fit and forecast, auto (backtests)   \(String(format: "%8.1f", times[1] * 1000)) ms")
        print("  fit and forecast, window only        \(String(format: "%8.1f", times[2] * 1000)) ms")
    }
}
