import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceSimulation

extension ReportFormat: ExpressibleByArgument {}

/// Options shared by `juice simulate` and `juice plan`: recipes, language, and where the starting stock comes from.
struct SimulationOptions: ParsableArguments {
    @OptionGroup var shop: ShopOptions

    @Flag(
        help: ArgumentHelp(
            "Start from a read-only copy of the shop's live stock instead of the store section.",
            ko: "store 섹션 대신 가게의 지금 재고를 읽기 전용으로 복사해서 시작해요."))
    var fromState = false

    /// The compiled menu and the starting stock.
    func prepare() async throws -> (CompiledMenu, [Int]) {
        let book = try shop.loadBook()
        let menu = CompiledMenu(book: book)
        guard fromState else { return (menu, menu.stock(from: book.initialInventory)) }
        return (menu, try await liveStock(menu: menu, json: false))
    }

    /// A read-only copy of the shop's stock now, in `menu`'s fruit order (the state must exist).
    func liveStock(menu: CompiledMenu, json: Bool) async throws -> [Int] {
        let live = try shop.openExistingShop(book: menu.book, json: json)
        do {
            return menu.stock(from: try await live.snapshot().inventory)
        } catch {
            throw shop.reporter(json: json).fail(error, text: ShopText(language: shop.language, book: menu.book))
        }
    }
}

/// The help of an orders file, the same for `simulate --orders` and `plan`.
enum OrdersFileHelp {
    private static let english = "Orders file: .csv (juice,count), .jsonl or .yaml."
    private static let korean = "주문 파일: .csv (juice,count), .jsonl, .yaml."

    /// `simulate --orders FILE`.
    static var option: ArgumentHelp { ArgumentHelp(english, ko: korean, valueName: "file") }
    /// `plan ORDERS`.
    static var argument: ArgumentHelp { ArgumentHelp(english, ko: korean) }
}

/// Turns an order-source problem into exit status 2 with its message in `language` (`juice: 오류: FILE:L:C: …`).
func usageFailure(_ error: OrderSourceError, language: Language) -> ExitCode {
    Terminal.writeError(CommandMessage.errorPrefix.text(in: language) + error.description(in: language))
    return ExitCode(ExitStatus.usage)
}

