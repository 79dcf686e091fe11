import Foundation
import HummingbirdTesting
import Testing
@testable import JuiceServer

/// Event streams are capped per client address and in all; beyond a cap a stream is refused with 503, `Retry-After`
/// and a body in the request's language, orders keep flowing, and a stream whose client went away frees its slot.
@Suite struct StreamCapTests {
    /// Opens `GET /api/events` from `source`: the connection and what came back first (a stream's first event, or a
    /// whole refusal).
    static func openStream(port: Int, from source: String, language: String = "en") async throws -> (RawConnection, RawResponse) {
        let connection = try await RawConnection.open(port: port, from: source)
        try await connection.send("GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept-Language: \(language)\r\n\r\n")
        let first = try await connection.read(seconds: 20) {
            $0.contains("event: stock") || ($0.hasPrefix("HTTP/1.1 503") && RawResponse.isComplete($0))
        }
        return (connection, RawResponse(first.text))
    }

    @Test func streamsBeyondTheCapsAre503WithRetryAfterWhileOrdersFlowAndAClosedStreamFreesItsSlot() async throws {
        let shop = try TestShop { $0.streamLimits = StreamLimits(total: 5, perClient: 3) }
        let hub = shop.server.hub
        try await shop.application().test(.live) { client in
            let port = try #require(client.port)
            var streams: [RawConnection] = []
            for _ in 0..<3 {
                let (connection, first) = try await Self.openStream(port: port, from: "127.0.0.1")
                #expect(first.status == 200)
                streams.append(connection)
            }
            // A fourth from the same address: refused, in English as asked, then in Korean.
            let (_, refused) = try await Self.openStream(port: port, from: "127.0.0.1")
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == "5")
            let body = try JSONDecoder().decode(ErrorBody.self, from: Data(refused.body.utf8))
            #expect(body.error.code == "too-many-streams")
            #expect(body.error.message.hasPrefix("3 live event streams are open from this client already"), "\(body.error.message)")
            let (_, korean) = try await Self.openStream(port: port, from: "127.0.0.1", language: "ko")
            #expect(korean.status == 503)
            #expect(try JSONDecoder().decode(ErrorBody.self, from: Data(korean.body.utf8)).error.message.hasPrefix("이 기기에서 이미 실시간 연결이 3개"))

            // Orders keep flowing while streams are capped.
            let order = try await RawConnection.request(
                port: port, "POST", "/api/orders", headers: ["Content-Type": "application/json"], body: #"{"juice": "banana-juice"}"#)
            #expect(order.status == 201, "\(order.body)")

            // Other clients fill the overall cap, then one more is refused for the cap in all.
            for _ in 0..<2 {
                let (connection, first) = try await Self.openStream(port: port, from: "127.0.0.2")
                #expect(first.status == 200)
                streams.append(connection)
            }
            let (_, full) = try await Self.openStream(port: port, from: "127.0.0.3")
            #expect(full.status == 503)
            #expect(try JSONDecoder().decode(ErrorBody.self, from: Data(full.body.utf8)).error.message.contains("5 live event streams are all taken"))

            // A page goes away: its slot comes back, and a new stream from that address is accepted.
            streams[0].goAway()
            try await waitUntil { await hub.slotsHeld(by: ClientAddress(named: "127.0.0.1")) == 2 }
            let (_, again) = try await Self.openStream(port: port, from: "127.0.0.1")
            #expect(again.status == 200)
            #expect(await hub.subscriberCount <= 5)
        }
    }

    @Test func aRefusedOrFailedSubscriptionHoldsNoSlot() async throws {
        let shop = try TestShop { $0.streamLimits = StreamLimits(total: 2, perClient: 1) }
        let hub = shop.server.hub
        let client = ClientAddress(named: "192.0.2.1")
        let (id, _, _) = try await hub.subscribe(client: client)
        await #expect(throws: EventHub.SubscribeError.self) { try await hub.subscribe(client: client) }
        #expect(await hub.slotsHeld(by: client) == 1)
        await hub.unsubscribe(id)
        await hub.unsubscribe(id)
        #expect(await hub.slotsHeld(by: client) == 0)
        _ = try await hub.subscribe(client: client)
        await hub.disconnectAll()
        #expect(await hub.slotsHeld(by: client) == 0)
    }

    @Test func clientAddressesAreIPv4OrAnIPv6Slash64() throws {
        #expect(ClientAddress(try .init(ipAddress: "192.0.2.7", port: 1)).description == "192.0.2.7")
        #expect(ClientAddress(try .init(ipAddress: "::ffff:192.0.2.7", port: 1)).description == "192.0.2.7")
        #expect(
            ClientAddress(try .init(ipAddress: "2001:db8:1:2:aaaa::1", port: 1)) == ClientAddress(try .init(ipAddress: "2001:db8:1:2::9", port: 2)))
        #expect(ClientAddress(try .init(ipAddress: "2001:db8:1:2:aaaa::1", port: 1)).description == "2001:db8:1:2::/64")
        #expect(ClientAddress(nil).description == "local")
    }
}
