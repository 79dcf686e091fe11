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

    @Option(help: ArgumentHelp("Generate N orders instead of reading a file.", valueName: "n"))
    var generate: Int?

    @Option(help: "Seed for generated orders.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Popularity mix for generated orders, like banana-juice=5,kiwi-juice=1 (default uniform).", valueName: "mix"))
    var mix: String?

    @Option(help: ArgumentHelp("A YAML file with a 'demand:' section mapping juices to weights.", valueName: "file"))
    var demand: String?

    @Option(help: ArgumentHelp("Restock during the run: every=K (all fruit to capacity every K orders) or below=T,to=C. Repeatable.", valueName: "rule"))
    var restock: [String] = []

    @Option(help: "Report format: text, json or csv.")
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Write an SVG chart of each fruit's stock across the run.", valueName: "file.svg"))
    var chart: String?

    func validate() throws {
        guard (orders == nil) != (generate == nil) else { throw ValidationError("give either --orders FILE or --generate N") }
        if let generate, generate < 0 { throw ValidationError("--generate must be 0 or more") }
        if orders != nil && (mix != nil || demand != nil) { throw ValidationError("--mix and --demand apply to --generate only") }
        if mix != nil && demand != nil { throw ValidationError("give --mix or --demand, not both") }
    }

    func run() async throws {
        let (menu, stock) = try await options.prepare()
        var policy = RestockPolicy()
        do { for rule in restock { try policy.add(rule) } } catch { throw usageFailure(error) }
        var simulator = Simulator(menu: menu, restock: policy, chart: chart == nil ? nil : StockChart())
        let report: SimulationReport
        do {
            if let orders {
                report = try simulator.runValidated(try FileOrders(path: orders, menu: menu), stock: stock)
            } else {
                var source = try GeneratedOrders(count: generate ?? 0, seed: seed, weights: try weights(menu))
                report = try simulator.run(&source, stock: stock)
            }
        } catch {
            throw usageFailure(error)
        }
        let renderer = ReportRenderer(book: menu.book, language: options.shop.language)
        Terminal.write(renderer.render(report, as: format))
        if let chart, let recorded = simulator.chart {
            let names = menu.fruits.indices.map { renderer.fruitLabel($0, menu: menu) }
            do {
                try recorded.svg(names: names, title: "Stock across \(report.orders) orders").write(toFile: chart, atomically: true, encoding: .utf8)
            } catch {
                Terminal.writeError("juice: error: cannot write \(chart): \(error.localizedDescription)")
                throw ExitCode(ExitStatus.usage)
            }
        }
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

/// `juice plan ORDERS`: can today's stock serve this batch? If not, what to buy.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Can today's stock serve this batch of orders? Prints yes, or exactly what to buy and which orders fail without it.",
        discussion: "Exit status: 0 yes, 1 something must be bought, 2 usage error."
    )

    @OptionGroup var options: SimulationOptions

    @Argument(help: "Orders file: .csv (juice,count), .jsonl or .yaml.")
    var orders: String

    func run() async throws {
        let (menu, stock) = try await options.prepare()
        var simulator = Simulator(menu: menu)
        let report: SimulationReport
        do {
            report = try simulator.runValidated(try FileOrders(path: orders, menu: menu), stock: stock)
        } catch {
            throw usageFailure(error)
        }
        let renderer = ReportRenderer(book: menu.book, language: options.shop.language)
        let korean = options.shop.language == .korean
        let refused = report.ordersRefused.reduce(0, +)
        if refused == 0 {
            Terminal.write(korean ? "네: 지금 재고로 주문 \(report.orders)건을 모두 만들 수 있어요.\n" : "yes: today's stock serves all \(report.orders) orders.\n")
            return
        }
        Terminal.write(korean ? "아니오: 주문 \(report.orders)건 중 \(refused)건을 만들 수 없어요. 사야 할 과일:\n" : "no: \(refused) of \(report.orders) orders cannot be served. Buy:\n")
        for fruit in menu.fruits.indices where report.shoppingList[fruit] > 0 {
            Terminal.write("  \(renderer.fruitLabel(fruit, menu: menu)): \(report.shoppingList[fruit])\n")
        }
        Terminal.write(korean ? "사지 않으면 실패하는 주문:\n" : "Without it, these orders fail:\n")
        for refusal in report.firstRefusals {
            Terminal.write("  #\(refusal.order) \(renderer.juiceLabel(refusal.juice, menu: menu))\n")
        }
        if refused > report.firstRefusals.count {
            Terminal.write(korean ? "  … 외 \(refused - report.firstRefusals.count)건\n" : "  … and \(refused - report.firstRefusals.count) more\n")
        }
        throw ExitCode(ExitStatus.failure)
    }
}
