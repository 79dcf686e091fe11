import ArgumentParser
import JuiceCommandLine
import JuiceSimulation

/// `juice plan ORDERS`: can today's stock serve this batch? If not, what to buy.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: HelpLanguage.text(
            "Can today's stock serve this batch of orders? Prints yes, or exactly what to buy and which orders fail without it.",
            ko: "오늘 재고로 이 주문들을 다 낼 수 있을까요? 된다고 하거나, 무엇을 얼마나 사야 하고 안 사면 어떤 주문이 안 되는지 알려 줘요."),
        discussion: HelpLanguage.text(
            """
            An empty orders file is reported as such (nothing to plan). On a terminal, a run longer than two seconds \
            shows its progress on standard error ($JUICE_PROGRESS_AFTER seconds, when set). Exit status: 0 yes (or \
            nothing to plan), 1 something must be bought, 2 usage error.
            """,
            ko: """
                빈 주문 파일은 빈 파일이라고 알려 줘요 (계획할 것 없음). 터미널에서 2초 넘게 걸리면 진행 상황을 표준 \
                오류에 보여 줘요 ($JUICE_PROGRESS_AFTER가 있으면 그 초 뒤부터). 종료 코드: 0 됨 (또는 계획할 것 없음), \
                1 무언가 사야 함, 2 사용법 오류.
                """)
    )

    @OptionGroup var options: SimulationOptions

    @Argument(help: OrdersFileHelp.argument)
    var orders: String

    func run() async throws {
        let (menu, stock) = try await options.prepare()
        var simulator = Simulator(menu: menu)
        let report = try withProgress(CommandMessage.planning.text(in: options.shop.language), language: options.shop.language) {
            progress throws(OrderSourceError) in
            simulator.progress = progress
            return try simulator.runValidated(try FileOrders(path: orders, menu: menu), stock: stock)
        }
        let renderer = ReportRenderer(book: menu.book, language: options.shop.language)
        Terminal.write(renderer.plan(report, menu: menu, source: orders))
        if report.ordersRefused.contains(where: { $0 > 0 }) { throw ExitCode(ExitStatus.failure) }
    }
}
