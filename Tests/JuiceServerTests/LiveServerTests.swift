import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Testing
@testable import JuiceServer

/// Waits (up to `seconds`, a ceiling for a loaded CI machine, not a measure) until `condition` holds.
func waitUntil(seconds: Double = 30, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting")
            return
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// The whole body of one `GET /api/events` stream. As a browser's `EventSource` does, a connection that fails before
/// the stream opens (a pooled connection the server had just closed: "I/O on closed channel") is tried again.
func eventStream(_ client: some TestClientProtocol) async throws -> String {
    var attempts = 0
    while true {
        do {
            return try await client.execute(uri: "/api/events", method: .get) { $0.body.text }
        } catch {
            attempts += 1
            if attempts == 5 { throw error }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// The events in an event-stream body, as (name, data) pairs.
func events(in body: String) -> [(name: String, data: String)] {
    body.components(separatedBy: "\n\n").compactMap { block in
        var name: String?
        var data: String?
        for line in block.split(separator: "\n") {
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
        }
        guard let name, let data else { return nil }
        return (name, data)
    }
}

@Suite struct LiveServerTests {
    @Test func eventsCarryChangesFromAnySourceAndReloadsThenEndAndReconnect() async throws {
        let shop = try TestShop()
        let hub = shop.server.hub
        try await shop.application().test(.ahc(.http)) { client in
            let first = Task { try await eventStream(client) }
            try await waitUntil { await hub.subscriberCount == 1 }
            // A change made behind the server's back, as `juice order` in a terminal does on the same state.
            _ = try await shop.store.perform(
                .make(try #require(await shop.menu.current.book.juice("banana-juice")), count: 1),
                book: await shop.menu.current.book, command: "juice order banana-juice")
            try await Task.sleep(for: .seconds(1))
            try "juices:\n  banana-juice:\n    recipe: {banana: [}\n".write(
                to: shop.recipes.appendingPathComponent("juices.yaml"), atomically: true, encoding: .utf8)
            await shop.menu.reload()
            try await Task.sleep(for: .milliseconds(300))
            await hub.disconnectAll()
            let received = events(in: try await first.value)
            // The first event is the stock on connecting; the CLI-like change follows; then the reload's result (the
            // server's own watcher may report the same broken edit once more).
            try #require(received.count >= 3)
            #expect(received.map(\.name).prefix(3) == ["stock", "stock", "menu"])
            #expect(try JSONDecoder().decode(StockJSON.self, from: Data(received[0].data.utf8)).stock["banana"] == 10)
            #expect(try JSONDecoder().decode(StockJSON.self, from: Data(received[1].data.utf8)).stock["banana"] == 8)
            for menuEvent in received.dropFirst(2) {
                #expect(menuEvent.name == "menu")
                #expect(try JSONDecoder().decode(MenuEventBody.self, from: Data(menuEvent.data.utf8)).result == "rejected")
            }

            // A client that reconnects starts from the current stock.
            _ = try await shop.store.perform(.change([.remove("banana", 3)], kind: .remove), book: await shop.menu.current.book, command: "test")
            let second = Task { try await eventStream(client) }
            try await waitUntil { await hub.subscriberCount == 1 }
            await hub.disconnectAll()
            let again = events(in: try await second.value)
            // (The poller may also have published the change it saw meanwhile; every event shows the same stock.)
            #expect(!again.isEmpty)
            for event in again {
                #expect(event.name == "stock")
                #expect(try JSONDecoder().decode(StockJSON.self, from: Data(event.data.utf8)).stock["banana"] == 5)
            }
        }
    }

    @Test func sixtyFourSimultaneousOrdersAgainstTenBananasServeExactlyFive() async throws {
        let shop = try TestShop()
        let statuses = try await shop.application().test(.ahc(.http)) { client in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        try await client.execute(
                            uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "banana-juice"}"#)
                        ) { response throws in
                            if response.status.code >= 500 { Issue.record("server error: \(response.body.text)") }
                            return response.status.code
                        }
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        #expect(statuses.filter { $0 == 201 }.count == 5)
        #expect(statuses.filter { $0 == 409 }.count == 59)
        #expect(try await shop.stock()["banana"] == 0)
        let orders = try await shop.store.history(limit: nil).filter { $0.kind == .order }
        #expect(orders.count == 5)
    }
}
