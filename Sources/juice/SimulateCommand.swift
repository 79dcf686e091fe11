import ArgumentParser
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceSimulation

extension ReportFormat: ExpressibleByArgument {}

/// Options shared by `juice simulate` and `juice plan`: recipes, language, and where the starting stock comes from.
struct SimulationOptions: ParsableArguments {
    @OptionGroup var shop: ShopOptions

    @Flag(help: "Start from a read-only copy of the shop's live stock instead of the store section.")
    var fromState = false

    /// The compiled menu and the starting stock.
    func prepare() async throws -> (CompiledMenu, [Int]) {
        let book = try shop.loadBook()
        let menu = CompiledMenu(book: book)
        guard fromState else { return (menu, menu.stock(from: book.initialInventory)) }
        let live = try shop.openExistingShop(book: book)
        do {
            return (menu, menu.stock(from: try await live.snapshot().inventory))
        } catch {
            throw fail(error, text: ShopText(language: shop.language, book: book))
        }
    }
}

/// Turns an order-source problem into exit status 2 with its message.
func usageFailure(_ error: OrderSourceError) -> ExitCode {
    Terminal.writeError("juice: error: \(error)")
    return ExitCode(ExitStatus.usage)
}

/// `juice simulate`: runs a batch (or a generated day) of orders against a copy of the stock and reports.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate a batch of orders: what gets served, what runs out first, what to buy.",
        discussion: "The shop's live state is never changed. Orders come from --orders FILE (.csv juice,count; .jsonl; .yaml list) or --generate N."
    )

    @OptionGroup var options: SimulationOptions

    @Option(help: ArgumentHelp("Orders file: .csv (juice,count), .jsonl or .yaml.", valueName: "file"))
    var orders: String?

    @Option(help: ArgumentHelp("Generate N orders instead of reading a file (more than 100,000,000 needs --force).", valueName: "n"))
    var generate: Int?

    @Flag(help: "Run a --generate beyond 100,000,000 orders anyway.")
    var force = false

    @Option(help: "Seed for generated orders.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Popularity mix for generated orders, like banana-juice=5,kiwi-juice=1 (default uniform).", valueName: "mix"))
    var mix: String?

    @Option(help: ArgumentHelp("A YAML file with a 'demand:' section mapping juices to weights.", valueName: "file"))
    var demand: String?

    @Option(help: ArgumentHelp("Restock during the run: every=K (all fruit to capacity every K orders) or below=T,to=C (a fruit below T to C, at most its capacity). Repeatable.", valueName: "rule"))
    var restock: [String] = []

    @Option(help: "Report format: text, json or csv.")
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Write an SVG chart of each fruit's stock across the run (labels in the report's language); the path is checked before the run.", valueName: "file.svg"))
    var chart: String?

    /// The most orders `--generate` makes without `--force` (a few seconds' run).
    static let generateLimit = 100_000_000

    func validate() throws {
        guard (orders == nil) != (generate == nil) else { throw ValidationError("give either --orders FILE or --generate N") }
        if let generate, generate < 0 { throw ValidationError("--generate must be 0 or more") }
        if let generate, generate > Self.generateLimit, !force {
            throw ValidationError("--generate \(generate) is more than \(Self.generateLimit) orders, a long run that keeps a processor busy; add --force to run it anyway")
        }
        if orders != nil && (mix != nil || demand != nil) { throw ValidationError("--mix and --demand apply to --generate only") }
        if mix != nil && demand != nil { throw ValidationError("give --mix or --demand, not both") }
    }

    func run() async throws {
        if let chart, let problem = writeProblem(chart) {
            Terminal.writeError("juice: error: --chart \(chart): \(problem)")
            throw ExitCode(ExitStatus.usage)
        }
        let (menu, stock) = try await options.prepare()
        var policy = RestockPolicy()
        do {
            for rule in restock { try policy.add(rule) }
            try policy.check(against: menu)
        } catch {
            throw usageFailure(error)
        }
        var simulator = Simulator(menu: menu, restock: policy, chart: chart == nil ? nil : StockChart())
        let report = try withProgress("simulating") { progress throws(OrderSourceError) in
            if let orders {
                var file = try FileOrders(path: orders, menu: menu)
                file.progress = progress
                return try simulator.runValidated(file, stock: stock)
            }
            var source = try GeneratedOrders(count: generate ?? 0, seed: seed, weights: try weights(menu))
            source.progress = progress
            return try simulator.run(&source, stock: stock)
        }
        let renderer = ReportRenderer(book: menu.book, language: options.shop.language)
        Terminal.write(renderer.render(report, as: format, source: orders))
        if let chart, let recorded = simulator.chart {
            let names = menu.fruits.indices.map { renderer.fruitName($0, menu: menu) }
            do {
                try recorded.svg(names: names, language: options.shop.language).write(toFile: chart, atomically: true, encoding: .utf8)
            } catch {
                Terminal.writeError("juice: error: cannot write \(chart): \(error.localizedDescription)")
                throw ExitCode(ExitStatus.usage)
            }
        }
    }

    /// Why `path` cannot be written, if it cannot: checked before the run, so a long run is not lost to a typo.
    private func writeProblem(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "is a directory; give a file name like stock.svg" }
            return FileManager.default.isWritableFile(atPath: path) ? nil : "cannot be written (permission denied)"
        }
        let directory = (path as NSString).deletingLastPathComponent
        let parent = directory.isEmpty ? "." : directory
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "no such directory '\(parent)'; create it first"
        }
        return FileManager.default.isWritableFile(atPath: parent) ? nil : "the directory '\(parent)' cannot be written (permission denied)"
    }

    private func weights(_ menu: CompiledMenu) throws(OrderSourceError) -> [Int] {
        let finder = JuiceFinder(book: menu.book)
        let resolve = { (name: String) throws(OrderSourceError) -> Int in
            do throws(JuiceLookupError) { return try menu.juiceIndex(named: name, finder: finder) } catch {
                throw .badMix("\(error)")
            }
        }
        if let demand { return try DemandFile.weights(path: demand, juiceCount: menu.juices.count, resolve: resolve) }
        return try DemandMix.weights(mix ?? "", juiceCount: menu.juices.count, resolve: resolve)
    }
}
