import Foundation
import JuiceTestSupport
import Testing

/// Several `juice` processes against one state file.
@Suite("juice processes in parallel", .serialized)
struct ConcurrencyTests {
    @Test("16 orders started together against 10 bananas: exactly 5 served, 11 refused, 0 left, 5 journaled")
    func sixteenOrders() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock"]).status == 0)  // reads create no state file: the orders below create it together
        let outcomes = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<16 {
                group.addTask { try await shop.run(["order", "banana-juice"], throttled: false).status }
            }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == 0 }.count == 5)
        #expect(outcomes.filter { $0 == 1 }.count == 11)
        #expect(try await shop.stock()["banana"] == 0)
        let orders = try await shop.history().filter { $0["kind"] as? String == "order" }
        #expect(orders.count == 5)
    }

    @Test("orders killed with SIGKILL at random moments: the invariant holds, every served order is journaled once")
    func killedOrders() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock", "set", "banana=100", "kiwi=100", "mango=100", "pineapple=100"]).status == 0)
        var served = 0
        var killed = 0
        var generator = SystemRandomNumberGenerator()
        for round in 0..<24 {
            let process = Process()
            process.executableURL = JuiceBinary.executable
            process.arguments = ["order", ["banana-juice", "kiwi-juice", "mango-juice", "pineapple-juice"][round % 4]]
            process.currentDirectoryURL = shop.directory
            process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no", "LANG": "en_US.UTF-8"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let delay = round % 2 == 0 ? UInt32.random(in: 0...40_000, using: &generator) : nil
            // The pause is a blocking one (a task's sleep may resume much later on a busy pool), on a thread of its own.
            try await offThePool {
                if let delay {
                    usleep(delay)
                    kill(process.processIdentifier, SIGKILL)
                }
                process.waitUntilExit()
            }
            if process.terminationReason == .uncaughtSignal { killed += 1 } else if process.terminationStatus == 0 { served += 1 }
        }
        let state = try await shop.run(["history", "--json"])
        #expect(state.status == 0, "the state file still opens: \(state.stderr)")
        let orders = try await shop.history().filter { $0["kind"] as? String == "order" }.count
        #expect(orders >= served && orders <= served + killed)
        // stock = initial + journal deltas, checked against what the journal says was taken.
        let stock = try await shop.stock()
        let taken = try await shop.history().reduce(into: [String: Int]()) { total, entry in
            for (fruit, delta) in entry["deltas"] as? [String: Int] ?? [:] { total[fruit, default: 0] += delta }
        }
        for fruit in ["banana", "kiwi", "mango", "pineapple", "strawberry"] {
            #expect(stock[fruit] == 10 + (taken[fruit] ?? 0), "\(fruit)")
        }
    }
}
