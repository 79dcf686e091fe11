import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Testing
@testable import JuiceServer

/// Deliveries, waste, counts and the lots over the staff API: each all or none, each refusal a kind of docs/errors.md
/// naming the request field.
@Suite struct StockKeepingAPITests {
    /// The answer to `method path` with `body` (staff headers unless `headers`): its status and body.
    static func call(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ body: String = "",
        headers: HTTPFields = TestShop.staffHeaders
    ) async throws -> (status: HTTPResponse.Status, body: ByteBuffer) {
        try await client.execute(uri: path, method: method, headers: headers, body: json(body)) { ($0.status, $0.body) }
    }

    /// The error of a refused answer.
    static func error(_ body: ByteBuffer) throws -> ErrorBody.Detail { try body.decoded(ErrorBody.self).error }

    @Test func aDeliveryBecomesLotsThatOrdersTakeFromFirstExpiredFirst() async throws {
        let shop = try TestShop()
        let today = ShopClock.system().today
        try await shop.application().test(.router) { client in
            let delivery = """
                {"lines": [{"fruit": "kiwi", "quantity": 10, "expires": "2099-12-05", "cost": 300},
                           {"fruit": "파인애플", "quantity": 4, "expires": "\(today)"}, {"fruit": "mango", "quantity": 5}],
                 "supplier": "청과상회"}
                """
            let (status, body) = try await Self.call(client, .post, "/api/deliveries", delivery)
            #expect(status == .ok)
            let receipt = try body.decoded(ReceiptJSON.self)
            #expect(receipt.stock["kiwi"] == 20 && receipt.stock["pineapple"] == 14 && receipt.stock["mango"] == 15)
            let entry = try #require(receipt.entry)
            #expect(entry.kind == "delivery")
            #expect(entry.deltas == ["kiwi": 10, "pineapple": 4, "mango": 5])
            #expect(entry.supplier == "청과상회")
            #expect(entry.lots?.map(\.fruit) == ["kiwi", "pineapple", "mango"])
            #expect(entry.lots?.first?.expires == "2099-12-05" && entry.lots?.first?.cost == 300)
            #expect(entry.lots?.last?.expires == nil)

            // An order takes from the kiwi lot first (it expires before the untracked stock).
            #expect(try await Self.call(client, .post, "/api/orders", #"{"juice": "kiwi-juice"}"#, headers: TestShop.jsonHeaders).status == .created)
            let (lotsStatus, lotsBody) = try await Self.call(client, .get, "/api/lots")
            #expect(lotsStatus == .ok)
            let lots = try lotsBody.decoded(ShelfJSON.self)
            #expect(lots.today == today.description)
            let kiwi = try #require(lots.lots.first { $0.fruit == "kiwi" })
            #expect(kiwi.entry == entry.id && kiwi.quantity == 10 && kiwi.remaining == 7 && kiwi.expires == "2099-12-05")
            #expect(kiwi.cost == 300 && kiwi.supplier == "청과상회" && !kiwi.expired)
            #expect(lots.lots.count == 3)
            #expect(lots.fruits.map(\.fruit) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
            let pineapple = try #require(lots.fruits.first { $0.fruit == "pineapple" })
            #expect(pineapple.expiresToday == 4 && pineapple.expiresTomorrow == 0 && pineapple.expired == 0 && pineapple.lastCounted == nil)
        }
        #expect(try await shop.stock()["kiwi"] == 17)
    }

