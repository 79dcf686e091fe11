import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Testing
@testable import JuiceServer

/// Purchase orders over the staff API: kept, listed by status, received once (as ordered, or as they came, with the
/// differences), every refusal a kind of docs/errors.md naming the request field, staff only.
@Suite struct PurchaseAPITests {
    /// A shop whose recipes have a supplier, Garak Market, selling kiwis in packs of 10 at 4,000 won a pack.
    static func shop() async throws -> TestShop {
        let shop = try TestShop()
        try """
        version: 1
        suppliers:
          garak-market:
            name: {ko: 가락시장 청과, en: Garak Market}
            lead-time: 1
        """.write(to: shop.recipes.appendingPathComponent("suppliers.yaml"), atomically: true, encoding: .utf8)
        let fruits = shop.recipes.appendingPathComponent("fruits.yaml")
        let text = try String(contentsOf: fruits, encoding: .utf8)
            .replacingOccurrences(of: "    emoji: 🥝\n", with: "    emoji: 🥝\n    buy: {supplier: garak-market, pack: 10, price: 4000}\n")
        try text.write(to: fruits, atomically: true, encoding: .utf8)
        _ = await shop.menu.reload()
        #expect(await shop.menu.current.book.supplier("garak-market") != nil)
        return shop
    }

    @Test func anOrderIsKeptListedAndReceivedOnceAsOrdered() async throws {
        let shop = try await Self.shop()
        try await shop.application().test(.router) { client in
            let (status, body) = try await StockKeepingAPITests.call(
                client, .post, "/api/purchases",
                #"{"supplier": "garak-market", "arrives": "2099-01-02", "lines": [{"fruit": "키위", "packs": 2}, {"fruit": "mango", "packs": 1, "units": 6, "unitCost": 900}]}"#
            )
            #expect(status == .created)
            let order = try body.decoded(PurchaseOrderJSON.self)
            #expect(order.id == 1 && order.status == "open" && order.supplier == "garak-market" && order.arrives == "2099-01-02")
            #expect(
                order.lines == [
                    .init(fruit: "kiwi", packs: 2, units: 20, unitCost: 400, lineCost: 8_000),
                    .init(fruit: "mango", packs: 1, units: 6, unitCost: 900, lineCost: 5_400),
                ])
            #expect(order.total == 8000 + 5400)
            #expect(order.receivedEntry == nil)
            // Kept all the same: the recipe files buy mangoes from no supplier.
            #expect(order.notes?.map(\.kind) == ["bought-elsewhere"])
            #expect(order.notes?.first?.message.contains("buy:") == true)

            let (listStatus, listBody) = try await StockKeepingAPITests.call(client, .get, "/api/purchases?status=open")
            #expect(listStatus == .ok)
            #expect(try listBody.decoded(PurchaseListBody.self).orders.map(\.id) == [1])
            #expect(
                try await StockKeepingAPITests.call(client, .get, "/api/purchases?status=received").body.decoded(PurchaseListBody.self).orders.isEmpty
            )

            let (receiveStatus, receiveBody) = try await StockKeepingAPITests.call(client, .post, "/api/purchases/1/receive")
            #expect(receiveStatus == .ok)
            let receipt = try receiveBody.decoded(PurchaseReceiptJSON.self)
            #expect(receipt.order.status == "received" && receipt.order.receivedEntry == receipt.entry?.id)
            #expect(receipt.entry?.kind == "delivery" && receipt.entry?.purchaseOrder == 1 && receipt.entry?.supplier == "garak-market")
            #expect(receipt.entry?.lots?.map(\.ordered) == [20, 6])
            #expect(receipt.differences.isEmpty)
            #expect(receipt.stock["kiwi"] == 30 && receipt.stock["mango"] == 16)

