import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Testing
@testable import JuiceServer

@Suite struct OrderAPITests {
    @Test func menuSaysWhatCanBeMadeAndWhatLimitsIt() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let menu = try await client.execute(uri: "/api/menu", method: .get) { try $0.body.decoded(MenuBody.self) }
            #expect(
                menu.juices.map(\.id) == [
                    "strawberry-juice", "banana-juice", "kiwi-juice", "pineapple-juice",
                    "strawberry-banana-juice", "mango-juice", "mango-kiwi-juice",
                ])
            let banana = try #require(menu.juices.first { $0.id == "banana-juice" })
            #expect(banana.makeable == 5)
            #expect(banana.limitingFruit == "banana")
            #expect(banana.neededForOneMore == ["banana": 2])
            let strawberry = try #require(menu.juices.first { $0.id == "strawberry-juice" })
            #expect(strawberry.makeable == 0)
            #expect(strawberry.neededForOneMore == ["strawberry": 6])
            #expect(strawberry.name == NameJSON(.init(korean: "딸기쥬스", english: "Strawberry Juice")))
            #expect(menu.version == (await shop.menu.current.version))
        }
    }

    @Test func stockHasCountsCapacitiesNamesAndEmoji() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let stock = try await client.execute(uri: "/api/stock", method: .get) { try $0.body.decoded(StockJSON.self) }
            #expect(stock.stock == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
            #expect(stock.capacity["mango"] == 100)
            #expect(stock.fruits.first == FruitJSON(.init(id: "strawberry", name: .init(korean: "딸기", english: "Strawberry"), emoji: "🍓")))
        }
    }

    @Test func anOrderIsServedWithTheOriginalMessageInTheRequestsLanguage() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "딸바주스"}"#)) {
                response throws in
                #expect(response.status == .created)
                let receipt = try response.body.decoded(ReceiptJSON.self)
                #expect(receipt.message == "딸바쥬스 나왔습니다! 맛있게 드세요!")
                #expect(receipt.entry?.juice == "strawberry-banana-juice")
                #expect(receipt.stock["strawberry"] == 0 && receipt.stock["banana"] == 9)
            }
            let english: HTTPFields = [.contentType: "application/json", .acceptLanguage: "en-US,en;q=0.9,ko;q=0.5"]
            try await client.execute(uri: "/api/orders", method: .post, headers: english, body: json(#"{"juice": "banana juice", "count": 2}"#)) {
                response throws in
                #expect(response.status == .created, "\(response.body.text)")
                #expect(try response.body.decoded(ReceiptJSON.self).message == "2 × Banana Juice are ready! Enjoy!")
            }
        }
        #expect(try await shop.stock()["banana"] == 5)
    }

    @Test func aShortOrderListsEveryShortFruitAndChangesNothing() async throws {
        let shop = try TestShop()
        _ = try await shop.store.perform(
            .change([.set("mango", 1), .set("kiwi", 0)], kind: .set), book: await shop.menu.current.book, command: "test")
        let before = try await shop.stock()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "망키쥬스"}"#)) {
                response throws in
                #expect(response.status == .conflict)
                let error = try response.body.decoded(ErrorBody.self).error
                #expect(error.code == "insufficient-stock")
                #expect(error.message == "재료가 모자라요. 재고를 수정할까요?")
                #expect(
                    error.shortages == [
                        ShortageJSON(Shortage(fruit: "mango", needed: 2, inStock: 1), capacity: 100),
                        ShortageJSON(Shortage(fruit: "kiwi", needed: 1, inStock: 0), capacity: 100),
                    ])
                #expect(error.details?.first == "🥭 망고: 2개 필요, 재고 1개, 1개 부족")
            }
        }
        #expect(try await shop.stock() == before)
        #expect(try await shop.journalCount() == 1)
    }

    @Test func anOrderRefusedForWantOfFruitIsRecordedAndOtherFailuresAreNot() async throws {
        let shop = try TestShop()
        _ = try await shop.store.perform(
            .change([.set("mango", 1), .set("kiwi", 0)], kind: .set), book: await shop.menu.current.book, command: "test")
        let before = try await shop.stock()
        try await shop.application().test(.router) { client in
            for (body, status) in [
                (#"{"juice": "망키쥬스", "count": 2}"#, HTTPResponse.Status.conflict), (#"{"juice": "bananna juice"}"#, .notFound),
                (#"{"juice": "banana-juice", "count": 0}"#, .badRequest), (#"{"juice": "banana-juice"}"#, .created),
            ] {
                try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(body)) { response in
                    #expect(response.status == status, "\(body)")
                }
            }
            let listed = try await client.execute(uri: "/api/refusals?limit=10", method: .get, headers: TestShop.staffHeaders) { response in
                #expect(response.status == .ok)
                return try response.body.decoded(RefusalsBody.self)
            }
            #expect(listed.refusals.map(\.juice) == ["mango-kiwi-juice"])
            #expect(
                listed.refusals.first?.shortages == [
                    ShortageJSON(Shortage(fruit: "mango", needed: 4, inStock: 1)), ShortageJSON(Shortage(fruit: "kiwi", needed: 2, inStock: 0)),
                ])
        }
        let refusals = try await shop.store.refusedOrders(limit: nil)
        #expect(refusals.map(\.juice) == ["mango-kiwi-juice"], "only the refusal for want of fruit")
        #expect(refusals.first?.count == 2)
        #expect(refusals.first?.command == "juice serve: POST /api/orders")
        #expect(
            refusals.first?.shortages == [Shortage(fruit: "mango", needed: 4, inStock: 1), Shortage(fruit: "kiwi", needed: 2, inStock: 0)])
        var after = before
        after["banana"] = (after["banana"] ?? 0) - 2
        #expect(try await shop.stock() == after, "the refusal took nothing; the banana juice was served")
        #expect(try await shop.journalCount() == 2)
        #expect(try await shop.store.checkIntegrity().isHealthy)
    }

    @Test func anUnknownJuiceIs404WithASuggestion() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let english: HTTPFields = [.contentType: "application/json", .acceptLanguage: "en"]
            try await client.execute(uri: "/api/orders", method: .post, headers: english, body: json(#"{"juice": "bananna juice"}"#)) {
                response throws in
                #expect(response.status == .notFound)
                let error = try response.body.decoded(ErrorBody.self).error
                #expect(error.code == "unknown-juice")
                #expect(error.field == "juice")
                #expect(error.suggestions?.isEmpty == false)
                #expect(error.message == "unknown juice 'bananna juice'; did you mean 'Banana Juice'?")
            }
        }
        #expect(try await shop.journalCount() == 0)
    }

    @Test(
        arguments: [
            ("{\"juice\": ", "malformed-json", nil),
            ("", "malformed-json", nil),
            ("[\"banana-juice\"]", "malformed-json", nil),
            ("{\"juice\": \"banana-juice\", \"extra\": 1}", "unknown-field", "extra"),
            ("{\"count\": 1}", "missing-field", "juice"),
            ("{\"juice\": 7}", "wrong-type", "juice"),
            ("{\"juice\": \"banana-juice\", \"count\": \"2\"}", "wrong-type", "count"),
            ("{\"juice\": \"banana-juice\", \"count\": null}", "wrong-type", "count"),
            ("{\"juice\": \"banana-juice\", \"count\": 0}", "out-of-range", "count"),
            ("{\"juice\": \"banana-juice\", \"count\": -3}", "out-of-range", "count"),
            ("{\"juice\": \"banana-juice\", \"count\": 1001}", "out-of-range", "count"),
            ("{\"juice\": \"banana-juice\", \"count\": 1.5}", "not-an-integer", "count"),
            ("{\"juice\": \"banana-juice\", \"count\": 1e30}", "not-an-integer", "count"),
            ("{\"juice\": \"banana-juice\", \"count\": 99999999999999999999}", "not-an-integer", "count"),
            // A key twice: JSON allows it and JSONDecoder keeps one; the shop refuses to guess which was meant.
            ("{\"juice\": \"banana-juice\", \"juice\": \"kiwi-juice\"}", "duplicate-field", "juice"),
            ("{\"juice\": \"banana-juice\", \"count\": 1, \"count\": 2}", "duplicate-field", "count"),
            ("{\"juice\": \"banana-juice\", \"ju\\u0069ce\": \"kiwi-juice\"}", "duplicate-field", "juice"),
            ("{\"juice\": \"banana-juice\", \"juice\": 7}", "duplicate-field", "juice"),
        ] as [(String, String, String?)])
    func badOrderBodiesAre400NamingTheFieldAndChangeNothing(body: String, code: String, field: String?) async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(body)) { response throws in
                #expect(response.status == .badRequest)
                let error = try response.body.decoded(ErrorBody.self).error
                #expect(error.code == code)
                #expect(error.field == field)
                #expect(!error.message.isEmpty)
            }
        }
        #expect(try await shop.journalCount() == 0)
        #expect(try await shop.stock()["banana"] == 10)
    }

    @Test func aHugeBodyIs413() async throws {
        let shop = try TestShop()
        let body = "{\"juice\": \"" + String(repeating: "a", count: 20_000) + "\"}"
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(body)) { response throws in
                #expect(response.status == .contentTooLarge)
                #expect(try response.body.decoded(ErrorBody.self).error.code == "body-too-large")
            }
        }
        #expect(try await shop.journalCount() == 0)
    }

    @Test func theShopHasNoBenchmarkRoute() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            // /api/orders/{request} is the lookup of an order (GET only): a POST there is refused, never served.
            try await client.execute(uri: "/api/orders/echo", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "banana-juice"}"#))
            { response throws in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET")
            }
        }
        #expect(try await shop.journalCount() == 0)
    }

    @Test func unknownRoutesAre404AndUnlistedMethods405InJSON() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/nothing", method: .get) { response throws in
                #expect(response.status == .notFound)
                #expect(try response.body.decoded(ErrorBody.self).error.code == "not-found")
            }
            try await client.execute(uri: "/api/orders", method: .delete) { response throws in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
                #expect(try response.body.decoded(ErrorBody.self).error.code == "method-not-allowed")
            }
        }
    }
}
