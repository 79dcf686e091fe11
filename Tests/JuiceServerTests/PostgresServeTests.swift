#if PostgreSQL
import Foundation
import Testing

/// Several built `juice serve` processes on one PostgreSQL database, driven over HTTP by curl (`.ci/run` always
/// starts the private server these need; without `JUICE_TEST_POSTGRES_URL` they are skipped and say so).
@Suite(
    "juice serve: several instances on one PostgreSQL database (end to end)", .serialized,
    .enabled(if: PostgresForTests.shared != nil, PostgresForTests.skipReason))
struct PostgresServeTests {
    /// `count` instances on `state`, each in `directory`.
    static func startInstances(_ count: Int, state: String, recipes: URL?, directory: URL) async throws -> [ServeInstance] {
        var instances: [ServeInstance] = []
        for _ in 0..<count { instances.append(try await ServeInstance.start(state: state, recipes: recipes, directory: directory)) }
        return instances
    }

    @Test("3 instances, 64 clients at once, 10 bananas: exactly 5 banana juices served in total, the rest 409, the journal exact")
    func sixtyFourClientsTenBananas() async throws {
        let server = try #require(PostgresForTests.shared)
        let directory = try fleetDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = server.url(of: try await server.freshDatabase())
        let instances = try await Self.startInstances(3, state: url, recipes: nil, directory: directory)
        defer { instances.forEach { $0.kill() } }

        let outcomes = await OrderLoad(bases: instances.map(\.base), clients: 64, directory: directory).runOnce()

        #expect(outcomes.count == 64)
        let served = outcomes.filter { $0.status == 201 }
        #expect(served.count == 5)
        #expect(outcomes.filter { $0.status == 409 && $0.errorCode == "insufficient-stock" }.count == 59)
        #expect(
            outcomes.allSatisfy { $0.status == 201 || $0.status == 409 }, "\(outcomes.filter { $0.status != 201 && $0.status != 409 }.map(\.body))")
        #expect(Set(outcomes.map(\.instance)) == [0, 1, 2], "every instance took part")
        let journal = try await journaledOrderIDs(state: url)
        #expect(journal.count == 5)
        #expect(journal.sorted() == served.compactMap(\.entryID).sorted(), "the journal holds exactly the orders the clients were served")
        let (left, doctor) = try await bananasAndDoctor(state: url, recipes: nil)
        #expect(left == 0)
        #expect(doctor.status == 0 && doctor.stdout.contains("healthy"), "\(doctor.stdout)\(doctor.stderr)")
    }

    @Test(
        """
        every instance pushes every change to its pages within 1 s and once, whichever instance or the CLI made it; a \
        change made while the listeners were cut off reaches the pages once they listen again
        """)
    func changesReachEveryInstanceOnce() async throws {
        let server = try #require(PostgresForTests.shared)
        let directory = try fleetDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await server.freshDatabase()
        let url = server.url(of: database)
        let instances = try await Self.startInstances(3, state: url, recipes: nil, directory: directory)
        defer { instances.forEach { $0.kill() } }
        let streams = try instances.map { try EventStreamReader(url: "\($0.base)/api/events") }
        defer { streams.forEach { $0.stop() } }
        #expect(await eventually(within: 30) { streams.allSatisfy { $0.stockEvents.count == 1 } }, "every page got the stock on connecting")
        #expect(streams.allSatisfy { bananaCount(inStockJSON: $0.stockEvents[0].data) == 10 })

        func order(at instance: ServeInstance) async throws {
            let answer = try await curlChild([
                "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-d", #"{"juice": "banana-juice"}"#, "\(instance.base)/api/orders",
            ])
            try #require(answer.stdout == "201", "order at \(instance.base): \(answer.stdout)")
        }
        let changes: [(name: String, bananasAfter: Int, make: () async throws -> Void)] = [
            ("an order at instance 1", 8, { try await order(at: instances[0]) }),
            ("an order at instance 2", 6, { try await order(at: instances[1]) }),
            ("an order at instance 3", 4, { try await order(at: instances[2]) }),
            (
                "juice order in a terminal", 2,
                {
                    let outcome = try await juice(["order", "banana-juice", "--state", url])
                    try #require(outcome.status == 0, "\(outcome.stderr)")
                }
            ),
            (
                "juice stock add in a terminal", 6,
                {
                    let outcome = try await juice(["stock", "add", "banana", "4", "--state", url])
                    try #require(outcome.status == 0, "\(outcome.stderr)")
                }
            ),
            (
                "a staff stock change at instance 2", 9,
                {
                    let answer = try await curlChild([
                        "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-H", "Authorization: Bearer \(ServeInstance.token)",
                        "-d", #"{"changes": [{"fruit": "banana", "set": 9}]}"#, "\(instances[1].base)/api/stock",
                    ])
                    try #require(answer.stdout == "200", "stock change: \(answer.stdout)")
                }
            ),
        ]
        var latencies: [Duration] = []
        for (index, change) in changes.enumerated() {
            try await change.make()
            let done = ContinuousClock.now
            let arrived = await eventually(within: 30) { streams.allSatisfy { $0.stockEvents.count >= index + 2 } }
            try #require(arrived, "\(change.name): not every page got a stock event")
            for (number, stream) in streams.enumerated() {
                let event = stream.stockEvents[index + 1]
                #expect(bananaCount(inStockJSON: event.data) == change.bananasAfter, "\(change.name), page of instance \(number + 1)")
                let latency = event.arrival > done ? event.arrival - done : .zero
                latencies.append(latency)
                #expect(latency < .seconds(1), "\(change.name) reached the page of instance \(number + 1) after \(latency)")
            }
        }

        // Cut every instance's listening connection and keep it from coming back, then change the stock (through an
        // instance's pooled connection, which stays): no listener hears that change's notification.
        try await server.psql("ALTER DATABASE \(database) ALLOW_CONNECTIONS false")
        do {
            try await server.psql(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE 'LISTEN%'
                """)
            try await order(at: instances[0])
            let listening = try await server.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE 'LISTEN%'")
            #expect(listening == "0", "a listener was connected when the change committed, so this would test nothing")
        } catch {
            try await server.psql("ALTER DATABASE \(database) ALLOW_CONNECTIONS true")
            throw error
        }
        try await server.psql("ALTER DATABASE \(database) ALLOW_CONNECTIONS true")
        let caughtUp = await eventually(within: 30) { streams.allSatisfy { $0.stockEvents.count >= changes.count + 2 } }
        #expect(caughtUp, "the pages did not catch up with the change missed while the listeners were cut")
        for stream in streams where caughtUp {
            #expect(bananaCount(inStockJSON: stream.stockEvents[changes.count + 1].data) == 7)
        }

        // Exactly one stock event per change, on every page: no duplicates arrived meanwhile.
        for (number, stream) in streams.enumerated() {
            #expect(
                stream.stockEvents.compactMap { bananaCount(inStockJSON: $0.data) } == [10, 8, 6, 4, 2, 6, 9, 7], "page of instance \(number + 1)")
        }
        let slowest = latencies.max() ?? .zero
        print("changes reached every page within \(slowest) (the slowest of \(latencies.count))")
    }

    @Test("SIGKILL of one instance in the middle of a burst: the invariant holds, every 201 is journaled exactly once")
    func killOneInstanceMidBurst() async throws {
        let server = try #require(PostgresForTests.shared)
        let directory = try fleetDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let initial = 50_000
        let recipes = try writeRecipes(into: directory, bananas: initial)
        let url = server.url(of: try await server.freshDatabase())
        let instances = try await Self.startInstances(3, state: url, recipes: recipes, directory: directory)
        defer { instances.forEach { $0.kill() } }

        let load = OrderLoad(bases: instances.map(\.base), clients: 48, requestsPerBatch: 192, directory: directory)
        load.start()
        let warmedUp = await eventually(within: 120) { load.outcomes.filter { $0.status == 201 }.count >= 100 }
        // Kill it while a batch is under way (a batch keeps 48 requests in flight; outcomes are known at its end).
        let batch = load.batchesStarted
        _ = await eventually(within: 120) { load.batchesStarted > batch }
        try await Task.sleep(for: .milliseconds(50))
        let killedAt = ContinuousClock.now
        instances[2].kill()
        let servedAfterKill = await eventually(within: 120) {
            load.outcomes.filter { $0.status == 201 && $0.instance != 2 && $0.batchStarted > killedAt }.count >= 150
        }
        await load.stop()
        try #require(warmedUp && servedAfterKill, "the burst did not get going (\(load.outcomes.count) requests)")

        let outcomes = load.outcomes
        // Served: a 201 that arrived whole. The kill can cut a response after its status line and before its body
        // (curl then reports 201 and a broken transfer); such an order is ambiguous, as any other cut one.
        let served = outcomes.filter { $0.status == 201 && !$0.wasCut }
        let killed = outcomes.filter { $0.instance == 2 }
        #expect(killed.contains { $0.status == 0 }, "requests to the killed instance failed, so it died in the middle of the burst")
        // The survivors answer every order; with ample stock there is nothing to refuse and no reason to fail.
        let survivors = outcomes.filter { $0.instance != 2 }
        #expect(survivors.allSatisfy { $0.status == 201 || $0.status == 503 }, "\(survivors.filter { $0.status != 201 }.map(\.body).prefix(3))")
        #expect(!outcomes.contains { (500...599).contains($0.status) && $0.status != 503 })

        // Every 201 names its own journal entry, and every one of those is in the journal (ids are unique there).
        let servedIDs = served.compactMap(\.entryID)
        #expect(
            servedIDs.count == served.count,
            "every 201 carries its entry: \(served.filter { $0.entryID == nil }.map { "instance \($0.instance), exit \($0.curlExit): \($0.body)" }.prefix(3))"
        )
        #expect(Set(servedIDs).count == servedIDs.count, "no two 201s name the same entry")
        let journal = try await journaledOrderIDs(state: url)
        #expect(Set(servedIDs).subtracting(journal).isEmpty, "a 201 the client received is missing from the journal")
        // The journal may hold more than the 201s only by orders whose answer never arrived: a connection cut by the
        // kill after the request went out (the order may have committed just before), or a 503 (the database did not
        // answer in time; the order may still have committed). Refused connections (curl exit 7) never reached it.
        let ambiguous = outcomes.filter { $0.wasCut || $0.status == 503 }.count
        #expect(journal.count >= served.count)
        #expect(journal.count <= served.count + ambiguous, "\(journal.count) journaled, \(served.count) served, \(ambiguous) cut")

        let (left, doctor) = try await bananasAndDoctor(state: url, recipes: recipes)
        #expect(left == initial - 2 * journal.count, "stock = initial + the journal's deltas")
        #expect(doctor.status == 0 && doctor.stdout.contains("healthy"), "\(doctor.stdout)\(doctor.stderr)")
        print(
            "SIGKILL: \(outcomes.count) requests, \(served.count) served, \(journal.count) journaled, \(ambiguous) cut, \(outcomes.filter { $0.curlExit == 7 }.count) refused connections"
        )
    }

    @Test(
        """
        the database stopped and started again in the middle of a burst: 503 (never 500) and /healthz not ready while \
        it is away, no oversell, every 201 journaled exactly once, every instance serves again by itself and its pages \
        catch up
        """)
    func databaseRestartMidBurst() async throws {
        let server = try await PostgresForTests.startPrivate()
        do {
            try await databaseRestart(on: server)
        } catch {
            try? await server.script("stop")
            throw error
        }
        try await server.script("stop")
    }

    private func databaseRestart(on server: PostgresForTests) async throws {
        let directory = try fleetDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let initial = 2_000
        let recipes = try writeRecipes(into: directory, bananas: initial)
        let url = server.url
        let instances = try await Self.startInstances(3, state: url, recipes: recipes, directory: directory)
        defer { instances.forEach { $0.kill() } }
        let streams = try instances.map { try EventStreamReader(url: "\($0.base)/api/events") }
        defer { streams.forEach { $0.stop() } }

        let load = OrderLoad(bases: instances.map(\.base), clients: 48, directory: directory)
        load.start()
        let warmedUp = await eventually(within: 120) { load.outcomes.filter { $0.status == 201 }.count >= 30 }
        let wentDown = ContinuousClock.now  // (before: the first failures come while the script still runs)
        try await server.script("down")

        // While the database is away (all at once: each answer may wait for the 5 s deadline): /healthz on every
        // instance is not ready; an order is 503 in the request's language. Neither names the database's host, port,
        // user, name or socket directory (the user and the database are both `juice`): the reason is in the log.
        let port = try #require(URLComponents(string: url)?.port)
        let secrets = ["127.0.0.1", String(port), "juice", "postgres", try #require(server.directory)]
        async let healthz = withTaskGroup(of: (String, Bool).self) { group in
            for instance in instances {
                group.addTask {
                    var answer = ""
                    let notReady = await eventually(within: 60) {
                        answer = (try? await curlChild(["-w", "\n%{http_code}", "\(instance.base)/healthz"]))?.stdout ?? ""
                        return answer.hasSuffix("\n503")
                    }
                    return (answer, notReady)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        async let english = curlChild([
            "-i", "-X", "POST", "-H", "Accept-Language: en", "-d", #"{"juice": "banana-juice"}"#, "\(instances[0].base)/api/orders",
        ])
        async let korean = curlChild([
            "-i", "-X", "POST", "-H", "Accept-Language: ko", "-d", #"{"juice": "banana-juice"}"#, "\(instances[1].base)/api/orders",
        ])
        for (answer, notReady) in await healthz {
            #expect(notReady, "/healthz stayed ready while the database was away: \(answer)")
            // (No Accept-Language: the instance's language, from the environment.)
            #expect(answer.contains("\"not-ready\"") && (answer.contains("try again shortly") || answer.contains("잠시 후 다시")), "\(answer)")
            for secret in secrets { #expect(!answer.contains(secret), "/healthz gives away '\(secret)': \(answer)") }
        }
        for (language, answer) in [("en", try await english), ("ko", try await korean)] {
            #expect(answer.stdout.hasPrefix("HTTP/1.1 503"), "\(answer.stdout)")
            #expect(answer.stdout.lowercased().contains("retry-after: 1"))
            // The body only: the headers name the server (`Server: juice`).
            let body = answer.stdout.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            #expect(body.contains("\"code\":\"state-"), "\(answer.stdout)")
            let words = language == "en" ? "try again shortly" : "잠시 후 다시 해 보세요"
            #expect(body.contains(words), "the message in the request's language (\(language)): \(body)")
            for secret in secrets { #expect(!body.contains(secret), "a 503 gives away '\(secret)': \(body)") }
        }
        // Each instance's log has the reason (the database's address, user and name), at most a line per 10 s.
        for instance in instances {
            let elapsed = ContinuousClock.now - wentDown
            let logged = (try? String(contentsOf: instance.log, encoding: .utf8)) ?? ""
            let lines = logged.split(separator: "\n").filter { $0.contains("the shop's state cannot be used") }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("postgres://juice@127.0.0.1:\(port)/juice") }, "\(logged)")
            #expect(lines.count <= Int(elapsed / .seconds(10)) + 1, "\(lines.count) lines in \(elapsed): \(lines)")
        }
        #expect(await eventually(within: 60) { load.outcomes.contains { $0.status == 503 } }, "clients got 503 while the database was away")

        try await server.script("up")
        let back = ContinuousClock.now
        for instance in instances {
            let ready = await eventually(within: 60) {
                (try? await curlChild(["-o", "/dev/null", "-w", "%{http_code}", "\(instance.base)/healthz"]))?.stdout == "200"
            }
            #expect(ready, "\(instance.base) did not become ready again")
        }
        // The burst goes on until the stock runs out on every instance.
        let soldOut = await eventually(within: 180) {
            let refused = Set(load.outcomes.filter { $0.status == 409 && $0.batchStarted > back }.map(\.instance))
            return refused.count == instances.count
        }
        await load.stop()
        try #require(warmedUp && soldOut, "the burst did not go through (\(load.outcomes.count) requests)")

        let outcomes = load.outcomes
        #expect(
            outcomes.allSatisfy { [201, 409, 503].contains($0.status) },
            "\(outcomes.filter { ![201, 409, 503].contains($0.status) }.map { "\($0.status) exit \($0.curlExit): \($0.body)" }.prefix(3))")
        #expect(outcomes.filter { $0.status == 503 }.allSatisfy { $0.errorCode?.hasPrefix("state-") == true })
        for index in instances.indices {
            #expect(
                outcomes.contains { $0.instance == index && $0.batchStarted > back && ($0.status == 201 || $0.status == 409) },
                "instance \(index + 1) served again after the database came back")
        }

        let served = outcomes.filter { $0.status == 201 }
        let servedIDs = served.compactMap(\.entryID)
        #expect(servedIDs.count == served.count && Set(servedIDs).count == servedIDs.count, "every 201 names an entry of its own")
        let journal = try await journaledOrderIDs(state: url)
        // No oversell: the stock ran out, and exactly as many orders as the stock held are journaled.
        #expect(journal.count == initial / 2)
        #expect(served.count <= initial / 2)
        #expect(Set(servedIDs).subtracting(journal).isEmpty, "a 201 the client received is missing from the journal")
        // Orders journaled without a 201 can only be 503s whose commit happened as the connection went down.
        let unavailable = outcomes.filter { $0.status == 503 }.count
        #expect(journal.count - served.count <= unavailable, "\(journal.count) journaled, \(served.count) served, \(unavailable) answered 503")
        let (left, doctor) = try await bananasAndDoctor(state: url, recipes: recipes)
        #expect(left == 0)
        #expect(doctor.status == 0 && doctor.stdout.contains("healthy"), "\(doctor.stdout)\(doctor.stderr)")

        // Every page, connected since before the outage, ends on the stock as it is.
        let caughtUp = await eventually(within: 30) { streams.allSatisfy { $0.stockEvents.last.flatMap { bananaCount(inStockJSON: $0.data) } == 0 } }
        #expect(caughtUp, "pages show \(streams.map { $0.stockEvents.last.flatMap { bananaCount(inStockJSON: $0.data) } ?? -1 })")
        print("database restart: \(outcomes.count) requests, \(served.count) served, \(unavailable) answered 503, \(journal.count) journaled")
    }
}
#endif