            let (again, againBody) = try await StockKeepingAPITests.call(client, .post, "/api/purchases/1/receive", "{}")
            #expect(try again == .conflict && StockKeepingAPITests.error(againBody).code == "purchase-order-received")
            let (unknown, unknownBody) = try await StockKeepingAPITests.call(client, .post, "/api/purchases/7/receive")
            #expect(try unknown == .notFound && StockKeepingAPITests.error(unknownBody).code == "unknown-purchase-order")
            #expect(try StockKeepingAPITests.error(unknownBody).field == "id")
            let (notANumber, notANumberBody) = try await StockKeepingAPITests.call(client, .post, "/api/purchases/seven/receive")
            #expect(try notANumber == .badRequest && StockKeepingAPITests.error(notANumberBody).field == "id")
        }
        #expect(try await shop.journalCount() == 1)
    }

    @Test func whatCameDiffersAndTheDifferencesAreListed() async throws {
        let shop = try await Self.shop()
        try await shop.application().test(.router) { client in
            _ = try await StockKeepingAPITests.call(
                client, .post, "/api/purchases",
                #"{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 2}, {"fruit": "mango", "packs": 1}]}"#)
            let (status, body) = try await StockKeepingAPITests.call(
                client, .post, "/api/purchases/1/receive",
                #"{"lines": [{"fruit": "kiwi", "quantity": 18, "expires": "2099-03-01"}, {"fruit": "pineapple", "quantity": 3, "cost": 700}]}"#)
            #expect(status == .ok)
            let receipt = try body.decoded(PurchaseReceiptJSON.self)
            let differences = receipt.differences.map { "\($0.fruit) \($0.ordered) \($0.received) \($0.short)" }
            #expect(differences == ["kiwi 20 18 2", "mango 1 0 1", "pineapple 0 3 -3"])
            #expect(receipt.entry?.lots?.first?.cost == 400, "a line without a cost takes the order's")
            #expect(receipt.entry?.lots?.first?.expires == "2099-03-01")
        }
        #expect(try await shop.stock()["pineapple"] == 13)
    }

    @Test func theSameOrderKeptTwiceIsKeptWithANoteNamingTheFirst() async throws {
        let shop = try await Self.shop()
        try await shop.application().test(.router) { client in
            let body = #"{"supplier": "garak-market", "arrives": "2099-01-02", "lines": [{"fruit": "kiwi", "packs": 2}]}"#
            let first = try await StockKeepingAPITests.call(client, .post, "/api/purchases", body).body.decoded(PurchaseOrderJSON.self)
            #expect(first.notes == nil, "nothing to say of the first")
            let (status, answer) = try await StockKeepingAPITests.call(client, .post, "/api/purchases", body)
            #expect(status == .created)
            let second = try answer.decoded(PurchaseOrderJSON.self)
            #expect(second.id == first.id + 1 && second.notes?.map(\.kind) == ["same-as-open"])
            #expect(second.notes?.first?.message.contains("\(first.id)") == true)
            // Another arrival day is another order.
            let later = #"{"supplier": "garak-market", "arrives": "2099-01-03", "lines": [{"fruit": "kiwi", "packs": 2}]}"#
            #expect(try await StockKeepingAPITests.call(client, .post, "/api/purchases", later).body.decoded(PurchaseOrderJSON.self).notes == nil)
        }
    }

    @Test func refusalsNameTheFieldAndChangeNothing() async throws {
        let shop = try await Self.shop()
        try await shop.application().test(.router) { client in
            func refused(_ path: String, _ body: String) async throws -> (HTTPResponse.Status, ErrorBody.Detail) {
                let (status, answer) = try await StockKeepingAPITests.call(client, .post, path, body)
                return (status, try StockKeepingAPITests.error(answer))
            }
            var (status, error) = try await refused("/api/purchases", #"{"supplier": "garak-markt", "lines": [{"fruit": "kiwi", "packs": 1}]}"#)
            #expect(status == .notFound && error.code == "unknown-supplier" && error.field == "supplier")
            (status, error) = try await refused("/api/purchases", #"{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 0}]}"#)
            #expect(status == .badRequest && error.code == "invalid-quantity" && error.field == "lines[0].packs")
            (status, error) = try await refused(
                "/api/purchases", #"{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 1}, {"fruit": "kiwii", "packs": 1}]}"#)
            #expect(status == .notFound && error.code == "unknown-fruit" && error.field == "lines[1].fruit")
            (status, error) = try await refused(
                "/api/purchases", #"{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 1}, {"fruit": "키위", "packs": 1}]}"#)
            #expect(status == .badRequest && error.code == "duplicate-fruit" && error.field == "lines[1].fruit")
            (status, error) = try await refused(
                "/api/purchases",
                #"{"supplier": "garak-market", "orderBy": "2099-01-05T14:00", "arrives": "2099-01-04", "lines": [{"fruit": "kiwi", "packs": 1}]}"#)
            #expect(status == .badRequest && error.code == "arrives-before-order-by" && error.field == "arrives")
            // The shop's words say what happened; the how-to is the API's (its fields), never the command line's options.
            #expect(error.message.contains("orderBy") && !error.message.contains("--"), "\(error.message)")
            (status, error) = try await refused(
                "/api/purchases", #"{"supplier": "garak-market", "arrives": "2099-02-30", "lines": [{"fruit": "kiwi", "packs": 1}]}"#)
            #expect(status == .badRequest && error.code == "invalid-date" && error.field == "arrives")
            (status, error) = try await refused("/api/purchases", #"{"supplier": "garak-market", "lines": []}"#)
            #expect(status == .badRequest && error.code == "out-of-range" && error.field == "lines")
            (status, error) = try await refused(
                "/api/purchases", #"{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 1, "unitCost": -1}]}"#)
            #expect(status == .badRequest && error.code == "out-of-range" && error.field == "lines[0].unitCost")
            (status, error) = try await refused(
                "/api/purchases", #"{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 1}], "note": "x"}"#)
            #expect(status == .badRequest && error.code == "unknown-field")

            let (listStatus, listBody) = try await StockKeepingAPITests.call(client, .get, "/api/purchases?status=closed")
            #expect(listStatus == .badRequest)
            let listError = try StockKeepingAPITests.error(listBody)
            #expect(listError.code == "bad-query" && listError.field == "status" && listError.allowed == ["open", "received", "all"])
            #expect(try await StockKeepingAPITests.call(client, .get, "/api/purchases").body.decoded(PurchaseListBody.self).orders.isEmpty)

            // A delivery the stock refuses leaves the order open.
            _ = try await StockKeepingAPITests.call(
                client, .post, "/api/purchases", #"{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 10}]}"#)
            (status, error) = try await refused("/api/purchases/1/receive", "")
            #expect(status == .conflict && error.code == "above-capacity")
            (status, error) = try await refused(
                "/api/purchases/1/receive", #"{"lines": [{"fruit": "kiwi", "quantity": 1, "expires": "2020-01-01"}]}"#)
            #expect(status == .badRequest && error.code == "expires-before-delivery" && error.field == "lines[0].expires")
            (status, error) = try await refused("/api/purchases/1/receive", #"{"lines": [{"fruit": "kiwi", "quantity": 0}]}"#)
            #expect(status == .badRequest && error.code == "empty-purchase-order" && error.field == "lines")
            let open = try await StockKeepingAPITests.call(client, .get, "/api/purchases?status=open").body.decoded(PurchaseListBody.self)
            #expect(open.orders.map(\.id) == [1])

            // Staff only.
            let (unauthorized, _) = try await StockKeepingAPITests.call(client, .get, "/api/purchases", headers: TestShop.jsonHeaders)
            #expect(unauthorized == .unauthorized)
        }
        #expect(try await shop.journalCount() == 0)
    }
}
