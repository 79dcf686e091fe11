import JuiceCore
import JuiceRecipes

/// Writes a sales report as text (in a language), JSON or CSV.
package struct SalesReportRenderer: Sendable {
    /// The language of text output and labels.
    package var language: Language
    /// The menu, for names.
    package var book: RecipeBook

    /// A renderer for `book`'s sales, in `language`.
    package init(book: RecipeBook, language: Language) {
        self.book = book
        self.language = language
    }

    /// The report in `format`.
    package func render(_ report: SalesReport, as format: ForecastFormat) -> String {
        switch format {
        case .text: return text(report)
        case .json: return json(report).rendered(pretty: true) + "\n"
        case .csv:
            var out = "\(report.grouping.rawValue),served,refused,revenue\n"
            for row in report.rows { out += "\(row.key),\(row.served),\(row.refused),\(row.revenue)\n" }
            return out
        }
    }

    /// The row's key as people read it.
    package func label(of row: SalesReport.Row, in grouping: ReportGrouping) -> String {
        switch grouping {
        case .day: return row.key
        case .weekday:
            return (Weekday(rawValue: (Int(row.key) ?? 0) % 7) ?? .monday).name(in: language)
        case .hour:
            let hour = Int(row.key) ?? 0
            return (hour < 10 ? "0" : "") + "\(hour):00"
        case .juice: return book.displayName(of: JuiceID(row.key), in: language)
        case .fruit: return book.displayLabel(of: FruitID(row.key), in: language)
        }
    }

    private func text(_ report: SalesReport) -> String {
        let ko = language == .korean
        let names = ko ? ["날짜", "요일", "시간", "쥬스", "과일"] : ["day", "weekday", "hour", "juice", "fruit"]
        let header = [names[ReportGrouping.allCases.firstIndex(of: report.grouping) ?? 0]]
        var table: [[String]] = [
            header + (ko ? ["판매", "거절", "매출"] : ["served", "refused", "revenue"]) + (report.grouping == .fruit ? [ko ? "사용량" : "used"] : [])
        ]
        for (index, row) in (report.rows + [report.total]).enumerated() {
            let isTotal = index == report.rows.count
            let label = isTotal ? (ko ? "합계" : "total") : label(of: row, in: report.grouping)
            var cells = [label, "\(row.served)", "\(row.refused)", MoneyText.won(row.revenue, in: language)]
            if report.grouping == .fruit { cells.append(isTotal ? "" : "\(row.fruitUsed.values.reduce(0, +))") }
            table.append(cells)
        }
        var out = ""
        if let first = report.firstDay, let last = report.lastDay {
            out += ko ? "\(first)부터 \(last)까지의 판매\n" : "Sales from \(first) to \(last)\n"
        } else {
            out += ko ? "판매 기록이 없어요\n" : "No sales recorded\n"
        }
        out += PlanningTable.render(table)
        out += closures(report)
        return out
    }

    /// The lines on closed days: those the calendar declares, and likely closures it does not (none when neither).
    private func closures(_ report: SalesReport) -> String {
        let ko = language == .korean
        func dates(_ days: [CivilDate]) -> String {
            let shown = days.prefix(10).map(\.description).joined(separator: ", ")
            let more = days.count - 10
            return more > 0 ? shown + (ko ? " 외 \(more)일" : " and \(more) more") : shown
        }
        var out = ""
        if !report.closedDays.isEmpty {
            out += (ko ? "쉬는 날 (달력): " : "Closed (calendar): ") + dates(report.closedDays) + "\n"
        }
        if !report.likelyClosedDays.isEmpty {
            out +=
                ko
                ? "쉬는 날로 보여요 (판매가 하나도 없고, 평소엔 파는 요일이에요): \(dates(report.likelyClosedDays)). 쉬었다면 달력에 적으세요: calendar: closed: [\(report.likelyClosedDays[0])]\n"
                : "Likely closed (no sale at all, on a weekday that usually sells): \(dates(report.likelyClosedDays)). If the shop was closed, declare it: calendar: closed: [\(report.likelyClosedDays[0])]\n"
        }
        return out
    }

    /// The report as a JSON object (`render(_:as: .json)` writes it).
    package func json(_ report: SalesReport) -> JSONValue {
        func figures(_ row: SalesReport.Row) -> [(String, JSONValue)] {
            [
                ("served", .int(row.served)), ("refused", .int(row.refused)), ("revenue", .int(row.revenue)),
                ("fruitUsed", .object(row.fruitUsed.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .int($0.value)) })),
            ]
        }
        return .object([
            ("by", .string(report.grouping.rawValue)), ("from", report.firstDay.map { .string($0.description) } ?? .null),
            ("to", report.lastDay.map { .string($0.description) } ?? .null),
            (
                "rows",
                .array(
                    report.rows.map { row in
                        .object([("key", .string(row.key)), ("label", .string(label(of: row, in: report.grouping)))] + figures(row))
                    })
            ),
            ("total", .object(figures(report.total))),
            ("closed", .array(report.closedDays.map { .string($0.description) })),
            ("likelyClosed", .array(report.likelyClosedDays.map { .string($0.description) })),
        ])
    }
}
