import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Testing
@testable import JuiceServer

/// Prices where customers look: `GET /api/menu` carries each juice's price and an order's receipt the amount charged,
/// both left out for a juice without a price.
@Suite struct PriceAPITests {
    /// The body as a JSON object.
    static func object(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    /// The juice `id` of a `GET /api/menu` body, as JSON.
    static func juice(_ id: String, in menu: [String: Any]) throws -> [String: Any] {
        let juices = try #require(menu["juices"] as? [[String: Any]])
        return try #require(juices.first { $0["id"] as? String == id })
    }

    /// Gives mango-juice the price 4500 through the menu screen's route (staff, with the menu's ETag).
    static func priceMango(_ client: some TestClientProtocol) async throws {
        let tag = try await client.execute(uri: "/api/menu", method: .get) { $0.headers[.eTag] }
        try await client.execute(
            uri: "/api/menu/juices/mango-juice", method: .patch, headers: MenuEditAPITests.headers(ifMatch: tag),
            body: json(#"{"price": 4500}"#)
        ) { response in
            #expect(response.status == .ok, "\(response.body.text)")
        }
    }

    @Test func theMenuCarriesThePriceTheStaffSetAndNoneForAJuiceWithout() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let before = try await client.execute(uri: "/api/menu", method: .get) { try Self.object($0.body) }
            #expect(try Self.juice("mango-juice", in: before)["price"] == nil)
            try await Self.priceMango(client)
            // The next read of the menu (what the page reads again on the menu event) has the new price.
            try await client.execute(uri: "/api/menu", method: .get) { response throws in
                let menu = try Self.object(response.body)
                #expect(try Self.juice("mango-juice", in: menu)["price"] as? Int == 4500)
                // No price: the key is left out, as for a fruit without a cost.
                let banana = try Self.juice("banana-juice", in: menu)
                #expect(banana["price"] == nil && banana["id"] as? String == "banana-juice")
                let decoded = try response.body.decoded(MenuBody.self)
                #expect(decoded.juices.first { $0.id == "mango-juice" }?.price == 4500)
                #expect(decoded.juices.filter { $0.price != nil }.map(\.id) == ["mango-juice"])
            }
        }
    }

    @Test func anOrdersReceiptCarriesPriceTimesCountAndNoneWithoutAPrice() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await Self.priceMango(client)
            try await client.execute(
                uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "망고쥬스", "count": 2}"#)
            ) { response throws in
                #expect(response.status == .created)
                #expect(try Self.object(response.body)["amount"] as? Int == 9000)
                let receipt = try response.body.decoded(ReceiptJSON.self)
                #expect(receipt.amount == 9000 && receipt.entry?.juice == "mango-juice" && receipt.entry?.count == 2)
                // Written by the fast writer: the encoder's bytes exactly.
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                #expect(response.body.text == String(decoding: try encoder.encode(receipt), as: UTF8.self))
            }
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "banana-juice"}"#)) {
                response throws in
                #expect(response.status == .created)
                let body = try Self.object(response.body)
                #expect(body["amount"] == nil && body["message"] != nil)
            }
            // A stock change and an undo charge nothing: no amount, even when the undone order (#1, the mangoes) had one.
            try await client.execute(uri: "/api/undo", method: .post, headers: TestShop.staffHeaders) { response throws in
                #expect(response.status == .ok)
                #expect(try Self.object(response.body)["amount"] == nil)
            }
            try await client.execute(uri: "/api/undo", method: .post, headers: TestShop.staffHeaders) { response throws in
                #expect(response.status == .ok)
                let body = try Self.object(response.body)
                #expect(body["amount"] == nil && (body["entry"] as? [String: Any])?["undoes"] as? Int == 1)
            }
            try await client.execute(
                uri: "/api/stock", method: .post, headers: TestShop.staffHeaders, body: json(#"{"changes": [{"fruit": "mango", "add": 1}]}"#)
            ) { response throws in
                #expect(response.status == .ok)
                #expect(try Self.object(response.body)["amount"] == nil)
            }
        }
    }
}
