import Foundation
import JuiceCore
import JuicePlanning
import JuiceTestSupport
import Testing

@Suite("juice report (end to end)")
struct ReportCommandTests {
    @Test("reports by each grouping in both languages (golden), from a history file")
    func golden() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let history = HistoryGenerator(juices: ForecastCommandTests.juices, days: 21, seed: 5).csv()
        try history.write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        var text = ""
        for grouping in ["day", "weekday", "hour", "juice", "fruit"] {
            for lang in ["en", "ko"] {
                let outcome = try await shop.run(["report", "--history", "sales.csv", "--by", grouping, "--lang", lang])
                #expect(outcome.status == 0, "\(outcome.stderr)")
                text += "$ juice report --by \(grouping) --lang \(lang)\n" + outcome.stdout
            }
        }
        let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/report.txt")
        #expect(text == (try Golden.expected(for: text, at: url)))
    }

    @Test("closed days in both languages (golden): without a calendar the generator's closed days are flagged, declared they are listed")
    func closuresGolden() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        var generator = HistoryGenerator(juices: ForecastCommandTests.juices, days: 35, seed: 5)
        generator.properties = HistoryGenerator.Properties(closedChance: 0.1)
        let closed = generator.closedDays().map(\.description)
        try generator.csv().write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        var text = ""
        func report(_ arguments: [String]) async throws -> String {
            let outcome = try await shop.run(["report", "--history", "sales.csv"] + arguments)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            text += "$ juice report " + arguments.joined(separator: " ") + "\n" + outcome.stdout
            return outcome.stdout
        }
        for lang in ["en", "ko"] { _ = try await report(["--by", "weekday", "--lang", lang]) }
        let undeclared = try #require(
            try JSONSerialization.jsonObject(with: Data(try await report(["--by", "weekday", "--format", "json"]).utf8)) as? [String: Any])
        let flagged = try #require(undeclared["likelyClosed"] as? [String])
        #expect(!flagged.isEmpty && Set(flagged).isSubset(of: closed), "each day flagged was closed: \(flagged), closed \(closed)")

        let store = shop.directory.appendingPathComponent("recipes/store.yaml")
        let recipes = try String(contentsOf: store, encoding: .utf8)
        try (recipes + "calendar:\n  closed: [\(closed.joined(separator: ", "))]\n").write(to: store, atomically: true, encoding: .utf8)
        text += "$ (calendar: closed: [\(closed.joined(separator: ", "))])\n"
        for lang in ["en", "ko"] { _ = try await report(["--by", "weekday", "--lang", lang]) }
        let declared = try #require(
            try JSONSerialization.jsonObject(with: Data(try await report(["--by", "weekday", "--format", "json"]).utf8)) as? [String: Any])
        #expect(declared["likelyClosed"] as? [String] == [])
        let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/report-closures.txt")
        #expect(text == (try Golden.expected(for: text, at: url)))
    }

    @Test("JSON totals agree with the rows and the history; --from and --to bound the days")
    func json() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let records = HistoryGenerator(juices: ForecastCommandTests.juices, days: 14, seed: 8).records()
        try HistoryGenerator(juices: ForecastCommandTests.juices, days: 14, seed: 8).csv().write(
            to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let outcome = try await shop.run(["report", "--history", "sales.csv", "--by", "juice", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let total = try #require(report["total"] as? [String: Any])
        #expect(total["served"] as? Int == records.filter { $0.result == .served }.reduce(0) { $0 + $1.count })
        #expect(total["refused"] as? Int == records.filter { $0.result == .refused }.reduce(0) { $0 + $1.count })
        #expect(total["revenue"] as? Int == 0, "the built-in juices have no price")
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.reduce(0) { $0 + ($1["served"] as? Int ?? 0) } == total["served"] as? Int)
        let firstDay = records[0].time.date
        let bounded = try await shop.run([
            "report", "--history", "sales.csv", "--by", "day", "--format", "csv", "--from", firstDay.adding(days: 2).description, "--to",
            firstDay.adding(days: 4).description,
        ])
        #expect(bounded.stdout.split(separator: "\n").count == 4, "a header and three days: \(bounded.stdout)")
        // --from after --to counts no day: refused, saying so, in each language.
        let (from, to) = (firstDay.adding(days: 4).description, firstDay.adding(days: 2).description)
        for lang in ["ko_KR.UTF-8", "en_US.UTF-8"] {
            let swapped = try await shop.run(["report", "--history", "sales.csv", "--from", from, "--to", to], lang: lang)
            #expect(swapped.status == 2 && swapped.stdout.isEmpty, "\(swapped.stderr)")
            #expect(swapped.stderr.contains(lang.hasPrefix("ko") ? "시작일이 끝날보다 늦어서" : "is after --to"), "\(swapped.stderr)")
        }
    }

    @Test("a calendar in the recipes: the report lists its closed days and flags an undeclared one; forecast and plan skip to the next open day")
    func calendar() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        // 2026-06-01 is a Monday: four weeks of banana juice but on Sundays, and none on Wednesday 2026-06-10.
        let first = try #require(CivilDate(year: 2026, month: 6, day: 1))
        var csv = "time,juice,count,result\n"
        for day in 0..<27 where first.adding(days: day).weekday != 6 && day != 9 {
            for hour in 10..<15 { csv += "\(first.adding(days: day))T\(hour):00:00,banana-juice,1,served\n" }
        }
        try csv.write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let undeclared = try await shop.run(["report", "--history", "sales.csv", "--format", "json"])
        #expect(undeclared.status == 0, "\(undeclared.stderr)")
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(undeclared.stdout.utf8)) as? [String: Any])
        #expect(plain["likelyClosed"] as? [String] == ["2026-06-10"])
        #expect(plain["closed"] as? [String] == [])
        let korean = try await shop.run(["report", "--history", "sales.csv", "--lang", "ko"])
        #expect(korean.stdout.contains("쉬는 날로 보여요 (판매가 하나도 없고, 평소엔 파는 요일이에요): 2026-06-10."))

        let store = shop.directory.appendingPathComponent("recipes/store.yaml")
        let text = try String(contentsOf: store, encoding: .utf8)
        try (text + "calendar:\n  closed: [sun, 2026-06-10]\n  events: [{date: 2026-06-29, factor: 2, note: 개업 기념}]\n").write(
            to: store, atomically: true, encoding: .utf8)
        #expect(try await shop.run(["lint"]).status == 0)
        let declared = try await shop.run(["report", "--history", "sales.csv", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(declared.stdout.utf8)) as? [String: Any])
        #expect(json["likelyClosed"] as? [String] == [])
        #expect(json["closed"] as? [String] == ["2026-06-07", "2026-06-10", "2026-06-14", "2026-06-21"])
        // The last sale is on Saturday 2026-06-27 and Sunday is closed: the forecast starts on Monday, the event day,
        // at twice a usual day's 5.
        let forecast = try await shop.run(["forecast", "--history", "sales.csv", "--horizon", "7", "--model", "ses", "--format", "json"])
        #expect(forecast.status == 0, "\(forecast.stderr)")
        let outlook = try #require(try JSONSerialization.jsonObject(with: Data(forecast.stdout.utf8)) as? [String: Any])
        #expect(outlook["from"] as? String == "2026-06-29")
        let juices = try #require(outlook["juices"] as? [[String: Any]])
        let banana = try #require(juices.first { $0["id"] as? String == "banana-juice" }?["forecast"] as? [[String: Any]])
        #expect(banana.compactMap { $0["mean"] as? Double } == [10, 5, 5, 5, 5, 5, 0], "the event twice a usual day; Sunday closed")
        let forecastText = try await shop.run(["forecast", "--history", "sales.csv", "--horizon", "7", "--model", "ses"])
        #expect(forecastText.stdout.contains("Closed (calendar): 2026-07-05; no demand is expected those days"), "\(forecastText.stdout)")
        #expect(forecastText.stdout.contains("Events (calendar): 2026-06-29 ×2 (개업 기념); a usual day's demand times the factor"))
        #expect(forecastText.stdout.contains("Closed (calendar): 2026-06-28; from the next day the shop opens, 2026-06-29\n"))
        let plan = try await shop.run([
            "plan", "--history", "sales.csv", "--service-level", "0.9", "--horizon", "7", "--scenarios", "1000", "--backtest", "14", "--lang", "ko",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("쉬는 날 (달력): 2026-07-05. 그날은 수요를 0으로 봐요"), "\(plan.stdout)")
        #expect(plan.stdout.contains("쉬는 날 (달력): 2026-06-28. 다음 여는 날 2026-06-29부터예요"))
        #expect(plan.stdout.contains("행사 (달력): 2026-06-29 ×2 (개업 기념). 보통 날 수요에 배율을 곱했어요"))
        // The last 14 days of the history (to Sunday 2026-06-28, closed) hold two closed Sundays: twelve are replayed.
        #expect(plan.stdout.contains("지난 12일 되짚기"), "\(plan.stdout)")
    }

    @Test("from the state, --chart draws the stock flow by fruit and the waste by reason; from a history file, the sales")
    func stockRoomCharts() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["receive", "kiwi", "6"]).status == 0)
        #expect(try await shop.run(["order", "kiwi-juice"]).status == 0)
        #expect(try await shop.run(["waste", "kiwi", "2", "--reason", "dropped"]).status == 0)
        #expect(try await shop.run(["waste", "mango", "1", "--reason", "spoiled"]).status == 0)
        let flow = try await shop.run(["report", "--by", "fruit", "--chart", "flow.svg"])
        #expect(flow.status == 0, "\(flow.stderr)")
        let flowChart = try String(contentsOf: shop.directory.appendingPathComponent("flow.svg"), encoding: .utf8)
        #expect(
            flowChart.hasPrefix("<svg") && flowChart.contains(">Stock flow (since the start)</text>") && flowChart.contains(">unexplained</text>"))
        let waste = try await shop.run(["report", "--waste", "--chart", "waste.svg", "--lang", "ko"])
        #expect(waste.status == 0, "\(waste.stderr)")
        let wasteChart = try String(contentsOf: shop.directory.appendingPathComponent("waste.svg"), encoding: .utf8)
        #expect(wasteChart.contains(">폐기 (처음부터)</text>") && wasteChart.contains(">떨어뜨림</text>") && wasteChart.contains(">상함</text>"))
        #expect(wasteChart.contains("🥝 키위") && wasteChart.contains("🥭 망고"))
        let csv = try await shop.run(["report", "--by", "fruit", "--format", "csv", "--chart", "flow-csv.svg"])
        #expect(csv.status == 0 && !csv.stdout.contains("<svg"), "\(csv.stderr)")
        let csvChart = try String(contentsOf: shop.directory.appendingPathComponent("flow-csv.svg"), encoding: .utf8)
        #expect(csvChart == flowChart, "with CSV out, the chart is still the stock flow")
        let refused = try await shop.run(["report", "--waste", "--chart", "no/such/dir/waste.svg"])
        #expect(refused.status == 2 && refused.stdout.isEmpty && refused.stderr.contains("no such directory"))
        let history = HistoryGenerator(juices: ForecastCommandTests.juices, days: 7, seed: 3).csv()
        try history.write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let sales = try await shop.run(["report", "--history", "sales.csv", "--by", "fruit", "--chart", "sales.svg"])
        #expect(sales.status == 0, "\(sales.stderr)")
        #expect(try String(contentsOf: shop.directory.appendingPathComponent("sales.svg"), encoding: .utf8).contains(">Sales by fruit"))
    }

    @Test("juice receive --ordered: the receiving difference in the stock flow; a fruit not delivered is a usage error")
    func receivingDifferences() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let short = try await shop.run(["receive", "kiwi=18", "mango=5", "--ordered", "키위=20", "--json"])
        #expect(short.status == 0, "\(short.stderr)")
        #expect(short.stdout.contains("\"ordered\""))
        let stray = try await shop.run(["receive", "kiwi", "3", "--ordered", "mango=4", "--lang", "en"])
        #expect(stray.status == 2)
        #expect(stray.stderr.contains("--ordered names 'mango', which this delivery does not have"))
        let report = try await shop.run(["report", "--by", "fruit", "--lang", "en"])
        #expect(report.stdout.contains("short = ordered − received"), "\(report.stdout)")
        let json = try await shop.run(["report", "--by", "fruit", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let stock = try #require(object["stock"] as? [[String: Any]])
        #expect(stock.first { $0["fruit"] as? String == "kiwi" }?["receivingDifference"] as? Int == 2)
        #expect(stock.first { $0["fruit"] as? String == "mango" }?["receivingDifference"] as? Int == 0)
    }

    @Test("from the journal, with revenue at menu prices")
    func fromTheJournal() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let juices = shop.directory.appendingPathComponent("recipes/juices.yaml")
        let text = try String(contentsOf: juices, encoding: .utf8)
        try text.replacingOccurrences(of: "    recipe: {banana: 2}", with: "    price: 3500\n    recipe: {banana: 2}").write(
            to: juices, atomically: true, encoding: .utf8)
        for juice in ["banana-juice", "바나나쥬스", "kiwi-juice"] { #expect(try await shop.run(["order", juice]).status == 0) }
        #expect(try await shop.run(["undo"]).status == 0)
        let outcome = try await shop.run(["report", "--by", "juice", "--format", "csv"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "juice,served,refused,revenue\nbanana-juice,2,0,7000\n")
    }

    @Test("an order the stock refused is recorded in the state: report counts it refused, forecast plans for it")
    func refusalsFromTheState() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        let refused = try await shop.run(["order", "strawberry-juice", "--count", "2"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(try await shop.run(["order", "no-such-juice"]).status == 2, "an unknown juice is not demand")
        #expect(try await shop.run(["order", "kiwi-juice", "--count", "0"]).status == 2, "nor is a count below 1")
        #expect(try await shop.history().count == 1, "the refusal is not in the journal")
        #expect(try await shop.stock()["strawberry"] == 10)
        #expect(try await shop.run(["doctor"]).status == 0)
        let listed = try await shop.run(["history", "--refused", "--json"])
        let refusals = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(refusals.count == 1)
        #expect(refusals.first?["juice"] as? String == "strawberry-juice")
        #expect(refusals.first?["count"] as? Int == 2)
        #expect(refusals.first?["command"] as? String == "juice order strawberry-juice --count 2")
        let shortage = try #require((refusals.first?["shortages"] as? [[String: Any]])?.first)
        #expect(shortage["fruit"] as? String == "strawberry" && shortage["need"] as? Int == 32 && shortage["have"] as? Int == 10)
        let line = try await shop.run(["history", "--refused", "--lang", "en"])
        #expect(line.stdout.hasPrefix("#1  "), "\(line.stdout)")
        #expect(line.stdout.hasSuffix("  refused Strawberry Juice ×2  [🍓 Strawberry need 32, have 10]  juice order strawberry-juice --count 2\n"))

        let outcome = try await shop.run(["report", "--by", "juice", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let total = try #require(report["total"] as? [String: Any])
        #expect(total["served"] as? Int == 1)
        #expect(total["refused"] as? Int == 2)
        let csv = try await shop.run(["report", "--by", "juice", "--format", "csv"])
        #expect(csv.stdout == "juice,served,refused,revenue\nstrawberry-juice,0,2,0\nbanana-juice,1,0,0\n")

        let forecast = try await shop.run(["forecast", "--model", "window", "--horizon", "1", "--format", "csv"])
        #expect(forecast.status == 0, "\(forecast.stderr)")
        let strawberry = forecast.stdout.split(separator: "\n").first { $0.hasPrefix("strawberry-juice,") }
        #expect(strawberry?.split(separator: ",")[3] == "2.0", "the refused demand is planned for: \(forecast.stdout)")
    }

    @Test("--chart draws the report as SVG with labels in the report's language; an unwritable path is refused first")
    func chart() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try HistoryGenerator(juices: ForecastCommandTests.juices, days: 14, seed: 2).csv().write(
            to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let outcome = try await shop.run(["report", "--history", "sales.csv", "--by", "weekday", "--chart", "sales.svg", "--lang", "ko"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let svg = try String(contentsOf: shop.directory.appendingPathComponent("sales.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for word in ["요일별 판매", "월요일", "일요일", "판매", "거절", "잔 수"] { #expect(svg.contains(word), "\(word)") }
        #expect(svg.components(separatedBy: "fill=\"#3cb44b\"").count - 1 == 8, "seven bars and the legend")
        let refused = try await shop.run(["report", "--history", "sales.csv", "--chart", "no/such/dir/sales.svg"])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
    }
}
