import Foundation
import JuiceTestSupport
import JuiceRecipes
import Testing

/// Runs the built `juice serve` as its own process on a free port.
final class ServeProcess: Sendable {
    let process = Process()
    let port: Int
    let directory: URL
    private let output = Pipe()

    /// A staff token that meets the start-up rule (32 hex characters, as `openssl rand -hex 16` makes).
    static let token = "0f8e1c2d3b4a59687766554433221100"

    static var executable: URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("juice"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("juice"),
            root.appendingPathComponent(".build/debug/juice"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
    }

    /// Starts `juice serve --port 0` in `directory` (state in `directory/state.sqlite`) and reads the port it got;
    /// the wait for that line happens off the cooperative pool.
    static func start(directory: URL, extraArguments: [String] = [], environment: [String: String] = [:]) async throws -> ServeProcess {
        try await offThePool { try ServeProcess(directory: directory, extraArguments: extraArguments, environment: environment) }
    }

    /// `start`, blocking the calling thread until the server printed its port.
    private init(directory: URL, extraArguments: [String], environment: [String: String]) throws {
        self.directory = directory
        process.executableURL = Self.executable
        process.arguments = ["serve", "--port", "0", "--state", directory.appendingPathComponent("state.sqlite").path] + extraArguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["LOG_LEVEL"] = "warning"
        env.removeValue(forKey: "JUICE_STAFF_TOKEN")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://127.0.0.1:"), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no port in '\(text)'"])
        }
        self.port = port
    }

    /// Sends SIGTERM and returns how long the process took to exit (nil after 10 s, when it is killed); it is
    /// watched from a thread of its own.
    func terminate() async throws -> Duration? {
        try await offThePool { [process] in
            let started = ContinuousClock.now
            kill(process.processIdentifier, SIGTERM)
            while process.isRunning {
                if ContinuousClock.now - started > .seconds(10) {
                    kill(process.processIdentifier, SIGKILL)
                    return nil
                }
                usleep(10_000)
            }
            return ContinuousClock.now - started
        }
    }

