import Foundation
import JuiceLSP
import JuiceTestSupport
import Testing

/// The built `juice lsp`: only protocol frames on standard output, logs on standard error, exit statuses.
@Suite(.timeLimit(.minutes(2))) struct ServerBinaryTests {
    /// Runs `juice lsp arguments…` with `input` on standard input (then closed); stdout's frames, stderr and the status.
    static func run(
        _ arguments: [String], input: [UInt8], environment: [String: String] = [:]
    ) async throws -> (
        frames: [FrameEvent], stderr: String, status: Int32
    ) {
        try await offThePool {
            let process = Process()
            process.executableURL = JuiceBinary.executable
            process.arguments = ["lsp"] + arguments
            var env = ProcessInfo.processInfo.environment
            env["SWIFT_BACKTRACE"] = "enable=no"
            env.removeValue(forKey: "JUICE_STATE")
            for (key, value) in environment { env[key] = value }
            process.environment = env
            let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            nonisolated(unsafe) var errors = Data()
            let finished = DispatchSemaphore(value: 0)
            // On a thread of its own, never a global queue's (those are the cooperative pool's: see JuiceBinary).
            Thread {
                errors = stderr.fileHandleForReading.readDataToEndOfFile()
                finished.signal()
            }.start()
            stdin.fileHandleForWriting.write(Data(input))
            try stdin.fileHandleForWriting.close()
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            finished.wait()
            var decoder = FrameDecoder()
            decoder.append(output)
            var frames: [FrameEvent] = []
            while let event = decoder.next() { frames.append(event) }
            if decoder.bufferedBytes > 0 { frames.append(.problem(.malformedHeader("trailing bytes"))) }
            return (frames, String(decoding: errors, as: UTF8.self), process.terminationStatus)
        }
    }

    static func frame(_ object: [String: Any]) throws -> [UInt8] {
        MessageFraming.frame(try JSONSerialization.data(withJSONObject: object))
    }

    @Test func aWholeSessionWritesOnlyFramesAndExitsZero() async throws {
        let directory = try recipeDirectory()
        let juices = directory + "/juices.yaml"
        let text = try text("juices.yaml", in: directory) + "  berry-drink: {name: {ko: 새🍓음료, en: Berry Drink}, recipe: {strawbery: 2}}\n"
        let input =
            try Self.frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
            + Self.frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
            + Self.frame([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": DocumentURI.uri(ofPath: juices), "languageId": "yaml", "version": 3, "text": text]],
            ])
            + Self.frame(["jsonrpc": "2.0", "id": 2, "method": "shutdown"]) + Self.frame(["jsonrpc": "2.0", "method": "exit"])
        let (frames, stderr, status) = try await Self.run(["--recipes", directory, "--state", directory + "/no-such-state.sqlite"], input: input)
        #expect(status == 0, "\(stderr)")
        let messages = frames.compactMap { event -> [String: Any]? in
            guard case .message(let body) = event else {
                Issue.record("not a frame on standard output: \(event)")
                return nil
            }
            return try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        }
        #expect(messages.count == frames.count)
        #expect(messages.contains { $0["id"] as? Int == 1 && $0["result"] != nil })
        #expect(messages.contains { $0["id"] as? Int == 2 && $0["result"] is NSNull })
        let published = messages.first { message in
            let params = message["params"] as? [String: Any]
            return message["method"] as? String == "textDocument/publishDiagnostics" && params?["uri"] as? String == DocumentURI.uri(ofPath: juices)
        }
        #expect((published?["params"] as? [String: Any])?["version"] as? Int == 3)
        #expect(stderr.contains("juice lsp:"))
        #expect(stderr.contains("no-such-state.sqlite"))
    }

    @Test func liveStockFromTheStateReachesHoverAndTheStateIsNotWritten() async throws {
        let directory = try recipeDirectory()
        let state = (directory as NSString).deletingLastPathComponent + "/state.sqlite"
        let set = try await JuiceBinary.run(["stock", "set", "kiwi=42", "--recipes", directory, "--state", state])
        #expect(set.status == 0, "\(set.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: state))
        let juices = try text("juices.yaml", in: directory)
        let line = try #require(juices.components(separatedBy: "\n").firstIndex { $0.contains("kiwi: 3") })
        let character =
            try #require(juices.components(separatedBy: "\n")[line].range(of: "kiwi")).lowerBound.utf16Offset(
                in: juices.components(separatedBy: "\n")[line]) + 1
        let input =
            try Self.frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
            + Self.frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
            + Self.frame([
                "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                "params": [
                    "textDocument": ["uri": DocumentURI.uri(ofPath: directory + "/juices.yaml")], "position": ["line": line, "character": character],
                ],
            ])
            + Self.frame(["jsonrpc": "2.0", "id": 3, "method": "shutdown"]) + Self.frame(["jsonrpc": "2.0", "method": "exit"])
        let (frames, stderr, status) = try await Self.run(["--recipes", directory, "--state", state], input: input)
        #expect(status == 0, "\(stderr)")
        let hover = frames.compactMap { event -> [String: Any]? in
            guard case .message(let body) = event, let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
            return message["id"] as? Int == 2 ? message : nil
        }.first
        let markdown = ((hover?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(markdown.contains("42"), "\(markdown)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == before)
    }

    @Test func theEndOfTheInputWithoutShutdownExitsOne() async throws {
        let (frames, _, status) = try await Self.run(["--recipes", try recipeDirectory()], input: Array("Content-Length: 9\r\n\r\n{\"id\"".utf8))
        #expect(status == 1)
        #expect(frames.isEmpty)
    }

    @Test func aRecipeDirectoryThatIsNotThereIsAUsageError() async throws {
        let (frames, stderr, status) = try await Self.run(["--recipes", "/no/such/recipes"], input: [], environment: ["LANG": "en_US.UTF-8"])
        #expect(status == 2)
        #expect(frames.isEmpty)
        #expect(stderr.contains("/no/such/recipes"))
    }
}