/// `juice simulate`: runs a batch (or a generated day) of orders against a copy of the stock and reports.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: HelpLanguage.text(
            "Simulate a batch of orders: served, short, to buy.",
            ko: "주문 묶음을 시뮬레이션해요: 나갈 것, 모자랄 것, 살 것."),
        discussion: HelpLanguage.text(
            """
            The shop's live state is never changed. Orders come from --orders FILE (.csv juice,count; .jsonl; .yaml \
            list) or --generate N. On a terminal, a run longer than two seconds shows its progress on standard error \
            ($JUICE_PROGRESS_AFTER seconds, when set); the report on standard output never carries it.
            """,
            ko: """
                가게의 지금 상태는 절대 바뀌지 않아요. 주문은 --orders FILE (.csv juice,count; .jsonl; .yaml 목록)이나 \
                --generate N에서 와요. 터미널에서 2초 넘게 걸리면 진행 상황을 표준 오류에 보여 줘요 \
                ($JUICE_PROGRESS_AFTER가 있으면 그 초 뒤부터). 표준 출력의 보고서에는 섞이지 않아요.
                """)
    )

    @OptionGroup var options: SimulationOptions

    @Option(help: OrdersFileHelp.option)
    var orders: String?

    @Option(
        help: ArgumentHelp(
            "Generate N orders instead of reading a file (more than 100,000,000 needs --force).",
            ko: "파일 대신 주문 N개를 만들어요 (100,000,000개 넘게는 --force가 필요해요).", valueName: "n"))
    var generate: Int?

    @Flag(help: ArgumentHelp("Run a --generate beyond 100,000,000 orders anyway.", ko: "100,000,000개 넘는 --generate도 그대로 돌려요."))
    var force = false

    @Option(help: ArgumentHelp("Seed for generated orders.", ko: "만드는 주문의 시드."))
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "Popularity mix for generated orders, like banana-juice=5,kiwi-juice=1 (default uniform).",
            ko: "만드는 주문의 인기 비율, 예: banana-juice=5,kiwi-juice=1 (기본값: 모두 같게).", valueName: "mix"))
    var mix: String?

    @Option(
        help: ArgumentHelp(
            "A YAML file with a 'demand:' section mapping juices to weights.",
            ko: "쥬스별 비율을 담은 'demand:' 섹션이 있는 YAML 파일.", valueName: "file"))
    var demand: String?

    @Option(
        help: ArgumentHelp(
            "Restock during the run: every=K (all fruit to capacity every K orders) or below=T,to=C (a fruit below T to C, at most its capacity). Repeatable.",
            ko: "도중에 재고 채우기: every=K (주문 K개마다 모든 과일을 용량까지) 또는 below=T,to=C (T 아래인 과일을 C까지, 용량 이하). 여러 번 쓸 수 있어요.",
            valueName: "rule"))
    var restock: [String] = []

    @Option(help: ArgumentHelp("Report format: text, json or csv.", ko: "보고서 형식: text, json, csv."))
    var format: ReportFormat = .text

    @Option(
        help: ArgumentHelp(
            "Write an SVG chart of each fruit's stock across the run (labels in the report's language); the path is checked before the run.",
            ko: "과일마다 재고 변화를 SVG 차트로 써요 (글자는 보고서 언어로). 경로는 시작하기 전에 확인해요.", valueName: "file.svg"))
    var chart: String?

    /// The most orders `--generate` makes without `--force` (a few seconds' run).
    static let generateLimit = 100_000_000

    func validate() throws {
        let language = UsageLanguage.current
        guard (orders == nil) != (generate == nil) else { throw ValidationError(CommandMessage.ordersOrGenerate.text(in: language)) }
        if let generate, generate < 0 { throw ValidationError(CommandMessage.negativeGenerate.text(in: language)) }
        if let generate, generate > Self.generateLimit, !force {
            throw ValidationError(CommandMessage.generateNeedsForce(orders: generate, limit: Self.generateLimit).text(in: language))
        }
        if orders != nil && (mix != nil || demand != nil) { throw ValidationError(CommandMessage.mixNeedsGenerate.text(in: language)) }
        if mix != nil && demand != nil { throw ValidationError(CommandMessage.mixOrDemand.text(in: language)) }
    }

    func run() async throws {
        let language = options.shop.language
        if let chart, let problem = ChartOutput.problem(writing: chart) {
            Terminal.writeError(CommandMessage.errorPrefix.text(in: language) + problem.text(in: language))
            throw ExitCode(ExitStatus.usage)
        }
        let (menu, stock) = try await options.prepare()
        let policy: RestockPolicy
        do throws(OrderSourceError) { policy = try restockPolicy(for: menu) } catch { throw usageFailure(error, language: language) }
        var simulator = Simulator(menu: menu, restock: policy, chart: chart == nil ? nil : StockChart())
        let report = try withProgress(CommandMessage.simulating.text(in: language), language: language) { progress throws(OrderSourceError) in
            simulator.progress = progress
            return try simulate(&simulator, menu: menu, stock: stock)
        }
        let renderer = ReportRenderer(book: menu.book, language: language)
        Terminal.write(renderer.render(report, as: format, source: orders))
        if let chart, let recorded = simulator.chart {
            let names = menu.fruits.indices.map { renderer.fruitName($0, menu: menu) }
            try ChartOutput.write(recorded.svg(names: names, language: language), to: chart, language: language)
        }
    }

    /// The `--restock` rules as one policy, checked against `menu` (a rule naming a fruit it does not have is refused).
    private func restockPolicy(for menu: CompiledMenu) throws(OrderSourceError) -> RestockPolicy {
        var policy = RestockPolicy()
        for rule in restock { try policy.add(rule) }
        try policy.check(against: menu)
        return policy
    }

    /// Runs `simulator` over the orders of `--orders`, or over `--generate` orders made from `--seed` and the mix.
    private func simulate(_ simulator: inout Simulator, menu: CompiledMenu, stock: [Int]) throws(OrderSourceError) -> SimulationReport {
        if let orders { return try simulator.runValidated(try FileOrders(path: orders, menu: menu), stock: stock) }
        var source = try GeneratedOrders(count: generate ?? 0, seed: seed, weights: try weights(menu))
        if let generate, generate > Self.generateLimit {
            // Everything is checked: the long run the user forced starts now.
            let language = options.shop.language
            Reporter(language: language, json: false).note(CommandMessage.forcedRun(orders: generate, limit: Self.generateLimit).text(in: language))
        }
        return try simulator.run(&source, stock: stock)
    }

    private func weights(_ menu: CompiledMenu) throws(OrderSourceError) -> [Int] {
        let finder = JuiceFinder(book: menu.book)
        let resolve = { (name: String) throws(OrderSourceError) -> Int in
            do throws(JuiceLookupError) { return try menu.juiceIndex(named: name, finder: finder) } catch {
                switch error {
                case .unknown(let name, let suggestion): throw .badMix(.unknownJuice(name, suggestion: suggestion))
                }
            }
        }
        if let demand { return try DemandFile.weights(path: demand, juiceCount: menu.juices.count, resolve: resolve) }
        return try DemandMix.weights(mix ?? "", juiceCount: menu.juices.count, resolve: resolve)
    }
}
