import Foundation
import JuicePlanning
import JuiceTestSupport
import Testing

@Suite("juice plan with suppliers: purchase orders and the backtest against the rules of thumb (end to end)")
struct PurchasePlanTests {
    /// The built-in fruits with shelf lives, bought from two suppliers (one with a minimum and a cut-off).
    static let fruits = """
        version: 1
        suppliers:
          garak-market:
            name: {ko: 가락시장 청과, en: Garak Market}
            lead-time: 1
            order-days: [mon, wed, fri]
            minimum: 50000
            cut-off: "14:00"
          tropical:
            name: {ko: 열대과일상회, en: Tropical Fruits}
            lead-time: 2
            order-days: [tue, fri]
        fruits:
          strawberry:
            name: {ko: 딸기, en: Strawberry}
            emoji: 🍓
            shelf-life: 3
            buy: {supplier: garak-market, pack: 40, price: 18000}
          banana:
            name: {ko: 바나나, en: Banana}
            emoji: 🍌
            shelf-life: 5
            buy: {supplier: garak-market, pack: 12, price: 6000}
          pineapple:
            name: {ko: 파인애플, en: Pineapple}
            emoji: 🍍
            shelf-life: 7
            buy: {supplier: tropical, pack: 6, price: 24000}
          kiwi:
            name: {ko: 키위, en: Kiwi}
            emoji: 🥝
            shelf-life: 10
            buy: {supplier: garak-market, pack: 30, price: 9000}
          mango:
            name: {ko: 망고, en: Mango}
            emoji: 🥭
            shelf-life: 5
            buy: {supplier: tropical, pack: 8, price: 20000}

        """

    /// A sandbox with a generated 84-day history as sales.csv, a store that holds what it sells, and, `withSuppliers`,
    /// the fruits above.
    func sandbox(withSuppliers: Bool = true) throws -> ShopSandbox {
        let shop = try ShopSandbox()
        let history = HistoryGenerator(juices: ForecastCommandTests.juices, days: 84, seed: 21).csv()
        try history.write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let store = shop.directory.appendingPathComponent("recipes/store.yaml")
        let text = try String(contentsOf: store, encoding: .utf8).replacingOccurrences(of: "capacity: 100\n", with: "capacity: 5000\n")
        try text.write(to: store, atomically: true, encoding: .utf8)
        if withSuppliers {
            try Self.fruits.write(to: shop.directory.appendingPathComponent("recipes/fruits.yaml"), atomically: true, encoding: .utf8)
        }
        return shop
    }

    /// The history's day after: the plan's first day.
    static let firstDay = HistoryGenerator(juices: [], days: 84).start.adding(days: 84)

