import JuiceCore
import JuicePlanning

/// What `juice forecast`, `juice plan` and `juice report` themselves say (a usage error, no sales, a warning), one
/// case each, in both languages.
enum PlanningMessage {
    case badModel(String)
    case badDate(option: String, text: String)
    /// `--from` is after `--to`: no day is in the period.
    case fromAfterTo(from: CivilDate, to: CivilDate)
    case badHorizon(Int)
    case badLevel(Int)
    case badBacktest(Int)
    case noSales(source: String)
    case historyProblems(Int)
    case ordersAndServiceLevel
    case nothingToPlan
    case serviceLevelMissing
    case badServiceLevel(String)
    case badPlanHorizon(Int)
    case badScenarios(Int)
    case profitNeedsCosts(fruits: [String], juices: [String])
    case calibrationNeedsBacktest
    case badOrderTime(String)
    case orderTimeOutside(CivilDate, firstDay: CivilDate)
    /// An option of plans ahead (`--purchases`, `--order-time`) given with ORDERS.
    case aheadOnly(option: String)
    /// `--format csv` holds the plan's rows only: what it leaves out (the backtest, or that no fruit has a supplier).
    case csvLeavesOut(backtest: Bool, purchasesWithoutSuppliers: Bool)

    func text(in language: Language) -> String {
        let ko = language == .korean
        let models = (["auto"] + ForecastModel.allCases.map(\.rawValue)).joined(separator: ", ")
        switch self {
        case .badModel(let text):
            return ko
                ? "\(KoreanParticle.topic.after("--model '\(text)'")) 없어요. \(models) 중에서 고르세요"
                : "--model '\(text)' is not a model; choose one of \(models)"
        case .badDate(let option, let text):
            return ko
                ? "\(KoreanParticle.topic.after("\(option) '\(text)'")) 날짜가 아니에요. 2026-11-20처럼 쓰세요"
                : "\(option) '\(text)' is not a date; write it like 2026-11-20"
        case .fromAfterTo(let from, let to):
            return ko
                ? "--from \(from), --to \(to): 시작일이 끝날보다 늦어서 셀 날이 없어요. 두 날짜를 바꿔 쓰세요"
                : "--from \(from) is after --to \(to), so no day is counted; swap the two dates"
        case .badHorizon(let days):
            return ko ? "--horizon은 1부터 366일까지예요 (\(KoreanParticle.subject.after(days)) 있어요)" : "--horizon must be 1 to 366 days, not \(days)"
        case .badLevel(let percent):
            return ko
                ? "--level은 1부터 99까지의 백분율이에요 (\(KoreanParticle.subject.after(percent)) 있어요)"
                : "--level must be a percentage from 1 to 99, not \(percent)"
        case .badBacktest(let days):
            return ko ? "--backtest는 1일 이상이어야 해요 (\(KoreanParticle.subject.after(days)) 있어요)" : "--backtest must be at least 1 day, not \(days)"
        case .noSales(let source):
            return ko
                ? "\(source)에 팔린 기록이 없어서 예측할 수 없어요. 주문이 쌓인 뒤에 다시 하거나 --history FILE을 주세요"
                : "\(source) holds no sales to forecast from; try again once orders are recorded, or give --history FILE"
        case .historyProblems(let count):
            return ko ? "판매 기록에 문제가 \(count)개 있어요 (위에 보여요)" : "the sales history has \(count) problem(s), listed above"
        case .ordersAndServiceLevel:
            return ko
                ? "ORDERS와 --service-level은 함께 쓸 수 없어요. 주문 파일을 확인하려면 ORDERS만, 다음 날 살 것을 보려면 --service-level만 주세요"
                : "give either ORDERS (check a batch of orders) or --service-level (plan the days ahead), not both"
        case .aheadOnly(let option):
            return ko
                ? "\(option)은 다음 날을 계획할 때(--service-level P) 쓰는 옵션이라 주문 파일(ORDERS)과 함께 쓸 수 없어요. ORDERS를 빼고 --service-level P를 주세요"
                : "\(option) is for plans of the days ahead (--service-level P), not for checking a batch of ORDERS; leave out ORDERS and give --service-level P"
        case .nothingToPlan:
            return ko
                ? "무엇을 계획할지 주세요: 주문 파일 ORDERS, 또는 --service-level 0.95처럼 목표 확률"
                : "say what to plan: an orders file ORDERS, or a target such as --service-level 0.95"
        case .serviceLevelMissing:
            return ko
                ? "--objective service-level에는 --service-level P가 있어야 해요 (예: --service-level 0.95)"
                : "--objective service-level needs --service-level P (for example --service-level 0.95)"
        case .badServiceLevel(let text):
            return ko
                ? "\(KoreanParticle.topic.after("--service-level '\(text)'")) 0.5부터 0.999까지의 확률이 아니에요. 0.95나 95%처럼 쓰세요"
                : "--service-level '\(text)' is not a probability from 0.5 to 0.999; write it like 0.95 or 95%"
        case .badPlanHorizon(let days):
            return ko ? "--horizon은 1부터 28일까지예요 (\(KoreanParticle.subject.after(days)) 있어요)" : "--horizon must be 1 to 28 days, not \(days)"
        case .badScenarios(let count):
            return ko
                ? "--scenarios는 1,000부터 1,000,000까지예요 (\(KoreanParticle.subject.after(count)) 있어요)"
                : "--scenarios must be 1,000 to 1,000,000, not \(count)"
        case .profitNeedsCosts(let fruits, let juices):
            let missing =
                (fruits.map { ko ? "과일 '\($0)'의 cost" : "fruit '\($0)' has no cost" }
                + juices.map { ko ? "쥬스 '\($0)'의 price" : "juice '\($0)' has no price" })
                .joined(separator: ", ")
            return ko
                ? "--objective profit에는 모든 과일의 cost와 모든 쥬스의 price가 있어야 해요. 빠진 것: \(missing). 레시피에 넣거나 --service-level을 쓰세요"
                : "--objective profit needs every fruit's cost and every juice's price: \(missing); add them to the recipes, or plan with --service-level"
        case .calibrationNeedsBacktest:
            return ko
                ? "--calibration에는 되짚을 날 수 --backtest DAYS가 있어야 해요 (예: --backtest 300 --calibration)"
                : "--calibration needs the days to replay, --backtest DAYS (for example --backtest 300 --calibration)"
        case .badOrderTime(let text):
            return ko
                ? "\(KoreanParticle.topic.after("--order-time '\(text)'")) 시각이 아니에요. 2026-12-01 또는 2026-12-01T09:30처럼 쓰세요"
                : "--order-time '\(text)' is not a time; write it like 2026-12-01 or 2026-12-01T09:30"
        case .csvLeavesOut(let backtest, let purchasesWithoutSuppliers):
            var parts: [String] = []
            if purchasesWithoutSuppliers {
                parts.append(
                    ko
                        ? "juice: 주의: 살 곳(buy:)이 있는 과일이 없어서 발주 줄 대신 과일마다 목표 재고를 썼어요. fruits.yaml에 buy: {supplier, pack, price}를 적으세요"
                        : "juice: warning: no fruit says where it is bought (buy:), so the rows are each fruit's level, not purchase lines; add buy: {supplier, pack, price} in fruits.yaml"
                )
            }
            if backtest {
                parts.append(
                    ko
                        ? "juice: 주의: CSV에는 계획 줄만 있어요. --backtest 결과는 --format text나 json으로 보세요"
                        : "juice: warning: the CSV holds the plan's rows only; see --backtest's replay with --format text or json")
            }
            return parts.joined(separator: "\n")
        case .orderTimeOutside(let date, let firstDay):
            return ko
                ? "juice: 주의: --order-time \(KoreanParticle.topic.after(date)) 계획 첫날(\(firstDay))이나 그 전날이 아니라서 쓰지 않고, \(firstDay) 개점 때 발주한다고 보고 계획했어요. 계획은 판매 기록 다음 날부터라, 다른 날의 발주는 그날까지의 기록으로 계획하세요"
                : "juice: warning: --order-time \(date) is neither the plan's first day (\(firstDay)) nor the day before, so it is not used: the orders are planned as placed at the opening of \(firstDay); a plan starts the day after its sales history, so plan another day's orders from the history up to that day"
        }
    }
}
