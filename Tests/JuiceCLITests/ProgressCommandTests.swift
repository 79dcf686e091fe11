import Foundation
import JuiceTestSupport
import Testing

/// Long runs of `juice simulate` and `juice plan` show progress on a terminal (standard error, never standard output,
/// never a pipe), whatever the orders come from; a forced `--generate` beyond the bound starts.
///
/// No test waits two seconds: `JUICE_PROGRESS_AFTER=0` shows progress from the first report.
@Suite("progress and long runs (end to end)")
struct ProgressCommandTests {
    /// Runs `juice arguments…` (and, when given, a redirection of its standard output) on a terminal made by script(1);
    /// both streams come back as one through the terminal.
    static func onTerminal(
        _ arguments: [String], in shop: ShopSandbox, stdoutTo file: String? = nil,
        environment: [String: String] = ["JUICE_PROGRESS_AFTER": "0"]
    ) async throws -> JuiceBinary.Outcome {
        let command = ([JuiceBinary.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ") + (file.map { " > '\($0)'" } ?? "")
        var env = environment
        env["LANG"] = env["LANG"] ?? "en_US.UTF-8"
        env["LC_ALL"] = ""
        env["LC_MESSAGES"] = ""
        return try await JuiceBinary.run(
            ["-qec", command, "/dev/null"], in: shop.directory, environment: env,
            executable: URL(fileURLWithPath: "/usr/bin/script"))
    }

    /// A sandbox with small order files in every format.
    static func sandbox() throws -> ShopSandbox {
        let shop = try ShopSandbox()
        let directory = shop.directory
        try String(repeating: "- banana-juice\n- {juice: kiwi-juice, count: 2}\n", count: 30).write(
            to: directory.appendingPathComponent("orders.yaml"), atomically: true, encoding: .utf8)
        try ("juice,count\n" + String(repeating: "banana-juice,1\n", count: 40)).write(
            to: directory.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        try String(repeating: "{\"juice\": \"mango-juice\"}\n", count: 40).write(
            to: directory.appendingPathComponent("orders.jsonl"), atomically: true, encoding: .utf8)
        return shop
    }

    @Test("every order source shows progress on a terminal, in the chosen language, and clears it at the end")
    func everySource() async throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        let cases: [(arguments: [String], label: String)] = [
            (["simulate", "--orders", "orders.yaml"], "simulating"),
            (["simulate", "--orders", "orders.csv"], "simulating"),
            (["simulate", "--orders", "orders.jsonl", "--lang", "ko"], "시뮬레이션 중"),
            (["simulate", "--generate", "5000", "--format", "csv"], "simulating"),
            (["plan", "orders.yaml"], "planning"),
            (["plan", "orders.csv", "--lang", "ko"], "계획 중"),
        ]
        for (arguments, label) in cases {
            let terminal = try await Self.onTerminal(arguments, in: shop)
            #expect([0, 1].contains(terminal.status), "\(arguments): \(terminal.stdout)")
            #expect(terminal.stdout.contains("\r\(label)… "), "\(arguments): progress is drawn: \(terminal.stdout.prefix(200).debugDescription)")
            #expect(terminal.stdout.contains("%\r\u{1B}[K"), "\(arguments): and cleared before the report")
        }
    }

    @Test("before the wait is over nothing is shown")
    func notBeforeTheWait() async throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        let terminal = try await Self.onTerminal(["simulate", "--orders", "orders.yaml"], in: shop, environment: ["JUICE_PROGRESS_AFTER": "3600"])
        #expect(terminal.status == 0)
        #expect(terminal.stdout.contains("orders"), "the report is there")
        #expect(!terminal.stdout.contains("simulating…"))
        #expect(!terminal.stdout.contains("\u{1B}[K"))
    }

    @Test("the report on standard output never carries progress: JSON stays JSON on a terminal; a pipe gets none")
    func neverInTheReport() async throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        let report = shop.directory.appendingPathComponent("report.json")
        let terminal = try await Self.onTerminal(["simulate", "--orders", "orders.yaml", "--format", "json"], in: shop, stdoutTo: report.path)
        #expect(terminal.status == 0)
        #expect(terminal.stdout.contains("\rsimulating… "), "standard error is the terminal: progress is drawn there")
        let json = try Data(contentsOf: report)
        #expect(!json.contains(0x0D) && !json.contains(0x1B))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["orders"] as? Int == 60)
        // Standard error a pipe (as here): nothing, even with no wait at all.
        let piped = try await JuiceBinary.run(
            ["simulate", "--orders", "orders.yaml", "--format", "json"], in: shop.directory,
            environment: ["JUICE_PROGRESS_AFTER": "0", "LANG": "en_US.UTF-8", "LC_ALL": ""])
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty)
        #expect(Data(piped.stdout.utf8) == json)
    }

    /// Starts `juice simulate --generate N --force` with both streams piped, waits for its standard error to hold a
    /// whole line, then stops it with SIGINT (as Ctrl-C would); returns that line, whether it was still running, and
    /// what it wrote on standard output.
    static func forcedRun(lang: String) async throws -> (note: String, running: Bool, stdout: String, signalled: Bool, status: Int32) {
        try await offThePool { try forcedRunBlocking(lang: lang) }
    }

    /// `forcedRun`, blocking the calling thread.
    private static func forcedRunBlocking(lang: String) throws -> (note: String, running: Bool, stdout: String, signalled: Bool, status: Int32) {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let process = Process()
        process.executableURL = JuiceBinary.executable
        process.arguments = ["simulate", "--generate", "1000000000000", "--force", "--format", "json"]
        process.currentDirectoryURL = shop.directory
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["LANG"] = lang
        env["LC_ALL"] = ""
        env["LC_MESSAGES"] = ""
        process.environment = env
        let errors = Pipe()
        let output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A guard, not a measurement: a run that never says anything is stopped after a minute.
        let guardTimer = DispatchSource.makeTimerSource()
        let pid = process.processIdentifier
        guardTimer.schedule(deadline: .now() + 60)
        guardTimer.setEventHandler { kill(pid, SIGKILL) }
        guardTimer.resume()
        defer { guardTimer.cancel() }
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let running = process.isRunning
        kill(pid, SIGINT)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            String(decoding: line, as: UTF8.self), running, String(decoding: stdout, as: UTF8.self),
            process.terminationReason == .uncaughtSignal, process.terminationStatus
        )
    }

    @Test("--generate beyond the bound with --force passes every check and starts the run, saying so")
    func forcedGenerateStarts() async throws {
        let english = try await Self.forcedRun(lang: "en_US.UTF-8")
        #expect(
            english.note
                == "juice: note: simulating 1,000,000,000,000 generated orders (--force: more than 100,000,000); this keeps a processor busy a long while, Ctrl-C stops it\n"
        )
        #expect(english.running, "the run had started when the note was written")
        #expect(english.signalled && english.status == SIGINT, "stopped by Ctrl-C, not refused")
        #expect(english.stdout.isEmpty)
        let korean = try await Self.forcedRun(lang: "ko_KR.UTF-8")
        #expect(korean.note == "juice: 참고: 주문 1,000,000,000,000개를 시뮬레이션해요 (--force: 100,000,000개 넘게). 프로세서 하나를 오래 쓰고, Ctrl-C로 멈출 수 있어요\n")
        #expect(korean.running)
    }

    @Test("--force lets nothing else through: a bad run above the bound is still refused before it starts")
    func forceChecksTheRest() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let badMix = try await shop.run(["simulate", "--generate", "1000000000000", "--force", "--mix", "nothing=3"])
        #expect(badMix.status == 2)
        #expect(badMix.stderr.hasPrefix("juice: error: invalid mix"), "\(badMix.stderr)")
        #expect(!badMix.stderr.contains("note:"))
        let badChart = try await shop.run(["simulate", "--generate", "1000000000000", "--force", "--chart", "no/such/dir/chart.svg"])
        #expect(badChart.status == 2)
        #expect(!badChart.stderr.contains("note:"))
    }
}
