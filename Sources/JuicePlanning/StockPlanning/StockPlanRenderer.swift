import JuiceCore
import JuiceRecipes

/// The output formats of `juice plan --service-level`.
package enum StockPlanFormat: String, Sendable, CaseIterable {
    /// A table for people.
    case text
    /// JSON for tools.
    case json
    /// CSV for spreadsheets: the purchase order lines when suppliers are known, else each fruit's level.
    case csv
}

/// A stock plan with what it was made from, as `juice plan --service-level` prints it.
package struct StockPlanReport: Sendable {
    /// The plan.
    package var plan: StockPlan
    /// The first day the stock is for (the day after the history).
    package var firstDay: CivilDate
    /// The days of history the forecasts used.
    package var historyDays: Int
    /// The replay of the last days, when one was asked for.
    package var backtest: PlanBacktest?
    /// The reliability table of the last days (each target replayed), when one was asked for.
    package var calibration: PlanCalibration?
    /// Each supplier's next order, when the recipe files say where fruit is bought.
    package var purchases: PurchasePlan?
    /// The replay of the last days with the suppliers, beside the rules of thumb, when one was asked for and fruit has
    /// suppliers.
    package var purchaseBacktest: PurchaseBacktest?
    /// Whether purchase orders were asked for (`juice plan --purchases`) while no fruit has a supplier: the report says so.
    package var purchasesWithoutSuppliers = false

    /// A report of `plan` for the days from `firstDay`, made from `historyDays` days of history.
    package init(plan: StockPlan, firstDay: CivilDate, historyDays: Int, backtest: PlanBacktest? = nil) {
        self.plan = plan
        self.firstDay = firstDay
        self.historyDays = historyDays
        self.backtest = backtest
    }
}

