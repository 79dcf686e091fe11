import Foundation
import JuicePlanning

/// `juice-bench plan`: `juice plan --service-level 0.95` for a generated menu of `juices` juices over `fruits` fruits
/// from `days` days of generated history with 10,000 scenarios, whole process (the goal: under 1 s on two cores);
/// in the same rounds, `juice forecast --horizon 1` on the same files (reading the recipes and the history, and
/// fitting every juice: what the plan does before its scenarios), as the baseline.
enum PlanBenchmark {
    static func run(juices: Int, fruits: Int, days: Int, rounds: Int, suppliers: Int = 0) {
        let juice = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("juice").path
        guard FileManager.default.isExecutableFile(atPath: juice) else {
            print("error: build juice beside juice-bench first (swift build -c release)")
            exit(1)
        }
        // $JUICE_BENCH_KEEP: write the files there and keep them (to profile one run by hand).
        let kept = ProcessInfo.processInfo.environment["JUICE_BENCH_KEEP"]
        let work =
            kept.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-plan-\(getpid())")
        defer { if kept == nil { try? FileManager.default.removeItem(at: work) } }
        // The generated store holds 1,000 of each fruit; a day of this history needs more, so the store is made roomy.
        let menu = MenuGenerator.menu(juices: juices, fruits: fruits, suppliers: suppliers).replacingOccurrences(
            of: "  capacity: 1000\n", with: "  capacity: 1000000\n")
        let history = HistoryGenerator(juices: (0..<juices).map { "juice-\($0)" }, days: days, seed: 9).csv()
        do {
            try FileManager.default.createDirectory(at: work.appendingPathComponent("recipes"), withIntermediateDirectories: true)
            try menu.write(to: work.appendingPathComponent("recipes/menu.yaml"), atomically: true, encoding: .utf8)
            try history.write(to: work.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        } catch {
            print("error: cannot write the benchmark files under \(work.path): \(error)")
            exit(1)
        }
        let lines = history.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        let common = ["--recipes", "recipes", "--history", "sales.csv", "--state", work.appendingPathComponent("none.sqlite").path]
        var plan: [Double] = []
        var forecast: [Double] = []
        for _ in 0..<rounds {
            guard
                let planTime = Measure.timeProcess(
                    juice, ["plan", "--service-level", "0.95", "--scenarios", "10000", "--format", "json"] + common, in: work.path),
                let forecastTime = Measure.timeProcess(juice, ["forecast", "--horizon", "1", "--format", "json"] + common, in: work.path)
            else {
                print("error: a run failed (run the same command in \(work.path) to see why)")
                exit(1)
            }
            plan.append(planTime)
            forecast.append(forecastTime)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print(
            "plan: \(Measure.grouped(juices)) juices over \(fruits) fruits\(suppliers > 0 ? " from \(suppliers) suppliers (each one's next purchase order)" : ""), \(days) days of history (\(Measure.grouped(lines)) lines), 10,000 scenarios; \(rounds) alternated rounds"
        )
        print("  juice forecast --horizon 1 (baseline)    median \(Measure.fixed(median(forecast) * 1000, 0)) ms")
        print(
            "  juice plan --service-level 0.95          median \(Measure.fixed(median(plan) * 1000, 0)) ms (goal < \(suppliers > 0 ? 2000 : 1000) ms)"
        )
        print("  plan / forecast: \(Measure.fixed(median(plan) / median(forecast))) x")
    }
}
