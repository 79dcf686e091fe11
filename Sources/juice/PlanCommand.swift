import ArgumentParser
import JuiceSimulation

/// `juice plan ORDERS`: can today's stock serve this batch? If not, what to buy.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Can today's stock serve this batch of orders? Prints yes, or exactly what to buy and which orders fail without it.",
        discussion: "An empty orders file is reported as such (nothing to plan). Exit status: 0 yes (or nothing to plan), 1 something must be bought, 2 usage error."
    )

    @OptionGroup var options: SimulationOptions

    @Argument(help: "Orders file: .csv (juice,count), .jsonl or .yaml.")
    var orders: String

    func run() async throws {
        let (menu, stock) = try await options.prepare()
        var simulator = Simulator(menu: menu)
        let report = try withProgress("planning") { progress throws(OrderSourceError) in
            var file = try FileOrders(path: orders, menu: menu)
            file.progress = progress
            return try simulator.runValidated(file, stock: stock)
        }
        let renderer = ReportRenderer(book: menu.book, language: options.shop.language)
        Terminal.write(renderer.plan(report, menu: menu, source: orders))
        if report.ordersRefused.contains(where: { $0 > 0 }) { throw ExitCode(ExitStatus.failure) }
    }
}
