import Foundation
import JuiceCore
import JuiceRecipes
import JuiceSimulation
import JuiceTestSupport
import Testing

enum SimulationSupport {
    static let book = RecipeLoader().load(files: DefaultRecipes.files).book
    static let menu = CompiledMenu(book: book)
    static var stock: [Int] { menu.stock(from: book.initialInventory) }
    static var packageRoot: URL { TestDirectories.packageRoot }

    static func fixture(_ name: String) -> String {
        (Bundle.module.url(forResource: "Fixtures", withExtension: nil) ?? packageRoot.appendingPathComponent("Tests/JuiceSimulationTests/Fixtures"))
            .appendingPathComponent(name).path
    }

    static func index(_ id: JuiceID) -> Int { menu.juices.firstIndex(of: id) ?? -1 }
    static func fruit(_ id: FruitID) -> Int { menu.fruits.firstIndex(of: id) ?? -1 }

    /// Checks `output` against the golden file `name` in Fixtures (rewritten first with JUICE_UPDATE_GOLDEN=1).
    static func expectGolden(_ output: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = packageRoot.appendingPathComponent("Tests/JuiceSimulationTests/Fixtures/\(name)")
        #expect(output == (try Golden.expected(for: output, at: url)), sourceLocation: sourceLocation)
    }

    static func run(file: String, restock: RestockPolicy = .none) throws -> SimulationReport {
        var source = try FileOrders(path: fixture(file), menu: menu)
        try source.validate()
        var simulator = Simulator(menu: menu, restock: restock)
        return try simulator.run(&source, stock: stock)
    }
}

