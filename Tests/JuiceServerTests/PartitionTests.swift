#if PostgreSQL
import Foundation
import JuiceTestSupport
import Testing

/// Partitions and slow networks between a counter (`juice serve`) and PostgreSQL, tested as such: two counters on
/// one database, one of them cut off by a fault-injecting proxy (a stall, a reset, latency) or, with PostgreSQL and
/// each counter in a network namespace of its own, by its link going down. Every request must be answered within the
/// documented deadline (5 s), with 503 and `Retry-After` when the database cannot be reached in time, and an order
/// whose outcome is unknown said to be so (with its request id), never refused; after the heal both counters serve
/// within 5 s and the pages catch up; after each fault the history of every request and answer agrees with the
/// journal (`checkHistory`).
@Suite(
    "partitions and slow networks between a counter and PostgreSQL", .serialized,
    .enabled(if: PostgresForTests.shared != nil, PostgresForTests.skipReason))
struct PartitionTests {
    /// The deadline docs/reliability.md promises for every answer (the store's budget is 4.5 s).
    static let deadline = 5.0
    /// The bananas the shop starts with: plenty, so that every refusal here would be a lie.
    static let bananas = 400

    /// A fault between counter A and the database.
    enum Fault: String, CaseIterable, Sendable {
        /// No byte passes for 8 s (a cut network while TCP retransmits), then everything held flows on.
        case stall = "a stall of 8 s"
        /// No byte passes for 3 s, then every connection is reset.
        case stallThenReset = "a stall of 3 s, then every connection reset"
        /// Every byte 100 ms late each way, for 4 s.
        case latency = "100 ms of latency each way"
    }

    @Test("a stall, a reset, latency between counter A and PostgreSQL: answers in time, the truth about every order")
    func proxyFaults() async throws {
        let server = try #require(PostgresForTests.shared)
        let directory = try fleetDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await server.freshDatabase()
        let direct = server.url(of: database)
        let port = try #require(URLComponents(string: direct)?.port)
        let proxy = try FaultProxy(upstreamHost: "127.0.0.1", upstreamPort: port)
        defer { proxy.stop() }
        let recipes = try writeRecipes(into: directory, bananas: Self.bananas)
        let counterA = try await ServeInstance.start(
            state: "postgres://juice@127.0.0.1:\(proxy.port)/\(database)", recipes: recipes, directory: directory)
        defer { counterA.kill() }
        let counterB = try await ServeInstance.start(state: direct, recipes: recipes, directory: directory)
        defer { counterB.kill() }
        let page = try EventStreamReader(url: "\(counterA.base)/api/events")
        defer { page.stop() }
        let history = RequestHistory()
        for (base, label) in [(counterA.base, "A"), (counterB.base, "B")] {
            let warmUp = history.record(try await timedOrder(at: base, label: label))
            try #require(warmUp.status == 201, "\(warmUp.body)")
        }
        for fault in Fault.allCases {
            let window: Duration
            switch fault {
            case .stall:
                proxy.set(.hold)
                window = .seconds(8)
            case .stallThenReset:
                proxy.set(.hold)
                window = .seconds(3)
            case .latency:
                proxy.set(.latency(.milliseconds(100)))
                window = .seconds(4)
            }
            let answers = try await requestsDuring(window, cut: counterA.base, other: counterB.base, history: history) {
                if fault == .stallThenReset {
                    proxy.resetAll()
                    proxy.set(.pass)
                }
            }
            proxy.set(.pass)
            try expectAnswersInTime(answers, fault: fault.rawValue, allServed: fault == .latency)
            try await expectHealed([counterA.base, counterB.base], page: page, history: history, fault: fault.rawValue)
            try await checkHistory(history, state: direct, initialBananas: Self.bananas, lookUpAt: counterB.base, fault: fault.rawValue)
        }
        for passing in [false, true] {
            try await commitLost(
                passing: passing, proxy: proxy, counters: (counterA.base, counterB.base), page: page, history: history, state: direct)
        }
        try await commandLineCommitLost(proxy: proxy, state: direct, database: database)
    }

    /// `juice order` through the proxy, its order's COMMIT lost on its way: exit 3, `state-outcome-unknown` with the
    /// request id in its message, and the order not journaled.
    func commandLineCommitLost(proxy: FaultProxy, state: String, database: String) async throws {
        // The process's first COMMITs are its migration check and its stock sync; the third is its order's.
        proxy.hold(whenClientSends: "COMMIT", passing: false, skipping: 2)
        defer { proxy.set(.pass) }
        let started = ContinuousClock.now
        let order = try await juice([
            "order", "banana-juice", "--json", "--state", "postgres://juice@127.0.0.1:\(proxy.port)/\(database)",
        ])
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print("juice order, its COMMIT lost: exit \(order.status) after \(String(format: "%.2f", seconds)) s")
        #expect(proxy.triggerFired, "the order's COMMIT went through the proxy")
        #expect(order.status == 3, "\(order.stdout)\(order.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(order.stdout.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any], "\(order.stdout)")
        #expect(error["kind"] as? String == "state-outcome-unknown")
        let request = try #require(error["request"] as? String)
        #expect(order.stderr.contains(request) && order.stderr.contains("may or may not have been applied"), "\(order.stderr)")
        try await Task.sleep(for: .milliseconds(2500))
        #expect(try await journal(state: state).allSatisfy { $0.request != request }, "the lost COMMIT was never applied")
    }

