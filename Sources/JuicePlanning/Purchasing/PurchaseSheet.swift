import JuiceCore
import JuiceRecipes

/// A purchase plan as people read it (a sheet per supplier, ready to send or print), as tools read it (JSON
/// `orders`) and as spreadsheets read it (CSV, a row per line).
package struct PurchaseSheet: Sendable {
    /// The recipes (names of fruits and suppliers).
    package var book: RecipeBook
    /// The language of the text.
    package var language: Language

    /// A sheet naming `book`'s fruits and suppliers in `language`.
    package init(book: RecipeBook, language: Language) {
        self.book = book
        self.language = language
    }

    /// The supplier's name in the sheet's language, with its id.
    private func supplierLabel(_ id: SupplierID) -> String {
        guard let supplier = book.supplier(id) else { return id.rawValue }
        let name = supplier.name.text(in: language, fallback: id.rawValue)
        return name == id.rawValue ? name : "\(name) (\(id))"
    }

    // Figures as the level plan writes them.
    private func money(_ value: Int) -> String { MoneyText.won(value, in: language) }
    private static func amount(_ value: Double) -> String { StockPlanRenderer.amount(value) }
    private static func percent(_ value: Double) -> String { StockPlanRenderer.percent(value) }

    /// Every supplier's sheet, one after another.
    package func text(_ plan: PurchasePlan) -> String {
        let ko = language == .korean
        var out = ""
        for order in plan.orders { out += text(order) + "\n" }
        let joint = plan.serviceLevel
        out +=
            ko
            ? "발주한 과일로 각 입고 기간의 모든 주문이 나갈 확률: \(Self.percent(joint.value)) (95% 신뢰구간 \(Self.percent(joint.lower))–\(Self.percent(joint.upper)))\n"
            : "Every order served over every order's days, as far as the ordered fruit decides: \(Self.percent(joint.value)) (95% confidence \(Self.percent(joint.lower))–\(Self.percent(joint.upper)))\n"
        if !plan.unbought.isEmpty {
            let names = plan.unbought.map { book.displayLabel(of: $0, in: language) }.joined(separator: ", ")
            out += ko ? "살 곳이 없는 과일 (buy: 없음): \(names). 위의 목표 재고로만 계획했어요\n" : "No supplier (no buy:): \(names); planned as levels above only\n"
        }
        if !plan.reachable {
            out +=
                ko
                ? "주의: 창고 용량으로는 목표에 닿지 않아요. store 섹션의 capacity를 늘리세요\n"
                : "Warning: the store's capacities cannot reach the target; raise them in the store section\n"
        }
        return out
    }

    /// One supplier's sheet.
    package func text(_ order: PurchasePlan.Order) -> String {
        let ko = language == .korean
        let window = order.window
        // The deadline as `orderBy` writes it, a space for the `T`: 2026-12-02 14:00.
        let deadline = window.cutOff.map { _ in window.orderBy.description.replacingOccurrences(of: "T", with: " ") }
        var out = ko ? "발주서: \(supplierLabel(window.supplier))\n" : "Purchase order: \(supplierLabel(window.supplier))\n"
        let days = window.protectionDays
        out +=
            ko
            ? "  주문 \(deadline.map { "마감 \($0)" } ?? "\(window.orderDate)") · 도착 \(window.arrives) · \(window.coversUntil)까지 (\(days)일) 쓸 양\n"
            : "  Order by \(deadline ?? "\(window.orderDate)") · arrives \(window.arrives) · to last until \(window.coversUntil) (\(days == 1 ? "1 day" : "\(days) days"))\n"
        out += lines(order.choice)
        if order.choice.lines.isEmpty {
            out += ko ? "  살 것 없음: 있는 재고와 주문한 재고로 충분해요\n" : "  Nothing to order: the stock on hand and on order will do\n"
        } else {
            out += summary(order.choice)
        }
        for (fruit, lastDay) in order.spoilsEarly.sorted(by: { $0.key < $1.key }) {
            let name = book.displayLabel(of: fruit, in: language)
            out +=
                ko
                ? "  주의: \(name)는 \(lastDay)까지만 가요. 그 뒤는 이 주문으로 못 채워요\n"
                : "  Note: \(name) keeps only until \(lastDay); the days after cannot be served from this order\n"
        }
        if let minimum = order.minimum, !order.minimumMet {
            let total = order.choice.total ?? 0
            out +=
                ko
                ? "  최소 주문 \(money(minimum))에 못 미쳐요 (\(money(total))). 최소까지 올리면:\n"
                : "  Below the minimum order of \(money(minimum)) (\(money(total))). Raised to the minimum:\n"
            if let raised = order.raised {
                out += lines(raised, indent: "    ")
                out += summary(raised, indent: "    ")
            }
            switch order.raisingPays {
            case true?: out += ko ? "  → 최소까지 올리는 게 이익이에요 (시뮬레이션)\n" : "  → Raising it to the minimum pays (as the simulation shows)\n"
            case false?:
                out +=
                    ko
                    ? "  → 최소까지 올리면 손해예요. 이번 주문을 건너뛰는 게 나아요 (시뮬레이션)\n"
                    : "  → Raising it does not pay; skipping this order does better (as the simulation shows)\n"
            case nil:
                out += ko ? "  → 가격과 원가를 모두 알아야 이익인지 말할 수 있어요\n" : "  → Whether raising it pays needs every juice's price and every fruit's cost\n"
            }
        } else if let minimum = order.minimum, !order.choice.lines.isEmpty {
            out += ko ? "  최소 주문 \(money(minimum)) 충족\n" : "  Minimum order \(money(minimum)) met\n"
        }
        return out
    }

    private func lines(_ choice: PurchasePlan.Choice, indent: String = "  ") -> String {
        guard !choice.lines.isEmpty else { return "" }
        let ko = language == .korean
        var rows = [ko ? ["과일", "묶음", "개수", "금액"] : ["fruit", "packs", "units", "cost"]]
        for line in choice.lines {
            rows.append([
                book.displayLabel(of: line.fruit, in: language), NumberText.grouped(line.packs), NumberText.grouped(line.units),
                line.lineCost.map(money) ?? "–",
            ])
        }
        rows.append([ko ? "합계" : "total", "", "", choice.total.map(money) ?? "–"])
        return PlanningTable.render(rows).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }.map { indent + $0 + "\n" }
            .joined()
    }

    private func summary(_ choice: PurchasePlan.Choice, indent: String = "  ") -> String {
        let ko = language == .korean
        let waste = choice.expectedWasteCost.map { " (\(money(Int($0.rounded()))))" } ?? ""
        return ko
            ? "\(indent)이 과일들로 그동안 모든 주문이 나갈 확률 \(Self.percent(choice.serviceLevel.value)), 버릴 것으로 보이는 양 \(Self.amount(choice.expectedWaste))개\(waste)\n"
            : "\(indent)Every order served meanwhile, as far as these fruits decide: \(Self.percent(choice.serviceLevel.value)); expected waste \(Self.amount(choice.expectedWaste)) units\(waste)\n"
    }

    /// The JSON `orders` (each a `PlannedOrderJSON`: `[{supplier, name, orderBy, arrives, coversUntil, protectionDays,
    /// lines: [{fruit, packs, units, unitCost, lineCost}], total, serviceLevel, expectedWaste, expectedWasteCost,
    /// expectedProfit, minimum, minimumMet, raised, raisingPays, spoilsEarly}]`, absent values left out), and the
    /// orders' joint service level, whether it is reachable and the fruits no supplier sells.
    package func json(_ plan: PurchasePlan) -> [(String, JSONValue)] {
        let orders = plan.orders.map { JSONValue(encoding: PlannedOrderJSON($0, book: book)) }
        return [
            ("orders", .array(orders)),
            (
                "ordersServiceLevel",
                .object([
                    ("estimate", .double(plan.serviceLevel.value)), ("lower", .double(plan.serviceLevel.lower)),
                    ("upper", .double(plan.serviceLevel.upper)),
                ])
            ),
            ("ordersReachable", .bool(plan.reachable)), ("unbought", .array(plan.unbought.map { .string($0.rawValue) })),
        ]
    }

    /// The orders as CSV: a header, then a row per line
    /// (`supplier,order_by,arrives,covers_until,choice,fruit,packs,units,cost,minimum,minimum_met,raising_pays`).
    /// `choice` is `planned`; below the supplier's minimum, the order raised to it follows as `raised` rows, and
    /// `raising_pays` says whether that pays (`true`, `false`, or empty when prices and costs cannot tell).
    package func csv(_ plan: PurchasePlan) -> String {
        var out = "supplier,order_by,arrives,covers_until,choice,fruit,packs,units,cost,minimum,minimum_met,raising_pays\n"
        for order in plan.orders {
            let window = order.window
            let minimum = order.minimum.map(String.init) ?? ""
            let pays = order.raisingPays.map { $0 ? "true" : "false" } ?? ""
            let choices = [("planned", order.choice)] + (order.raised.map { [("raised", $0)] } ?? [])
            for (name, choice) in choices {
                for line in choice.lines {
                    out +=
                        "\(window.supplier),\(window.orderBy),\(window.arrives),\(window.coversUntil),\(name),\(line.fruit),\(line.packs),\(line.units),"
                        + "\(line.lineCost.map(String.init) ?? ""),\(minimum),\(order.minimumMet),\(pays)\n"
                }
            }
        }
        return out
    }
}

