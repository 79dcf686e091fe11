import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuicePlanning
import JuiceShop
import JuiceUseCases

extension ForecastFormat: ExpressibleByArgument {}

/// `juice forecast`: daily demand per juice from the shop's history, with intervals and backtests.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: HelpLanguage.text(
            "Forecast each juice's daily demand from sales history.",
            ko: "판매 기록으로 쥬스마다 하루 수요를 예측해요."),
        discussion: HelpLanguage.text(
            """
            The history is the shop's journal of orders (orders undone are left out) with the orders the stock \
            refused, or --history FILE: CSV with the \
            header time,juice,count[,result] (result served or refused, default served) or JSON Lines with those keys \
            (.jsonl). Demand counts refused orders too. --model auto picks each juice's model by a rolling-origin \
            backtest (fit on the days before, forecast the next, never look ahead), with croston, sba and tsb for \
            intermittent juices. --backtest DAYS reports MASE (below 1 beats 'same weekday last week') and WAPE. \
            Exit status: 0 done, 1 no sales to forecast from, 2 usage error or a problem in the history file.
            """,
            ko: """
                기록은 가게의 주문 기록(되돌린 주문은 빼요)과 재고가 모자라 거절된 주문이나 --history FILE이에요: 머리글이 'time,juice,count[,result]'인 \
                CSV ('result'는 'served'나 'refused', 기본은 'served') 또는 같은 키의 한 줄에 하나씩 쓴 JSON 객체 ('.jsonl'). \
                수요에는 거절된 주문도 들어가요. --model auto는 쥬스마다 지난 날들로 되짚어 보고(그 전 날들로 맞추고 다음 날을 \
                예측, 앞날은 보지 않아요) 가장 잘 맞은 모델을 골라요. 띄엄띄엄 팔리는 쥬스에는 'croston', 'sba', 'tsb'도 써요. \
                --backtest DAYS는 평균 절대 척도 오차 ('MASE', 1보다 작으면 '지난주 같은 요일'보다 나아요)와 'WAPE'를 보여 줘요. \
                종료 코드: 0 완료, 1 예측할 판매 기록 없음, 2 사용법 오류나 기록 파일의 문제.
                """)
    )

    @OptionGroup var sales: SalesHistoryOptions

    @Option(help: ArgumentHelp("Days to forecast (1 to 366).", ko: "예측할 날 수 (1부터 366까지).", valueName: "days"))
    var horizon = 7

    @Option(
        help: ArgumentHelp(
            "auto, or one model for every juice: seasonal-naive, window, ses, holt-winters, croston, sba, tsb.",
            ko: "auto, 또는 모든 쥬스에 쓸 모델 하나: seasonal-naive, 'window', 'ses', holt-winters, 'croston', 'sba', 'tsb'.",
            valueName: "model"))
    var model = "auto"

    @Option(
        help: ArgumentHelp(
            "Also replay the last DAYS days one step at a time and report MASE and WAPE.", ko: "지난 DAYS일을 하루씩 되짚어 'MASE'와 'WAPE'를 보여 줘요.",
            valueName: "days"))
    var backtest: Int?

    @Option(help: ArgumentHelp("Prediction interval, in percent.", ko: "예측 구간 (백분율).", valueName: "percent"))
    var level = 80

    @Option(help: ArgumentHelp("Output: text, json or csv.", ko: "출력 형식: text, json, csv.", valueName: "format"))
    var format: ForecastFormat = .text

    private var shop: ShopOptions { sales.shop }
    private var language: Language { shop.language }

    func validate() throws {
        let problem: PlanningMessage?
        if ModelChoice(model) == nil {
            problem = .badModel(model)
        } else if !(1...366).contains(horizon) {
            problem = .badHorizon(horizon)
        } else if !(1...99).contains(level) {
            problem = .badLevel(level)
        } else if let backtest, backtest < 1 {
            problem = .badBacktest(backtest)
        } else {
            problem = nil
        }
        if let problem { throw ValidationError(problem.text(in: language)) }
    }

    func run() async throws {
        let json = format == .json
        let book = try shop.loadBook(json: json)
        let input = sales.input
        let run: ForecastRun
        do {
            run = try await PlanningActions(book: book).forecast(
                from: try input.sales(json: json), first: sales.firstDay, last: sales.lastDay, horizon: horizon,
                choice: ModelChoice(model) ?? .auto, level: Double(level) / 100, backtestDays: backtest)
        } catch let failure as PlanningFailure {
            throw input.fail(failure, book: book, json: json)
        }
        Terminal.write(ForecastRenderer(language: language).render(run, as: format))
    }
}
