import Foundation
import JuiceLSP
import JuiceTestSupport
import Synchronization
import Testing

/// A client driving an in-process `LanguageServer` over two pipes, as an editor drives `juice lsp`.
final class TestClient: Sendable {
    private let clientWrite: Int32
    private let serverRead: Int32
    private let serverWrite: Int32
    private let clientRead: Int32
    private let server: Task<Int32, Never>
    private let frames = Locked<[Data]>([])
    private let inputClosed = Mutex(false)
    private let logLines = Locked<[String]>([])
    private let nextID = Mutex(1)

    /// Starts a server with `recipes` (nil: the client's workspace folder) and `liveStock`.
    init(recipes: String? = nil, liveStock: LiveStockSource? = nil, readingOutput: Bool = true) throws {
        var toServer: [Int32] = [0, 0]
        var fromServer: [Int32] = [0, 0]
        guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { throw POSIXError(.EMFILE) }
        (serverRead, clientWrite, clientRead, serverWrite) = (toServer[0], toServer[1], fromServer[0], fromServer[1])
        let lines = logLines
        let configuration = ServerConfiguration(
            recipeDirectory: recipes, liveStock: liveStock, log: ServerLog { line in lines.withLock { $0.append(line) } })
        let (input, output) = (serverRead, serverWrite)
        server = Task.detached { await LanguageServer(configuration: configuration).run(input: input, output: output) }
        let descriptor = clientRead
        let frames = frames
        guard readingOutput else { return }
        Thread {
            var decoder = FrameDecoder()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                decoder.append(chunk[0..<count])
                while let event = decoder.next() {
                    if case .message(let body) = event { frames.withLock { $0.append(body) } }
                }
            }
            close(descriptor)
        }.start()
    }

    /// The log lines so far.
    var log: [String] { logLines.withLock { $0 } }

    /// Writes raw bytes to the server.
    func sendRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = write(clientWrite, raw.baseAddress! + written, raw.count - written)
                if count <= 0 { return }
                written += count
            }
        }
    }

    /// Sends `object` as one frame.
    func send(_ object: [String: Any]) {
        let body = try! JSONSerialization.data(withJSONObject: object)
        sendRaw(MessageFraming.frame(body))
    }

    /// Sends request `method` and returns its id.
    @discardableResult
    func request(_ method: String, _ params: [String: Any]? = nil, id: Int? = nil) -> Int {
        let id =
            id
            ?? nextID.withLock { id in
                defer { id += 1 }
                return id
            }
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        send(message)
        return id
    }

    /// Sends notification `method`.
    func notify(_ method: String, _ params: [String: Any] = [:]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Every message received so far, parsed.
    var received: [[String: Any]] {
        frames.withLock { $0 }.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    /// The first message received matching `predicate` (within `seconds`).
    func waitFor(seconds: Double = 20, _ predicate: ([String: Any]) -> Bool) async -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = received.first(where: predicate) { return found }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// The response to request `id`.
    func response(to id: Int, seconds: Double = 20) async -> [String: Any]? {
        await waitFor(seconds: seconds) { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// Sends request `method` and waits for its response.
    func call(_ method: String, _ params: [String: Any]? = nil) async -> [String: Any]? {
        await response(to: request(method, params))
    }

    /// The diagnostics notifications for `uri` received so far, oldest first.
    func publications(for uri: String) -> [[String: Any]] {
        received.compactMap { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any],
                params["uri"] as? String == uri
            else { return nil }
            return params
        }
    }

    /// Waits until a publication for `uri` matching `predicate` arrives.
    func waitForPublication(_ uri: String, seconds: Double = 20, _ predicate: ([String: Any]) -> Bool = { _ in true }) async -> [String: Any]? {
        let message = await waitFor(seconds: seconds) { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any],
                params["uri"] as? String == uri
            else { return false }
            return predicate(params)
        }
        return message?["params"] as? [String: Any]
    }

    /// Forgets the messages received so far.
    func clearReceived() {
        frames.withLock { $0 = [] }
    }

    /// `initialize` (with `capabilities` and more `params`) and `initialized`; the response.
    @discardableResult
    func initialize(rootPath: String? = nil, capabilities: [String: Any] = [:], more: [String: Any] = [:]) async -> [String: Any]? {
        var params: [String: Any] = ["processId": NSNull(), "capabilities": capabilities]
        if let rootPath { params["rootUri"] = DocumentURI.uri(ofPath: rootPath) }
        for (key, value) in more { params[key] = value }
        let response = await call("initialize", params)
        notify("initialized")
        return response
    }

    /// Opens `path` with `text` at `version`.
    func open(_ path: String, text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen", ["textDocument": ["uri": DocumentURI.uri(ofPath: path), "languageId": "yaml", "version": version, "text": text]])
    }

    /// Replaces the text of `path` at `version`.
    func change(_ path: String, text: String, version: Int) {
        notify(
            "textDocument/didChange",
            ["textDocument": ["uri": DocumentURI.uri(ofPath: path), "version": version], "contentChanges": [["text": text]]])
    }

    /// Closes the client's reading end of the output (for a client made with `readingOutput: false`): the server's
    /// next write fails as it does when an editor vanishes.
    func closeOutputReader() {
        close(clientRead)
    }

    /// Ends the input (the client's end of the pipe).
    func closeInput() {
        let first = inputClosed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        if first { close(clientWrite) }
    }

    /// The server's exit status (waiting for it to end), then every descriptor closed.
    func exitStatus() async -> Int32 {
        let status = await server.value
        closeInput()
        close(serverWrite)
        close(serverRead)
        return status
    }

    /// `shutdown` and `exit`; the exit status.
    func shutDown() async -> Int32 {
        _ = await call("shutdown")
        notify("exit")
        return await exitStatus()
    }
}

/// The path of `recipes/` holding the built-in recipe set (fruits.yaml, juices.yaml, store.yaml) in a fresh temporary
/// directory.
func recipeDirectory() throws -> String {
    let root = try TestDirectories.make("juice-lsp")
    try TestDirectories.writeBuiltInRecipes(into: root)
    return root.appendingPathComponent("recipes").path
}

/// A directory named `folder` in a fresh temporary directory, holding `recipes/` with the built-in set; its path.
func recipeDirectory(inside folder: String) throws -> String {
    let root = try TestDirectories.make("juice-lsp").appendingPathComponent(folder)
    try TestDirectories.writeBuiltInRecipes(into: root)
    return root.path
}

/// The text of `file` in `directory`.
func text(_ file: String, in directory: String) throws -> String {
    try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
}

/// The diagnostics of a publication.
func diagnostics(_ publication: [String: Any]?) -> [[String: Any]] {
    publication?["diagnostics"] as? [[String: Any]] ?? []
}

/// The rule ids of a publication's diagnostics.
func codes(_ publication: [String: Any]?) -> [String] {
    diagnostics(publication).compactMap { $0["code"] as? String }
}

/// The start (line, character) of a diagnostic's range.
func start(_ diagnostic: [String: Any]) -> (Int, Int)? {
    guard let range = diagnostic["range"] as? [String: Any], let start = range["start"] as? [String: Any],
        let line = start["line"] as? Int, let character = start["character"] as? Int
    else { return nil }
    return (line, character)
}

/// A value shared between threads behind a lock, by reference.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<Answer>(_ body: (inout Value) -> Answer) -> Answer { mutex.withLock { body(&$0) } }
}
