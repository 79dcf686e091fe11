import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuicePlanning
import JuiceRecipes
import JuiceUseCases

extension ReportGrouping: ExpressibleByArgument {}

/// `juice report`: what sold and what was refused, revenue and fruit used.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: HelpLanguage.text(
            "Report sales, refusals, revenue and fruit used.",
            ko: "판매, 거절, 매출, 쓴 과일을 보여 줘요."),
        discussion: HelpLanguage.text(
            """
            Sales come from the shop's state, its journal of orders (orders undone are left out) and the orders the \
            stock refused (times in the machine's time zone), or from \
            --history FILE (CSV time,juice,count[,result] or JSON Lines, as for 'juice forecast'). Revenue counts \
            juices served at their menu price. The JSON holds the rows and a total with served, refused and revenue. \
            Exit status: 0 done, 2 usage error or a problem in the history file.
            """,
            ko: """
                판매 기록은 가게의 주문 기록(되돌린 주문은 빼요)과 재고가 모자라 거절된 주문(시간은 이 컴퓨터의 시간대)이나 --history FILE \
                ('juice forecast'와 같은 CSV나 한 줄에 하나씩 쓴 JSON 객체)에서 와요. 매출은 낸 쥬스를 메뉴 가격으로 \
                계산해요. JSON에는 행들과 판매, 거절, 매출의 합계가 있어요. \
                종료 코드: 0 완료, 2 사용법 오류나 기록 파일의 문제.
                """)
    )

    @OptionGroup var sales: SalesHistoryOptions

    @Option(
        help: ArgumentHelp(
            "Group by day, weekday, hour, juice or fruit.", ko: "묶는 기준: 날짜(day), 요일(weekday), 시간(hour), 쥬스(juice), 과일(fruit).", valueName: "group"))
    var by: ReportGrouping = .day

    @Option(help: ArgumentHelp("Output: text, json or csv.", ko: "출력 형식: text, json, csv.", valueName: "format"))
    var format: ForecastFormat = .text

    @Option(
        help: ArgumentHelp("Also draw the report as an SVG bar chart.", ko: "보고서를 SVG 막대 그래프로도 그려요.", valueName: "file.svg"),
        completion: .file(extensions: ["svg"]))
    var chart: String?

    @Flag(
        help: ArgumentHelp(
            "List what was thrown away, by reason and fruit (from the shop's state).", ko: "버린 과일을 이유와 과일별로 보여 줘요 (가게 기록에서)."))
    var waste = false

    private var shop: ShopOptions { sales.shop }

    /// Refuses what cannot work together (in `run()`: the reporter writes the error, which `--help` must not see).
    private func checkArguments() throws {
        if waste, sales.period.history != nil {
            throw shop.reporter(json: format == .json).usage(.wasteNeedsState)
        }
    }

    func run() async throws {
        try checkArguments()
        if let chart, let problem = ChartOutput.problem(writing: chart) {
            Terminal.writeError(CommandMessage.errorPrefix.text(in: shop.language) + problem.text(in: shop.language))
            throw ExitCode(ExitStatus.usage)
        }
        let json = format == .json
        let book = try shop.loadBook(json: json)
        let input = sales.input
        let actions = PlanningActions(book: book)
        do {
            let source = try input.sales(json: json)
            if waste {
                guard let flow = try await actions.stockFlow(from: source, first: sales.firstDay, last: sales.lastDay) else { return }
                return try show(waste: flow, book: book)
            }
            let report = try await actions.salesReport(from: source, grouping: by, first: sales.firstDay, last: sales.lastDay)
            // By fruit from the shop's state: the stock flow too (what came, went, was wasted, what counts found), and
            // the chart draws it; otherwise the chart is the sales report's.
            let withFlow = by == .fruit && (format != .csv || chart != nil)
            let flow = withFlow ? try await actions.stockFlow(from: source, first: sales.firstDay, last: sales.lastDay) : nil
            try show(report, flow: flow, book: book)
        } catch let failure as PlanningFailure {
            throw input.fail(failure, book: book, json: json)
        }
    }

    /// Prints what was thrown away (and draws it).
    private func show(waste flow: StockFlow, book: RecipeBook) throws {
        let flows = StockFlowRenderer(book: book, language: shop.language)
        if let chart { try ChartOutput.write(StockFlowChart(renderer: flows).svg(waste: flow), to: chart, language: shop.language) }
        Terminal.write(flows.render(waste: flow, as: format))
    }

    /// Prints the sales report, with the stock flow when there is one (and draws it, or the report).
    private func show(_ report: SalesReport, flow: StockFlow?, book: RecipeBook) throws {
        let renderer = SalesReportRenderer(book: book, language: shop.language)
        let flows = StockFlowRenderer(book: book, language: shop.language)
        if let chart {
            let svg = flow.map { StockFlowChart(renderer: flows).svg(fruits: $0) } ?? SalesChart(renderer: renderer).svg(report)
            try ChartOutput.write(svg, to: chart, language: shop.language)
        }
        guard let flow, format != .csv else { return Terminal.write(renderer.render(report, as: format)) }
        switch format {
        case .json:
            guard case .object(let members) = renderer.json(report) else { return }
            Terminal.write(JSONValue.object(members + flows.json(fruits: flow).filter { $0.0 == "stock" }).rendered(pretty: true) + "\n")
        default:
            Terminal.write(renderer.render(report, as: format) + "\n" + flows.render(fruits: flow, as: format))
        }
    }
}
