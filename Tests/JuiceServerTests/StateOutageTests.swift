import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Logging
import Synchronization
import JuiceTestSupport
import Testing
@testable import JuiceServer

/// A store in memory that can be taken away: while it is down every call fails as a lost PostgreSQL connection does.
final class OutageStore: ShopStore {
    let base = MemoryStore()
    private let state = Mutex((down: false, readsToFail: 0, failedReads: 0))

    /// Where the store says it is: a host, a user and a database name that no public answer may give away.
    var location: String { "postgres://\(Self.user)@\(Self.host):5432/\(Self.database)" }
    static let host = "db-outage.example"
    static let user = "outage_user"
    static let database = "outage_db"
    /// A driver's detail naming a file (the socket), which no public answer may give away either.
    static let detail = "could not connect to /var/run/outage-socket/.s.PGSQL.5432: the database did not answer in time"
    /// Everything of the reason that must stay in the server's log.
    static let secrets = [host, user, database, "/var/run/outage-socket", "5432", "did not answer"]

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
        if down { throw .state(.connectionLost(location: location, detail: Self.detail)) }
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

    func lastGoodRecipes() async throws(ShopError) -> KeptRecipeSet? {
        try check()
        return await base.lastGoodRecipes()
    }

    func keepLastGoodRecipes(_ set: KeptRecipeSet) async throws(ShopError) -> Bool {
        try check()
        return await base.keepLastGoodRecipes(set)
    }

    func history(limit: Int?) async throws(ShopError) -> [JournalEntry] {
        try check()
        return await base.history(limit: limit)
    }

    func refusedOrders(limit: Int?) async throws(ShopError) -> [RefusedOrder] {
        try check()
        return await base.refusedOrders(limit: limit)
    }

    func checkIntegrity() async throws(ShopError) -> IntegrityReport {
        try check()
        return await base.checkIntegrity()
    }

    func countSession(id: String) async throws(ShopError) -> CountSession? {
        try check()
        return await base.countSession(id: id)
    }

    func startCount() async throws(ShopError) -> CountSession {
        try check()
        return await base.startCount()
    }

    func createPurchaseOrders(_ drafts: [PurchaseOrderDraft]) async throws(ShopError) -> [PurchaseOrder] {
        try check()
        return await base.createPurchaseOrders(drafts)
    }

    func purchaseOrders(status: PurchaseOrderStatus?) async throws(ShopError) -> [PurchaseOrder] {
        try check()
        return await base.purchaseOrders(status: status)
    }

    func purchaseOrder(id: Int) async throws(ShopError) -> PurchaseOrder? {
        try check()
        return await base.purchaseOrder(id: id)
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
        let (_, first, events) = try await hub.subscribe(client: ClientAddress(named: "test"))
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
        let (_, _, events) = try await hub.subscribe(client: ClientAddress(named: "test"))

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
        #expect(try received.allSatisfy { try JSONDecoder().decode(StockJSON.self, from: Data($0.data.utf8)).stock["banana"] == 10 })
    }

