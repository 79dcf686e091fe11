import JuiceCore
import JuiceRecipes
import JuiceShop

/// Writes a stock flow (`StockFlow`) as text (in a language), JSON or CSV: per fruit, or the waste list.
package struct StockFlowRenderer: Sendable {
    /// The language of text output and labels.
    package var language: Language
    /// The menu, for names and costs.
    package var book: RecipeBook

    /// A renderer for `book`'s fruits, in `language`.
    package init(book: RecipeBook, language: Language) {
        self.book = book
        self.language = language
    }

    private var ko: Bool { language == .korean }

    /// `units` of `fruit` in won, when the fruit has a cost.
    func won(_ units: Int, of fruit: FruitID) -> Int? {
        book.fruit(fruit)?.cost.map { units * $0 }
    }

    /// The period `flow` covers, as the report's headings say it.
    package func periodText(_ flow: StockFlow) -> String {
        switch (flow.firstDay, flow.lastDay) {
        case (let first?, let last?): return ko ? "\(first)부터 \(last)까지" : "from \(first) to \(last)"
        case (let first?, nil): return ko ? "\(first)부터" : "from \(first)"
        case (nil, let last?): return ko ? "\(last)까지" : "up to \(last)"
        case (nil, nil): return ko ? "처음부터" : "since the start"
        }
    }

    // MARK: Per fruit

    /// Per fruit: opening, received, used (theoretical), wasted, the counts' variance, other changes, closing, actual
    /// usage and the unexplained part, in `format`.
    package func render(fruits flow: StockFlow, as format: ForecastFormat) -> String {
        switch format {
        case .text: return text(fruits: flow)
        case .json: return JSONValue.object(json(fruits: flow)).rendered(pretty: true) + "\n"
        case .csv:
            var out = "fruit,opening,received,used,wasted,variance,adjusted,closing,actual,unexplained\n"
            for row in flow.fruits {
                out += "\(row.fruit),\(row.opening),\(row.received),\(row.used),\(row.wastedTotal),\(row.countVariance),"
                out += "\(row.adjusted),\(row.closing),\(row.actual),\(row.unexplained)\n"
            }
            return out
        }
    }

    private func text(fruits flow: StockFlow) -> String {
        var table: [[String]] = [
            ko
                ? ["과일", "시작→끝", "입고", "판매 사용", "폐기", "세기", "기타", "실제 사용", "설명 안 됨"]
                : ["fruit", "start→end", "received", "used", "wasted", "counts", "other", "actual", "unexplained"]
        ]
        for row in flow.fruits {
            table.append(
                [
                    book.displayLabel(of: row.fruit, in: language), "\(row.opening)→\(row.closing)", "\(row.received)", "\(row.used)",
                    "\(row.wastedTotal)", signed(row.countVariance), signed(row.adjusted), "\(row.actual)", "\(row.unexplained)",
                ])
        }
        // What deliveries lacked against what was ordered, when any delivery said what was ordered.
        if flow.fruits.contains(where: { $0.receivingDifference != 0 }) {
            table[0].append(ko ? "덜 온 양" : "short")
            for (index, row) in flow.fruits.enumerated() { table[index + 1].append(shortText(row.receivingDifference)) }
        }
        var out = ko ? "재고 흐름 (\(periodText(flow)), 개수)\n" : "Stock flow (\(periodText(flow)), units)\n"
        out += PlanningTable.render(table)
        let costed = flow.fruits.compactMap { row -> [String]? in
            guard let wasted = won(row.wastedTotal, of: row.fruit), let unexplained = won(row.unexplained, of: row.fruit) else { return nil }
            return [book.displayLabel(of: row.fruit, in: language), money(wasted), money(unexplained)]
        }
        if !costed.isEmpty {
            out += ko ? "원가 (과일 값이 있는 과일)\n" : "At cost (fruits with a cost)\n"
            out += PlanningTable.render([ko ? ["과일", "폐기", "설명 안 됨"] : ["fruit", "wasted", "unexplained"]] + costed)
        }
        out +=
            ko
            ? "실제 사용 = 시작 + 입고 + 기타 − 끝. 설명 안 됨 = 실제 사용 − 판매 사용 − 폐기: 세기에서 드러난 빈 만큼.\n"
            : "actual = start + received + other − end; unexplained = actual − used − wasted: what counts found missing.\n"
        if flow.fruits.contains(where: { $0.receivingDifference != 0 }) {
            out +=
                ko
                ? "덜 온 양 = 주문한 양 − 실제로 온 양 (주문한 양을 적은 입고만, 더 온 것은 '더'): 재고에 들어오지 않았으니 설명 안 됨에 들지 않아요.\n"
                : "short = ordered − received (deliveries that say what was ordered; more than ordered is 'over'): it never reached the stock, so it is not in unexplained.\n"
        }
        return out
    }

    /// The JSON members of the per-fruit flow: `from`, `to`, and `stock: [{fruit, opening, received, used,
    /// theoretical, wasted, wastedByReason, variance, counts, adjusted, closing, actual, unexplained, wasteRate, won}]`.
    package func json(fruits flow: StockFlow) -> [(String, JSONValue)] {
        let rows = flow.fruits.map { row -> JSONValue in
            let cost: JSONValue =
                book.fruit(row.fruit)?.cost == nil
                ? .null
                : .object([
                    ("received", .int(won(row.received, of: row.fruit) ?? 0)), ("used", .int(won(row.used, of: row.fruit) ?? 0)),
                    ("wasted", .int(won(row.wastedTotal, of: row.fruit) ?? 0)), ("unexplained", .int(won(row.unexplained, of: row.fruit) ?? 0)),
                ])
            return .object([
                ("fruit", .string(row.fruit.rawValue)), ("opening", .int(row.opening)), ("received", .int(row.received)),
                ("used", .int(row.used)), ("theoretical", .int(row.used)), ("wasted", .int(row.wastedTotal)),
                ("wastedByReason", .object(WasteReason.allCases.compactMap { reason in row.wasted[reason].map { (reason.rawValue, .int($0)) } })),
                ("variance", .int(row.countVariance)), ("counts", .int(row.counts)), ("adjusted", .int(row.adjusted)),
                ("receivingDifference", .int(row.receivingDifference)),
                ("closing", .int(row.closing)), ("actual", .int(row.actual)), ("unexplained", .int(row.unexplained)),
                ("wasteRate", row.wasteRate.map(JSONValue.double) ?? .null), ("won", cost),
            ])
        }
        return [
            ("from", flow.firstDay.map { .string($0.description) } ?? .null), ("to", flow.lastDay.map { .string($0.description) } ?? .null),
            ("stock", .array(rows)),
        ]
    }

    // MARK: Waste

    /// What the waste list and chart say when nothing was thrown away.
    package var nothingWasted: String { ko ? "폐기 기록이 없어요" : "nothing was wasted" }

    /// The wastes by reason, then fruit: units and won, in `format`.
    package func render(waste flow: StockFlow, as format: ForecastFormat) -> String {
        let totals = wasteTotals(flow)
        switch format {
        case .text:
            var table: [[String]] = [ko ? ["이유", "과일", "개수", "원가"] : ["reason", "fruit", "units", "won"]]
            for (reason, fruit, units) in totals {
                table.append(
                    [
                        ShopText(language: language, book: book).word(for: reason), book.displayLabel(of: fruit, in: language), "\(units)",
                        won(units, of: fruit).map(money) ?? "—",
                    ])
            }
            let heading = ko ? "폐기 (\(periodText(flow)))\n" : "Waste (\(periodText(flow)))\n"
            return heading + (totals.isEmpty ? "  \(nothingWasted)\n" : PlanningTable.render(table))
        case .json:
            let rows = totals.map { reason, fruit, units in
                JSONValue.object([
                    ("reason", .string(reason.rawValue)), ("fruit", .string(fruit.rawValue)), ("units", .int(units)),
                    ("won", won(units, of: fruit).map(JSONValue.int) ?? .null),
                ])
            }
            let entries = flow.wastes.map { waste in
                JSONValue.object([
                    ("entry", .int(waste.entry)), ("time", .string(waste.journalTime)), ("fruit", .string(waste.fruit.rawValue)),
                    ("amount", .int(waste.amount)), ("reason", .string(waste.reason.rawValue)), ("note", waste.note.map(JSONValue.string) ?? .null),
                ])
            }
            return JSONValue.object([
                ("from", flow.firstDay.map { .string($0.description) } ?? .null), ("to", flow.lastDay.map { .string($0.description) } ?? .null),
                ("waste", .array(rows)), ("entries", .array(entries)),
            ]).rendered(pretty: true) + "\n"
        case .csv:
            var out = "reason,fruit,units,won\n"
            for (reason, fruit, units) in totals { out += "\(reason.rawValue),\(fruit),\(units),\(won(units, of: fruit).map(String.init) ?? "")\n" }
            return out
        }
    }

    /// Units wasted per reason and fruit (reasons in their order, fruits in the book's), undone wastes left out.
    private func wasteTotals(_ flow: StockFlow) -> [(WasteReason, FruitID, Int)] {
        var units: [WasteReason: [FruitID: Int]] = [:]
        for waste in flow.wastes { units[waste.reason, default: [:]][waste.fruit, default: 0] += waste.amount }
        let order = Dictionary(book.fruits.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return WasteReason.allCases.flatMap { reason in
            (units[reason] ?? [:]).sorted { (order[$0.key] ?? .max, $0.key) < (order[$1.key] ?? .max, $1.key) }.map { (reason, $0.key, $0.value) }
        }
    }

    private func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }

    /// How much less than ordered came (`difference` = ordered − received): the units, or those that came beyond the
    /// order as "N 더" / "N over".
    private func shortText(_ difference: Int) -> String {
        guard difference < 0 else { return "\(difference)" }
        switch language {
        case .korean: return "\(-difference) 더"
        case .english: return "\(-difference) over"
        }
    }

    private func money(_ value: Int) -> String { MoneyText.won(value, in: language) }
}