/// Writes stock plans as text (in a language) or JSON.
package struct StockPlanRenderer: Sendable {
    /// The recipes (for names).
    package var book: RecipeBook
    /// The language of text output.
    package var language: Language

    /// A renderer naming `book`'s fruits in `language`.
    package init(book: RecipeBook, language: Language) {
        self.book = book
        self.language = language
    }

    /// The report in `format`.
    package func render(_ report: StockPlanReport, as format: StockPlanFormat) -> String {
        switch format {
        case .text: return text(report)
        case .json: return json(report).rendered(pretty: true) + "\n"
        case .csv: return csv(report)
        }
    }

    static func percent(_ value: Double) -> String {
        let tenths = (value * 1000).rounded() / 10
        return (tenths == tenths.rounded() ? "\(Int(tenths))" : "\(tenths)") + "%"
    }

    static func amount(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths))" : "\(tenths)"
    }

    private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    /// `value` won in the renderer's language (`MoneyText`).
    func money(_ value: Double) -> String { MoneyText.won(value, in: language) }

    private func text(_ report: StockPlanReport) -> String {
        let ko = language == .korean
        let plan = report.plan
        let last = report.firstDay.adding(days: plan.horizon - 1)
        let days = plan.horizon == 1 ? "\(report.firstDay)" : "\(report.firstDay)–\(last)"
        var out: String
        switch plan.objective {
        case .serviceLevel(let target):
            out =
                ko
                ? "\(days) 개점 때 둘 재고: 모든 주문이 나갈 확률 \(Self.percent(target)) 목표 (\(plan.horizon)일 동안, 중간에 사지 않고)\n"
                : "Stock to hold at opening for \(days) (\(Self.days(plan.horizon)), no restock) so that every order is served with probability \(Self.percent(target))\n"
        case .profit:
            out =
                ko
                ? "\(days) 개점 때 둘 재고: 기대 이익이 가장 큰 양 (\(plan.horizon)일 동안, 중간에 사지 않고)\n"
                : "Stock to hold at opening for \(days) (\(Self.days(plan.horizon)), no restock) for the greatest expected profit\n"
        }
        out +=
            ko
            ? "(지난 \(report.historyDays)일 기록, 시나리오 \(NumberText.grouped(plan.scenarios))개, 시드 \(plan.seed))\n"
            : "(from \(report.historyDays) days of history, \(NumberText.grouped(plan.scenarios)) scenarios, seed \(plan.seed))\n"
        out += CalendarDays(book.calendar, from: report.firstDay, count: plan.horizon).text(in: language) + "\n"
        var rows = [ko ? ["과일", "지금", "목표", "살 것", "남을 양", "버릴 양"] : ["fruit", "on hand", "level", "buy", "left over", "waste"]]
        for line in plan.fruits {
            rows.append([
                book.displayLabel(of: line.fruit, in: language), "\(line.onHand)", "\(line.level)", "\(line.toBuy)",
                Self.amount(line.expectedLeftover), Self.amount(line.expectedWaste),
            ])
        }
        out += PlanningTable.render(rows) + "\n"
        let service = plan.serviceLevel
        out +=
            ko
            ? "모든 주문이 나갈 확률: \(Self.percent(service.value)) (95% 신뢰구간 \(Self.percent(service.lower))–\(Self.percent(service.upper)))\n"
                + "채움률 (나간 양 / 주문된 양): \(Self.percent(plan.fillRate)); 기대 주문 \(Self.amount(plan.expectedDemand))잔"
            : "Every order served: \(Self.percent(service.value)) (95% confidence \(Self.percent(service.lower))–\(Self.percent(service.upper)))\n"
                + "Fill rate (units served / asked for): \(Self.percent(plan.fillRate)); expected \(Self.amount(plan.expectedDemand)) juices"
        if let revenue = plan.expectedRevenue { out += ko ? ", 매출 \(money(revenue))" : ", revenue \(money(revenue))" }
        if let profit = plan.expectedProfit { out += ko ? ", 이익 \(money(profit))" : ", profit \(money(profit))" }
        out += "\n"
        if !plan.reachable, case .serviceLevel(let target) = plan.objective {
            let full = plan.fruits.filter { $0.level >= $0.capacity }.map { book.displayLabel(of: $0.fruit, in: language) }.joined(separator: ", ")
            out +=
                ko
                ? "주의: 창고 용량으로는 \(Self.percent(target))에 닿지 않아요. 꽉 찬 과일(\(full))의 capacity를 store 섹션에서 늘리세요\n"
                : "Warning: the store's capacities cannot reach \(Self.percent(target)); raise the capacity of the full fruits (\(full)) in the store section\n"
        }
        if let purchases = report.purchases {
            out += "\n" + PurchaseSheet(book: book, language: language).text(purchases)
        } else if report.purchasesWithoutSuppliers {
            out +=
                ko
                ? "\n발주서를 만들 수 없어요: 살 곳(buy:)이 있는 과일이 없어요. fruits.yaml에 buy: {supplier, pack, price}를 적으세요. 위의 목표 재고로만 계획했어요\n"
                : "\nNo purchase orders: no fruit says where it is bought (buy:). Add buy: {supplier, pack, price} in fruits.yaml; planned as levels above only\n"
        }
        if let backtest = report.backtest {
            let served = backtest.days.filter(\.allServed).count
            out += "\n"
            out +=
                ko
                ? "지난 \(backtest.days.count)일 되짚기 (하루씩 그 전날까지의 기록으로 계획하고 실제 주문을 받아 봄):\n"
                    + "  모든 주문이 나간 날 \(served)/\(backtest.days.count)일 = \(Self.percent(backtest.achievedServiceLevel)), 채움률 \(Self.percent(backtest.fillRate)), 버린 과일 \(NumberText.grouped(backtest.waste))개\n"
                : "Backtest over the last \(backtest.days.count) days (each day planned from the days before it, then its real orders served):\n"
                    + "  every order served on \(served) of \(backtest.days.count) days = \(Self.percent(backtest.achievedServiceLevel)), fill rate \(Self.percent(backtest.fillRate)), \(NumberText.grouped(backtest.waste)) units of fruit wasted\n"
        }
        if let backtest = report.purchaseBacktest { out += "\n" + PurchaseSheet(book: book, language: language).text(backtest) }
        if let calibration = report.calibration, let days = calibration.rows.first?.backtest.days.count {
            out += "\n"
            out +=
                ko
                ? "신뢰도 (지난 \(days)일, 목표마다 하루씩 그 전날까지의 기록으로 계획하고 실제 주문을 받아 봄):\n"
                : "Reliability over the last \(days) days (each target planned day by day from the days before it, then the real orders served):\n"
            var rows = [
                ko
                    ? ["목표", "모든 주문이 나간 날", "95% 구간", "채움률", "버린 과일"]
                    : ["target", "every order served", "95% interval", "fill rate", "waste"]
            ]
            for row in calibration.rows {
                let achieved = row.achieved
                rows.append([
                    Self.percent(row.target), Self.percent(achieved.value), "\(Self.percent(achieved.lower))–\(Self.percent(achieved.upper))",
                    Self.percent(row.backtest.fillRate), NumberText.grouped(row.backtest.waste),
                ])
            }
            out += PlanningTable.render(rows)
            out +=
                ko
                ? "  목표가 95% 구간 안에 있으면 계획이 약속을 지킨 거예요\n"
                : "  The plan keeps its promise where the target lies within the 95% interval\n"
        }
        return out
    }

    private func json(_ report: StockPlanReport) -> JSONValue {
        let plan = report.plan
        var top: [(String, JSONValue)] = []
        switch plan.objective {
        case .serviceLevel(let target): top += [("objective", "service-level"), ("target", .double(target))]
        case .profit: top += [("objective", "profit"), ("target", .null)]
        }
        top += [
            ("from", .string(report.firstDay.description)), ("horizon", .int(plan.horizon)), ("historyDays", .int(report.historyDays)),
            ("scenarios", .int(plan.scenarios)), ("seed", .string(String(plan.seed))),
        ]
        top += CalendarDays(book.calendar, from: report.firstDay, count: plan.horizon).jsonFields
        top += [
            (
                "fruits",
                .array(
                    plan.fruits.map { line in
                        let fruit = book.fruit(line.fruit)
                        return .object([
                            ("id", .string(line.fruit.rawValue)),
                            (
                                "name",
                                .object([
                                    ("ko", fruit?.name.korean.map(JSONValue.string) ?? .null),
                                    ("en", fruit?.name.english.map(JSONValue.string) ?? .null),
                                ])
                            ),
                            ("onHand", .int(line.onHand)), ("level", .int(line.level)), ("buy", .int(line.toBuy)), ("capacity", .int(line.capacity)),
                            ("expectedLeftover", .double(line.expectedLeftover)), ("expectedWaste", .double(line.expectedWaste)),
                        ])
                    })
            ),
            (
                "serviceLevel",
                .object([
                    ("estimate", .double(plan.serviceLevel.value)), ("lower", .double(plan.serviceLevel.lower)),
                    ("upper", .double(plan.serviceLevel.upper)),
                ])
            ),
            ("reachable", .bool(plan.reachable)), ("fillRate", .double(plan.fillRate)), ("expectedDemand", .double(plan.expectedDemand)),
            ("expectedRevenue", plan.expectedRevenue.map(JSONValue.double) ?? .null),
            ("expectedProfit", plan.expectedProfit.map(JSONValue.double) ?? .null),
        ]
        if let purchases = report.purchases {
            top += PurchaseSheet(book: book, language: language).json(purchases)
        } else if report.purchasesWithoutSuppliers {
            top += [("orders", .null), ("ordersNote", "no fruit has a supplier (buy:); levels only")]
        }
        if let backtest = report.backtest {
            top.append(
                (
                    "backtest",
                    .object([
                        ("days", .int(backtest.days.count)), ("achievedServiceLevel", .double(backtest.achievedServiceLevel)),
                        ("fillRate", .double(backtest.fillRate)), ("waste", .int(backtest.waste)),
                        (
                            "byDay",
                            .array(
                                backtest.days.map { day in
                                    .object([
                                        ("date", .string(day.date.description)), ("demanded", .int(day.demanded)), ("served", .int(day.served)),
                                        ("wasted", .int(day.wasted)), ("revenue", .double(day.revenue)),
                                    ])
                                })
                        ),
                    ])
                ))
        }
        if let backtest = report.purchaseBacktest { top.append(("backtest", PurchaseSheet(book: book, language: language).json(backtest))) }
        if let calibration = report.calibration {
            top.append(
                (
                    "calibration",
                    .array(
                        calibration.rows.map { row in
                            let achieved = row.achieved
                            return .object([
                                ("target", .double(row.target)), ("achieved", .double(achieved.value)), ("lower", .double(achieved.lower)),
                                ("upper", .double(achieved.upper)), ("fillRate", .double(row.backtest.fillRate)), ("waste", .int(row.backtest.waste)),
                                ("days", .int(row.backtest.days.count)),
                            ])
                        })
                ))
        }
        return .object(top)
    }

    /// The purchase lines as CSV when suppliers are known, else each fruit's level and what to buy.
    private func csv(_ report: StockPlanReport) -> String {
        if let purchases = report.purchases { return PurchaseSheet(book: book, language: language).csv(purchases) }
        var out = "fruit,on_hand,level,buy\n"
        for line in report.plan.fruits { out += "\(line.fruit),\(line.onHand),\(line.level),\(line.toBuy)\n" }
        return out
    }
}
