import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuicePlanning
import JuiceShop
import Logging
import Testing
@testable import JuiceServer

/// The staff panel's routes: today's sales and refusals, and the purchase list at the configured service level.
@Suite struct StaffPanelTests {
    static let korean: HTTPFields = [.authorization: "Bearer \(TestShop.token)", .acceptLanguage: "ko"]
    static let english: HTTPFields = [.authorization: "Bearer \(TestShop.token)", .acceptLanguage: "en"]

    /// Orders `count` of `juice` through the API and returns the status.
    static func order(_ client: some TestClientProtocol, _ juice: String, count: Int = 1) async throws -> HTTPResponse.Status {
        try await client.execute(
            uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "\#(juice)", "count": \#(count)}"#)
        ) {
            $0.status
        }
    }

    /// `GET /api/plan` until the plan is made (or two minutes pass): on a busy machine a plan may take longer than the
    /// server waits for it, and the answer is then "being made" (what `aPlanNotMadeWithinThePatience…` checks).
    static func madePlan(_ client: some TestClientProtocol, headers: HTTPFields) async throws -> PlanBody {
        var body = try await client.execute(uri: "/api/plan", method: .get, headers: headers) { response throws in
            #expect(response.status == .ok)
            return try response.body.decoded(PlanBody.self)
        }
        let deadline = ContinuousClock.now + .seconds(120)
        while body.status == .planning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            body = try await client.execute(uri: "/api/plan", method: .get, headers: headers) { try $0.body.decoded(PlanBody.self) }
        }
        return body
    }
    @Test func withNoSalesTodaysFiguresAreZeroAndThePlanSaysThereIsNoneYetInTheRequestsLanguage() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let sales = try await client.execute(uri: "/api/sales/today", method: .get, headers: Self.korean) { response throws in
                #expect(response.status == .ok)
                return try response.body.decoded(SalesTodayBody.self)
            }
            #expect(sales.served == 0 && sales.refused == 0 && sales.revenue == 0 && sales.juices.isEmpty)
            #expect(sales.day == ShopClock.system().today.description)
            #expect(sales.priced == false)
            for (headers, words) in [(Self.korean, "판매 기록이 없어서"), (Self.english, "No sales recorded yet")] {
                let plan = try await Self.madePlan(client, headers: headers)
                #expect(plan.plan == nil)
                #expect(plan.status == .noSales)
                #expect(plan.target == 0.95)
                #expect(plan.message?.contains(words) == true)
            }
        }
    }

    @Test func todaysSalesCountServedAndRefusedUnitsPerJuiceAndForgetAnUndoneOrder() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            #expect(try await Self.order(client, "banana-juice", count: 2) == .created)
            #expect(try await Self.order(client, "바나나쥬스") == .created)
            #expect(try await Self.order(client, "kiwi-juice") == .created)
            #expect(try await Self.order(client, "strawberry-juice") == .conflict)  // 16 strawberries needed, 10 in stock
            let sales = try await client.execute(uri: "/api/sales/today", method: .get, headers: Self.korean) {
                try $0.body.decoded(SalesTodayBody.self)
            }
            #expect(sales.served == 4)
            #expect(sales.refused == 1)
            #expect(sales.revenue == 0)
            #expect(sales.juices.map(\.juice) == ["strawberry-juice", "banana-juice", "kiwi-juice"])  // menu order
            #expect(sales.juices.map(\.served) == [0, 3, 1])
            #expect(sales.juices.map(\.refused) == [1, 0, 0])
            #expect(sales.juices.first?.name.ko == "딸기쥬스")

            try await client.execute(uri: "/api/undo", method: .post, headers: Self.korean) { #expect($0.status == .ok) }
            let after = try await client.execute(uri: "/api/sales/today", method: .get, headers: Self.korean) {
                try $0.body.decoded(SalesTodayBody.self)
            }
            #expect(after.served == 3)
            #expect(after.juices.map(\.juice) == ["strawberry-juice", "banana-juice"])
        }
    }

    @Test func thePlanListsEveryFruitWithWhatToBuyFromWhatIsOnHandAndItsServiceLevel() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            for juice in ["banana-juice", "banana-juice", "mango-juice", "kiwi-juice", "strawberry-juice"] { _ = try await Self.order(client, juice) }
            let body = try await Self.madePlan(client, headers: Self.english)
            let plan = try #require(body.plan)
            #expect(body.status == .planned)
            #expect(body.message == nil)
            #expect(body.target == 0.95)
            #expect(body.scenarios == ServerConfiguration().planScenarios)
            #expect(plan.historyDays == 1)
            #expect(body.recent == nil && body.recentPending == nil, "no whole day before today to replay, none being made")
            #expect(plan.day == ShopClock.system().today.adding(days: 1).description)
            let stock = try await shop.stock()
            #expect(plan.fruits.map(\.fruit) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
            for fruit in plan.fruits {
                #expect(fruit.onHand == stock[fruit.fruit], "\(fruit.fruit)")
                #expect(fruit.toBuy == max(0, fruit.level - fruit.onHand), "\(fruit.fruit)")
                #expect(fruit.level <= fruit.capacity, "\(fruit.fruit)")
            }
            // Bananas were asked for (4 a day); pineapples never were.
            #expect(try #require(plan.fruits.first { $0.fruit == "banana" }).level >= 4)
            #expect(try #require(plan.fruits.first { $0.fruit == "pineapple" }).level == 0)
            #expect(plan.serviceLevel.lower <= plan.serviceLevel.value && plan.serviceLevel.value <= plan.serviceLevel.upper)
            #expect(plan.serviceLevel.value >= 0.9)
            #expect((0...1).contains(plan.fillRate))
            #expect(plan.reachable)

            // Asked again with nothing changed: the same plan (kept, not made again).
            let again = try await client.execute(uri: "/api/plan", method: .get, headers: Self.english) { try $0.body.decoded(PlanBody.self) }
            #expect(again == body)
            // After another order, what is on hand follows the stock.
            #expect(try await Self.order(client, "banana-juice") == .created)
            let later = try #require(try await Self.madePlan(client, headers: Self.english).plan)
            let bananas = try #require(later.fruits.first { $0.fruit == "banana" })
            #expect(bananas.onHand == 4)  // 10, less two bananas for each of three banana juices
            #expect(bananas.toBuy == max(0, bananas.level - 4))
        }
    }

    @Test func withSuppliersThePlanCarriesEachSuppliersNextOrderWithItsSheetInTheRequestsLanguage() async throws {
        let shop = try TestShop()
        let fruits = shop.directory.appendingPathComponent("recipes/fruits.yaml")
        let text = try String(contentsOf: fruits, encoding: .utf8)
            .replacingOccurrences(
                of: "fruits:\n",
                with: """
                    suppliers:
                      garak-market:
                        name: {ko: 가락시장 청과, en: Garak Market}
                        lead-time: 1
                        order-days: [mon, wed, fri]
                        cut-off: "14:00"
                    fruits:

                    """
            )
            .replacingOccurrences(
                of: "    emoji: 🍌\n", with: "    emoji: 🍌\n    shelf-life: 5\n    buy: {supplier: garak-market, pack: 12, price: 6000}\n")
        try text.write(to: fruits, atomically: true, encoding: .utf8)
        _ = await shop.menu.reload()
        try await shop.application().test(.router) { client in
            for _ in 0..<3 { _ = try await Self.order(client, "banana-juice") }
            for (headers, title) in [(Self.korean, "발주서: 가락시장 청과 (garak-market)"), (Self.english, "Purchase order: Garak Market (garak-market)")] {
                let body = try await Self.madePlan(client, headers: headers)
                let orders = try #require(body.plan?.orders)
                #expect(orders.map(\.supplier) == ["garak-market"])
                let order = try #require(orders.first)
                let sheet = try #require(order.sheet)
                #expect(sheet.hasPrefix(title), "\(sheet)")
                #expect(order.orderBy?.hasSuffix("T14:00") == true, "the cut-off")
                let (arrives, coversUntil) = (try #require(order.arrives), try #require(order.coversUntil))
                #expect(coversUntil >= arrives)
                for line in order.lines {
                    #expect(line.fruit == "banana" && line.units == line.packs * 12 && line.lineCost == line.packs * 6000)
                    #expect(line.unitCost == 500, "6,000 won a pack of 12")
                }
                #expect(order.total == order.lines.reduce(0) { $0 + ($1.lineCost ?? 0) })
            }
        }
        // Without suppliers there are no orders at all.
        let plain = try TestShop()
        try await plain.application().test(.router) { client in
            _ = try await Self.order(client, "banana-juice")
            let body = try await Self.madePlan(client, headers: Self.english)
            #expect(body.plan != nil && body.plan?.orders == nil)
        }
    }

    @Test func thePlanAimsForTheConfiguredServiceLevel() async throws {
        let shop = try TestShop()
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, staff: StaffCredential(token: TestShop.token), serviceLevel: 0.6, planScenarios: 2_000)
        let server = try ShopServer(configuration: configuration, store: shop.store, menu: shop.menu)
        var quiet = Logger(label: "juice-test")
        quiet.logLevel = .warning
        try await server.application(logger: quiet).test(.router) { client in
            _ = try await Self.order(client, "banana-juice")
            let body = try await Self.madePlan(client, headers: Self.english)
            #expect(body.target == 0.6)
            #expect(body.scenarios == 2_000)
            #expect(body.plan != nil)
        }
    }

    @Test func aPlanNotMadeWithinThePatienceIsAnsweredAsBeingMadeAndFollowsOnceMade() async throws {
        let shop = try TestShop()
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, staff: StaffCredential(token: TestShop.token), planPatience: .zero)
        let server = try ShopServer(configuration: configuration, store: shop.store, menu: shop.menu)
        var quiet = Logger(label: "juice-test")
        quiet.logLevel = .warning
        try await server.application(logger: quiet).test(.router) { client in
            // Much demand (a thousand refused juices), and no patience: the first answer cannot wait for the plan.
            #expect(try await Self.order(client, "strawberry-juice", count: 1000) == .conflict)
            let first = try await client.execute(uri: "/api/plan", method: .get, headers: Self.korean) { response throws in
                #expect(response.status == .ok)
                return try response.body.decoded(PlanBody.self)
            }
            #expect(first.status == .planning)
            #expect(first.plan == nil)
            #expect(first.message?.contains("계획을 세우고 있어요") == true)
            var body = first
            for _ in 0..<600 where body.status == .planning {
                try await Task.sleep(for: .milliseconds(100))
                body = try await client.execute(uri: "/api/plan", method: .get, headers: Self.korean) { try $0.body.decoded(PlanBody.self) }
            }
            #expect(body.status == .planned)
            let plan = try #require(body.plan)
            #expect(plan.reachable == false)  // a thousand strawberry juices a day cannot fit a store of 100 strawberries
            #expect(try #require(plan.fruits.first { $0.fruit == "strawberry" }).level == 100)
        }
    }
}