    /// Sends SIGTERM without waiting (for `defer`: the process ends by itself, and `deinit` kills it if still running).
    func stopWithoutWaiting() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// `curl` with `arguments`, its output and status; the wait for it happens off the cooperative pool.
func curl(_ arguments: [String], timeout: Double = 10) async throws -> (output: String, status: Int32) {
    try await offThePool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--max-time", String(timeout)] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}

@Suite(.serialized) struct ServeBinaryTests {
    static func temporaryDirectory() throws -> URL {
        try TestDirectories.make("juice-serve")
    }

    @Test func servesAnOrderAndStopsWithinFiveSecondsOfSIGTERMWithAnEventStreamOpen() async throws {
        let server = try await ServeProcess.start(directory: try Self.temporaryDirectory())
        let base = "http://127.0.0.1:\(server.port)"
        let order = try await curl(["-X", "POST", "\(base)/api/orders", "-H", "Accept-Language: ko", "-d", #"{"juice": "망고쥬스"}"#])
        #expect(order.output.contains("망고쥬스 나왔습니다! 맛있게 드세요!"))

        // An open event stream must not hold the shutdown up.
        let stream = Process()
        stream.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        stream.arguments = ["-s", "-N", "--max-time", "30", "\(base)/api/events"]
        let streamOutput = Pipe()
        stream.standardOutput = streamOutput
        try stream.run()
        let first = try await offThePool { streamOutput.fileHandleForReading.availableData }
        #expect(String(decoding: first, as: UTF8.self).contains("event: stock"))

        let took = try #require(try await server.terminate(), "juice serve did not stop within 10 s of SIGTERM")
        #expect(took < .seconds(5))
        #expect(server.process.terminationStatus == 0)
        try await offThePool { stream.waitUntilExit() }
    }

    @Test func refusesToListenBeyondLoopbackWithoutAStaffToken() async throws {
        let process = Process()
        process.executableURL = ServeProcess.executable
        process.arguments = ["serve", "--host", "0.0.0.0", "--port", "0"]
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env.removeValue(forKey: "JUICE_STAFF_TOKEN")
        process.environment = env
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = try await offThePool {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return message
        }
        #expect(process.terminationStatus == 2)
        #expect(message.contains("refusing to listen on 0.0.0.0 without a staff token"))
    }

    @Test func theCommandLineAndTheServerSellFromOneStockAtOnceAndLoseNothing() async throws {
        let directory = try Self.temporaryDirectory()
        let server = try await ServeProcess.start(directory: directory, environment: ["JUICE_STAFF_TOKEN": ServeProcess.token])
        defer { server.stopWithoutWaiting() }
        let base = "http://127.0.0.1:\(server.port)"
        let state = directory.appendingPathComponent("state.sqlite").path
        // Room for every order: 4 CLI processes × 5 pineapple juices (2 each) and 30 web kiwi juices (3 each).
        let restock = #"{"changes": [{"fruit": "kiwi", "set": 100}, {"fruit": "pineapple", "set": 100}]}"#
        #expect(
            try await curl(["-X", "POST", "\(base)/api/stock", "-H", "Authorization: Bearer \(ServeProcess.token)", "-d", restock]).output.contains(
                "\"kiwi\":100"))
        let cli = (0..<4).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "for i in 1 2 3 4 5; do \"$0\" order pineapple-juice --state \"$1\" || exit 1; done", ServeProcess.executable.path, state,
            ]
            var env = ProcessInfo.processInfo.environment
            env["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = env
            process.currentDirectoryURL = directory
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            return (process, errors)
        }
        for (process, _) in cli { try process.run() }
        let web = try await curl(
            ["--parallel", "--parallel-max", "16", "-w", "%{http_code}\n", "-X", "POST", "-d", #"{"juice": "kiwi-juice"}"#]
                + (0..<30).flatMap { _ in ["-o", "/dev/null", "\(base)/api/orders"] }, timeout: 60)
        var cliErrors = ""
        for (process, errors) in cli {
            cliErrors += try await offThePool {
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return text
            }
            #expect(process.terminationStatus == 0)
        }
        #expect(!cliErrors.contains("locked"), "\(cliErrors)")
        #expect(web.output.split(separator: "\n").filter { $0 == "201" }.count == 30)
        let stock = try await curl(["\(base)/api/stock"]).output
        #expect(stock.contains("\"kiwi\":10"))
        #expect(stock.contains("\"pineapple\":60"))
        let history = try await curl(["\(base)/api/history?limit=1000", "-H", "Authorization: Bearer \(ServeProcess.token)"]).output
        #expect(history.components(separatedBy: "\"kind\":\"order\"").count - 1 == 30 + 20)
    }

    /// The built-in recipe set written into `directory/recipes`, and that directory.
    static func writeRecipes(into directory: URL) throws -> URL {
        try TestDirectories.writeBuiltInRecipes(into: directory)
        return directory.appendingPathComponent("recipes")
    }

    @Test func sighupReloadsTheMenuWhenNothingWatchesTheDirectory() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipes = try Self.writeRecipes(into: directory)
        // --watch off: only SIGHUP (or POST /api/reload) can explain a change in the menu.
        let server = try await ServeProcess.start(
            directory: directory, extraArguments: ["--recipes", recipes.path, "--watch", "off"],
            environment: ["JUICE_STAFF_TOKEN": ServeProcess.token])
        defer { server.stopWithoutWaiting() }
        let base = "http://127.0.0.1:\(server.port)"
        let before = try await curl(["\(base)/api/menu"]).output
        #expect(before.contains("\"banana-juice\""))
        #expect(!before.contains("\"orange-juice\""))

        try """
        version: 1
        fruits:
          orange:
            name: {ko: 오렌지, en: Orange}
            emoji: 🍊
        juices:
          orange-juice:
            name: {ko: 오렌지쥬스, en: Orange Juice}
            recipe: {orange: 3}
        """.write(to: recipes.appendingPathComponent("orange.yaml"), atomically: true, encoding: .utf8)
        let unreloaded = try await curl(["\(base)/api/reload", "-H", "Authorization: Bearer \(ServeProcess.token)"]).output
        #expect(!unreloaded.contains("lastAttempt"), "nothing has reloaded: \(unreloaded)")

        // SIGHUP is trapped once the server's background work runs; until then it is ignored. Ask again until the
        // reload is seen (a guard of 20 s, not a measurement).
        var menu = ""
        var status = ""
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            kill(server.process.processIdentifier, SIGHUP)
            // The newest attempt may already be a later SIGHUP's "unchanged": the menu is what must have changed.
            menu = try await curl(["\(base)/api/menu"]).output
            if menu.contains("\"orange-juice\"") { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        status = try await curl(["\(base)/api/reload", "-H", "Authorization: Bearer \(ServeProcess.token)"]).output
        #expect(server.process.isRunning, "SIGHUP never stops the server")
        #expect(menu.contains("\"orange-juice\""), "the new juice is on the menu after SIGHUP: \(status)")
        #expect(menu.contains("\"banana-juice\""))
    }

    /// The message of an order for an unknown juice sent without Accept-Language to `juice serve` started with
    /// `environment` and `arguments`.
    static func unknownJuiceMessage(environment: [String: String], arguments: [String] = []) async throws -> String {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServeProcess.start(directory: directory, extraArguments: arguments, environment: environment)
        defer { server.stopWithoutWaiting() }
        return try await curl(["-X", "POST", "http://127.0.0.1:\(server.port)/api/orders", "-d", #"{"juice": "nothing-juice"}"#]).output
    }

    @Test func serveSpeaksTheLanguageEveryCommandDoesLangElseTheEnvironmentElseKorean() async throws {
        let none = ["LANG": "", "LC_ALL": "", "LC_MESSAGES": ""]
        #expect(try await Self.unknownJuiceMessage(environment: none).contains("메뉴에 없는 쥬스예요"))
        #expect(try await Self.unknownJuiceMessage(environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]).contains("메뉴에 없는 쥬스예요"))
        let english = try await Self.unknownJuiceMessage(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(english.contains("unknown juice 'nothing-juice'"), "\(english)")
        #expect(
            try await Self.unknownJuiceMessage(environment: ["LANG": "en_US.UTF-8", "LC_ALL": ""], arguments: ["--lang", "ko"]).contains(
                "메뉴에 없는 쥬스예요"))
    }
}