    @Test("the purchase order sheets in each language, byte for byte (golden), and the same every run")
    func golden() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        for lang in ["ko", "en"] {
            let arguments = ["plan", "--service-level", "0.9", "--history", "sales.csv", "--scenarios", "2000", "--lang", lang]
            let outcome = try await shop.run(arguments)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/purchase-sheet-\(lang).txt")
            #expect(outcome.stdout == (try Golden.expected(for: outcome.stdout, at: url)))
            #expect(try await shop.run(arguments).stdout == outcome.stdout, "the same seed gives the same orders")
        }
    }

    @Test("JSON orders: whole packs, costs from the pack price, totals, the cut-off, the minimum")
    func json() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let outcome = try await shop.run(["plan", "--service-level", "95%", "--history", "sales.csv", "--scenarios", "2000", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect((plan["fruits"] as? [Any])?.count == 5, "today's levels stay beside the orders")
        let orders = try #require(plan["orders"] as? [[String: Any]])
        #expect(orders.compactMap { $0["supplier"] as? String } == ["garak-market", "tropical"])
        let packs = ["strawberry": (40, 18000), "banana": (12, 6000), "pineapple": (6, 24000), "kiwi": (30, 9000), "mango": (8, 20000)]
        for order in orders {
            let lines = try #require(order["lines"] as? [[String: Any]])
            var sum = 0
            for line in lines {
                let (pack, price) = try #require(packs[line["fruit"] as? String ?? ""])
                let count = try #require(line["packs"] as? Int)
                #expect(
                    count > 0 && line["units"] as? Int == count * pack && line["lineCost"] as? Int == count * price
                        && line["unitCost"] as? Int == (price + pack / 2) / pack)
                sum += count * price
            }
            #expect(order["total"] as? Int == sum)
            #expect(order["arrives"] is String && order["coversUntil"] is String && order["minimumMet"] is Bool)
        }
        let garak = orders[0]
        #expect((garak["orderBy"] as? String)?.hasSuffix("T14:00") == true, "the cut-off")
        #expect(garak["minimum"] as? Int == 50000)
        // The history ends on a Wednesday (an order day): planned that morning, the order is placed that day; after its
        // cut-off, on Friday, the next order day. The first day is a Thursday.
        func orderBy(at time: String) async throws -> (String, String) {
            let outcome = try await shop.run([
                "plan", "--service-level", "95%", "--history", "sales.csv", "--scenarios", "1000", "--format", "json", "--order-time", time,
            ])
            let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            return (try #require((plan["orders"] as? [[String: Any]])?.first?["orderBy"] as? String), outcome.stderr)
        }
        let wednesday = Self.firstDay.adding(days: -1)
        #expect(try await orderBy(at: "\(wednesday)T10:00").0 == "\(wednesday)T14:00")
        #expect(try await orderBy(at: "\(wednesday)T15:00").0 == "\(Self.firstDay.adding(days: 1))T14:00")
        let (far, warning) = try await orderBy(at: "2026-01-05")
        #expect(far == "\(Self.firstDay.adding(days: 1))T14:00", "a time far from the history: its first day's opening")
        #expect(warning.contains("--order-time 2026-01-05 is neither the plan's first day (\(Self.firstDay)) nor the day before"), "\(warning)")
    }

    @Test("the shop's open purchase orders are on order: a plan from the live state orders less of what is coming")
    func onOrder() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let arguments = ["plan", "--service-level", "90%", "--history", "sales.csv", "--from-state", "--scenarios", "1000", "--format", "json"]
        func strawberries() async throws -> (units: Int, arrives: String) {
            let outcome = try await shop.run(arguments)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let garak = try #require((plan["orders"] as? [[String: Any]])?.first { $0["supplier"] as? String == "garak-market" })
            let lines = try #require(garak["lines"] as? [[String: Any]])
            return (lines.first { $0["fruit"] as? String == "strawberry" }?["units"] as? Int ?? 0, garak["arrives"] as? String ?? "")
        }
        #expect(try await shop.run(["stock", "reset"]).status == 0, "a state to plan from")
        let before = try await strawberries()
        #expect(before.units >= 400, "\(before)")
        // 400 strawberries kept on order, arriving with the planned order: they go first, so the plan orders less.
        let kept = try await shop.run(["purchase", "create", "--supplier", "garak-market", "strawberry=10", "--arrives", before.arrives])
        #expect(kept.status == 0, "\(kept.stderr)")
        let after = try await strawberries()
        #expect(after.units < before.units && after.units >= before.units - 400, "\(before.units) → \(after.units)")
    }

    @Test("CSV: a row per purchase line; without suppliers, a row per fruit's level")
    func csv() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let outcome = try await shop.run(["plan", "--service-level", "90%", "--history", "sales.csv", "--scenarios", "1000", "--format", "csv"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let rows = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first == "supplier,order_by,arrives,covers_until,choice,fruit,packs,units,cost,minimum,minimum_met,raising_pays")
        let fields = rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(fields.allSatisfy { $0.count == 12 } && rows.count > 1)
        #expect(fields.allSatisfy { ["planned", "raised"].contains($0[4]) && ["true", "false"].contains($0[10]) })
        // An order below its minimum has its raised lines too, and says so on every row.
        for supplier in Set(fields.filter { $0[4] == "raised" }.map { $0[0] }) {
            #expect(fields.filter { $0[0] == supplier }.allSatisfy { $0[10] == "false" }, "\(supplier)")
        }
        // A minimum no planned order reaches: each order's raised lines follow, as `raised` rows.
        let fruits = shop.directory.appendingPathComponent("recipes/fruits.yaml")
        try Self.fruits.replacingOccurrences(of: "minimum: 50000", with: "minimum: 3000000").write(to: fruits, atomically: true, encoding: .utf8)
        let raised = try await shop.run(["plan", "--service-level", "90%", "--history", "sales.csv", "--scenarios", "1000", "--format", "csv"])
        let garak = raised.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .filter { $0.first == "garak-market" }
        #expect(garak.contains { $0[4] == "planned" } && garak.contains { $0[4] == "raised" }, "\(raised.stdout)")
        #expect(garak.allSatisfy { $0[9] == "3000000" && $0[10] == "false" }, "\(raised.stdout)")
        let plain = try sandbox(withSuppliers: false)
        defer { plain.remove() }
        let levels = try await plain.run(["plan", "--service-level", "90%", "--history", "sales.csv", "--scenarios", "1000", "--format", "csv"])
        #expect(levels.stdout.hasPrefix("fruit,on_hand,level,buy\nstrawberry,"))
        // What the CSV leaves out is said on standard error: that no fruit has a supplier, and the backtest.
        let leftOut = try await plain.run([
            "plan", "--service-level", "90%", "--history", "sales.csv", "--scenarios", "1000", "--format", "csv", "--purchases", "--backtest", "3",
        ])
        #expect(leftOut.status == 0 && leftOut.stdout.hasPrefix("fruit,on_hand,level,buy\n"))
        #expect(leftOut.stderr.contains("no fruit says where it is bought") && leftOut.stderr.contains("--format text or json"), "\(leftOut.stderr)")
    }

    @Test("asked for purchase orders with no supplier: says so in each language and plans levels as before")
    func noSuppliers() async throws {
        let shop = try sandbox(withSuppliers: false)
        defer { shop.remove() }
        let ko = try await shop.run([
            "plan", "--service-level", "90%", "--history", "sales.csv", "--scenarios", "1000", "--purchases", "--lang", "ko",
        ])
        #expect(ko.status == 0 && ko.stdout.contains("발주서를 만들 수 없어요: 살 곳(buy:)이 있는 과일이 없어요"))
        let en = try await shop.run([
            "plan", "--service-level", "90%", "--history", "sales.csv", "--scenarios", "1000", "--purchases", "--format", "json",
        ])
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(en.stdout.utf8)) as? [String: Any])
        #expect(plan["orders"] is NSNull && (plan["fruits"] as? [Any])?.count == 5)
        let bad = try await shop.run(["plan", "--service-level", "90%", "--history", "sales.csv", "--order-time", "tomorrow", "--lang", "en"])
        #expect(bad.status == 2 && bad.stderr.contains("--order-time 'tomorrow' is not a time; write it like 2026-12-01 or 2026-12-01T09:30"))
        // Options of plans ahead with a batch of orders to check: a usage error naming the option.
        try "banana-juice,1\n".write(to: shop.directory.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        for option in [["--purchases"], ["--order-time", "2026-01-05"]] {
            let refused = try await shop.run(["plan", "orders.csv", "--lang", "en"] + option)
            #expect(refused.status == 2 && refused.stderr.contains("\(option[0]) is for plans of the days ahead"), "\(refused.stderr)")
        }
    }

    @Test("the backtest with suppliers beats par levels and min/max on a generated history (known truth), in JSON and text")
    func backtest() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let outcome = try await shop.run([
            "plan", "--service-level", "90%", "--history", "sales.csv", "--backtest", "21", "--scenarios", "1000", "--format", "json",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let backtest = try #require(plan["backtest"] as? [String: Any])
        #expect(backtest["days"] as? Int == 21)
        for key in ["achievedServiceLevel", "fillRate"] { #expect((0...1).contains(backtest[key] as? Double ?? -1)) }
        for key in ["waste", "wasteCost", "spend", "orders"] { #expect((backtest[key] as? Int ?? -1) >= 0) }
        let rules = try #require(backtest["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["rule"] as? String } == ["par-levels", "min-max"])
        for rule in rules {
            #expect(rule["days"] as? Int == 21 && (rule["spend"] as? Int ?? 0) > 0)
            #expect(rule["beaten"] as? Bool == true, "\(rule) against \(backtest)")
        }
        let text = try await shop.run([
            "plan", "--service-level", "90%", "--history", "sales.csv", "--backtest", "21", "--scenarios", "1000", "--lang", "ko",
        ])
        #expect(text.stdout.contains("파 레벨 (같은 요일 4주 평균 +20%)") && text.stdout.contains("최소/최대 (ERP 재주문점)"))
    }
}
