import CLoadBaseline
import CSimulationBaseline
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceSimulation
import JuiceYAML

/// `juice-bench simulate`: the engine's generated-order rate against a C loop, and CSV processing against
/// merely reading and splitting the same bytes into lines, all in the same run.
enum SimulationBenchmark {
    static func run(orders: Int, yamlOrders: Int, runs: Int) {
        let book = RecipeLoader().load(files: DefaultRecipes.files).book
        let menu = CompiledMenu(book: book)
        // Plenty of stock so that most orders are served (the busy path), refilled for every run.
        let stock = menu.fruits.map { _ in Int.max / 4 }
        let weights = Array(repeating: 1, count: menu.juices.count)
        print("orders: \(Measure.grouped(orders)) generated over the default \(menu.juices.count) juices")

        let plenty = engineAgainstC(orders: orders, runs: runs, menu: menu, weights: weights, stock: stock)
        print("C loop (generate + serve)    \(Measure.fixed(plenty.cRate / 1e6, 1)) M orders/s  (\(Measure.grouped(plenty.cServed)) served)")
        print(
            "engine (generate + serve)    \(Measure.fixed(plenty.rate / 1e6, 1)) M orders/s  (\(Measure.grouped(plenty.served)) served)  ratio \(Measure.fixed(plenty.rate / plenty.cRate)) x C (goal >= 0.80)"
        )
        // The same with the store's own stock (10 of each): almost every order is refused, the path a planner's
        // question usually takes.
        let store = engineAgainstC(orders: orders, runs: runs, menu: menu, weights: weights, stock: menu.stock(from: book.initialInventory))
        print("C loop, store's stock        \(Measure.fixed(store.cRate / 1e6, 1)) M orders/s  (\(Measure.grouped(orders - store.cServed)) refused)")
        print(
            "engine, store's stock        \(Measure.fixed(store.rate / 1e6, 1)) M orders/s  (\(Measure.grouped(orders - store.served)) refused)  ratio \(Measure.fixed(store.rate / store.cRate)) x C"
        )

        // CSV: the same orders written to a file, processed by `juice simulate --orders`' source.
        guard
            let (path, bytes) = writeOrders(
                orders, menu: menu, extension: "csv", header: "juice,count\n", seed: 7, line: { name, _ in name + ",1\n" })
        else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines: Int64 = 0
        var csvOrders = 0
        let csvTimes = Measure.alternating(
            rounds: runs,
            [
                { lines = c_count_lines(path) },
                { csvOrders = run(path, menu: menu, stock: stock) },
            ])
        let (splitTime, csvTime) = (csvTimes[0], csvTimes[1])
        let splitRate = bytes / splitTime / 1e6
        let csvRate = bytes / csvTime / 1e6
        print(
            "CSV: read + split lines        \(Measure.fixed(splitRate, 1)) MB/s  (\(Measure.grouped(Int(lines))) lines, \(Measure.fixed(bytes / 1e6, 1)) MB)"
        )
        print(
            "CSV: parse + check + simulate  \(Measure.fixed(csvRate, 1)) MB/s  (\(Measure.grouped(csvOrders)) orders)  ratio \(Measure.fixed(csvRate / splitRate)) x split (goal >= 0.50)"
        )
        if let fields = Measure.childPeak(["simulate-peak", path]) {
            print(
                "peak memory of a CSV run (child process, above its size before): \(Measure.fixed(Double(fields[1] - fields[0]) / 1e6, 1)) MB for the \(Measure.fixed(bytes / 1e6, 1)) MB file"
            )
        }
        if yamlOrders > 0 { runYAML(orders: yamlOrders, runs: runs, menu: menu, stock: stock) }
    }

