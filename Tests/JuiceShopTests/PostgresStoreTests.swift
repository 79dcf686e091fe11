#if PostgreSQL
import Foundation
import JuiceCore
import JuiceShop
import Testing

@Suite("PostgreSQL store", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresStoreTests {
    let book = TestBook.standard

    func juice(_ id: JuiceID) throws -> Juice { try #require(book.juice(id)) }

    @Test("capacity comes from the book and is enforced by the database as a backstop")
    func capacityBackstop() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let store = try await PostgresStore.open(url: url)
        _ = try await store.perform(.change([.add("banana", 5)], kind: .add), book: book, command: "a")
        await #expect {
            try await PostgresTestServer.execute("UPDATE stock SET count = 101 WHERE fruit = 'banana'", in: url)
        } throws: { error in "\(String(reflecting: error))".contains("stock_count_within_capacity") }
        await #expect {
            try await PostgresTestServer.execute("UPDATE stock SET count = -1 WHERE fruit = 'banana'", in: url)
        } throws: { error in "\(String(reflecting: error))".contains("stock_count_within_capacity") }
        await store.close()
    }

    @Test("run() as a service: the pool runs until the task's graceful shutdown or cancellation, then its connections are closed")
    func runsAsAService() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let database = try PostgresLocation(url: url).database
        // A deadline well above the default: on a machine busy with the whole suite, the early call waits for `run()`
        // and its first connection within one deadline.
        let store = try PostgresStore(url: url, operationTimeout: .seconds(60))
        try await store.prepare()  // (its own connection: no pool needed)
        // A call made before `run()` starts waits for it: the pool lives in `run()`, not in a task the store spawns.
        let early = Task { try await store.perform(.make(try juice("banana-juice"), count: 1), book: book, command: "served") }
        try await Task.sleep(for: .milliseconds(50))
        let service = Task { try await store.run() }
        _ = try await early.value
        let second = Task { try await store.run() }
        try await second.value  // a second run() returns at once: the pool runs once
        _ = try await store.perform(.make(try juice("banana-juice"), count: 1), book: book, command: "served")
        let connections = "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()"
        #expect(try await PostgresTestServer.integers(connections, in: url).first ?? 0 >= 1)
        service.cancel()
        try await service.value
        #expect(try await connectionsLeft(connections, in: url) == 0, "closed on shutdown")
        await #expect(throws: ShopError.state(.connectionLost(location: store.location, detail: "the store was closed"))) {
            try await store.history(limit: nil)
        }
    }

    @Test("close() (what a one-shot command calls) ends every connection of the store")
    func closeEndsConnections() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let database = try PostgresLocation(url: url).database
        let store = try await PostgresStore.open(url: url)
        _ = try await store.perform(.make(try juice("banana-juice"), count: 1), book: book, command: "served")
        await store.close()
        let connections = "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()"
        #expect(try await connectionsLeft(connections, in: url) == 0)
    }

    /// What `count` (a count of connections) gives once it is 0, or after 5 s (a backend leaves pg_stat_activity a
    /// moment after its client said goodbye).
    func connectionsLeft(_ count: String, in url: String) async throws -> Int {
        var left = -1
        for _ in 0..<50 {
            left = try await PostgresTestServer.integers(count, in: url).first ?? -1
            if left == 0 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return left
    }

    @Test("four processes migrating one new database at once: every one opens it, none trips over the others")
    func concurrentMigrations() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresStore.open(url: url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(stores.count == 4)
        _ = try await stores[0].perform(.make(try juice("banana-juice"), count: 1), book: book, command: "m")
        #expect(try await stores[3].history(limit: nil).count == 1)
        for store in stores { await store.close() }
    }

    @Test("a database migrated by a newer JuiceMaker is refused, untouched")
    func newerSchema() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        try await PostgresStore.open(url: url).close()
        try await PostgresTestServer.execute("INSERT INTO schema_migrations (version) VALUES (99)", in: url)
        let location = try PostgresLocation(url: url).description
        await #expect(throws: ShopError.state(.newerSchema(path: location, version: 99))) {
            try await PostgresStore.open(url: url)
        }
    }

    @Test("64 concurrent orders of banana juice against 10 bananas through 4 stores: exactly 5 served, journal exact")
    func noOversell() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        var stores: [PostgresStore] = []
        for _ in 0..<4 { stores.append(try await PostgresStore.openForBurst(url: url)) }
        let outcomes = try await orderBurst(64, over: stores)
        let served = outcomes.compactMap { try? $0.get() }
        #expect(served.count == 5)
        for case .failure(let error) in outcomes {
            guard case .orderRefused(.insufficientStock("banana-juice", 1, let shortages)) = error else {
                Issue.record("unexpected failure: \(error)")
                continue
            }
            #expect(shortages.count == 1 && shortages[0].fruit == "banana" && shortages[0].inStock < 2)
        }
        let journal = try await stores[0].history(limit: nil)
        #expect(Set(journal.map(\.id)) == Set(served.compactMap(\.entry?.id)))
        #expect(journal.allSatisfy { $0.deltas == ["banana": -2] })
        #expect(try await stores[1].snapshot(book: book).inventory["banana"] == 0)
        #expect(try await stores[2].checkIntegrity().isHealthy)
        for store in stores { await store.close() }
    }

    @Test("a count applied while two stores (two counters) take orders: every order kept, none counted twice")
    func countWhileSelling() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let counters = [try await PostgresStore.openForBurst(url: url), try await PostgresStore.openForBurst(url: url)]
        let shops = counters.map { Shop(book: book, store: $0) }
        _ = try await shops[0].changeStock([.set("banana", 100)], kind: .set, command: "t")
        let session = try await shops[0].startCount()
        // Staff count 90 bananas (10 went missing) while both counters sell banana juice (2 bananas each); the count is
        // applied from the first counter in the middle of it.
        let applied = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask { (try? await shops[index % 2].order("banana-juice", command: "t")) == nil ? 0 : 1 }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(20))
                _ = try await shops[1].count([("banana", 90)], session: session.id, command: "t")
                return 0
            }
            return try await group.reduce(0, +)
        }
        #expect(applied == 20)
        let journal = try await counters[0].history(limit: nil)
        let count = try #require(journal.first { $0.kind == .count })
        let line = try #require(count.detail?.counts?.first)
        // Expected: the 100 bananas at the start; the variance is the missing 10 whenever the orders came.
        #expect(line.expected == 100 && line.counted == 90 && line.variance == -10)
        #expect(count.deltas == ["banana": -10])
        // Every order is in the journal once and in the stock once: 100 − 10 − 20 × 2.
        #expect(journal.filter { $0.kind == .order }.count == 20)
        #expect(try await counters[1].snapshot(book: book).inventory["banana"] == 50)
        #expect(try await counters[0].checkIntegrity().isHealthy)
        for counter in counters { await counter.close() }
    }

    @Test("orders, stock changes and undos through 4 stores at once, on overlapping fruits: none fails for a deadlock or conflict")
    func fixedLockOrder() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        var opened: [PostgresStore] = []
        for _ in 0..<4 { opened.append(try await PostgresStore.openForBurst(url: url)) }
        let stores = opened
        _ = try await stores[0].perform(
            .change([.set("banana", 100), .set("strawberry", 100), .set("mango", 100), .set("kiwi", 100)], kind: .set), book: book, command: "fill")
        let (book, juices) = (book, try ["strawberry-banana-juice", "mango-kiwi-juice", "banana-juice", "kiwi-juice"].map { try juice(JuiceID($0)) })
        let outcomes = await withTaskGroup(of: Result<ShopReceipt, ShopError>.self) { group in
            for index in 0..<160 {
                group.addTask {
                    let store = stores[index % stores.count]
                    do throws(ShopError) {
                        switch index % 8 {
                        case 7: return .success(try await store.undo(book: book, command: "undo \(index)"))
                        case 6:
                            return .success(
                                try await store.perform(
                                    .change([.add("kiwi", 1), .remove("strawberry", 1), .add("banana", 1)], kind: .add), book: book,
                                    command: "c\(index)"))
                        default:
                            return .success(try await store.perform(.make(juices[index % juices.count], count: 1), book: book, command: "o\(index)"))
                        }
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for case .failure(let error) in outcomes {
            switch error {
            // Refusals by the stock rules are answers, not failures: kiwi starts full, so an add that comes before any
            // kiwi is used is above capacity (the order of the 160 tasks decides it).
            case .orderRefused(.insufficientStock), .undoRefused, .nothingToUndo, .stockRefused(.belowZero), .stockRefused(.aboveCapacity): continue
            default: Issue.record("unexpected failure: \(error)")
            }
        }
        let served = outcomes.compactMap { try? $0.get() }.compactMap(\.entry?.id)
        let journal = try await stores[1].history(limit: nil)
        #expect(Set(journal.map(\.id)) == Set(served + [1]))
        #expect(try await stores[2].checkIntegrity().isHealthy)
        for store in stores { await store.close() }
    }

    @Test("group commit: concurrent orders in shared transactions, each all or nothing, each receipt its own stock")
    func groupCommit() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let store = try await PostgresStore.openForBurst(url: url)
        _ = try await store.perform(.change([.set("banana", 100), .set("kiwi", 4)], kind: .set), book: book, command: "fill")
        let (banana, kiwi, book) = (try juice("banana-juice"), try juice("kiwi-juice"), book)
        let outcomes = await withTaskGroup(of: Result<ShopReceipt, ShopError>.self) { group in
            for index in 0..<75 {
                group.addTask {
                    // Every third order is kiwi juice: one of them can be made; the 50 banana juices all can.
                    do throws(ShopError) {
                        return .success(try await store.perform(.make(index % 3 == 0 ? kiwi : banana, count: 1), book: book, command: "o\(index)"))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let served = outcomes.compactMap { try? $0.get() }.sorted { ($0.entry?.id ?? 0) < ($1.entry?.id ?? 0) }
        #expect(served.count == 51)
        for case .failure(let error) in outcomes {
            guard case .orderRefused(.insufficientStock("kiwi-juice", 1, let shortages)) = error else {
                Issue.record("unexpected failure: \(error)")
                continue
            }
            #expect(shortages.map(\.fruit) == ["kiwi"])
        }
        // In entry order, each receipt shows the stock right after its own order.
        var bananas = 100
        var kiwis = 4
        for receipt in served {
            if receipt.entry?.juice == "banana-juice" { bananas -= 2 } else { kiwis -= 3 }
            #expect(
                receipt.snapshot.inventory["banana"] == bananas && receipt.snapshot.inventory["kiwi"] == kiwis,
                "entry \(receipt.entry?.id ?? 0): \(receipt.snapshot.inventory.counts)")
        }
        let journal = try await store.history(limit: nil).filter { $0.kind == .order }
        #expect(journal.map(\.id).sorted() == served.compactMap(\.entry?.id))
        #expect(try await store.snapshot(book: book).inventory["banana"] == 0)
        #expect(try await store.snapshot(book: book).inventory["kiwi"] == 1)
        #expect(try await store.changeToken() == 52)
        #expect(try await store.checkIntegrity().isHealthy)
        await store.close()
    }

    @Test("connections cut in the middle of a burst: nothing half-applied, every served order journaled once")
    func connectionsDroppedMidBurst() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let database = try PostgresLocation(url: url).database
        let stores = [try await PostgresStore.open(url: url), try await PostgresStore.open(url: url)]
        _ = try await stores[0].perform(.change([.set("banana", 100)], kind: .set), book: book, command: "fill")
        let outcomes = try await orderBurst(40, over: stores) {
            try? await PostgresTestServer.execute(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()
                """)
        }
        let served = outcomes.compactMap { try? $0.get() }
        for case .failure(let error) in outcomes {
            switch error {
            case .state(.connectionLost), .state(.outcomeUnknown): continue  // cut before its COMMIT, or during it
            default: Issue.record("a cut connection must be reported as lost (or the outcome unknown), not: \(error)")
            }
        }
        // The stores reconnect by themselves: an order goes through within a few attempts (an attempt may still meet
        // a pooled connection that died with the others and be reported as lost).
        let banana = try juice("banana-juice")
        var after: ShopReceipt?
        for attempt in 1...5 where after == nil {
            do throws(ShopError) {
                after = try await stores[1].perform(.make(banana, count: 1), book: book, command: "after \(attempt)")
            } catch {
                guard case .state(.connectionLost) = error else { throw error }
            }
        }
        let recovered = try #require(after, "no order went through after the connections were cut")
        let journal = try await stores[0].history(limit: nil).filter { $0.kind == .order }
        let journalIDs = journal.map(\.id)
        #expect(Set(journalIDs).count == journalIDs.count)
        let answered: [Int] = served.compactMap(\.entry?.id) + [try #require(recovered.entry?.id)]
        #expect(Set(answered).isSubset(of: Set(journalIDs)))
        #expect(recovered.snapshot.inventory["banana"] == 100 - 2 * journal.count)
        #expect(try await stores[0].checkIntegrity().isHealthy)
        for store in stores { await store.close() }
    }

    /// `count` concurrent orders of one banana juice spread over `stores`, with `meanwhile` started after the first
    /// third of them; every order's outcome.
    func orderBurst(
        _ count: Int, over stores: [PostgresStore], meanwhile: @escaping @Sendable () async -> Void = {}
    ) async throws -> [Result<ShopReceipt, ShopError>] {
        let (book, banana) = (book, try juice("banana-juice"))
        return await withTaskGroup(of: Result<ShopReceipt, ShopError>?.self) { group in
            for index in 0..<count {
                if index == count / 3 {
                    group.addTask {
                        await meanwhile()
                        return nil
                    }
                }
                group.addTask {
                    do throws(ShopError) {
                        let store = stores[index % stores.count]
                        return .success(try await store.perform(.make(banana, count: 1), book: book, command: "burst \(index)"))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var outcomes: [Result<ShopReceipt, ShopError>] = []
            for await case let outcome? in group { outcomes.append(outcome) }
            return outcomes
        }
    }

    @Test("change tokens are pushed by NOTIFY from another process's change, and re-read after the listener's connection is cut")
    func changeNotifications() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let database = try PostgresLocation(url: url).database
        let (listener, writer) = (try await PostgresStore.open(url: url), try await PostgresStore.open(url: url))
        // A long polling interval: only notifications (or a re-sync after reconnecting) can deliver within the test.
        var tokens = listener.changeTokens(pollingEvery: .seconds(1)).makeAsyncIterator()
        #expect(await tokens.next() == 0)
        _ = try await writer.perform(.make(try juice("banana-juice"), count: 1), book: book, command: "n1")
        #expect(await tokens.next() == 1)
        try await PostgresTestServer.execute(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE 'LISTEN%'
            """)
        // Sent while the listener is away: lost as a notification, found by the re-read after reconnecting.
        _ = try await writer.perform(.make(try juice("banana-juice"), count: 1), book: book, command: "n2")
        #expect(await tokens.next() == 2)
        await listener.close()
        await writer.close()
    }

    @Test(
        "a change whose notification never came (a listener dropped without a word) still arrives, read every changeCheckInterval",
        .timeLimit(.minutes(1)))
    func lostNotifications() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        let (listener, writer) = (
            try await PostgresStore.open(url: url, changeCheckInterval: .milliseconds(300)), try await PostgresStore.open(url: url)
        )
        var tokens = listener.changeTokens(pollingEvery: .seconds(1)).makeAsyncIterator()
        #expect(await tokens.next() == 0)
        // Counted as a change but announced to nobody: only the periodic read can find it (else the test times out).
        try await PostgresTestServer.execute("UPDATE change_count SET changes = changes + 1 WHERE slot = 0", in: url)
        let started = ContinuousClock.now
        #expect(await tokens.next() == 1)
        #expect(ContinuousClock.now - started < .seconds(10))
        // Notifications still work beside the periodic read, and no token comes twice.
        _ = try await writer.perform(.make(try juice("banana-juice"), count: 1), book: book, command: "n1")
        #expect(await tokens.next() == 2)
        _ = try await writer.perform(.make(try juice("banana-juice"), count: 1), book: book, command: "n2")
        #expect(await tokens.next() == 3)
        await listener.close()
        await writer.close()
    }
}

@Suite("PostgreSQL faults", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresFaultTests {
    @Test("no server at the port: an error naming host and port")
    func unreachable() async throws {
        let port = try freePort()
        await #expect {
            try await PostgresStore.open(url: "postgres://juice@127.0.0.1:\(port)/juice?sslmode=disable")
        } throws: { error in
            guard case .state(.unreachable(_, "127.0.0.1", port, _)) = error as? ShopError else { return false }
            return "\(error)".contains("127.0.0.1:\(port)")
        }
    }

    @Test("no such database: an error naming it")
    func missingDatabase() async throws {
        let server = try PostgresTestServer.location
        let url = "postgres://juice@\(server.host):\(server.port)/no_such_shop?sslmode=disable"
        await #expect(throws: ShopError.state(.noSuchDatabase(location: try PostgresLocation(url: url).description, database: "no_such_shop"))) {
            try await PostgresStore.open(url: url)
        }
    }

    @Test("a wrong password, or none where one is needed: the login is refused", arguments: ["juice_secret:wrong@", "juice_secret@"])
    func wrongPassword(credentials: String) async throws {
        let database = try PostgresLocation(url: try await PostgresTestServer.freshDatabase()).database
        try await PostgresTestServer.execute("GRANT ALL ON SCHEMA public TO juice_secret", database: database)
        let server = try PostgresTestServer.location
        let url = "postgres://\(credentials)\(server.host):\(server.port)/\(database)?sslmode=disable"
        await #expect(throws: ShopError.state(.authenticationFailed(location: try PostgresLocation(url: url).description, user: "juice_secret"))) {
            try await PostgresStore.open(url: url)
        }
        // The right password gets in.
        try await PostgresStore.open(url: "postgres://juice_secret:right@\(server.host):\(server.port)/\(database)?sslmode=disable").close()
    }

    @Test("a role that may not create the tables: permission denied, with the server's reason")
    func permissionDenied() async throws {
        let url = try await PostgresTestServer.freshDatabase(user: "juice_limited")
        await #expect {
            try await PostgresStore.open(url: url)
        } throws: { error in
            guard case .state(.permissionDenied(_, let detail)) = error as? ShopError else { return false }
            return detail.contains("permission denied")
        }
    }

    private func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

extension PostgresStore {
    /// Opens a store for a burst test: these tests check deadlocks, conflicts and the journal under a burst of
    /// concurrent changes, not the 5 s deadline of one change (`PostgresFaultTests` and the partition tests do). On a
    /// loaded two-core CI machine, a change queued behind 160 others can wait past 5 s for a connection, which would
    /// read as a lost connection here.
    fileprivate static func openForBurst(url: String) async throws(ShopError) -> PostgresStore {
        try await open(url: url, operationTimeout: .seconds(60))
    }
}
#endif
