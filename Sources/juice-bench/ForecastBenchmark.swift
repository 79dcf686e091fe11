import Foundation
import JuiceCore
import JuicePlanning

/// Forecasting at scale: `series` daily series of `days` days read from a generated CSV history, then fitted and
/// forecast (auto model choice) — the time against reading the history alone, in the same run.
enum ForecastBenchmark {
    /// A till's daily export of `series` juices (`juice-0`, …, the ids `MenuGenerator` gives) over `days` days from
    /// `HistoryGenerator` (seed 9): one row per juice and day with that day's units, what 1,000 series of 365 days are.
    static func history(series: Int, days: Int) -> String {
        let juices = (0..<series).map { "juice-\($0)" }
        let generator = HistoryGenerator(juices: juices, days: days, seed: 9)
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
        return csv
    }

    /// Writes the benchmark's history (`DIR/history.csv`) and a menu with its juices (`DIR/recipes/menu.yaml`, 60
    /// fruits), for timing whole `juice forecast` processes (scripts/bench-forecast.sh).
    static func writeFiles(directory: String, series: Int, days: Int) {
        let recipes = directory + "/recipes"
        do {
            try FileManager.default.createDirectory(atPath: recipes, withIntermediateDirectories: true)
            try history(series: series, days: days).write(toFile: directory + "/history.csv", atomically: true, encoding: .utf8)
            try MenuGenerator.menu(juices: series, fruits: 60).write(toFile: recipes + "/menu.yaml", atomically: true, encoding: .utf8)
        } catch {
            print("forecast-files: cannot write \(directory): \(error)")
            exit(1)
        }
        print("forecast-files: \(directory)/history.csv (\(series) series × \(days) days) and \(recipes)/menu.yaml")
    }

    static func run(series: Int, days: Int, rounds: Int) {
        let juices = (0..<series).map { "juice-\($0)" }
        var index: [String: Int] = [:]
        for (position, id) in juices.enumerated() { index[id] = position }
        let csv = history(series: series, days: days)
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
        let positions = index
        func readInChunks(workers: Int = HistoryReader.cores) -> DailyDemand {
            let sinks =
                (try? HistoryReader.read(
                    path: path, workers: workers, makeSink: { DailyDemand(juiceCount: series) },
                    add: { $0.add($1, juice: positions[$1.juice] ?? 0) }))?.sinks ?? []
            var demand = DailyDemand(juiceCount: series)
            for sink in sinks { demand.merge(sink) }
            demand.finish()
            return demand
        }
        let demand = read()
        let times = Measure.alternating(
            rounds: rounds,
            [
                { _ = read() },
                { _ = readInChunks() },
                { _ = readInChunks(workers: 1) },
                { _ = ParallelForecasts.run(demand.demand, choice: .auto, horizon: 7, level: 0.8, backtestDays: nil) },
                { for series in demand.demand { _ = Forecaster.forecast(series, model: Backtest.bestModel(for: series), horizon: 7) } },
                { for series in demand.demand { _ = Forecaster.forecast(series, model: .window, horizon: 7) } },
            ])
        print("forecast: \(series) series × \(days) days, daily history \(size / 1_000) kB; best of \(rounds)")
        print("  read the history (baseline)          \(String(format: "%8.1f", times[0] * 1000)) ms")
        print("  read it in chunks, every core        \(String(format: "%8.1f", times[1] * 1000)) ms")
        print("  read it in chunks, one core          \(String(format: "%8.1f", times[2] * 1000)) ms")
        print("  fit and forecast, auto, every core   \(String(format: "%8.1f", times[3] * 1000)) ms")
        print("  fit and forecast, auto, one core     \(String(format: "%8.1f", times[4] * 1000)) ms")
        print("  fit and forecast, window only        \(String(format: "%8.1f", times[5] * 1000)) ms")
    }
}