    @Test func aRefusedDeliveryNamesTheLineAndChangesNothing() async throws {
        let shop = try TestShop()
        let before = try await shop.stock()
        try await shop.application().test(.router) { client in
            let cases: [(body: String, status: HTTPResponse.Status, code: String, field: String)] = [
                (
                    #"{"lines": [{"fruit": "kiwi", "quantity": 1}, {"fruit": "mango", "quantity": 1, "expires": "next week"}]}"#,
                    .badRequest, "invalid-date", "lines[1].expires"
                ),
                (
                    #"{"lines": [{"fruit": "kiwi", "quantity": 1, "expires": "2000-01-01"}]}"#, .badRequest, "expires-before-delivery",
                    "lines[0].expires"
                ),
                (
                    #"{"lines": [{"fruit": "mango", "quantity": 1}, {"fruit": "kiwi", "quantity": 0}]}"#, .badRequest, "invalid-quantity",
                    "lines[1].quantity"
                ),
                (#"{"lines": [{"fruit": "kiwi", "quantity": 1}, {"fruit": "키위", "quantity": 2}]}"#, .badRequest, "duplicate-fruit", "lines[1].fruit"),
                (#"{"lines": [{"fruit": "kiwi", "quantity": 1}, {"fruit": "kiwii", "quantity": 1}]}"#, .notFound, "unknown-fruit", "lines[1].fruit"),
                (
                    #"{"lines": [{"fruit": "kiwi", "quantity": 1}, {"fruit": "mango", "quantity": 91}]}"#, .conflict, "above-capacity",
                    "lines[1].quantity"
                ),
                (#"{"lines": [{"fruit": "kiwi", "quantity": 1, "cost": -5}]}"#, .badRequest, "negative-amount", "lines[0].cost"),
                (#"{"lines": [{"fruit": "kiwi", "quantity": 1, "colour": "green"}]}"#, .badRequest, "unknown-field", "lines[0].colour"),
                (#"{"lines": []}"#, .badRequest, "out-of-range", "lines"),
            ]
            for item in cases {
                let (status, body) = try await Self.call(client, .post, "/api/deliveries", item.body)
                #expect(status == item.status, "\(item.body)")
                let error = try Self.error(body)
                #expect(error.code == item.code && error.field == item.field, "\(item.body): \(error.code) \(error.field ?? "-")")
                #expect(!error.message.isEmpty)
            }
            // A cost below 0 is said in the shop's words, naming the fruit, not as a range of integers.
            let (_, costBody) = try await Self.call(client, .post, "/api/deliveries", #"{"lines": [{"fruit": "banana", "quantity": 1, "cost": -3}]}"#)
            let cost = try Self.error(costBody)
            #expect(cost.message.hasPrefix("🍌 바나나: 원가는 0원 이상이에요 (−3원이 아니라)"), "\(cost.message)")
            #expect(!cost.message.contains("9223372036854775807"))
            let (_, body) = try await Self.call(client, .post, "/api/deliveries", #"{"lines": [{"fruit": "kiwii", "quantity": 1}]}"#)
            let unknown = try Self.error(body)
            #expect(unknown.suggestions == ["kiwi"])
            #expect(unknown.message.contains("모르는 과일"), "Korean first: \(unknown.message)")
        }
        #expect(try await shop.stock() == before)
        #expect(try await shop.journalCount() == 0)
    }

    @Test func wasteIsRecordedWithItsReasonAndMoreThanIsInStockIsRefusedNamingWhatIsThere() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let (status, body) = try await Self.call(
                client, .post, "/api/waste", #"{"fruit": "kiwi", "quantity": 2, "reason": "spoiled", "note": "물러짐"}"#)
            #expect(status == .ok)
            let receipt = try body.decoded(ReceiptJSON.self)
            #expect(receipt.stock["kiwi"] == 8)
            #expect(receipt.entry?.kind == "waste" && receipt.entry?.reason == "spoiled" && receipt.entry?.note == "물러짐")
            #expect(receipt.entry?.deltas == ["kiwi": -2])
            // The journal shows it the same way.
            let history = try (try await Self.call(client, .get, "/api/history")).body.decoded(HistoryBody.self)
            #expect(history.entries.first?.reason == "spoiled" && history.entries.first?.note == "물러짐")

            let (tooMany, tooManyBody) = try await Self.call(client, .post, "/api/waste", #"{"fruit": "kiwi", "quantity": 9, "reason": "dropped"}"#)
            #expect(tooMany == .conflict)
            let refusal = try Self.error(tooManyBody)
            #expect(refusal.code == "below-zero" && refusal.field == "quantity")
            #expect(refusal.message.contains("재고 8개"), "\(refusal.message)")

            let (reason, reasonBody) = try await Self.call(client, .post, "/api/waste", #"{"fruit": "kiwi", "quantity": 1, "reason": "eaten"}"#)
            #expect(reason == .badRequest)
            let unknownReason = try Self.error(reasonBody)
            #expect(unknownReason.code == "unknown-reason" && unknownReason.field == "reason")
            #expect(unknownReason.allowed == ["spoiled", "expired", "dropped", "staff", "other"])
            #expect(unknownReason.message.contains("spoiled, expired, dropped, staff, other"))

            let (fruit, fruitBody) = try await Self.call(client, .post, "/api/waste", #"{"fruit": "kiwwi", "quantity": 1, "reason": "other"}"#)
            #expect(fruit == .notFound)
            let unknownFruit = try Self.error(fruitBody)
            #expect(unknownFruit.code == "unknown-fruit" && unknownFruit.field == "fruit" && unknownFruit.suggestions == ["kiwi"])

            for (body, code, field) in [
                (#"{"fruit": "kiwi", "quantity": 0, "reason": "other"}"#, "invalid-quantity", "quantity"),
                (#"{"expired": true, "fruit": "kiwi"}"#, "unknown-field", "fruit"),
                (#"{"expired": "yes"}"#, "wrong-type", "expired"),
                (#"{"fruit": "kiwi", "quantity": 1}"#, "missing-field", "reason"),
            ] {
                let (status, errorBody) = try await Self.call(client, .post, "/api/waste", body)
                let error = try Self.error(errorBody)
                #expect(status == .badRequest && error.code == code && error.field == field, "\(body): \(error.code)")
            }
        }
        #expect(try await shop.stock()["kiwi"] == 8)
        #expect(try await shop.journalCount() == 1)
    }

    @Test func expiredLotsAreWrittenOffInOneChangeAndNothingExpiredChangesNothing() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let (none, noneBody) = try await Self.call(client, .post, "/api/waste", #"{"expired": true}"#)
            #expect(none == .ok)
            #expect(try noneBody.decoded(ReceiptJSON.self).entry == nil)
            #expect(try await shop.journalCount() == 0)

            // A delivery received long ago (the API refuses a use-by date before today, the store does not).
            let book = await shop.menu.current.book
            _ = try await shop.store.perform(
                .receive([DeliveryLine(fruit: "mango", quantity: 4, expires: "2000-01-02")], supplier: nil), book: book, command: "test")
            let (status, body) = try await Self.call(client, .post, "/api/waste", #"{"expired": true, "note": "정리"}"#)
            #expect(status == .ok)
            let receipt = try body.decoded(ReceiptJSON.self)
            #expect(receipt.entry?.kind == "waste" && receipt.entry?.reason == "expired" && receipt.entry?.deltas == ["mango": -4])
            #expect(receipt.stock["mango"] == 10)
        }
    }

    @Test func aCountAppliedAfterAnOrderMadeWhileCountingNeitherLosesNorDoublesIt() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let (started, startedBody) = try await Self.call(client, .post, "/api/counts")
            #expect(started == .created)
            let session = try startedBody.decoded(CountSessionJSON.self)
            #expect(session.start == 0 && !session.session.isEmpty && !session.startedAt.isEmpty)
            #expect(session.expected == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])

            // Served while staff counted 9 kiwis on the shelf: it takes 3.
            #expect(try await Self.call(client, .post, "/api/orders", #"{"juice": "kiwi-juice"}"#, headers: TestShop.jsonHeaders).status == .created)
            let (status, body) = try await Self.call(
                client, .post, "/api/counts/\(session.session)", #"{"counts": [{"fruit": "키위", "counted": 9}, {"fruit": "mango", "counted": 10}]}"#)
            #expect(status == .ok)
            let result = try body.decoded(CountResultJSON.self)
            #expect(
                Set(result.counts) == [
                    CountLineJSON(CountLine(fruit: "kiwi", expected: 10, counted: 9)),
                    CountLineJSON(CountLine(fruit: "mango", expected: 10, counted: 10)),
                ])
            #expect(result.stock["kiwi"] == 6 && result.stock["mango"] == 10)
            #expect(result.entry?.kind == "count" && result.entry?.session == session.session && result.entry?.deltas["kiwi"] == -1)

            // Applied once only; an unknown session is not there.
            let (again, againBody) = try await Self.call(
                client, .post, "/api/counts/\(session.session)", #"{"counts": [{"fruit": "kiwi", "counted": 6}]}"#)
            #expect(try again == .conflict && Self.error(againBody).code == "count-session-applied")
            let (unknown, unknownBody) = try await Self.call(
                client, .post, "/api/counts/no-such-session", #"{"counts": [{"fruit": "kiwi", "counted": 6}]}"#)
            #expect(unknown == .notFound)
            let unknownError = try Self.error(unknownBody)
            #expect(unknownError.code == "unknown-count-session" && unknownError.message.contains("POST /api/counts"))

            let lots = try (try await Self.call(client, .get, "/api/lots")).body.decoded(ShelfJSON.self)
            #expect(lots.fruits.first { $0.fruit == "kiwi" }?.lastCounted == result.entry?.time)
            #expect(lots.fruits.first { $0.fruit == "banana" }?.lastCounted == nil)
        }
        // The order and the count, each once.
        let entries = try await shop.store.history(limit: nil)
        #expect(entries.map(\.kind) == [.count, .order])
        #expect(try await shop.stock()["kiwi"] == 6)
    }

    @Test func aLargeVarianceAsksForConfirmationAndChangesNothingUntilConfirmed() async throws {
        let shop = try TestShop()
        let book = await shop.menu.current.book
        _ = try await shop.store.perform(.change([.set("mango", 0)], kind: .set), book: book, command: "test")
        try await shop.application().test(.router) { client in
            let session = try (try await Self.call(client, .post, "/api/counts")).body.decoded(CountSessionJSON.self).session
            // 8 of 10 kiwis is within 20%, but 1 mango where none was expected is not; 7 of 10 kiwis is not either.
            for (counts, kiwi) in [
                (#"[{"fruit": "kiwi", "counted": 8}, {"fruit": "mango", "counted": 1}]"#, 8), (#"[{"fruit": "kiwi", "counted": 7}]"#, 7),
            ] {
                let (status, body) = try await Self.call(client, .post, "/api/counts/\(session)", #"{"counts": \#(counts)}"#)
                #expect(status == .conflict)
                let error = try Self.error(body)
                #expect(error.code == "large-variance" && error.field == "confirm")
                #expect(error.counts?.contains(CountLineJSON(CountLine(fruit: "kiwi", expected: 10, counted: kiwi))) == true)
                #expect(error.message.contains("20%"))
            }
            #expect(try await shop.journalCount() == 1)
            #expect(try await shop.stock()["kiwi"] == 10)

            let (confirmed, body) = try await Self.call(
                client, .post, "/api/counts/\(session)",
                #"{"counts": [{"fruit": "kiwi", "counted": 7}, {"fruit": "mango", "counted": 1}], "confirm": true}"#)
            #expect(confirmed == .ok)
            #expect(try body.decoded(CountResultJSON.self).stock["mango"] == 1)
        }
        #expect(try await shop.stock()["kiwi"] == 7)
    }

    @Test("juice serve --max-variance sets where a count needs confirming")
    func theLargeVarianceThresholdIsTheServersSetting() async throws {
        let shop = try TestShop { $0.maxCountVariance = 0.35 }
        try await shop.application().test(.router) { client in
            let session = try (try await Self.call(client, .post, "/api/counts")).body.decoded(CountSessionJSON.self).session
            let (refused, body) = try await Self.call(client, .post, "/api/counts/\(session)", #"{"counts": [{"fruit": "kiwi", "counted": 6}]}"#)
            #expect(refused == .conflict)
            #expect(try Self.error(body).message.contains("35%"))
            // 7 of 10 is 30%: within 35%, applied without confirming.
            #expect(try await Self.call(client, .post, "/api/counts/\(session)", #"{"counts": [{"fruit": "kiwi", "counted": 7}]}"#).status == .ok)
        }
        #expect(try await shop.stock()["kiwi"] == 7)
    }

    @Test func badCountLinesAreNamedAndChangeNothingAndACountThatMatchesIsRecorded() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let session = try (try await Self.call(client, .post, "/api/counts")).body.decoded(CountSessionJSON.self).session
            for (counts, status, code, field) in [
                (
                    #"[{"fruit": "kiwi", "counted": 10}, {"fruit": "키위", "counted": 10}]"#, HTTPResponse.Status.badRequest, "duplicate-fruit",
                    "counts[1].fruit"
                ),
                (#"[{"fruit": "kiwi", "counted": -1}]"#, .badRequest, "invalid-quantity", "counts[0].counted"),
                (#"[{"fruit": "mango", "counted": 10}, {"fruit": "kiwwi", "counted": 1}]"#, .notFound, "unknown-fruit", "counts[1].fruit"),
                (#"[]"#, .badRequest, "out-of-range", "counts"),
            ] {
                let (answer, body) = try await Self.call(client, .post, "/api/counts/\(session)", #"{"counts": \#(counts)}"#)
                let error = try Self.error(body)
                #expect(answer == status && error.code == code && error.field == field, "\(counts): \(error.code) \(error.field ?? "-")")
            }
            #expect(try await shop.journalCount() == 0)
            // A count that matches is recorded too.
            let (status, body) = try await Self.call(client, .post, "/api/counts/\(session)", #"{"counts": [{"fruit": "kiwi", "counted": 10}]}"#)
            #expect(status == .ok)
            let result = try body.decoded(CountResultJSON.self)
            #expect(result.counts == [CountLineJSON(CountLine(fruit: "kiwi", expected: 10, counted: 10))])
            #expect(result.entry?.kind == "count" && (result.entry?.deltas.members ?? [:]).values.allSatisfy { $0 == 0 })
        }
        #expect(try await shop.journalCount() == 1)
    }

    @Test func aVarianceIsLargeAboveTwentyPercentOfTheExpectedOrAnyWhereNoneWasExpected() {
        #expect(!CountLine(fruit: "kiwi", expected: 10, counted: 12).isLarge())
        #expect(!CountLine(fruit: "kiwi", expected: 10, counted: 8).isLarge())
        #expect(CountLine(fruit: "kiwi", expected: 10, counted: 13).isLarge())
        #expect(CountLine(fruit: "kiwi", expected: 10, counted: 7).isLarge())
        #expect(CountLine(fruit: "kiwi", expected: 0, counted: 1).isLarge())
        #expect(!CountLine(fruit: "kiwi", expected: 0, counted: 0).isLarge())
        #expect(CountLine(fruit: "kiwi", expected: 1_000_000_000, counted: 0).isLarge())
    }

    @Test(arguments: [
        ("POST", "/api/deliveries", #"{"lines": [{"fruit": "kiwi", "quantity": 1}]}"#), ("POST", "/api/waste", #"{"expired": true}"#),
        ("POST", "/api/counts", ""), ("POST", "/api/counts/abc", #"{"counts": [{"fruit": "kiwi", "counted": 1}]}"#), ("GET", "/api/lots", ""),
    ])
    func withoutTheStaffTokenEachRouteIs401AndChangesNothing(method: String, path: String, body: String) async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let (status, answer) = try await Self.call(client, try #require(HTTPRequest.Method(method)), path, body, headers: TestShop.jsonHeaders)
            #expect(status == .unauthorized)
            #expect(try Self.error(answer).code == "staff-only")
        }
        #expect(try await shop.journalCount() == 0)
    }

    @Test func aDeliveryReachesTheEventStreamAsAStockEvent() async throws {
        let shop = try TestShop()
        let hub = shop.server.hub
        try await shop.application().test(.router) { client in
            let (id, first, events) = try await hub.subscribe(client: ClientAddress(named: "test"))
            #expect(try JSONDecoder().decode(StockJSON.self, from: Data(first.data.utf8)).stock["kiwi"] == 10)
            let (status, _) = try await Self.call(client, .post, "/api/deliveries", #"{"lines": [{"fruit": "kiwi", "quantity": 10}]}"#)
            #expect(status == .ok)
            // What the event loop does for each new change token (if it has not done it already).
            try await hub.observe(try await shop.store.changeToken())
            // Without an event, the stream is ended after 30 s (a ceiling for a loaded machine), and the test fails.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(30))
                await hub.unsubscribe(id)
            }
            var iterator = events.makeAsyncIterator()
            let event = try #require(await iterator.next())
            watchdog.cancel()
            #expect(event.name == "stock")
            #expect(try JSONDecoder().decode(StockJSON.self, from: Data(event.data.utf8)).stock["kiwi"] == 20)
            await hub.unsubscribe(id)
        }
    }

    @Test("the staff panel's stock room line: today's deliveries and waste with their cost, the last count, undone ones left out")
    func todaysStockRoomLine() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let empty = try (try await Self.call(client, .get, "/api/sales/today")).body.decoded(SalesTodayBody.self).stockRoom
            #expect(empty.received.isEmpty && empty.wasted.isEmpty && empty.lastCount == nil && empty.wastedCost == nil)

            let delivery = #"{"lines": [{"fruit": "kiwi", "quantity": 6, "cost": 700}, {"fruit": "mango", "quantity": 2}]}"#
            #expect(try await Self.call(client, .post, "/api/deliveries", delivery).status == .ok)
            #expect(
                try await Self.call(client, .post, "/api/deliveries", #"{"lines": [{"fruit": "kiwi", "quantity": 1, "cost": 800}]}"#).status == .ok)
            #expect(try await Self.call(client, .post, "/api/waste", #"{"fruit": "banana", "quantity": 3, "reason": "spoiled"}"#).status == .ok)
            #expect(try await Self.call(client, .post, "/api/waste", #"{"fruit": "kiwi", "quantity": 1, "reason": "dropped"}"#).status == .ok)
            #expect(try await Self.call(client, .post, "/api/undo").status == .ok)  // the dropped kiwi was not dropped after all
            let session = try (try await Self.call(client, .post, "/api/counts")).body.decoded(CountSessionJSON.self).session
            let count = #"{"counts": [{"fruit": "strawberry", "counted": 10}, {"fruit": "banana", "counted": 6}], "confirm": true}"#
            #expect(try await Self.call(client, .post, "/api/counts/\(session)", count).status == .ok)

            let line = try (try await Self.call(client, .get, "/api/sales/today")).body.decoded(SalesTodayBody.self).stockRoom
            #expect(
                line.received == [
                    .init(fruit: "kiwi", units: 7, cost: 6 * 700 + 800), .init(fruit: "mango", units: 2, cost: nil),
                ])
            #expect(line.wasted == [.init(fruit: "banana", units: 3, cost: nil)])
            #expect(line.wastedCost == nil, "the default fruits have no cost")
            let last = try #require(line.lastCount)
            #expect(
                Set(last.counts) == [
                    CountLineJSON(CountLine(fruit: "strawberry", expected: 10, counted: 10)),
                    CountLineJSON(CountLine(fruit: "banana", expected: 7, counted: 6)),
                ])
            #expect(last.variance == -1)
        }
    }

    @Test("a delivery line may say what was ordered: kept in its lot; below 0 refused, naming the field")
    func orderedQuantities() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let (status, body) = try await Self.call(
                client, .post, "/api/deliveries", #"{"lines": [{"fruit": "kiwi", "quantity": 18, "ordered": 20}]}"#)
            #expect(status == .ok)
            #expect(try body.decoded(ReceiptJSON.self).entry?.lots?.first?.ordered == 20)
            let (refused, refusal) = try await Self.call(
                client, .post, "/api/deliveries", #"{"lines": [{"fruit": "kiwi", "quantity": 3, "ordered": -1}]}"#)
            #expect(refused == .badRequest)
            #expect(try Self.error(refusal).field == "lines[0].ordered")
        }
        #expect(try await shop.stock()["kiwi"] == 28)
    }

    @Test("the server counts how many of each juice the stock makes: in the stock, a change's answer and the stock event")
    func makeableCountsFollowTheStock() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let before = try (try await Self.call(client, .get, "/api/stock", headers: [:])).body.decoded(StockJSON.self)
            // 10 bananas: 5 banana juices (2 each); 10 strawberries: 1 strawberry-banana juice (10 and 1).
            #expect(before.makeable["banana-juice"] == 5)
            #expect(before.makeable["strawberry-banana-juice"] == 1)
            #expect(before.makeable["strawberry-juice"] == 0)
            #expect(Set(before.makeable.members.keys) == Set(await shop.menu.current.book.juices.map(\.id.rawValue)))

            let (status, body) = try await Self.call(client, .post, "/api/waste", #"{"fruit": "banana", "quantity": 5, "reason": "dropped"}"#)
            #expect(status == .ok)
            let receipt = try body.decoded(ReceiptJSON.self)
            #expect(receipt.makeable?["banana-juice"] == 2)
            #expect(receipt.makeable?["kiwi-juice"] == 3)

            let after = try (try await Self.call(client, .get, "/api/stock", headers: [:])).body.decoded(StockJSON.self)
            #expect(after.makeable["banana-juice"] == 2)
            let event = try await shop.server.hub.stockEvent()
            #expect(event.name == "stock")
            #expect(try JSONDecoder().decode(StockJSON.self, from: Data(event.data.utf8)).makeable == after.makeable)

            let (delivered, deliveryBody) = try await Self.call(
                client, .post, "/api/deliveries", #"{"lines": [{"fruit": "strawberry", "quantity": 6}]}"#)
            #expect(delivered == .ok)
            #expect(try deliveryBody.decoded(ReceiptJSON.self).makeable?["strawberry-juice"] == 1)
        }
    }

    @Test("the history labels each entry and waste reason, and the lots list the reasons, in the request's language")
    func labelsInTheRequestsLanguage() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            #expect(try await Self.call(client, .post, "/api/orders", #"{"juice": "banana-juice", "count": 2}"#).status == .created)
            #expect(try await Self.call(client, .post, "/api/waste", #"{"fruit": "kiwi", "quantity": 1, "reason": "spoiled"}"#).status == .ok)
            #expect(try await Self.call(client, .post, "/api/stock", #"{"changes": [{"fruit": "mango", "add": 1}]}"#).status == .ok)
            #expect(try await Self.call(client, .post, "/api/undo").status == .ok)
            var english = TestShop.staffHeaders
            english[.acceptLanguage] = "en"
            for (headers, labels, reasons) in [
                (TestShop.staffHeaders, ["#3 되돌리기", "재고 추가", "폐기", "바나나쥬스 2잔 주문"], ["상함", "기한 지남", "떨어뜨림", "직원 식사", "기타"]),
                (english, ["Undo of #3", "Stock added", "Waste", "2 × Banana Juice ordered"], ["Spoiled", "Expired", "Dropped", "Staff", "Other"]),
            ] {
                let history = try (try await Self.call(client, .get, "/api/history", headers: headers)).body.decoded(HistoryBody.self)
                #expect(history.entries.map(\.label) == labels)
                #expect(history.entries.map(\.reasonLabel) == [nil, nil, reasons[0], nil])
                let lots = try (try await Self.call(client, .get, "/api/lots", headers: headers)).body.decoded(ShelfJSON.self)
                #expect(lots.reasons?.map(\.reason) == ["spoiled", "expired", "dropped", "staff", "other"])
                #expect(lots.reasons?.map(\.label) == reasons)
            }
        }
    }
}
