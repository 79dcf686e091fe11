import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Synchronization
import Testing
@testable import JuiceServer

/// A store in memory that can be taken away: while it is down every call fails as a lost PostgreSQL connection does.
final class OutageStore: ShopStore {
    let base = MemoryStore()
    private let state = Mutex((down: false, readsToFail: 0, failedReads: 0))

    var location: String { "postgres://juice@db.example:5432/shop" }

    /// Takes the store away (`true`) or brings it back.
    func setDown(_ down: Bool) { state.withLock { $0.down = down } }

    /// Makes the next `count` stock reads fail, as during a short outage.
    func failNextReads(_ count: Int) { state.withLock { $0.readsToFail = count } }

    /// How many stock reads failed.
    var failedReads: Int { state.withLock { $0.failedReads } }

    private func check(read: Bool = false) throws(ShopError) {
        let down = state.withLock { state in
            let failing = state.down || (read && state.readsToFail > 0)
            if read && state.readsToFail > 0 { state.readsToFail -= 1 }
            if read && failing { state.failedReads += 1 }
            return failing
        }
        if down { throw .state(.connectionLost(location: location, detail: "the database did not answer in time")) }
    }

    func snapshot(book: RecipeBook) async throws(ShopError) -> ShopSnapshot {
        try check(read: true)
        return await base.snapshot(book: book)
    }

    func perform(_ operation: StockOperation, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try check()
        return try await base.perform(operation, book: book, command: command)
    }

    func undo(book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt {
        try check()
        return try await base.undo(book: book, command: command)
    }

    func history(limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try check()
        return await base.history(limit: limit)
    }

    func checkIntegrity() async throws(ShopError) -> IntegrityReport {
        try check()
        return await base.checkIntegrity()
    }

    func changeToken() async throws(ShopError) -> Int {
        try check()
        return await base.changeToken()
    }
}

@Suite struct StateOutageTests {
    @Test func theHubPublishesOneStockEventPerChangeTokenHoweverOftenItIsReported() async throws {
        let shop = try TestShop()
        let hub = shop.server.hub
        let (_, first, events) = try await hub.subscribe()
        #expect(first.name == "stock")
        let (tokens, feed) = AsyncStream.makeStream(of: Int.self)
        // The client's stock was read at token 0, so the loop's first look (0 again) is no change for it; a token seen
        // again (a re-read after a reconnection, a notification folded with a poll) is no new change either.
        for token in [0, 0, 1, 1, 2, 2, 2, 3, 3] { feed.yield(token) }
        feed.finish()
        await hub.follow(tokens, retryEvery: .milliseconds(10))
        await hub.close()
        var names: [String] = []
        for await event in events { names.append(event.name) }
        #expect(names == ["stock", "stock", "stock"])
    }

    @Test func aChangeWhoseStockCannotBeReadIsPublishedOnceTheStoreIsBack() async throws {
        let store = OutageStore()
        let shop = try TestShop(store: store)
        let hub = shop.server.hub
        let (_, _, events) = try await hub.subscribe()

        // The token is taken as published only once its stock went out: a failed read leaves it to be tried again.
        store.setDown(true)
        await #expect(throws: ShopError.self) { try await hub.observe(1) }
        store.setDown(false)
        try await hub.observe(1)
        try await hub.observe(1)

        // The loop tries a failed read again until it succeeds (here the next 3 reads fail), then goes on.
        store.failNextReads(3)
        let (tokens, feed) = AsyncStream.makeStream(of: Int.self)
        feed.yield(2)
        feed.finish()
        await hub.follow(tokens, retryEvery: .milliseconds(1))
        #expect(store.failedReads == 1 + 3)

        await hub.close()
        var received: [ServerEvent] = []
        for await event in events { received.append(event) }
        #expect(received.map(\.name) == ["stock", "stock"], "one event for token 1 once the store was back, one for token 2")
        #expect(try received.allSatisfy { try JSONDecoder().decode(StockBody.self, from: Data($0.data.utf8)).stock["banana"] == 10 })
    }

    @Test func whileTheStateIsAwayRequestsGet503InTheirLanguageHealthzIsNotReadyAndNothingChanges() async throws {
        let store = OutageStore()
        let shop = try TestShop(store: store)
        let english: HTTPFields = [.contentType: "application/json", .acceptLanguage: "en"]
        try await shop.application().test(.router) { client in
            store.setDown(true)
            try await client.execute(uri: "/api/orders", method: .post, headers: english, body: json(#"{"juice": "banana-juice"}"#)) { response throws in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                let error = try response.body.decoded(ErrorBody.self).error
                #expect(error.code == "state_unavailable")
                #expect(error.message.hasPrefix("lost the connection to PostgreSQL (postgres://juice@db.example:5432/shop)"), "\(error.message)")
            }
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "바나나쥬스"}"#)) { response throws in
                #expect(response.status == .serviceUnavailable)
                #expect(try response.body.decoded(ErrorBody.self).error.message.hasPrefix("PostgreSQL 연결이 끊겼어요"))
            }
            try await client.execute(uri: "/api/stock", method: .post, headers: TestShop.staffHeaders, body: json(#"{"changes": [{"fruit": "banana", "add": 1}]}"#)) { response throws in
                #expect(response.status == .serviceUnavailable)
            }
            for uri in ["/api/menu", "/api/stock", "/api/events"] {
                try await client.execute(uri: uri, method: .get) { response throws in
                    #expect(response.status == .serviceUnavailable, "\(uri)")
                }
            }
            try await client.execute(uri: "/healthz", method: .get, headers: [.acceptLanguage: "en"]) { response throws in
                #expect(response.status == .serviceUnavailable)
                let error = try response.body.decoded(ErrorBody.self).error
                #expect(error.code == "not_ready")
                #expect(error.message.hasPrefix("not ready to serve: lost the connection to PostgreSQL"), "\(error.message)")
            }
            try await client.execute(uri: "/healthz", method: .get) { response throws in
                #expect(try response.body.decoded(ErrorBody.self).error.message.hasPrefix("아직 주문을 받을 수 없어요: PostgreSQL 연결이 끊겼어요"))
            }
            try await client.execute(uri: "/metrics", method: .get) { response throws in
                #expect(response.status == .ok, "metrics are still scraped while the state is away")
                #expect(response.body.text.contains("juice_state_up 0"))
            }
            #expect(await store.base.history(limit: nil).isEmpty, "nothing was changed")

            store.setDown(false)
            try await client.execute(uri: "/healthz", method: .get) { response throws in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/orders", method: .post, headers: english, body: json(#"{"juice": "banana-juice"}"#)) { response throws in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/metrics", method: .get) { response throws in
                #expect(response.body.text.contains("juice_state_up 1"))
            }
        }
        #expect(await store.base.history(limit: nil).count == 1)
    }
}