extension PurchaseSheet {
    /// The backtest with suppliers: the plan's figures and each rule's, on the same days.
    package func text(_ backtest: PurchaseBacktest) -> String {
        let ko = language == .korean
        let days = backtest.plan.days
        var out =
            ko
            ? "지난 \(days)일 되짚기 (공급처의 주문 요일·배송 기간·묶음·유통기한 그대로, 주문은 시간 순서로 전부 아니면 전무):\n"
            : "Backtest over the last \(days) days (the suppliers' order days, lead times, packs and shelf lives; orders served in time order, all or nothing):\n"
        var rows = [
            ko
                ? ["방법", "모든 주문이 나간 날", "채움률", "버린 과일", "버린 금액", "구매액", "발주"]
                : ["rule", "every order served", "fill rate", "waste", "waste cost", "spend", "orders"]
        ]
        for replay in [backtest.plan] + backtest.rules {
            let name: String
            switch replay.rule {
            case .plan: name = ko ? "이 계획" : "this plan"
            case .parLevels: name = ko ? "파 레벨 (같은 요일 4주 평균 +20%)" : "par levels (last four same weekdays +20%)"
            case .minMax: name = ko ? "최소/최대 (ERP 재주문점)" : "min/max (ERP reorder point)"
            }
            rows.append([
                name, "\(replay.daysAllServed)/\(replay.days) = \(Self.percent(replay.achievedServiceLevel))", Self.percent(replay.fillRate),
                NumberText.grouped(replay.waste), money(replay.wasteCost), money(replay.spend), "\(replay.orders)",
            ])
        }
        out += PlanningTable.render(rows)
        for (index, rule) in backtest.rules.enumerated() {
            let beats = backtest.planBeats(rule: index)
            let name = rule.rule.rawValue
            // (Aimed at what the rule achieved, rounded down to a tenth of a percent; said as the rule's figure.)
            if let matched = backtest.matched[index], matched.target != nil {
                let achieved = Self.percent(rule.achievedServiceLevel)
                out +=
                    ko
                    ? "  \(name)가 이룬 \(achieved)를 목표로 하면 이 계획은: \(matched.daysAllServed)/\(matched.days) = \(Self.percent(matched.achievedServiceLevel)), 버린 과일 \(NumberText.grouped(matched.waste))개 (\(money(matched.wasteCost))), 구매액 \(money(matched.spend))\n"
                    : "  Aiming at the \(achieved) \(name) achieved, this plan: \(matched.daysAllServed)/\(matched.days) = \(Self.percent(matched.achievedServiceLevel)), waste \(NumberText.grouped(matched.waste)) (\(money(matched.wasteCost))), spend \(money(matched.spend))\n"
            }
            out +=
                ko
                ? (beats ? "  \(name)보다 나아요 (서비스 수준이 같거나 높고 버린 과일이 적거나, 더 높고 버린 과일이 많지 않아요)\n" : "  \(name)보다 낫지 않아요\n")
                : (beats
                    ? "  Beats \(name) (at least its service level with less waste, or higher with no more waste)\n" : "  Does not beat \(name)\n")
        }
        return out
    }

    /// The backtest with suppliers as JSON: the plan's figures, `byRule` beside them in `rules`.
    package func json(_ backtest: PurchaseBacktest) -> JSONValue {
        func figures(_ replay: PurchaseReplay) -> [(String, JSONValue)] {
            [
                ("days", .int(replay.days)), ("achievedServiceLevel", .double(replay.achievedServiceLevel)), ("fillRate", .double(replay.fillRate)),
                ("waste", .int(replay.waste)), ("wasteCost", .int(replay.wasteCost)), ("spend", .int(replay.spend)), ("orders", .int(replay.orders)),
            ]
        }
        return .object(
            figures(backtest.plan) + [
                (
                    "rules",
                    .array(
                        backtest.rules.enumerated().map { index, rule in
                            let matched: JSONValue =
                                backtest.matched[index].map { replay in
                                    .object([("target", replay.target.map(JSONValue.double) ?? .null)] + figures(replay))
                                } ?? .null
                            return .object(
                                [("rule", .string(rule.rule.rawValue))] + figures(rule) + [
                                    ("planAtItsServiceLevel", matched), ("beaten", .bool(backtest.planBeats(rule: index))),
                                ])
                        })
                )
            ])
    }
}
