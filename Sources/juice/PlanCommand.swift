import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuicePlanning
import JuiceShop
import JuiceSimulation
import JuiceUseCases

extension StockPlanFormat: ExpressibleByArgument {}

/// What `juice plan --objective` aims for.
enum PlanObjectiveOption: String, ExpressibleByArgument, CaseIterable {
    case serviceLevel = "service-level"
    case profit
}

/// `juice plan ORDERS`: can today's stock serve this batch? If not, what to buy. `juice plan --service-level P`: what
/// to hold tomorrow so that every order is served with probability P, from the sales history.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: HelpLanguage.text(
            "Can today's stock serve these orders? What to buy?",
            ko: "오늘 재고로 이 주문들을 낼 수 있나요? 무엇을 살까요?"),
        discussion: HelpLanguage.text(
            """
            With ORDERS: prints yes, or exactly what to buy and which orders fail without it. An empty orders file is \
            reported as such (nothing to plan). On a terminal, a run longer than two seconds shows its progress on \
            standard error ($JUICE_PROGRESS_AFTER seconds, when set). Exit status: 0 yes (or nothing to plan), 1 \
            something must be bought, 2 usage error.

            With --service-level P (or --objective profit): forecasts each juice's demand from the sales history (the \
            shop's journal with its refused orders, or --history FILE), draws --scenarios days of joint demand, serves \
            each order all or nothing through the recipes, and prints the stock of each fruit to hold at opening so that \
            every order of the --horizon is served with probability at least P; what to buy (the level minus what is on \
            hand: the shop's stock, or the store section with --history and no --from-state), the estimated service \
            level with its 95% interval, the fill rate, the expected leftover and waste (a fruit keeps for its \
            shelf-life, one day when none is given) and, when every fruit has a cost, the expected profit. \
            --objective profit needs every fruit's cost and every juice's price. --backtest DAYS replays the last DAYS \
            days, each planned from the days before it; with --calibration, once for each target from 50% to 99%, with \
            the share of days on which every order was served (and its 95% interval), the fill rate and the waste. With \
            suppliers in the recipe files (buy: in fruits.yaml), also each supplier's next purchase order in whole packs, \
            covering until the delivery after it (--format csv: its lines), and --backtest replays the days with the \
            suppliers beside par levels and min/max. The same --seed gives the same plan on any machine. Exit \
            status: 0, 1 when the service level cannot be reached within the store's capacities, 2 usage error.
            """,
            ko: """
                ORDERS를 주면: 된다고 하거나, 무엇을 얼마나 사야 하고 안 사면 어떤 주문이 안 되는지 알려 줘요. 빈 주문 \
                파일은 빈 파일이라고 알려 줘요 (계획할 것 없음). 터미널에서 2초 넘게 걸리면 진행 상황을 표준 오류에 보여 \
                줘요 ($JUICE_PROGRESS_AFTER가 있으면 그 초 뒤부터). 종료 코드: 0 됨 (또는 계획할 것 없음), 1 무언가 \
                사야 함, 2 사용법 오류.

                --service-level P (또는 --objective profit)를 주면: 판매 기록(가게 기록과 거절된 주문, 또는 --history \
                FILE)으로 쥬스마다 수요를 예측하고, 함께 움직이는 수요의 하루를 --scenarios번 뽑아 레시피대로 주문마다 \
                전부 아니면 전무로 내 보고, --horizon 동안 모든 주문이 확률 P 이상으로 나가도록 개점 때 둘 과일의 양을 \
                알려 줘요. 살 양 (목표에서 지금 있는 양을 뺀 것: 가게 재고, --history에 --from-state가 없으면 store \
                섹션), 추정 서비스 수준과 95% 구간, 채움률, 남을 양과 버릴 양 (과일은 shelf-life일 동안, 없으면 하루 \
                가요), 모든 과일에 cost가 있으면 기대 이익도요. --objective profit에는 모든 과일의 cost와 모든 쥬스의 \
                가격이 있어야 해요. --backtest DAYS는 지난 DAYS일을 하루씩 그 전날까지의 기록으로 계획해 되짚어요. --calibration을 더하면 목표 \
                50%부터 99%까지 하나씩 되짚어 모든 주문이 나간 날의 비율 (95% 구간), 채움률, 버린 양을 보여 줘요. \
                레시피에 살 곳(fruits.yaml의 buy:)이 있으면 공급처마다 다음 발주서도 묶음 단위로 써 줘요 (다음 입고까지 쓸 양, \
                --format csv는 발주 줄). --backtest는 공급처 조건 그대로 되짚고 파 레벨, 최소/최대와 견줘요. \
                같은 --seed면 어느 컴퓨터에서도 같은 계획이 나와요. 종료 코드: 0, 1 창고 용량으로 서비스 수준에 닿지 \
                않음, 2 사용법 오류.
                """)
    )

    @OptionGroup var options: SimulationOptions
    @OptionGroup var period: SalesPeriodOptions

    @Argument(help: OrdersFileHelp.argument)
    var orders: String?

    @Option(
        help: ArgumentHelp(
            "Plan for this chance (0.5 to 0.999, or 50% to 99.9%) that every order of the horizon is served.",
            ko: "기간 동안 모든 주문이 나갈 확률 (0.5부터 0.999, 또는 50%부터 99.9%)을 목표로 계획해요.", valueName: "P"))
    var serviceLevel: String?

    @Option(
        help: ArgumentHelp(
            "service-level, or profit (needs costs and prices).", ko: "service-level, 또는 profit (cost와 가격이 있어야 해요).", valueName: "goal"))
    var objective: PlanObjectiveOption?

    @Option(help: ArgumentHelp("Days the stock must last, without restocking (1 to 28).", ko: "다시 사지 않고 재고가 버틸 날 수 (1부터 28까지).", valueName: "days"))
    var horizon = 1

    @Option(help: ArgumentHelp("Scenarios to draw (1,000 to 1,000,000).", ko: "뽑을 시나리오 수 (1,000부터 1,000,000까지).", valueName: "count"))
    var scenarios = 10_000

    @Option(help: ArgumentHelp("Seed of the scenarios.", ko: "시나리오의 시드.", valueName: "seed"))
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "auto, or one forecasting model for every juice (see juice forecast).", ko: "auto, 또는 모든 쥬스에 쓸 예측 모델 하나 (juice forecast 참고).",
            valueName: "model"))
    var model = "auto"

    @Option(
        help: ArgumentHelp(
            "Also replay the last DAYS days, each planned from the days before it.", ko: "지난 DAYS일을 하루씩 그 전날까지의 기록으로 계획해 되짚어요.",
            valueName: "days"))
    var backtest: Int?

    @Flag(
        help: ArgumentHelp(
            "With --backtest: replay the days once for each target from 50% to 99% and print whether the plan keeps its promise (a reliability table).",
            ko: "--backtest와 함께: 목표 50%부터 99%까지 하나씩 그 날들을 되짚어 계획이 약속을 지키는지 보여 줘요 (신뢰도 표)."))
    var calibration = false

    @Option(
        help: ArgumentHelp(
            "Output of a service-level plan: text, json, or csv (the purchase order lines; each fruit's level without suppliers).",
            ko: "서비스 수준 계획의 출력 형식: text, json, csv (발주 줄. 살 곳이 없으면 과일마다 목표 재고).", valueName: "format"))
    var format: StockPlanFormat = .text

    @Flag(
        help: ArgumentHelp(
            "Ask for each supplier's next purchase order (planned anyway when fruits.yaml says where fruit is bought); says so when no fruit has a supplier.",
            ko: "공급처마다 다음 발주서를 요청해요 (fruits.yaml에 살 곳이 있으면 늘 계획해요). 살 곳이 있는 과일이 없으면 그렇다고 알려 줘요."))
    var purchases = false

    @Option(
        help: ArgumentHelp(
            "Plan the purchase orders as if placed at this time, YYYY-MM-DD or YYYY-MM-DDTHH:MM (default: now for the shop's journal, the plan's first day's opening for --history).",
            ko: "이 시각에 발주한다고 보고 계획해요, '2026-12-01' 또는 '2026-12-01T09:30' (기본: 가게 기록이면 지금, --history면 계획 첫날 개점).",
            valueName: "time"))
    var orderTime: String?

    private var language: Language { options.shop.language }

    /// Whether this run plans stock for the days ahead (rather than checking an orders file).
    private var plansAhead: Bool { serviceLevel != nil || objective != nil }

    func validate() throws {
        try period.check(language: language)
        let problem: PlanningMessage?
        if orders != nil, plansAhead {
            problem = .ordersAndServiceLevel
        } else if orders != nil, purchases || orderTime != nil {
            problem = .aheadOnly(option: purchases ? "--purchases" : "--order-time")
        } else if orders == nil, !plansAhead {
            problem = .nothingToPlan
        } else if objective == .serviceLevel, serviceLevel == nil {
            problem = .serviceLevelMissing
        } else if let serviceLevel, Self.probability(serviceLevel) == nil {
            problem = .badServiceLevel(serviceLevel)
        } else if !(1...28).contains(horizon) {
            problem = .badPlanHorizon(horizon)
        } else if !(1_000...1_000_000).contains(scenarios) {
            problem = .badScenarios(scenarios)
        } else if ModelChoice(model) == nil {
            problem = .badModel(model)
        } else if let backtest, !(1...3_660).contains(backtest) {
            problem = .badBacktest(backtest)
        } else if calibration, backtest == nil {
            problem = .calibrationNeedsBacktest
        } else if let orderTime, Self.orderMoment(orderTime) == nil {
            problem = .badOrderTime(orderTime)
        } else {
            problem = nil
        }
        if let problem { throw ValidationError(problem.text(in: language)) }
    }

    /// `text` as a probability from 0.5 to 0.999: "0.95", "95%" or "95.5%".
    static func probability(_ text: String) -> Double? {
        let percent = text.hasSuffix("%")
        guard let number = Double(percent ? String(text.dropLast()) : text), number.isFinite else { return nil }
        let value = percent ? number / 100 : number
        return (0.5...0.999).contains(value) ? value : nil
    }

    /// `text` as a day and a minute of it: `YYYY-MM-DD` (its first minute) or `YYYY-MM-DDTHH:MM`.
    static func orderMoment(_ text: String) -> ShopMoment? {
        if let date = CivilDate(parsing: text) { return ShopMoment(date: date, minuteOfDay: 0) }
        guard text.count == 16, let time = SaleTime(parsing: text) else { return nil }
        return ShopMoment(date: time.date, minuteOfDay: time.secondOfDay / 60)
    }

    func run() async throws {
        if plansAhead {
            try await StockPlanRun(command: self).run()
            return
        }
        let (menu, stock) = try await options.prepare()
        var simulator = Simulator(menu: menu)
        let orders = self.orders ?? ""
        let report = try withProgress(CommandMessage.planning.text(in: language), language: language) {
            progress throws(OrderSourceError) in
            simulator.progress = progress
            return try simulator.runValidated(try FileOrders(path: orders, menu: menu), stock: stock)
        }
        let renderer = ReportRenderer(book: menu.book, language: language)
        Terminal.write(renderer.plan(report, menu: menu, source: orders))
        if report.ordersRefused.contains(where: { $0 > 0 }) { throw ExitCode(ExitStatus.failure) }
    }

    /// The run of `juice plan --service-level`: the sales, the starting stock and the request read from the options,
    /// the plan made by `PlanningActions`, printed.
    private struct StockPlanRun {
        let command: PlanCommand

        func run() async throws {
            let shop = command.options.shop
            let json = command.format == .json
            let book = try shop.loadBook(json: json)
            let input = SalesHistoryInput(shop: shop, history: command.period.history)
            // The shop's own state counts (its clock, stock, lots and open orders) unless a history file is planned
            // from alone (then the plan is placed at the history's first day).
            let fromState = command.period.history == nil || command.options.fromState
            let clock = fromState ? try shop.clock(json: json) : ShopClock.system()
            let actions = PlanningActions(book: book)
            let outcome: StockPlanOutcome
            do {
                let request = self.request(clock: fromState ? clock : nil)
                let history = try await actions.history(for: request, from: try input.sales(json: json))
                let stock = fromState ? try await startingStock(book: book, json: json, today: clock.today) : .initial(of: book)
                outcome = try await actions.planStock(request, history: history, stock: stock)
            } catch let failure as PlanningFailure {
                throw input.fail(failure, book: book, json: json)
            }
            render(outcome, book: book)
            if !outcome.report.plan.reachable { throw ExitCode(ExitStatus.failure) }
        }

        /// What the options ask for; the purchase orders are placed at --order-time, else now by `clock` (the shop's
        /// state), else (a history file alone) at the plan's first day's opening.
        private func request(clock: ShopClock?) -> StockPlanRequest {
            let objective: PlanObjective =
                command.objective == .profit ? .profit : .serviceLevel(command.serviceLevel.flatMap(PlanCommand.probability) ?? 0.95)
            let given = command.orderTime.flatMap(PlanCommand.orderMoment)
            return StockPlanRequest(
                settings: SalesPlanSettings(
                    objective: objective, horizon: command.horizon, scenarios: command.scenarios, seed: command.seed,
                    choice: ModelChoice(command.model) ?? .auto),
                firstDay: command.period.firstDay, lastDay: command.period.lastDay, backtestDays: command.backtest,
                calibration: command.calibration, purchasesAsked: command.purchases, orderTime: given ?? clock?.moment,
                orderTimeGiven: given != nil)
        }

        /// What the shop holds now, its lots and its open purchase orders (`StartingStock.now`); its state must exist.
        private func startingStock(book: RecipeBook, json: Bool, today: CivilDate) async throws -> StartingStock {
            let shop = try command.options.shop.openExistingShop(book: book, json: json)
            do {
                return try await StartingStock.now(in: shop.store, book: book) { () async throws(ShopError) in try await shop.shelf(today: today) }
            } catch {
                throw command.options.shop.reporter(json: json).fail(error, text: ShopText(language: command.language, book: book))
            }
        }

        /// Prints the plan in the asked format, after what the person asking should know of it (an order time not
        /// used; what a CSV leaves out).
        private func render(_ outcome: StockPlanOutcome, book: RecipeBook) {
            let report = outcome.report
            if let unused = outcome.unusedOrderTime {
                Terminal.writeError(PlanningMessage.orderTimeOutside(unused, firstDay: report.firstDay).text(in: command.language))
            }
            if command.format == .csv, command.backtest != nil || report.purchasesWithoutSuppliers {
                let leftOut = PlanningMessage.csvLeavesOut(
                    backtest: command.backtest != nil, purchasesWithoutSuppliers: report.purchasesWithoutSuppliers)
                Terminal.writeError(leftOut.text(in: command.language))
            }
            Terminal.write(StockPlanRenderer(book: book, language: command.language).render(report, as: command.format))
        }
    }
}