    /// The connection is cut just as an order's COMMIT is sent (the proxy holds everything from the COMMIT on): the
    /// COMMIT itself lost on its way (`passing` false: the database never commits, and ends the transaction 2 s
    /// later), or its answer lost (`passing` true: committed). Either way the client is told the outcome is unknown,
    /// with the request id, within the deadline, and the look-up 2 s later says which it was.
    func commitLost(
        passing: Bool, proxy: FaultProxy, counters: (cut: String, other: String), page: EventStreamReader, history: RequestHistory,
        state: String
    ) async throws {
        let fault = passing ? "the COMMIT's answer lost" : "the COMMIT lost on its way"
        proxy.hold(whenClientSends: "COMMIT", passing: passing)
        let answer = history.record(try await timedOrder(at: counters.cut, label: "A (\(fault))"))
        print("\(fault): \(answer)")
        #expect(proxy.triggerFired, "\(fault): the order's COMMIT went through the proxy")
        #expect(answer.status == 503 && answer.code == "state-outcome-unknown", "\(fault): \(answer) \(answer.body)")
        #expect(answer.retryAfter != nil && answer.seconds < Self.deadline, "\(fault): \(answer)")
        let request = try #require(answer.request, "\(fault): the unknown outcome names the request: \(answer.body)")
        // The database settles a transaction whose client went silent within 2 s (idle_in_transaction_session_timeout).
        try await Task.sleep(for: .milliseconds(2500))
        let lookUp = try await timedRequest("GET", "\(counters.other)/api/orders/\(request)", label: "look-up")
        #expect(lookUp.status == (passing ? 200 : 404), "\(fault): the look-up says \(passing ? "made" : "not made"): \(lookUp.body)")
        if !passing { #expect(lookUp.code == "no-such-order") }
        proxy.set(.pass)
        try await expectHealed([counters.cut, counters.other], page: page, history: history, fault: fault)
        try await checkHistory(history, state: state, initialBananas: Self.bananas, lookUpAt: counters.other, fault: fault)
    }

    @Test(
        "test hosts in network namespaces, PostgreSQL on one of its own: counter A's link to it taken down for 8 s answers in time, B serves on, both after the heal",
        .enabled(if: NetworkNamespaces.available || NetworkNamespaces.required, NetworkNamespaces.skipReason))
    func linkDown() async throws {
        try #require(
            NetworkNamespaces.available, "JUICE_REQUIRE_NETNS=1 but network namespaces cannot be made here (root and `ip netns add` are needed)")
        let directory = try fleetDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // PostgreSQL on a host of its own: a cluster started for this test in a namespace on a bridge, which each
        // counter's database link joins (and the test process, for the history check).
        let database = "juice_partition"
        let databaseHost = try await DatabaseHost.start(database: database)
        defer { databaseHost.remove() }
        let state = databaseHost.url(of: database)
        let hostA = try NamespaceHost.make(0, database: databaseHost)
        defer { hostA.remove() }
        let hostB = try NamespaceHost.make(1, database: databaseHost)
        defer { hostB.remove() }
        let recipes = try writeRecipes(into: directory, bananas: Self.bananas)
        var counters: [ServeInstance] = []
        for host in [hostA, hostB] {
            counters.append(
                try await ServeInstance.start(state: state, recipes: recipes, directory: directory, host: host.address, namespace: host.name))
        }
        defer { counters.forEach { $0.kill() } }
        let page = try EventStreamReader(url: "\(counters[0].base)/api/events")
        defer { page.stop() }
        let history = RequestHistory()
        for (counter, label) in zip(counters, ["A", "B"]) {
            let warmUp = history.record(try await timedOrder(at: counter.base, label: label))
            try #require(warmUp.status == 201, "\(warmUp.body)")
        }
        try hostA.setDatabaseLink(up: false)
        let answers = try await requestsDuring(.seconds(8), cut: counters[0].base, other: counters[1].base, history: history) {}
        try hostA.setDatabaseLink(up: true)
        try expectAnswersInTime(answers, fault: "link down", allServed: false)
        try await expectHealed(counters.map(\.base), page: page, history: history, fault: "link down")
        try await checkHistory(history, state: state, initialBananas: Self.bananas, lookUpAt: counters[1].base, fault: "link down")
    }