@Suite("Simulation")
struct SimulationTests {
    @Test("CSV, JSON Lines and YAML order files give the same report", arguments: ["orders.csv", "orders.jsonl", "orders.yaml"])
    func orderFiles(file: String) throws {
        let report = try SimulationSupport.run(file: file)
        let banana = SimulationSupport.index("banana-juice")
        #expect(report.orders == 5)
        #expect(report.served[banana] == 2, "2 served; the 4 at once need 8 of the 7 bananas left")
        #expect(report.refused[banana] == 4)
        #expect(report.served[SimulationSupport.index("strawberry-banana-juice")] == 1)
        #expect(report.refused[SimulationSupport.index("strawberry-juice")] == 1)
        #expect(report.served[SimulationSupport.index("mango-kiwi-juice")] == 1)
        let strawberry = SimulationSupport.fruit("strawberry")
        #expect(report.finalStock[strawberry] == 0)
        #expect(report.firstEmptied[strawberry] == 2, "order 2 (strawberry-banana) uses the last 10")
        #expect(report.firstShort[strawberry] == 4, "order 4 (strawberry juice, 16) is the first refused for want of it")
        #expect(
            report.firstShort[SimulationSupport.fruit("banana")] == 3 && report.firstEmptied[SimulationSupport.fruit("banana")] == nil,
            "short for the 4 at once, yet never at 0")
        #expect(report.refusedBy[strawberry] == 1)
        // To serve everything: strawberry 10 + 16 = 26 of 10; banana 4 + 1 + 8 = 13 of 10.
        #expect(report.shoppingList[strawberry] == 16)
        #expect(report.shoppingList[SimulationSupport.fruit("banana")] == 3)
        #expect(report.consumed[SimulationSupport.fruit("banana")] == 5)
    }

    @Test("an unknown juice is an error at its line, with a suggestion, before anything runs")
    func unknownJuice() throws {
        var source = try FileOrders(path: SimulationSupport.fixture("unknown.csv"), menu: SimulationSupport.menu)
        #expect(
            throws: OrderSourceError.unknownJuice(
                path: SimulationSupport.fixture("unknown.csv"), line: 4, column: 1, name: "bananna-jiuce", suggestion: "banana-juice")
        ) {
            try source.validate()
        }
        var malformed = try FileOrders(path: SimulationSupport.fixture("malformed.csv"), menu: SimulationSupport.menu)
        #expect(throws: OrderSourceError.self) { try malformed.validate() }
    }

    @Test("generated orders are deterministic for a seed and follow the mix")
    func generated() throws {
        func run(seed: UInt64, weights: [Int]) throws -> SimulationReport {
            var source = try GeneratedOrders(count: 10_000, seed: seed, weights: weights)
            var simulator = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 50))
            return try simulator.run(&source, stock: SimulationSupport.stock)
        }
        let uniform = Array(repeating: 1, count: 7)
        #expect(try run(seed: 42, weights: uniform) == run(seed: 42, weights: uniform))
        #expect(try run(seed: 42, weights: uniform) != run(seed: 43, weights: uniform))
        let onlyBanana = try run(seed: 1, weights: [0, 1, 0, 0, 0, 0, 0])
        let banana = SimulationSupport.index("banana-juice")
        #expect(onlyBanana.served[banana] + onlyBanana.refused[banana] == 10_000)
        let weights = try DemandMix.weights("banana-juice=3,kiwi-juice=1", juiceCount: 7) { name throws(OrderSourceError) in
            SimulationSupport.index(JuiceID(name))
        }
        #expect(weights == [0, 3, 1, 0, 0, 0, 0])
        let mixed = try run(seed: 9, weights: weights)
        let kiwi = SimulationSupport.index("kiwi-juice")
        let bananaShare = Double(mixed.served[banana] + mixed.refused[banana]) / 10_000
        #expect(abs(bananaShare - 0.75) < 0.02)
        #expect(mixed.served[kiwi] + mixed.refused[kiwi] == 10_000 - (mixed.served[banana] + mixed.refused[banana]))
    }

    @Test("generated orders served as they are made give the same report as the same orders served in batches")
    func fusedAndBatched() throws {
        /// Hides GeneratedOrders' own loop, so that the simulator takes the batch path.
        struct Batched: OrderSource {
            var inner: GeneratedOrders
            var progress: OrderProgress?
            mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
                try inner.nextBatch(into: &batch)
            }
        }
        let weights = [1, 3, 1, 1, 2, 1, 1]
        for restock in [RestockPolicy.none, RestockPolicy(every: 40), RestockPolicy(below: 3, to: 12)] {
            var fused = try GeneratedOrders(count: 9_000, seed: 11, weights: weights)
            var batched = Batched(inner: try GeneratedOrders(count: 9_000, seed: 11, weights: weights))
            var first = Simulator(menu: SimulationSupport.menu, restock: restock)
            var second = Simulator(menu: SimulationSupport.menu, restock: restock)
            let made = try first.run(&fused, stock: SimulationSupport.stock)
            let read = try second.run(&batched, stock: SimulationSupport.stock)
            #expect(made == read)
            #expect(made.orders == 9_000)
            #expect(made.refused.reduce(0, +) > 0, "the run must reach the refusal path to compare it")
        }
    }

    @Test("recipes read padded to one length (the plain loop) give the same report as read as they are (with a chart)")
    func paddedLayout() throws {
        #expect(SimulationSupport.menu.paddedWidth == 2, "the default recipes have one or two fruits")
        for seed in [UInt64(5), 6, 7] {
            var plain = try GeneratedOrders(count: 3_000, seed: seed, weights: [1, 3, 1, 1, 2, 1, 1])
            var charted = try GeneratedOrders(count: 3_000, seed: seed, weights: [1, 3, 1, 1, 2, 1, 1])
            var first = Simulator(menu: SimulationSupport.menu)
            var second = Simulator(menu: SimulationSupport.menu, chart: StockChart())
            let padded = try first.run(&plain, stock: SimulationSupport.stock.map { $0 * 50 })
            let unpadded = try second.run(&charted, stock: SimulationSupport.stock.map { $0 * 50 })
            #expect(padded == unpadded)
            #expect(padded.refused.reduce(0, +) > 0 && padded.served.reduce(0, +) > 0, "both paths must be exercised")
            #expect(padded.finalStock.count == SimulationSupport.menu.fruits.count, "the sentinel is not reported")
        }
    }

    @Test("restocking: every=K refills to capacity and counts each refill; below=T,to=C refills a low fruit")
    func restocking() throws {
        var source = try GeneratedOrders(count: 100, seed: 1, weights: [0, 1, 0, 0, 0, 0, 0])
        var every = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 10))
        let report = try every.run(&source, stock: SimulationSupport.stock)
        let banana = SimulationSupport.fruit("banana")
        #expect(report.refills[banana] == 10)
        #expect(report.refused.reduce(0, +) == 5, "orders 6 to 10 come before the first refill; after it 100 bananas per 10 orders is plenty")
        var below = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(below: 2, to: 10))
        var again = try GeneratedOrders(count: 100, seed: 1, weights: [0, 1, 0, 0, 0, 0, 0])
        let refilled = try below.run(&again, stock: SimulationSupport.stock)
        #expect(refilled.refused.reduce(0, +) == 0)
        #expect(refilled.refills[banana] == 20, "10 bananas last 5 orders of 2; each time they reach 0 (< 2) they go back to 10")
        var policy = RestockPolicy()
        #expect(throws: OrderSourceError.self) { try policy.add("every=0") }
        #expect(throws: OrderSourceError.self) { try policy.add("below=5") }
    }

    static func demandWeights(path: String) throws(OrderSourceError) -> [Int] {
        try DemandFile.weights(path: path, juiceCount: 7) { name throws(OrderSourceError) in
            do throws(JuiceLookupError) {
                return try SimulationSupport.menu.juiceIndex(named: name, finder: JuiceFinder(book: SimulationSupport.book))
            } catch {
                switch error {
                case .unknown(let name, let suggestion): throw .badMix(.unknownJuice(name, suggestion: suggestion))
                }
            }
        }
    }

    @Test("the demand section of a YAML file sets the mix")
    func demandFile() throws {
        #expect(try Self.demandWeights(path: SimulationSupport.fixture("demand.yaml")) == [0, 3, 0, 0, 1, 0, 0])
    }

    @Test(
        "a demand file's problems are errors at their line and column",
        arguments: [
            ("demand:\n  banana-juice: 5\n  kiwi-jiuce: 1\n", "3:3: unknown juice 'kiwi-jiuce'; did you mean 'kiwi-juice'?"),
            ("demand:\n  banana-juice: -5\n", "2:17: a weight must be a whole number of at least 0, not the number -5"),
            ("mix: {banana-juice: 5}\n", "1:1: expected a 'demand:' mapping from juice to weight, like 'demand: {banana-juice: 5, kiwi-juice: 1}'"),
        ])
    func demandFileProblems(text: String, expected: String) throws {
        let path = try ChunkedOrderFileTests.write(text, extension: "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do throws(OrderSourceError) {
            _ = try Self.demandWeights(path: path)
            Issue.record("expected \(expected)")
        } catch {
            #expect(error.description == path + ":" + expected)
        }
    }

    @Test(
        "reports are pinned by golden files in both languages (regenerate with JUICE_UPDATE_GOLDEN=1)",
        arguments: [(ReportFormat.text, Language.english), (.json, .english), (.csv, .english), (.text, .korean)])
    func golden(format: ReportFormat, language: Language) throws {
        var source = try GeneratedOrders(count: 500, seed: 7, weights: [1, 3, 1, 1, 2, 1, 1])
        var simulator = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 60))
        let report = try simulator.run(&source, stock: SimulationSupport.stock)
        let output = ReportRenderer(book: SimulationSupport.book, language: language).render(report, as: format)
        try SimulationSupport.expectGolden(output, named: "golden" + (language == .korean ? ".ko." : ".") + format.rawValue)
    }

    @Test("restock rules that cannot be used say 'invalid restock', and to= above a capacity is refused")
    func restockProblems() throws {
        for (text, message) in [
            ("every=0", "invalid restock: --restock every=K needs K of at least 1 (refill every K orders), not 0"),
            ("every=5,below=2", "invalid restock: --restock every=K stands alone; give below=T,to=C as another --restock"),
            ("below=5,to=2", "invalid restock: --restock below=T,to=C needs C of at least T, not below=5,to=2"),
            ("often", "invalid restock: --restock expects every=K or below=T,to=C with whole numbers, not 'often'"),
            ("below=2", "invalid restock: --restock expects every=K or below=T,to=C, not 'below=2'"),
        ] {
            var policy = RestockPolicy()
            let thrown = #expect(throws: OrderSourceError.self) { try policy.add(text) }
            #expect(thrown?.description == message)
        }
        var high = RestockPolicy()
        try high.add("below=2,to=101")
        let thrown = #expect(throws: OrderSourceError.self) { try high.check(against: SimulationSupport.menu) }
        #expect(thrown?.description == "invalid restock: --restock to=101 is above the capacity of 'strawberry' (100); use to=100 or less")
        var full = RestockPolicy()
        try full.add("below=2,to=100")
        try full.check(against: SimulationSupport.menu)
    }
}
