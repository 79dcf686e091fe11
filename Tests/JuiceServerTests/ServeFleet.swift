#if PostgreSQL
import Foundation
import JuiceTestSupport
import JuiceRecipes
import Synchronization
import Testing

// Helpers for end-to-end tests of several `juice serve` processes on one PostgreSQL database. Every wait here runs on
// threads of its own (child processes, pipes), never blocking the threads Swift concurrency runs tests on.

/// What a finished child process printed and how it exited.
struct ChildOutcome: Sendable {
    var stdout: String
    var stderr: String
    var status: Int32
}

/// A thrown failure of the test machinery itself (not of the code under test).
struct FleetError: Error, CustomStringConvertible {
    var description: String
}

/// Runs `executable arguments…` to its end on a thread of its own; killed after `timeout` seconds. Its standard
/// error goes to a file, not a pipe: a daemon it starts (`pg_ctl start`) may keep that open long after it exited.
func runChild(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    timeout: Double = 120
) async throws -> ChildOutcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let output = Pipe()
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("juice-child-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errors = try FileHandle(forWritingTo: errorFile)
    defer { try? errors.close() }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let finished = Mutex(false)
    Thread {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if finished.withLock({ $0 }) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        finished.withLock { done in if !done && process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    }.start()
    let stdout: String = await withCheckedContinuation { continuation in
        Thread {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            finished.withLock { $0 = true }
            continuation.resume(returning: text)
        }.start()
    }
    let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return ChildOutcome(stdout: stdout, stderr: stderr, status: process.terminationStatus)
}

/// An empty directory (made once): `juice` run there uses its built-in recipes.
let emptyDirectory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("juice-fleet-empty-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// The built `juice` with `arguments`, in `directory` (default: an empty one, so the built-in recipes are used).
func juice(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) async throws -> ChildOutcome {
    try await runChild(
        ServeProcess.executable, arguments, environment: ["LANG": "en_US.UTF-8", "LC_ALL": ""].merging(environment) { $1 },
        directory: directory ?? emptyDirectory)
}

/// `curl -s arguments…`.
func curlChild(_ arguments: [String], timeout: Double = 30) async throws -> ChildOutcome {
    try await runChild(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "--max-time", String(timeout)] + arguments, timeout: timeout + 10)
}

/// Polls `condition` every 50 ms until it holds; false when `seconds` passed first (generous: CI machines are slow).
func eventually(within seconds: Double, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}

/// A private test server's URL and data directory, and databases on it.
struct PostgresForTests: Sendable {
    /// The superuser URL of the server the tests use (`JUICE_TEST_POSTGRES_URL`).
    var url: String
    /// Its directory (for `scripts/postgres.sh down|up|stop`), when known.
    var directory: String?

    /// The server `scripts/postgres.sh start` started for the test run (`.ci/run` always does), if any.
    static let shared: PostgresForTests? = TestPostgres.url.map { PostgresForTests(url: $0, directory: TestPostgres.directory) }

    /// Why the tests needing a server are skipped when there is none.
    static let skipReason: Comment = """
        JUICE_TEST_POSTGRES_URL is unset, so the tests of juice serve on PostgreSQL are SKIPPED: start a private server \
        with eval "$(scripts/postgres.sh start)" (.ci/run always does)
        """

    static var script: URL { TestDirectories.packageRoot.appendingPathComponent("scripts/postgres.sh") }

    /// A server of the test's own (`scripts/postgres.sh start`), for tests that stop and start it.
    static func startPrivate() async throws -> PostgresForTests {
        let started = try await runChild(script, ["start"], timeout: 180)
        guard started.status == 0 else { throw FleetError(description: "postgres.sh start failed: \(started.stderr)") }
        var values: [String: String] = [:]
        for line in started.stdout.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst(7).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { values[String(pair[0])] = String(pair[1]) }
        }
        guard let url = values["JUICE_TEST_POSTGRES_URL"], let directory = values["JUICE_TEST_POSTGRES_DIR"] else {
            throw FleetError(description: "postgres.sh start printed no URL: \(started.stdout)")
        }
        return PostgresForTests(url: url, directory: directory)
    }

    /// Runs `scripts/postgres.sh command DIR` (`down`, `up`, `stop`).
    func script(_ command: String) async throws {
        guard let directory else { throw FleetError(description: "no server directory for postgres.sh \(command)") }
        let outcome = try await runChild(Self.script, [command, directory], timeout: 120)
        guard outcome.status == 0 else { throw FleetError(description: "postgres.sh \(command) failed: \(outcome.stderr)") }
    }

    /// The URL of database `name` on this server.
    func url(of name: String) -> String {
        url.components(separatedBy: "/").dropLast().joined(separator: "/") + "/" + name
    }

    /// Runs `sql` with psql in database `database`; its output (unaligned, tuples only).
    @discardableResult
    func psql(_ sql: String, database: String = "postgres") async throws -> String {
        let outcome = try await runChild(
            URL(fileURLWithPath: "/usr/bin/env"), ["psql", "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", url(of: database), "-c", sql])
        guard outcome.status == 0 else { throw FleetError(description: "psql failed on '\(sql)': \(outcome.stderr)") }
        return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new, empty database; its name.
    func freshDatabase() async throws -> String {
        let name = "juice_serve_" + UUID().uuidString.prefix(8).lowercased()
        try await psql("CREATE DATABASE \(name)")
        return name
    }
}

/// A temporary directory for one test (removed by `remove()`).
func fleetDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("juice-fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes the built-in recipes into `directory/recipes` with a store that holds `bananas` bananas (capacity
/// 100,000, so bursts of hundreds of orders have room); returns the recipe directory.
func writeRecipes(into directory: URL, bananas: Int) throws -> URL {
    try TestDirectories.writeBuiltInRecipes(into: directory)
    let recipes = directory.appendingPathComponent("recipes")
    let store = """
        version: 1
        store:
          capacity: 100000
          stock:
            strawberry: 10
            banana: \(bananas)
            pineapple: 10
            kiwi: 10
            mango: 10

        """
    try store.write(to: recipes.appendingPathComponent("store.yaml"), atomically: true, encoding: .utf8)
    return recipes
}

/// One `juice serve --port 0` process on the state `state`; it logs to `directory/serve-PORT.log`.
final class ServeInstance: Sendable {
    /// The staff token every instance is started with.
    static let token = "fleet-staff-token-9f4c2e7a1b3d5c6e"

    let process: Process
    let port: Int
    /// The address it listens on.
    let host: String
    /// Where its log (standard error) goes.
    let log: URL
    var base: String { "http://\(host):\(port)" }

    private init(process: Process, host: String, port: Int, log: URL) {
        self.process = process
        self.host = host
        self.port = port
        self.log = log
    }

    /// Starts an instance and waits (on a thread of its own) for the line naming the port it serves on; listening on
    /// `host`, inside the network namespace `namespace` when one is given (`ip netns exec`, which execs `juice`, so
    /// the process is the server's own).
    static func start(
        state: String, recipes: URL?, directory: URL, host: String = "127.0.0.1", namespace: String? = nil
    ) async throws -> ServeInstance {
        let process = Process()
        let arguments = ["serve", "--host", host, "--port", "0", "--state", state] + (recipes.map { ["--recipes", $0.path] } ?? [])
        if let namespace {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
            process.arguments = ["netns", "exec", namespace, ServeProcess.executable.path] + arguments
        } else {
            process.executableURL = ServeProcess.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["LOG_LEVEL"] = "warning"
        env["JUICE_STAFF_TOKEN"] = token
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        let log = directory.appendingPathComponent("serve-\(UUID().uuidString.prefix(6)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line: String = await withCheckedContinuation { continuation in
            Thread {
                var line = Data()
                while !line.contains(UInt8(ascii: "\n")) {
                    let byte = output.fileHandleForReading.readData(ofLength: 1)
                    guard !byte.isEmpty else { break }
                    line.append(byte)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }.start()
        }
        guard let range = line.range(of: "http://\(host):"), let port = Int(line[range.upperBound...].prefix { $0.isNumber }) else {
            if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
            let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw FleetError(description: "juice serve printed no port ('\(line)'); its log: \(logged)")
        }
        return ServeInstance(process: process, host: host, port: port, log: log)
    }

    /// SIGKILL: the process dies at once, whatever it was doing.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// SIGTERM, then waits until it exited (SIGKILL after 10 s).
    func stop() async {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGTERM)
        if !(await eventually(within: 10) { !process.isRunning }) { kill() }
    }

    deinit { kill() }
}

/// The banana count in a JSON body holding `"stock": {…}` (a `stock` event, `GET /api/stock`, a receipt).
func bananaCount(inStockJSON text: String) -> Int? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
        let stock = object["stock"] as? [String: Any]
    else { return nil }
    return (stock["banana"] as? NSNumber)?.intValue
}

/// One server-sent event as a client received it.
struct ReceivedEvent: Sendable {
    var name: String
    var data: String
    var arrival: ContinuousClock.Instant
}

/// Follows `GET /api/events` of one instance with `curl -N` on a thread of its own, keeping every event with the time
/// it arrived.
final class EventStreamReader: Sendable {
    /// What arrived: the text of an event not yet complete, and the events.
    private final class Received: Sendable {
        let state = Mutex<(text: String, events: [ReceivedEvent])>(("", []))
    }

    private let process: Process
    private let received = Received()

    init(url: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-N", "--max-time", "600", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let received = self.received
        Thread {
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                let now = ContinuousClock.now
                received.state.withLock { state in
                    state.text += String(decoding: chunk, as: UTF8.self)
                    while let end = state.text.range(of: "\n\n") {
                        let block = state.text[..<end.lowerBound]
                        state.text = String(state.text[end.upperBound...])
                        var name: String?
                        var data: String?
                        for line in block.split(separator: "\n") {
                            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                            if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                        }
                        if let name, let data { state.events.append(ReceivedEvent(name: name, data: data, arrival: now)) }
                    }
                }
            }
        }.start()
    }

    /// The events so far.
    var events: [ReceivedEvent] { received.state.withLock { $0.events } }

    /// The `stock` events so far.
    var stockEvents: [ReceivedEvent] { events.filter { $0.name == "stock" } }

    /// Ends the stream.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    }

    deinit { stop() }
}

/// What one order request of a load got.
struct OrderOutcome: Sendable {
    /// Which instance it went to (an index into the load's bases).
    var instance: Int
    /// The HTTP status (0 when no response came).
    var status: Int
    /// curl's exit code for this transfer: 0 with a response, 7 when no connection could be made, another code
    /// when the connection broke or timed out before a whole response arrived.
    var curlExit: Int
    /// For a 201, the journal entry id in its receipt.
    var entryID: Int?
    /// For an error response, its `error.code`.
    var errorCode: String?
    /// The response body as it arrived (empty without a response).
    var body: String
    /// When the batch it belongs to started.
    var batchStarted: ContinuousClock.Instant

    /// Whether the request may have reached the server without the client learning how it ended: the connection
    /// was made but broke (or timed out) before a whole response came back.
    var wasCut: Bool { curlExit != 0 && curlExit != 7 }
}

/// Clients ordering `juice` from several instances at once, batch after batch until `stop()`: each batch is one curl
/// with `requests` requests, `clients` of them at any time, spread over the instances in turn, each on a connection of
/// its own (`Connection: close`, so curl never re-sends a request on a reused connection).
final class OrderLoad: Sendable {
    private let bases: [String]
    private let clients: Int
    private let requests: Int
    private let juiceName: String
    private let directory: URL
    private let state = Mutex<(stopping: Bool, finished: Bool, batches: Int, outcomes: [OrderOutcome])>((false, false, 0, []))

    init(bases: [String], clients: Int, requestsPerBatch: Int? = nil, juice: String = "banana-juice", directory: URL) {
        self.bases = bases
        self.clients = clients
        self.requests = requestsPerBatch ?? clients
        self.juiceName = juice
        self.directory = directory
    }

    /// How many batches have started.
    var batchesStarted: Int { state.withLock { $0.batches } }

    /// Starts the batches on a thread of their own.
    func start() {
        Thread { [self] in
            var batch = 0
            while !state.withLock({ $0.stopping }) {
                batch += 1
                state.withLock { $0.batches = batch }
                let outcomes = runBatch(batch)
                state.withLock { $0.outcomes += outcomes }
            }
            state.withLock { $0.finished = true }
        }.start()
    }

    /// Runs one batch on a thread of its own and returns its outcomes.
    func runOnce() async -> [OrderOutcome] {
        await withCheckedContinuation { continuation in
            Thread { [self] in continuation.resume(returning: runBatch(0)) }.start()
        }
    }

    /// Runs one batch; blocks until every request of it ended.
    private func runBatch(_ batch: Int) -> [OrderOutcome] {
        let started = ContinuousClock.now
        var arguments = [
            "-s", "--parallel", "--parallel-immediate", "--parallel-max", String(clients), "--max-time", "30",
            "-X", "POST", "-H", "Content-Type: application/json", "-H", "Connection: close", "-H", "Accept-Language: en",
            "-d", "{\"juice\": \"\(juiceName)\"}", "-w", "%{urlnum} %{http_code} %{exitcode}\\n",
        ]
        let files = (0..<requests).map { directory.appendingPathComponent("b\(batch)-\($0).json") }
        for index in 0..<requests {
            arguments += ["-o", files[index].path, "\(bases[index % bases.count])/api/orders"]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var outcomes: [OrderOutcome] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").compactMap { Int($0) }
            guard fields.count == 3, files.indices.contains(fields[0]) else { continue }
            let body = (try? String(contentsOf: files[fields[0]], encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: files[fields[0]])
            let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            let entryID = ((object?["entry"] as? [String: Any])?["id"] as? NSNumber)?.intValue
            let errorCode = (object?["error"] as? [String: Any])?["code"] as? String
            outcomes.append(
                OrderOutcome(
                    instance: fields[0] % bases.count, status: fields[1], curlExit: fields[2],
                    entryID: fields[1] == 201 ? entryID : nil, errorCode: errorCode, body: body,
                    batchStarted: started))
        }
        return outcomes
    }

    /// Every request's outcome so far.
    var outcomes: [OrderOutcome] { state.withLock { $0.outcomes } }

    /// Lets the current batch finish and starts no other; returns once it finished.
    func stop() async {
        state.withLock { $0.stopping = true }
        _ = await eventually(within: 120) { state.withLock { $0.finished } }
    }
}

/// The order entries of the journal at `url`, read by the built `juice history --json`: their ids.
func journaledOrderIDs(state url: String) async throws -> [Int] {
    let history = try await juice(["history", "--json", "--state", url])
    guard history.status == 0,
        let entries = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]
    else {
        throw FleetError(description: "juice history failed (\(history.status)): \(history.stderr)")
    }
    return entries.filter { $0["kind"] as? String == "order" }.compactMap { ($0["id"] as? NSNumber)?.intValue }
}

/// The bananas in stock at `url` (as the recipes at `recipes` see it) and the `juice doctor` outcome (the invariant,
/// checked in the database), read by the built `juice`.
func bananasAndDoctor(state url: String, recipes: URL?) async throws -> (bananas: Int?, doctor: ChildOutcome) {
    let recipeArguments = recipes.map { ["--recipes", $0.path] } ?? []
    let stock = try await juice(["stock", "--json", "--state", url] + recipeArguments)
    let doctor = try await juice(["doctor", "--state", url])
    return (bananaCount(inStockJSON: stock.stdout), doctor)
}
#endif
