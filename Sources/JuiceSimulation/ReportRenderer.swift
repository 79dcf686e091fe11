import JuiceCore
import JuiceRecipes

/// The formats a simulation report can be written in.
package enum ReportFormat: String, Sendable, CaseIterable {
    /// Readable tables.
    case text
    /// One JSON object.
    case json
    /// One CSV table: a row per juice, then a row per fruit.
    case csv
}

/// Writes simulation reports; the same report always gives the same bytes.
package struct ReportRenderer: Sendable {
    /// The book names come from.
    package let book: RecipeBook
    /// The language of names.
    package let language: Language

    /// A renderer naming things from `book` in `language`.
    package init(book: RecipeBook, language: Language) {
        self.book = book
        self.language = language
    }

    /// The report in `format`, ending with a newline; `source` names the order file, if the orders came from one.
    package func render(_ report: SimulationReport, as format: ReportFormat, source: String? = nil) -> String {
        switch format {
        case .text: return text(report, source: source)
        case .json: return json(report).rendered(pretty: true) + "\n"
        case .csv: return csv(report)
        }
    }

    /// The display name of the juice at `index` in `menu`.
    package func juiceLabel(_ index: Int, menu: CompiledMenu) -> String { book.displayName(of: menu.juices[index], in: language) }

    /// The display name (with emoji) of the fruit at `index` in `menu`.
    package func fruitLabel(_ index: Int, menu: CompiledMenu) -> String { book.displayLabel(of: menu.fruits[index], in: language) }

    /// The display name of the fruit at `index` in `menu`, without emoji (for places that may lack an emoji font).
    package func fruitName(_ index: Int, menu: CompiledMenu) -> String {
        let id = menu.fruits[index]
        return book.fruit(id)?.name.text(in: language, fallback: id.rawValue) ?? id.rawValue
    }

    /// What `juice plan` prints for `report` (the orders of the file `source`): yes, nothing to plan, or what to buy
    /// and which orders fail without it.
    package func plan(_ report: SimulationReport, menu: CompiledMenu, source: String) -> String {
        let words = ReportText(language)
        guard report.orders > 0 else { return words.planEmpty(source) }
        let refused = report.ordersRefused.reduce(0, +)
        guard refused > 0 else { return words.planYes(orders: report.orders) }
        var out = words.planNo(refused: refused, orders: report.orders)
        for fruit in menu.fruits.indices where report.shoppingList[fruit] > 0 {
            out += "  \(fruitLabel(fruit, menu: menu)): \(report.shoppingList[fruit])\n"
        }
        out += words.planFailing
        for refusal in report.firstRefusals {
            out += "  #\(refusal.order) \(juiceLabel(refusal.juice, menu: menu))\n"
        }
        if refused > report.firstRefusals.count { out += words.planMore(refused - report.firstRefusals.count) }
        return out
    }

    func juiceName(_ index: Int, in report: SimulationReport) -> String { book.displayName(of: report.menu.juices[index], in: language) }

    func fruitName(_ index: Int, in report: SimulationReport) -> String { book.displayLabel(of: report.menu.fruits[index], in: language) }

    private func text(_ report: SimulationReport, source: String?) -> String {
        let words = ReportText(language)
        var juiceRows = [words.juiceColumns + (report.hasPrices ? [words.revenue] : [])]
        for juice in report.menu.juices.indices {
            var row = [juiceName(juice, in: report), "\(report.served[juice])", "\(report.refused[juice])", "\(report.ordersRefused[juice])"]
            if report.hasPrices {
                let id = report.menu.juices[juice]
                row.append(book.juice(id)?.price.map { "\($0 * report.served[juice])" } ?? "-")
            }
            juiceRows.append(row)
        }
        var fruitRows = [words.fruitColumns]
        for fruit in report.menu.fruits.indices {
            fruitRows.append([
                fruitName(fruit, in: report), "\(report.initialStock[fruit])", "\(report.consumed[fruit])", "\(report.finalStock[fruit])",
                report.firstEmptied[fruit].map { $0 == 0 ? words.atStart : "#\($0)" } ?? words.never,
                report.firstShort[fruit].map { "#\($0)" } ?? words.never,
                "\(report.refusedBy[fruit])", "\(report.refills[fruit])", "\(report.shoppingList[fruit])",
            ])
        }
        var out = words.headline(orders: report.orders, served: report.ordersServed.reduce(0, +), source: source) + "\n\n"
        out += table(juiceRows) + "\n" + table(fruitRows)
        if report.hasPrices { out += "\n\(words.revenue): \(report.revenue)\n" }
        return out
    }

    /// Columns padded to their widest cell (counted in characters; Hangul and emoji count as two).
    private func table(_ rows: [[String]]) -> String {
        func width(_ text: String) -> Int { DisplayWidth.of(text) }
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? width($0[column]) : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - width(cell))
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    private func json(_ report: SimulationReport) -> JSONValue {
        let juices: [JSONValue] = report.menu.juices.indices.map { juice in
            .object([
                ("id", .string(report.menu.juices[juice].rawValue)),
                ("served", .int(report.served[juice])), ("refused", .int(report.refused[juice])),
                ("ordersServed", .int(report.ordersServed[juice])), ("ordersRefused", .int(report.ordersRefused[juice])),
            ])
        }
        let fruits: [JSONValue] = report.menu.fruits.indices.map { fruit in
            .object([
                ("id", .string(report.menu.fruits[fruit].rawValue)),
                ("start", .int(report.initialStock[fruit])), ("used", .int(report.consumed[fruit])), ("end", .int(report.finalStock[fruit])),
                ("emptiedAtOrder", report.firstEmptied[fruit].map(JSONValue.int) ?? .null),
                ("firstShortAtOrder", report.firstShort[fruit].map(JSONValue.int) ?? .null),
                ("refusedFor", .int(report.refusedBy[fruit])), ("refills", .int(report.refills[fruit])), ("toBuy", .int(report.shoppingList[fruit])),
            ])
        }
        return .object([
            ("orders", .int(report.orders)),
            ("served", .int(report.ordersServed.reduce(0, +))),
            ("refused", .int(report.ordersRefused.reduce(0, +))),
            ("revenue", report.hasPrices ? .int(report.revenue) : .null),
            ("juices", .array(juices)),
            ("fruits", .array(fruits)),
            (
                "shoppingList",
                .object(
                    report.menu.fruits.indices.filter { report.shoppingList[$0] > 0 }.map {
                        (report.menu.fruits[$0].rawValue, .int(report.shoppingList[$0]))
                    })
            ),
        ])
    }

    private func csv(_ report: SimulationReport) -> String {
        var out = "kind,id,served,refused,start,used,end,emptied_at_order,first_short_at_order,refused_for,refills,to_buy\n"
        for juice in report.menu.juices.indices {
            out += "juice,\(report.menu.juices[juice]),\(report.served[juice]),\(report.refused[juice]),,,,,,,,\n"
        }
        for fruit in report.menu.fruits.indices {
            out += "fruit,\(report.menu.fruits[fruit]),,,\(report.initialStock[fruit]),\(report.consumed[fruit]),\(report.finalStock[fruit]),"
            out += "\(report.firstEmptied[fruit].map(String.init) ?? ""),\(report.firstShort[fruit].map(String.init) ?? ""),"
            out += "\(report.refusedBy[fruit]),\(report.refills[fruit]),\(report.shoppingList[fruit])\n"
        }
        return out
    }
}