    /// During `window`: an order at each counter every second, and at the cut one its stock, menu, page and a staff
    /// stock change (kiwis, so the bananas stay the orders'); `atEnd` runs when the window ends. Returns once every
    /// request was answered (never later than the deadline after the window).
    func requestsDuring(
        _ window: Duration, cut: String, other: String, history: RequestHistory, atEnd: @escaping @Sendable () -> Void
    ) async throws -> [TimedAnswer] {
        let seconds = Int(window.components.seconds)
        return try await withThrowingTaskGroup(of: TimedAnswer.self) { group in
            for second in 0..<seconds {
                group.addTask {
                    try await Task.sleep(for: .seconds(second))
                    return history.record(try await timedOrder(at: cut, label: "A (cut)"))
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(second))
                    return history.record(try await timedOrder(at: other, label: "B"))
                }
            }
            let reads: [(String, String, String?, Bool)] = [
                ("GET", "/api/stock", nil, false), ("GET", "/api/menu", nil, false), ("GET", "/", nil, false),
                ("POST", "/api/stock", #"{"changes": [{"fruit": "kiwi", "add": 1}]}"#, true),
            ]
            for (index, read) in reads.enumerated() {
                group.addTask {
                    try await Task.sleep(for: .milliseconds(500 + 700 * index))
                    return history.record(
                        try await timedRequest(read.0, "\(cut)\(read.1)", label: "\(read.0) \(read.1) at A (cut)", body: read.2, staff: read.3))
                }
            }
            group.addTask {
                try await Task.sleep(for: window)
                atEnd()
                return TimedAnswer(label: "window end", status: -1, seconds: 0, body: "")
            }
            var answers: [TimedAnswer] = []
            for try await answer in group where answer.status != -1 { answers.append(answer) }
            return answers
        }
    }

    /// Every answer within the deadline; every 503 with `Retry-After`; an order at the cut counter either served or
    /// told it was not made (`state-…`) or that its outcome is unknown, never refused; the page always; the other
    /// counter served at least once. With `allServed`, every request succeeded.
    func expectAnswersInTime(_ answers: [TimedAnswer], fault: String, allServed: Bool) throws {
        try #require(!answers.isEmpty)
        let slowest = answers.map(\.seconds).max() ?? 0
        print("\(fault): \(answers.count) requests, the slowest answered in \(String(format: "%.2f", slowest)) s")
        for answer in answers {
            #expect(answer.status != 0 && answer.seconds >= 0 && answer.seconds < Self.deadline, "\(fault): \(answer)")
            if answer.status == 503 { #expect(answer.retryAfter != nil, "\(fault): \(answer) has Retry-After") }
            if answer.label.hasPrefix("order") {
                #expect([201, 503].contains(answer.status), "\(fault): \(answer) \(answer.body)")
                if answer.status == 503 { #expect(answer.code?.hasPrefix("state-") == true, "\(fault): \(answer)") }
            }
            if answer.label.hasPrefix("GET / ") { #expect(answer.status == 200, "\(fault): the page is served: \(answer)") }
            if allServed { #expect([200, 201].contains(answer.status), "\(fault): \(answer) \(answer.body)") }
        }
        #expect(answers.contains { $0.label == "order at B" && $0.status == 201 }, "\(fault): counter B kept serving")
    }

    /// After the heal: each counter serves an order within 5 s, and the cut counter's page gets the stock as it is now.
    func expectHealed(_ bases: [String], page: EventStreamReader, history: RequestHistory, fault: String) async throws {
        let healed = ContinuousClock.now
        for (index, base) in bases.enumerated() {
            let served = try await eventually(within: 5) {
                try await history.record(timedOrder(at: base, label: index == 0 ? "A (healed)" : "B (healed)")).status == 201
            }
            #expect(served, "\(fault): counter \(index == 0 ? "A" : "B") serves again within 5 s of the heal")
        }
        print("\(fault): both counters served again \(String(format: "%.2f", (ContinuousClock.now - healed) / .seconds(1))) s after the heal")
        let stock = try await timedRequest("GET", "\(bases[1])/api/stock", label: "stock")
        let bananas = try #require(bananaCount(inStockJSON: stock.body))
        // A change made at another counter reaches the page by notification, or by the token read every 5 s.
        let caughtUp = await eventually(within: 10) { page.stockEvents.last.flatMap { bananaCount(inStockJSON: $0.data) } == bananas }
        #expect(caughtUp, "\(fault): the cut counter's page caught up with \(bananas) bananas")
        print(
            "\(fault): the cut counter's page showed the stock \(String(format: "%.2f", (ContinuousClock.now - healed) / .seconds(1))) s after the heal"
        )
    }
}
#endif
