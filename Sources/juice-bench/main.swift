// juice-bench: performance goals as ratios against baselines measured in the same run.
// Usage: swift run -c release juice-bench load [--juices N] [--fruits N] [--runs N]
//        swift run -c release juice-bench instructions [--juices N] [--fruits N]   (needs valgrind)
//        swift run -c release juice-bench startup [--runs N] [--yamllint PATH]
//        swift run -c release juice-bench simulate [--orders N] [--yaml-orders N] [--runs N]
//        swift run -c release juice-bench hostile
//        swift run -c release juice-bench editor [--juices N] [--fruits N] [--rounds N]
//        swift run -c release juice-bench forecast [--series N] [--days N] [--rounds N]
//        swift run -c release juice-bench forecast-files DIR [--series N] [--days N]   (scripts/bench-forecast.sh)
//        swift run -c release juice-bench echo-server [--port N]   (the baseline of scripts/bench-server.sh)

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let parsed = Int(arguments[index + 1]) else { return value }
    return parsed
}

switch arguments.first {
case "load":
    LoadBenchmark.run(juices: option("--juices", default: 20_000), fruits: option("--fruits", default: 200), runs: option("--runs", default: 5))
case "instructions":
    LoadBenchmark.instructions(juices: option("--juices", default: 20_000), fruits: option("--fruits", default: 200))
case "measure-bare" where arguments.count == 2, "measure-load" where arguments.count == 2:
    LoadBenchmark.measure(arguments[0], path: arguments[1])
case "menu":
    // The generated menu the load benchmarks read, for profiling by hand.
    print(MenuGenerator.menu(juices: option("--juices", default: 20_000), fruits: option("--fruits", default: 200)), terminator: "")
case "startup":
    let yamllint = arguments.firstIndex(of: "--yamllint").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    StartupBenchmark.run(runs: option("--runs", default: 20), yamllint: yamllint)
case "simulate":
    let orders = option("--orders", default: 10_000_000)
    SimulationBenchmark.run(orders: orders, yamlOrders: option("--yaml-orders", default: orders), runs: option("--runs", default: 3))
case "store": StoreBenchmark.run(orders: option("--orders", default: 20_000), runs: option("--runs", default: 3))
case "hostile":
    HostileBenchmark.run(directory: "Tests/JuiceCLITests/Fixtures/hostile")
case "editor":
    EditorBenchmark.run(juices: option("--juices", default: 1_000), fruits: option("--fruits", default: 50), rounds: option("--rounds", default: 50))
case "plan":
    PlanBenchmark.run(
        juices: option("--juices", default: 1_000), fruits: option("--fruits", default: 100), days: option("--days", default: 56),
        rounds: option("--rounds", default: 5), suppliers: option("--suppliers", default: 0))
case "forecast":
    ForecastBenchmark.run(series: option("--series", default: 1_000), days: option("--days", default: 365), rounds: option("--rounds", default: 3))
case "forecast-files" where arguments.count >= 2:
    ForecastBenchmark.writeFiles(directory: arguments[1], series: option("--series", default: 1_000), days: option("--days", default: 365))
case "echo-server":
    EchoServer.serve(port: option("--port", default: 0))
case "load-peak" where arguments.count == 2:
    LoadBenchmark.loadPeak(path: arguments[1])
case "simulate-peak" where arguments.count == 2:
    SimulationBenchmark.simulatePeak(path: arguments[1])
default:
    print(
        """
        usage: juice-bench load [--juices N] [--fruits N] [--runs N]
               juice-bench instructions [--juices N] [--fruits N]
               juice-bench menu [--juices N] [--fruits N]
               juice-bench startup [--runs N] [--yamllint PATH]
               juice-bench simulate [--orders N] [--yaml-orders N] [--runs N]
               juice-bench hostile
               juice-bench editor [--juices N] [--fruits N] [--rounds N]
               juice-bench forecast [--series N] [--days N] [--rounds N]
               juice-bench plan [--juices N] [--fruits N] [--days N] [--rounds N] [--suppliers N]
               juice-bench forecast-files DIR [--series N] [--days N]
               juice-bench echo-server [--port N]
        """)
}
