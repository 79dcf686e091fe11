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

        var cumulative: [UInt64] = []
        var running: UInt64 = 0
        for weight in weights { running += UInt64(weight); cumulative.append(running) }
        let starts = menu.recipeStart.map(Int64.init)
        let fruits = menu.ingredientFruit.map(Int64.init)
        let amounts = menu.ingredientAmount.map(Int64.init)
        var cServed: Int64 = 0
        var swiftServed = 0
        // Alternated round by round, so that a drift in the machine's speed slows both alike.
        let times = Measure.alternating(rounds: runs, [
            {
                var cStock = stock.map(Int64.init)
                var served = [Int64](repeating: 0, count: menu.juices.count)
                var refused = [Int64](repeating: 0, count: menu.juices.count)
                cServed = c_simulate_generated(Int64(orders), 42, cumulative, Int64(menu.juices.count), starts, fruits, amounts, &cStock, &served, &refused)
            },
            {
                do {
                    var source = try GeneratedOrders(count: orders, seed: 42, weights: weights)
                    var simulator = Simulator(menu: menu)
                    swiftServed = try simulator.run(&source, stock: stock).ordersServed.reduce(0, +)
                } catch {
                    print("error: \(error)")
                }
            },
        ])
        let (cTime, swiftTime) = (times[0], times[1])
        let cRate = Double(orders) / cTime
        let swiftRate = Double(orders) / swiftTime
        print("C loop (generate + serve)    \(Measure.fixed(cRate / 1e6, 1)) M orders/s  (\(Measure.grouped(Int(cServed))) served)")
        print("engine (generate + serve)    \(Measure.fixed(swiftRate / 1e6, 1)) M orders/s  (\(Measure.grouped(swiftServed)) served)  ratio \(Measure.fixed(swiftRate / cRate)) x C (goal >= 0.80)")

        // The same with the store's own stock (10 of each): almost every order is refused, the path a planner's
        // question usually takes.
        let storeStock = menu.stock(from: book.initialInventory)
        var cRefused: Int64 = 0
        var swiftRefused = 0
        let refusing = Measure.alternating(rounds: runs, [
            {
                var cStock = storeStock.map(Int64.init)
                var served = [Int64](repeating: 0, count: menu.juices.count)
                var refused = [Int64](repeating: 0, count: menu.juices.count)
                _ = c_simulate_generated(Int64(orders), 42, cumulative, Int64(menu.juices.count), starts, fruits, amounts, &cStock, &served, &refused)
                cRefused = refused.reduce(0, +)
            },
            {
                do {
                    var source = try GeneratedOrders(count: orders, seed: 42, weights: weights)
                    var simulator = Simulator(menu: menu)
                    swiftRefused = try simulator.run(&source, stock: storeStock).ordersRefused.reduce(0, +)
                } catch {
                    print("error: \(error)")
                }
            },
        ])
        let cRefusingRate = Double(orders) / refusing[0]
        let swiftRefusingRate = Double(orders) / refusing[1]
        print("C loop, store's stock        \(Measure.fixed(cRefusingRate / 1e6, 1)) M orders/s  (\(Measure.grouped(Int(cRefused))) refused)")
        print("engine, store's stock        \(Measure.fixed(swiftRefusingRate / 1e6, 1)) M orders/s  (\(Measure.grouped(swiftRefused)) refused)  ratio \(Measure.fixed(swiftRefusingRate / cRefusingRate)) x C")

        // CSV: the same orders written to a file, processed by `juice simulate --orders`' source.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-orders-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var text = "juice,count\n"
        text.reserveCapacity(orders * 16)
        var state: UInt64 = 7
        for _ in 0..<orders {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            text += menu.juices[Int(state >> 33) % menu.juices.count].rawValue
            text += ",1\n"
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { print("cannot write \(path)"); return }
        let bytes = Double(text.utf8.count)
        var lines: Int64 = 0
        var csvOrders = 0
        let csvTimes = Measure.alternating(rounds: runs, [
            { lines = c_count_lines(path) },
            {
                do {
                    var simulator = Simulator(menu: menu)
                    csvOrders = try simulator.runValidated(try FileOrders(path: path, menu: menu), stock: stock).orders
                } catch {
                    print("error: \(error)")
                }
            },
        ])
        let (splitTime, csvTime) = (csvTimes[0], csvTimes[1])
        let splitRate = bytes / splitTime / 1e6
        let csvRate = bytes / csvTime / 1e6
        print("CSV: read + split lines        \(Measure.fixed(splitRate, 1)) MB/s  (\(Measure.grouped(Int(lines))) lines, \(Measure.fixed(bytes / 1e6, 1)) MB)")
        print("CSV: parse + check + simulate  \(Measure.fixed(csvRate, 1)) MB/s  (\(Measure.grouped(csvOrders)) orders)  ratio \(Measure.fixed(csvRate / splitRate)) x split (goal >= 0.50)")
        if let fields = Measure.childPeak(["simulate-peak", path]) {
            print("peak memory of a CSV run (child process, above its size before): \(Measure.fixed(Double(fields[1] - fields[0]) / 1e6, 1)) MB for the \(Measure.fixed(bytes / 1e6, 1)) MB file")
        }
        if yamlOrders > 0 { runYAML(orders: yamlOrders, runs: runs, menu: menu, stock: stock) }
    }

    /// A YAML order list (every tenth order a `{juice: …, count: 2}` mapping) against a bare libyaml event loop over
    /// the same bytes, and the run's peak memory.
    static func runYAML(orders: Int, runs: Int, menu: CompiledMenu, stock: [Int]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-orders-\(getpid()).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var text = "# orders\n"
        text.reserveCapacity(orders * 20)
        var state: UInt64 = 11
        for index in 0..<orders {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let name = menu.juices[Int(state >> 33) % menu.juices.count].rawValue
            text += index % 10 == 9 ? "- {juice: \(name), count: 2}\n" : "- \(name)\n"
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { print("cannot write \(path)"); return }
        let bytes = Double(text.utf8.count)
        text = ""
        var events = 0
        var served = 0
        let times = Measure.alternating(rounds: runs, [
            {
                guard let file = try? MappedFile(path: path) else { return }
                events = LibYAMLBaseline.countEvents(in: file.bytes) ?? -1
            },
            {
                do {
                    var simulator = Simulator(menu: menu)
                    served = try simulator.runValidated(try FileOrders(path: path, menu: menu), stock: stock).orders
                } catch {
                    print("error: \(error)")
                }
            },
        ])
        let bareRate = bytes / times[0] / 1e6
        let yamlRate = bytes / times[1] / 1e6
        print("YAML: bare libyaml events      \(Measure.fixed(bareRate, 1)) MB/s  (\(Measure.grouped(events)) events, \(Measure.fixed(bytes / 1e6, 1)) MB)")
        print("YAML: parse + check + simulate \(Measure.fixed(yamlRate, 1)) MB/s  (\(Measure.grouped(served)) orders, \(Measure.fixed(Double(orders) / times[1] / 1e6, 2)) M orders/s)  ratio \(Measure.fixed(yamlRate / bareRate)) x bare libyaml")
        if let fields = Measure.childPeak(["simulate-peak", path]) {
            print("peak memory of a YAML run (child process, above its size before): \(Measure.fixed(Double(fields[1] - fields[0]) / 1e6, 1)) MB for the \(Measure.fixed(bytes / 1e6, 1)) MB file")
        }
    }

    /// The child side of the CSV and YAML peaks: prints RSS before the run, then peak RSS after it (VmHWM, then ru_maxrss).
    static func simulatePeak(path: String) {
        let book = RecipeLoader().load(files: DefaultRecipes.files).book
        let menu = CompiledMenu(book: book)
        let stock = menu.fruits.map { _ in Int.max / 4 }
        let before = Measure.currentRSS()
        var simulator = Simulator(menu: menu)
        let orders = (try? simulator.runValidated(try FileOrders(path: path, menu: menu), stock: stock).orders) ?? -1
        print(before, Measure.peakRSS(), Measure.maxRSSFromRusage(), orders >= 0 ? "" : "failed")
    }
}
