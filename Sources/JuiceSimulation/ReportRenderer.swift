import JuiceCore
import JuiceRecipes

/// The formats a simulation report can be written in.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Readable tables.
    case text
    /// One JSON object.
    case json
    /// One CSV table: a row per juice, then a row per fruit.
    case csv
}

/// Writes simulation reports; the same report always gives the same bytes.
public struct ReportRenderer: Sendable {
    /// The book names come from.
    public let book: RecipeBook
    /// The language of names.
    public let language: Language

    /// A renderer naming things from `book` in `language`.
    public init(book: RecipeBook, language: Language) {
        self.book = book
        self.language = language
    }

    /// The report in `format`, ending with a newline.
    public func render(_ report: SimulationReport, as format: ReportFormat) -> String {
        switch format {
        case .text: return text(report)
        case .json: return json(report).rendered(pretty: true) + "\n"
        case .csv: return csv(report)
        }
    }

    /// The display name of the juice at `index` in `menu`.
    public func juiceLabel(_ index: Int, menu: CompiledMenu) -> String { book.displayName(of: menu.juices[index], in: language) }

    /// The display name (with emoji) of the fruit at `index` in `menu`.
    public func fruitLabel(_ index: Int, menu: CompiledMenu) -> String { book.displayLabel(of: menu.fruits[index], in: language) }

    func juiceName(_ index: Int, in report: SimulationReport) -> String { book.displayName(of: report.menu.juices[index], in: language) }

    func fruitName(_ index: Int, in report: SimulationReport) -> String { book.displayLabel(of: report.menu.fruits[index], in: language) }

    private func text(_ report: SimulationReport) -> String {
        var juiceRows = [["juice", "served", "refused", "orders refused"] + (report.hasPrices ? ["revenue"] : [])]
        for juice in report.menu.juices.indices {
            var row = [juiceName(juice, in: report), "\(report.served[juice])", "\(report.refused[juice])", "\(report.ordersRefused[juice])"]
            if report.hasPrices {
                let id = report.menu.juices[juice]
                row.append(book.juice(id)?.price.map { "\($0 * report.served[juice])" } ?? "-")
            }
            juiceRows.append(row)
        }
        var fruitRows = [["fruit", "start", "used", "end", "ran out at order", "refused for", "refills", "to buy"]]
        for fruit in report.menu.fruits.indices {
            fruitRows.append([
                fruitName(fruit, in: report), "\(report.initialStock[fruit])", "\(report.consumed[fruit])", "\(report.finalStock[fruit])",
                report.firstRanOut[fruit].map { "#\($0)" } ?? "never", "\(report.refusedBy[fruit])", "\(report.refills[fruit])",
                "\(report.shoppingList[fruit])",
            ])
        }
        let served = report.ordersServed.reduce(0, +)
        var out = "\(report.orders) orders: \(served) served, \(report.orders - served) refused\n\n"
        out += table(juiceRows) + "\n" + table(fruitRows)
        if report.hasPrices { out += "\nrevenue: \(report.revenue)\n" }
        return out
    }

    /// Columns padded to their widest cell (counted in characters; Hangul and emoji count as two).
    private func table(_ rows: [[String]]) -> String {
        func width(_ text: String) -> Int {
            text.unicodeScalars.reduce(0) { total, scalar in
                if scalar.properties.isEmojiPresentation || (0x1100...0x11FF).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value) || (0x3000...0x9FFF).contains(scalar.value) {
                    return total + 2
                }
                return scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0xFE0F ? total : total + 1
            }
        }
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
                ("firstRanOutAtOrder", report.firstRanOut[fruit].map(JSONValue.int) ?? .null),
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
            ("shoppingList", .object(report.menu.fruits.indices.filter { report.shoppingList[$0] > 0 }.map {
                (report.menu.fruits[$0].rawValue, .int(report.shoppingList[$0]))
            })),
        ])
    }

    private func csv(_ report: SimulationReport) -> String {
        var out = "kind,id,served,refused,start,used,end,ran_out_at_order,refused_for,refills,to_buy\n"
        for juice in report.menu.juices.indices {
            out += "juice,\(report.menu.juices[juice]),\(report.served[juice]),\(report.refused[juice]),,,,,,,\n"
        }
        for fruit in report.menu.fruits.indices {
            out += "fruit,\(report.menu.fruits[fruit]),,,\(report.initialStock[fruit]),\(report.consumed[fruit]),\(report.finalStock[fruit]),"
            out += "\(report.firstRanOut[fruit].map(String.init) ?? ""),\(report.refusedBy[fruit]),\(report.refills[fruit]),\(report.shoppingList[fruit])\n"
        }
        return out
    }
}
