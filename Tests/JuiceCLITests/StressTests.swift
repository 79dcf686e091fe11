import Foundation
import JuiceTestSupport
import Testing

/// Many `juice` processes mixing every kind of change against one state file, with and without SIGKILL.
@Suite("Stress and faults on the shop's state", .serialized)
struct StressTests {
    static let commands: [[String]] = [
        ["order", "banana-juice"], ["order", "딸바쥬스"], ["order", "kiwi-juice", "--count", "2"], ["order", "mango-kiwi-juice"],
        ["stock", "add", "banana", "3"], ["stock", "remove", "kiwi"], ["stock", "set", "mango=7", "pineapple=12"],
        ["undo"], ["order", "pineapple-juice"], ["stock", "add", "strawberry", "5"],
    ]

    /// How many of `processes` succeeded, and how many of those were stock sets (a set to the values already there
    /// changes nothing, and a change of nothing is not journaled).
    static func successes(_ processes: [Process]) -> (all: Int, sets: Int) {
        let succeeded = processes.filter { $0.terminationReason == .exit && $0.terminationStatus == 0 }
        return (succeeded.count, succeeded.filter { $0.arguments?.prefix(2) == ["stock", "set"] }.count)
    }

    /// Starts one `juice` process for each command at once; returns each process.
    static func launch(_ shop: ShopSandbox, count: Int) throws -> [Process] {
        try (0..<count).map { index in
            let process = Process()
            process.executableURL = JuiceBinary.executable
            process.arguments = commands[index % commands.count]
            process.currentDirectoryURL = shop.directory
            process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no", "LANG": "en_US.UTF-8"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            return process
        }
    }

    /// Checks the invariant through the binary: stock = initial 10 + every journaled delta, never below 0.
    static func checkInvariant(_ shop: ShopSandbox) async throws -> Int {
        let stock = try await shop.stock()
        let history = try await shop.history()
        var totals: [String: Int] = [:]
        for entry in history {
            for (fruit, delta) in entry["deltas"] as? [String: Int] ?? [:] { totals[fruit, default: 0] += delta }
        }
        for fruit in ["strawberry", "banana", "pineapple", "kiwi", "mango"] {
            #expect(stock[fruit] == 10 + (totals[fruit] ?? 0), "\(fruit): stock \(stock[fruit] ?? -1), journal \(totals[fruit] ?? 0)")
            #expect((stock[fruit] ?? -1) >= 0 && (stock[fruit] ?? 101) <= 100)
        }
        let ids = history.compactMap { $0["id"] as? Int }
        #expect(Set(ids).count == ids.count, "no entry is journaled twice")
        return history.count
    }

    @Test("100 processes mixing orders, restocks, sets and undos: invariant holds, each change journaled once")
    func hundredProcesses() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock"]).status == 0)
        let processes = try Self.launch(shop, count: 100)
        try await offThePool { for process in processes { process.waitUntilExit() } }
        let succeeded = Self.successes(processes)
        #expect(processes.allSatisfy { $0.terminationReason == .exit && [0, 1].contains($0.terminationStatus) })
        let entries = try await Self.checkInvariant(shop)
        #expect(
            entries <= succeeded.all && entries >= succeeded.all - succeeded.sets,
            "every successful command that changed something, and only those, is in the journal")
    }

    @Test("SIGKILL at random moments during such runs, repeated: the invariant holds after each")
    func killedRuns() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock"]).status == 0)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3 {
            let before = try await shop.history().count
            let processes = try Self.launch(shop, count: 30)
            let delay = UInt32.random(in: 20_000...200_000, using: &generator)
            let victims = processes.filter { _ in Bool.random(using: &generator) }
            // The pause is a blocking one (a task's sleep may resume much later on a busy pool), on a thread of its own.
            try await offThePool {
                usleep(delay)
                for process in victims { kill(process.processIdentifier, SIGKILL) }
                for process in processes { process.waitUntilExit() }
            }
            let succeeded = Self.successes(processes)
            let killed = processes.filter { $0.terminationReason == .uncaughtSignal }.count
            let entries = try await Self.checkInvariant(shop) - before
            #expect(entries >= succeeded.all - succeeded.sets && entries <= succeeded.all + killed)
        }
    }

    @Test("disk full: a clear error, and the state unchanged")
    func diskFull() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        let stock = try await shop.stock()
        let entries = try await shop.history().count
        // A 4 KiB file-size limit makes every write to the database fail as a full disk would (SIGXFSZ ignored).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" stock add kiwi 5", JuiceBinary.executable.path]
        process.currentDirectoryURL = shop.directory
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = try await offThePool {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return message
        }
        #expect(process.terminationStatus == 1, "\(message)")
        #expect(message.contains(".juice/state.sqlite"), "\(message)")
        #expect(message.contains("disk full") && message.contains("nothing was changed"), "\(message)")
        #expect(try await shop.stock() == stock)
        #expect(try await shop.history().count == entries)
    }

    @Test("a read-only state file: a clear error, and the state unchanged")
    func readOnlyState() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        _ = chmod(shop.directory.path, 0o755)
        _ = chmod(shop.statePath.deletingLastPathComponent().path, 0o555)
        _ = chmod(shop.statePath.path, 0o444)
        defer { _ = chmod(shop.statePath.deletingLastPathComponent().path, 0o755) }
        let before = try Data(contentsOf: shop.statePath)
        let outcome = try await JuiceBinary.run(["stock", "add", "kiwi", "5"], in: shop.directory, asUnprivilegedUser: true)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(".juice/state.sqlite"), "\(outcome.stderr)")
        #expect(try Data(contentsOf: shop.statePath) == before)
    }
}
