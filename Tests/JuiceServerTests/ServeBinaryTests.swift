import Foundation
import Testing

/// Runs the built `juice serve` as its own process on a free port.
final class ServeProcess {
    let process = Process()
    let port: Int
    let directory: URL
    private let output = Pipe()

    static var executable: URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("juice"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("juice"),
            root.appendingPathComponent(".build/debug/juice"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
    }

    /// Starts `juice serve --port 0` in `directory` (state in `directory/state.sqlite`) and reads the port it got.
    init(directory: URL, extraArguments: [String] = [], environment: [String: String] = [:]) throws {
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

    /// Sends SIGTERM and returns how long the process took to exit (nil after 10 s, when it is killed).
    func terminate() -> Duration? {
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

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// `curl` with `arguments`, its output and status.
func curl(_ arguments: [String], timeout: Double = 10) throws -> (output: String, status: Int32) {
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

@Suite(.serialized) struct ServeBinaryTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("juice-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func servesAnOrderAndStopsWithinFiveSecondsOfSIGTERMWithAnEventStreamOpen() throws {
        let server = try ServeProcess(directory: try Self.temporaryDirectory())
        let base = "http://127.0.0.1:\(server.port)"
        let order = try curl(["-X", "POST", "\(base)/api/orders", "-H", "Accept-Language: ko", "-d", #"{"juice": "망고쥬스"}"#])
        #expect(order.output.contains("망고쥬스 나왔습니다! 맛있게 드세요!"))

        // An open event stream must not hold the shutdown up.
        let stream = Process()
        stream.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        stream.arguments = ["-s", "-N", "--max-time", "30", "\(base)/api/events"]
        let streamOutput = Pipe()
        stream.standardOutput = streamOutput
        try stream.run()
        let first = streamOutput.fileHandleForReading.availableData
        #expect(String(decoding: first, as: UTF8.self).contains("event: stock"))

        let took = try #require(server.terminate(), "juice serve did not stop within 10 s of SIGTERM")
        #expect(took < .seconds(5))
        #expect(server.process.terminationStatus == 0)
        stream.waitUntilExit()
    }

    @Test func refusesToListenBeyondLoopbackWithoutAStaffToken() throws {
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
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("refusing to listen on 0.0.0.0 without a staff token"))
    }

    @Test func theCommandLineAndTheServerSellFromOneStockAtOnceAndLoseNothing() throws {
        let directory = try Self.temporaryDirectory()
        let server = try ServeProcess(directory: directory, environment: ["JUICE_STAFF_TOKEN": "t"])
        defer { _ = server.terminate() }
        let base = "http://127.0.0.1:\(server.port)"
        let state = directory.appendingPathComponent("state.sqlite").path
        // Room for every order: 4 CLI processes × 5 pineapple juices (2 each) and 30 web kiwi juices (3 each).
        let restock = #"{"changes": [{"fruit": "kiwi", "set": 100}, {"fruit": "pineapple", "set": 100}]}"#
        #expect(try curl(["-X", "POST", "\(base)/api/stock", "-H", "Authorization: Bearer t", "-d", restock]).output.contains("\"kiwi\":100"))
        let cli = (0..<4).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "for i in 1 2 3 4 5; do \"$0\" order pineapple-juice --state \"$1\" || exit 1; done", ServeProcess.executable.path, state]
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
        let web = try curl(["--parallel", "--parallel-max", "16", "-w", "%{http_code}\n", "-X", "POST", "-d", #"{"juice": "kiwi-juice"}"#]
            + (0..<30).flatMap { _ in ["-o", "/dev/null", "\(base)/api/orders"] }, timeout: 60)
        var cliErrors = ""
        for (process, errors) in cli {
            cliErrors += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(!cliErrors.contains("locked"), "\(cliErrors)")
        #expect(web.output.split(separator: "\n").filter { $0 == "201" }.count == 30)
        let stock = try curl(["\(base)/api/stock"]).output
        #expect(stock.contains("\"kiwi\":10"))
        #expect(stock.contains("\"pineapple\":60"))
        let history = try curl(["\(base)/api/history?limit=1000", "-H", "Authorization: Bearer t"]).output
        #expect(history.components(separatedBy: "\"kind\":\"order\"").count - 1 == 30 + 20)
    }
}
