import Foundation
import JuicePlanning
import JuiceTestSupport
import Testing

@Suite("juice plan --service-level (end to end)")
struct PlanServiceLevelTests {
    /// A sandbox with a generated 84-day history of the built-in juices as sales.csv, and a store that can hold what
    /// that history sells (the original app's store holds at most 100 of each fruit).
    func sandbox() throws -> ShopSandbox {
        let shop = try ShopSandbox()
        let history = HistoryGenerator(juices: ForecastCommandTests.juices, days: 84, seed: 21).csv()
        try history.write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let store = shop.directory.appendingPathComponent("recipes/store.yaml")
        let text = try String(contentsOf: store, encoding: .utf8).replacingOccurrences(of: "capacity: 100\n", with: "capacity: 5000\n")
        try text.write(to: store, atomically: true, encoding: .utf8)
        return shop
    }

    @Test("a plan in each language, byte for byte (golden), and the same every run")
    func golden() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        for (lang, name) in [("en", "plan-service-level-en.txt"), ("ko", "plan-service-level-ko.txt")] {
            let arguments = ["plan", "--service-level", "0.9", "--history", "sales.csv", "--backtest", "7", "--scenarios", "2000", "--lang", lang]
            let outcome = try await shop.run(arguments)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/\(name)")
            #expect(outcome.stdout == (try Golden.expected(for: outcome.stdout, at: url)))
            #expect(try await shop.run(arguments).stdout == outcome.stdout, "the same seed gives the same plan")
        }
    }

    @Test("--backtest --calibration: the reliability table in each language, text and JSON (golden); without --backtest, a usage error")
    func calibration() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        for lang in ["ko", "en"] {
            for format in ["text", "json"] {
                let arguments = [
                    "plan", "--service-level", "0.9", "--history", "sales.csv", "--backtest", "28", "--calibration", "--scenarios", "1000",
                    "--format", format, "--lang", lang,
                ]
                let outcome = try await shop.run(arguments)
                #expect(outcome.status == 0, "\(outcome.stderr)")
                let name = "plan-calibration-\(lang).\(format == "json" ? "json" : "txt")"
                let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/\(name)")
                #expect(outcome.stdout == (try Golden.expected(for: outcome.stdout, at: url)))
                guard format == "json" else { continue }
                let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
                let rows = try #require(plan["calibration"] as? [[String: Any]])
                #expect(rows.compactMap { $0["target"] as? Double } == [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99])
                for row in rows {
                    let (achieved, lower, upper) = (row["achieved"] as? Double ?? -1, row["lower"] as? Double ?? -1, row["upper"] as? Double ?? -1)
                    #expect(0 <= lower && lower <= achieved && achieved <= upper && upper <= 1)
                    #expect((0...1).contains(row["fillRate"] as? Double ?? -1) && row["waste"] is Int && row["days"] as? Int == 28)
                }
            }
        }
        let refused = try await shop.run(["plan", "--service-level", "0.9", "--history", "sales.csv", "--calibration", "--lang", "en"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--calibration needs the days to replay, --backtest DAYS"))
    }

    @Test("JSON: levels, what to buy from what is on hand, the service level with its interval, fill rate, backtest")
    func json() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let outcome = try await shop.run([
            "plan", "--service-level", "95%", "--history", "sales.csv", "--horizon", "2", "--backtest", "5", "--scenarios", "4000", "--format",
            "json",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(plan["objective"] as? String == "service-level")
        #expect(plan["target"] as? Double == 0.95)
        #expect(plan["horizon"] as? Int == 2)
        #expect(plan["from"] as? String == HistoryGenerator(juices: [], days: 84).start.adding(days: 84).description)
        let fruits = try #require(plan["fruits"] as? [[String: Any]])
        #expect(fruits.compactMap { $0["id"] as? String } == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
        for fruit in fruits {
            let (onHand, level, buy) = (fruit["onHand"] as? Int ?? -1, fruit["level"] as? Int ?? -1, fruit["buy"] as? Int ?? -1)
            // With --history and no --from-state, on hand is the store section's starting stock: 10 of each.
            #expect(onHand == 10 && buy == max(0, level - 10))
            #expect(level > 0 && level <= 5000)
        }
        let service = try #require(plan["serviceLevel"] as? [String: Double])
        let (estimate, lower, upper) = (service["estimate"] ?? 0, service["lower"] ?? 0, service["upper"] ?? 0)
        #expect(lower <= estimate && estimate <= upper && upper - lower < 0.03)
        // 84 days give 77 one-step errors, 76 runs of 2 days: the conformal aim covers ⌈77 × 0.95⌉ = 74 of them and the
        // sampling margin at most one more, so the scenarios (drawn from those runs) are served at 74 / 76 to 75 / 76.
        #expect(estimate >= 74.0 / 76 - 0.01 && estimate <= 75.0 / 76 + 0.01)
        #expect((plan["fillRate"] as? Double ?? 0) > 0.99)
        #expect(plan["expectedProfit"] is NSNull, "no costs in the built-in recipes")
        let backtest = try #require(plan["backtest"] as? [String: Any])
        #expect(backtest["days"] as? Int == 5)
        #expect((backtest["byDay"] as? [Any])?.count == 5)
        for key in ["achievedServiceLevel", "fillRate"] { #expect((0...1).contains(backtest[key] as? Double ?? -1)) }
        #expect(backtest["waste"] is Int)
    }

    @Test("--objective profit with costs and prices: more expected profit than a 95% service level; fruit that keeps is never waste")
    func profit() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let fruits = shop.directory.appendingPathComponent("recipes/fruits.yaml")
        var text = try String(contentsOf: fruits, encoding: .utf8)
        for emoji in ["🍓", "🍍", "🥝", "🥭"] { text = text.replacingOccurrences(of: "emoji: \(emoji)\n", with: "emoji: \(emoji)\n    cost: 150\n") }
        text = text.replacingOccurrences(of: "emoji: 🍌\n", with: "emoji: 🍌\n    cost: 400\n    shelf-life: 3\n")
        try text.write(to: fruits, atomically: true, encoding: .utf8)
        let juices = shop.directory.appendingPathComponent("recipes/juices.yaml")
        let priced = try String(contentsOf: juices, encoding: .utf8).replacingOccurrences(of: "    recipe:", with: "    price: 4500\n    recipe:")
        try priced.write(to: juices, atomically: true, encoding: .utf8)
        #expect(try await shop.run(["lint"]).status == 0)
        func plan(_ arguments: [String]) async throws -> [String: Any] {
            let outcome = try await shop.run(["plan", "--history", "sales.csv", "--scenarios", "4000", "--format", "json"] + arguments)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        }
        let profit = try await plan(["--objective", "profit"])
        let service = try await plan(["--service-level", "0.95"])
        #expect(profit["objective"] as? String == "profit" && profit["target"] is NSNull)
        let (best, other) = (profit["expectedProfit"] as? Double ?? 0, service["expectedProfit"] as? Double ?? .infinity)
        #expect(best > other, "profit \(best) against \(other) at 95%")
        #expect((profit["expectedRevenue"] as? Double ?? 0) > 0)
        let banana = try #require((profit["fruits"] as? [[String: Any]])?.first { $0["id"] as? String == "banana" })
        #expect(banana["expectedWaste"] as? Double == 0, "bananas keep three days: a one-day plan wastes none")
        let printed = try await shop.run(["plan", "--history", "sales.csv", "--scenarios", "4000", "--objective", "profit"])
        #expect(printed.stdout.contains("for the greatest expected profit") && printed.stdout.contains(", profit ₩"))
    }

    @Test("on hand from the shop's own stock, and the journal as the history")
    func fromTheShop() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        for juice in ["banana-juice", "banana-juice", "kiwi-juice"] { #expect(try await shop.run(["order", juice]).status == 0) }
        let outcome = try await shop.run(["plan", "--service-level", "0.9", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let fruits = try #require(plan["fruits"] as? [[String: Any]])
        let onHand = Dictionary(uniqueKeysWithValues: fruits.compactMap { f in (f["id"] as? String).map { ($0, f["onHand"] as? Int ?? -1) } })
        #expect(onHand == (try await shop.stock()))
        #expect(plan["historyDays"] as? Int == 1)
    }

    @Test("a target the store cannot hold exits 1 and says which fruit is full")
    func unreachable() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let history = HistoryGenerator(juices: ForecastCommandTests.juices, days: 28, seed: 3).csv()
        try history.write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let outcome = try await shop.run(["plan", "--service-level", "0.9", "--history", "sales.csv", "--scenarios", "1000"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("Warning: the store's capacities cannot reach 90%; raise the capacity of the full fruits (🍓 Strawberry"))
    }

    @Test("usage errors name the option, say what is expected, exit 2, and plan nothing")
    func usage() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let cases: [([String], String)] = [
            (["plan"], "say what to plan: an orders file ORDERS, or a target such as --service-level 0.95"),
            (
                ["plan", "orders.csv", "--service-level", "0.9"],
                "give either ORDERS (check a batch of orders) or --service-level (plan the days ahead), not both"
            ),
            (["plan", "--service-level", "1.5"], "--service-level '1.5' is not a probability from 0.5 to 0.999; write it like 0.95 or 95%"),
            (["plan", "--service-level", "abc%"], "--service-level 'abc%' is not a probability"),
            (["plan", "--service-level", "0.9", "--horizon", "0"], "--horizon must be 1 to 28 days, not 0"),
            (["plan", "--service-level", "0.9", "--scenarios", "10"], "--scenarios must be 1,000 to 1,000,000, not 10"),
            (["plan", "--objective", "service-level"], "--objective service-level needs --service-level P"),
            (
                ["plan", "--objective", "profit", "--history", "sales.csv"],
                "--objective profit needs every fruit's cost and every juice's price: fruit 'strawberry' has no cost"
            ),
        ]
        for (arguments, message) in cases {
            let outcome = try await shop.run(arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stdout.isEmpty, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
        }
        let korean = try await shop.run(["plan", "--service-level", "2", "--lang", "ko"])
        #expect(korean.stderr.contains("--service-level '2'은(는) 0.5부터 0.999까지의 확률이 아니에요"))
    }

    @Test("juice serve --service-level is checked as juice plan's, in both languages, before anything starts")
    func serveServiceLevel() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let english = try await shop.run(["serve", "--port", "0", "--service-level", "1.5", "--lang", "en"])
        #expect(english.status == 2)
        #expect(english.stdout.isEmpty)
        #expect(
            english.stderr.contains("--service-level '1.5' is not a probability from 0.5 to 0.999; write it like 0.95 or 95%"), "\(english.stderr)")
        let korean = try await shop.run(["serve", "--port", "0", "--service-level", "40%", "--lang", "ko"])
        #expect(korean.status == 2)
        #expect(korean.stderr.contains("--service-level '40%'은(는) 0.5부터 0.999까지의 확률이 아니에요"), "\(korean.stderr)")
    }
}