    /// The C loop's and the engine's rates (orders/s) for `orders` generated orders starting from `stock`, and the
    /// orders each served; timed in alternated rounds, so that a drift in the machine's speed slows both alike.
    static func engineAgainstC(
        orders: Int, runs: Int, menu: CompiledMenu, weights: [Int], stock: [Int]
    )
        -> (cRate: Double, rate: Double, cServed: Int, served: Int)
    {
        var cumulative: [UInt64] = []
        var running: UInt64 = 0
        for weight in weights {
            running += UInt64(weight)
            cumulative.append(running)
        }
        let starts = menu.recipeStart.map(Int64.init)
        let fruits = menu.ingredientFruit.map(Int64.init)
        let amounts = menu.ingredientAmount.map(Int64.init)
        var cServed: Int64 = 0
        var served = 0
        let times = Measure.alternating(
            rounds: runs,
            [
                {
                    var cStock = stock.map(Int64.init)
                    var cServedPerJuice = [Int64](repeating: 0, count: menu.juices.count)
                    var cRefusedPerJuice = [Int64](repeating: 0, count: menu.juices.count)
                    cServed = c_simulate_generated(
                        Int64(orders), 42, cumulative, Int64(menu.juices.count), starts, fruits, amounts,
                        &cStock, &cServedPerJuice, &cRefusedPerJuice)
                },
                {
                    do {
                        var source = try GeneratedOrders(count: orders, seed: 42, weights: weights)
                        var simulator = Simulator(menu: menu)
                        served = try simulator.run(&source, stock: stock).ordersServed.reduce(0, +)
                    } catch {
                        print("error: \(error)")
                    }
                },
            ])
        return (Double(orders) / times[0], Double(orders) / times[1], Int(cServed), served)
    }

    /// A YAML order list (every tenth order a `{juice: …, count: 2}` mapping) against a bare libyaml event loop over
    /// the same bytes, and the run's peak memory.
    static func runYAML(orders: Int, runs: Int, menu: CompiledMenu, stock: [Int]) {
        guard
            let (path, bytes) = writeOrders(
                orders, menu: menu, extension: "yaml", header: "# orders\n", seed: 11,
                line: { name, index in
                    index % 10 == 9 ? "- {juice: \(name), count: 2}\n" : "- \(name)\n"
                })
        else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        var events = 0
        var served = 0
        let times = Measure.alternating(
            rounds: runs,
            [
                {
                    guard let file = try? MappedFile(path: path) else { return }
                    events = LoadBenchmark.libyamlEvents(file.bytes)
                },
                { served = run(path, menu: menu, stock: stock) },
            ])
        let bareRate = bytes / times[0] / 1e6
        let yamlRate = bytes / times[1] / 1e6
        print(
            "YAML: bare libyaml events      \(Measure.fixed(bareRate, 1)) MB/s  (\(Measure.grouped(events)) events, \(Measure.fixed(bytes / 1e6, 1)) MB)"
        )
        print(
            "YAML: parse + check + simulate \(Measure.fixed(yamlRate, 1)) MB/s  (\(Measure.grouped(served)) orders, \(Measure.fixed(Double(orders) / times[1] / 1e6, 2)) M orders/s)  ratio \(Measure.fixed(yamlRate / bareRate)) x bare libyaml"
        )
        if let fields = Measure.childPeak(["simulate-peak", path]) {
            print(
                "peak memory of a YAML run (child process, above its size before): \(Measure.fixed(Double(fields[1] - fields[0]) / 1e6, 1)) MB for the \(Measure.fixed(bytes / 1e6, 1)) MB file"
            )
        }
    }

    /// Writes `count` orders of random juices (seeded) to a temporary file, one `line(name, index)` each after
    /// `header`; its path and size in bytes.
    static func writeOrders(
        _ count: Int, menu: CompiledMenu, extension ext: String, header: String, seed: UInt64,
        line: (String, Int) -> String
    ) -> (path: String, bytes: Double)? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-orders-\(getpid()).\(ext)").path
        var text = header
        text.reserveCapacity(count * 20)
        var state = seed
        for index in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            text += line(menu.juices[Int(state >> 33) % menu.juices.count].rawValue, index)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            print("cannot write \(path)")
            return nil
        }
        return (path, Double(text.utf8.count))
    }

    /// Runs the order file at `path` as `juice simulate --orders` does; the number of orders (-1 on a problem).
    static func run(_ path: String, menu: CompiledMenu, stock: [Int]) -> Int {
        do {
            var simulator = Simulator(menu: menu)
            return try simulator.runValidated(try FileOrders(path: path, menu: menu), stock: stock).orders
        } catch {
            print("error: \(error)")
            return -1
        }
    }

    /// The child side of the CSV and YAML peaks: prints RSS before the run, then peak RSS after it (VmHWM, then ru_maxrss).
    static func simulatePeak(path: String) {
        let book = RecipeLoader().load(files: DefaultRecipes.files).book
        let menu = CompiledMenu(book: book)
        let stock = menu.fruits.map { _ in Int.max / 4 }
        let before = Measure.currentRSS()
        let orders = run(path, menu: menu, stock: stock)
        print(before, Measure.peakRSS(), Measure.maxRSSFromRusage(), orders >= 0 ? "" : "failed")
    }
}