    @Test func whileTheStateIsAwayRequestsGet503InTheirLanguageHealthzIsNotReadyAndNothingChanges() async throws {
        let store = OutageStore()
        let shop = try TestShop(store: store)
        let log = RecordedLog()
        let english: HTTPFields = [.contentType: "application/json", .acceptLanguage: "en"]
        // Every public answer while the state is away: none may name the database, its user, host or socket file.
        let answers = Mutex<[String]>([])
        try await shop.application(logger: log.logger).test(.router) { client in
            store.setDown(true)
            try await client.execute(uri: "/api/orders", method: .post, headers: english, body: json(#"{"juice": "banana-juice"}"#)) {
                response throws in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                let error = try response.body.decoded(ErrorBody.self).error
                #expect(error.code == "state-connection-lost")
                #expect(error.message == "the shop's stock cannot be reached right now; try again shortly", "\(error.message)")
                answers.withLock { $0.append(response.body.text) }
            }
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "바나나쥬스"}"#)) {
                response throws in
                #expect(response.status == .serviceUnavailable)
                #expect(try response.body.decoded(ErrorBody.self).error.message == "지금은 가게 재고를 불러올 수 없어요. 잠시 후 다시 해 보세요")
                answers.withLock { $0.append(response.body.text) }
            }
            try await client.execute(
                uri: "/api/stock", method: .post, headers: TestShop.staffHeaders, body: json(#"{"changes": [{"fruit": "banana", "add": 1}]}"#)
            ) { response throws in
                #expect(response.status == .serviceUnavailable)
                answers.withLock { $0.append(response.body.text) }
            }
            for uri in ["/api/menu", "/api/stock", "/api/events", "/api/history"] {
                try await client.execute(uri: uri, method: .get, headers: TestShop.staffHeaders) { response throws in
                    #expect(response.status == .serviceUnavailable, "\(uri)")
                    #expect(response.headers[.retryAfter] == "1", "\(uri)")
                    #expect(try response.body.decoded(ErrorBody.self).error.code == "state-connection-lost", "\(uri)")
                    answers.withLock { $0.append(response.body.text) }
                }
            }
            try await client.execute(uri: "/api/undo", method: .post, headers: TestShop.staffHeaders) { response throws in
                #expect(response.status == .serviceUnavailable)
                answers.withLock { $0.append(response.body.text) }
            }
            try await client.execute(uri: "/healthz", method: .get, headers: [.acceptLanguage: "en"]) { response throws in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                let error = try response.body.decoded(ErrorBody.self).error
                #expect(error.code == "not-ready")
                #expect(error.message == "not ready to serve: the shop's stock cannot be reached right now; try again shortly", "\(error.message)")
                answers.withLock { $0.append(response.body.text) }
            }
            try await client.execute(uri: "/healthz", method: .get) { response throws in
                #expect(try response.body.decoded(ErrorBody.self).error.message == "아직 주문을 받을 수 없어요: 지금은 가게 재고를 불러올 수 없어요. 잠시 후 다시 해 보세요")
                answers.withLock { $0.append(response.body.text) }
            }
            try await client.execute(uri: "/metrics", method: .get) { response throws in
                #expect(response.status == .ok, "metrics are still scraped while the state is away")
                #expect(response.body.text.contains("juice_state_up 0"))
                answers.withLock { $0.append(response.body.text) }
            }
            #expect(await store.base.history(limit: nil).isEmpty, "nothing was changed")

            store.setDown(false)
            try await client.execute(uri: "/healthz", method: .get) { response throws in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/orders", method: .post, headers: english, body: json(#"{"juice": "banana-juice"}"#)) {
                response throws in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/metrics", method: .get) { response throws in
                #expect(response.body.text.contains("juice_state_up 1"))
            }
        }
        #expect(await store.base.history(limit: nil).count == 1)
        let answered = answers.withLock { $0 }
        #expect(answered.count == 11)
        for answer in answered {
            for secret in OutageStore.secrets {
                #expect(!answer.contains(secret), "a public answer gives away '\(secret)': \(answer)")
            }
        }
        // The server's log has the whole reason, once: the other 9 failures (503s) of the outage came within the interval.
        let lines = log.lines.filter { $0.hasPrefix("error ") }
        #expect(lines.count == 1, "\(log.lines)")
        for secret in OutageStore.secrets {
            #expect(lines.first?.contains(secret) == true, "the log lacks '\(secret)': \(lines)")
        }
    }

    @Test func theLogGetsOneLineAnIntervalCountingTheFailuresItLeftOut() async throws {
        let log = RecordedLog()
        let failures = StateFailureLog(interval: .seconds(3600))
        let error = StateError.connectionLost(location: "postgres://u@h:1/d", detail: "gone")
        for _ in 0..<5 { await failures.record(error, path: "/api/menu", logger: log.logger) }
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.contains("unlogged_since_last=0") == true, "\(log.lines)")

        // With no interval every failure is logged, each saying how many went unlogged before it.
        let everyTime = StateFailureLog(interval: .zero)
        let all = RecordedLog()
        for _ in 0..<3 { await everyTime.record(error, path: "/healthz", logger: all.logger) }
        #expect(all.lines.count == 3)
        #expect(all.lines.allSatisfy { $0.contains("postgres://u@h:1/d") && $0.contains("gone") && $0.contains("path=/healthz") })
    }
}
