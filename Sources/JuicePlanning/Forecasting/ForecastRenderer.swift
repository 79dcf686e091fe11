import JuiceCore
import JuiceRecipes

/// The output formats of `juice forecast`.
package enum ForecastFormat: String, Sendable, CaseIterable {
    /// A table for people.
    case text
    /// JSON for tools.
    case json
    /// CSV, a row per juice and day.
    case csv
}

/// Writes a forecast run as text (in a language), JSON or CSV.
package struct ForecastRenderer: Sendable {
    /// The language of text output.
    package var language: Language

    /// A renderer writing text in `language`.
    package init(language: Language) { self.language = language }

    /// The run in `format`.
    package func render(_ run: ForecastRun, as format: ForecastFormat) -> String {
        switch format {
        case .text: return text(run)
        case .json: return json(run).rendered(pretty: true) + "\n"
        case .csv: return csv(run)
        }
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    }

    private static func ratio(_ value: Double?) -> String {
        guard let value else { return "—" }
        return "\(Double(Int((value * 100).rounded())) / 100)"
    }

    private func text(_ run: ForecastRun) -> String {
        let ko = language == .korean
        let horizon = run.juices.first?.forecast.mean.count ?? 0
        let last = run.firstDay.adding(days: max(0, horizon - 1))
        let percent = Int((run.level * 100).rounded())
        var out =
            ko
            ? "\(run.firstDay)부터 \(last)까지 \(horizon)일의 하루 수요 예측 (지난 \(run.historyDays)일 기준, 구간 \(percent)%)\n"
            : "Daily demand forecast, \(run.firstDay) to \(last), \(horizon) days (from \(run.historyDays) days of history, \(percent)% intervals)\n"
        let hasBacktest = run.juices.contains { $0.accuracy != nil }
        let width = run.juices.map { DisplayWidth.of($0.juice.name.text(in: language, fallback: $0.juice.id.rawValue)) }.max() ?? 0
        for item in run.juices {
            let name = item.juice.name.text(in: language, fallback: item.juice.id.rawValue)
            let total = item.forecast.mean.reduce(0, +)
            let low = item.forecast.lower.reduce(0, +)
            let high = item.forecast.upper.reduce(0, +)
            var line = "  " + DisplayWidth.padded(name, to: width + 2)
            line += item.forecast.model.rawValue.padding(15)
            line += item.forecast.mean.map(Self.number).joined(separator: " ")
            line +=
                ko
                ? "  합계 \(Self.number(total)) (\(Self.number(low))–\(Self.number(high)))"
                : "  total \(Self.number(total)) (\(Self.number(low))–\(Self.number(high)))"
            if let accuracy = item.accuracy { line += "  MASE \(Self.ratio(accuracy.mase))  WAPE \(Self.ratio(accuracy.wape))" }
            out += line + "\n"
        }
        out += run.calendarDays.text(in: language)
        if hasBacktest, let overall = run.overall {
            out +=
                ko
                ? "전체 (지난 \(overall.days)일 되짚기): MASE \(Self.ratio(overall.mase)), WAPE \(Self.ratio(overall.wape)); MASE가 1보다 작으면 '지난주 같은 요일'보다 나아요\n"
                : "Overall (backtest over the last \(overall.days) days): MASE \(Self.ratio(overall.mase)), WAPE \(Self.ratio(overall.wape)); MASE below 1 beats 'same weekday last week'\n"
        }
        return out
    }

    private func json(_ run: ForecastRun) -> JSONValue {
        func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        var top: [(String, JSONValue)] = [
            ("from", .string(run.firstDay.description)), ("historyDays", .int(run.historyDays)), ("level", .double(run.level)),
            (
                "juices",
                .array(
                    run.juices.map { item in
                        var fields: [(String, JSONValue)] = [
                            ("id", .string(item.juice.id.rawValue)),
                            (
                                "name",
                                .object([
                                    ("ko", item.juice.name.korean.map(JSONValue.string) ?? .null),
                                    ("en", item.juice.name.english.map(JSONValue.string) ?? .null),
                                ])
                            ),
                            ("model", .string(item.forecast.model.rawValue)),
                            (
                                "forecast",
                                .array(
                                    item.forecast.mean.indices.map { day in
                                        .object([
                                            ("date", .string(run.firstDay.adding(days: day).description)),
                                            ("mean", .double(item.forecast.mean[day])), ("lower", .double(item.forecast.lower[day])),
                                            ("upper", .double(item.forecast.upper[day])),
                                        ])
                                    })
                            ),
                        ]
                        if let accuracy = item.accuracy {
                            fields += [("mase", optional(accuracy.mase)), ("wape", optional(accuracy.wape)), ("backtestDays", .int(accuracy.days))]
                        }
                        return .object(fields)
                    })
            ),
        ]
        top += run.calendarDays.jsonFields
        if let overall = run.overall, run.juices.contains(where: { $0.accuracy != nil }) {
            top.append(("overall", .object([("mase", optional(overall.mase)), ("wape", optional(overall.wape))])))
        }
        return .object(top)
    }

    private func csv(_ run: ForecastRun) -> String {
        var out = "juice,model,date,mean,lower,upper\n"
        for item in run.juices {
            for day in item.forecast.mean.indices {
                out +=
                    "\(item.juice.id.rawValue),\(item.forecast.model.rawValue),\(run.firstDay.adding(days: day)),"
                    + "\(item.forecast.mean[day]),\(item.forecast.lower[day]),\(item.forecast.upper[day])\n"
            }
        }
        return out
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
