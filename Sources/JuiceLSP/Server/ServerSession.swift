import FoundationEssentials
import JuiceCore
import JuiceRecipeText
import JuiceRecipes

/// One client's session: the lifecycle, the open documents, the recipe set as the editor sees it, and the answers.
///
/// The server loop hands it every message that has arrived at once; it applies them in order, building a new
/// workspace only when something asks for it (a request) or at the end of the batch, so a burst of keystrokes is
/// checked once.
struct ServerSession {
    /// Where the session is in the protocol's lifecycle.
    enum Phase {
        /// Nothing but `initialize` is answered.
        case waitingForInitialize
        /// Serving.
        case running
        /// `shutdown` received: only `exit` is left.
        case shutDown
    }

    /// What the loop does after a batch.
    enum Outcome: Equatable {
        /// Wait for more messages.
        case carryOn
        /// End with this exit status.
        case exit(Int32)
    }

    let configuration: ServerConfiguration
    var output: OutputChannel
    var phase = Phase.waitingForInitialize
    var encoding = PositionEncoding.utf16
    var language = Language.english
    var clientTakesDocumentChanges = false
    /// Whether hover may be Markdown (else plain text).
    var clientTakesMarkdownHover = true
    var clientRegistersWatchedFiles = false
    var directory: RecipeDirectory?
    var documents = DocumentStore()
    var mapper: PositionMapper?
    /// What was last published, by path (files without diagnostics are absent).
    var published: [String: [LSPDiagnostic]] = [:]
    /// The URI each path's diagnostics last went out under (the client's own while it is open, ours otherwise).
    var publishedURIs: [String: String] = [:]
    /// Whether the texts changed since the workspace was built.
    var needsRebuild = false
    /// Whether diagnostics may be pushed (after `initialized`).
    var publishing = false
    /// Documents changed since the last publication: published whether their diagnostics changed or not.
    var changedPaths: Set<String> = []
    var liveStock: LiveStockCache?
    var nextRequestNumber = 1

    /// A session writing to `output`.
    init(configuration: ServerConfiguration, output: OutputChannel) {
        self.configuration = configuration
        self.output = output
        liveStock = configuration.liveStock.map { LiveStockCache(source: $0, log: configuration.log) }
    }

    var log: ServerLog { configuration.log }

    /// The exit status now: 0 after `shutdown`, 1 without.
    var exitStatus: Int32 { phase == .shutDown ? 0 : 1 }

    /// Handles everything that arrived, in order.
    mutating func handle(_ items: [InboxItem]) async -> Outcome {
        var messages: [IncomingMessage] = []
        var ended = false
        for item in items {
            switch item {
            case .frame(.message(let body)): messages.append(IncomingMessage.classify(body))
            case .frame(.problem(let problem)):
                log(problem.description)
                if case .bodyTooLarge(let length) = problem {
                    send(
                        .response(
                            id: nil,
                            result: .failure(
                                ResponseError(
                                    code: ResponseError.invalidRequestCode, message: ServerMessage.messageTooLarge(length).text(in: language)))))
                }
            case .endOfInput: ended = true
            }
        }
        let cancelled = Set(
            messages.compactMap { message -> JSONRPCID? in
                guard case .notification("$/cancelRequest", let body) = message else { return nil }
                return try? IncomingMessage.params(CancelParams.self, from: body).id
            })
        for message in messages {
            switch message {
            case .invalid(let id, let problem):
                let error = ResponseError(code: problem.code, message: ServerMessage.invalidMessage(problem).text(in: language))
                send(.response(id: id, result: .failure(error)))
            case .response:
                break
            case .notification(let method, let body):
                if method == "exit" { return .exit(exitStatus) }
                notification(method, body: body)
            case .request(let id, let method, let body):
                if cancelled.contains(id) {
                    respond(
                        id, .failure(ResponseError(code: ResponseError.requestCancelledCode, message: ServerMessage.cancelled.text(in: language))))
                } else {
                    respond(id, await request(method, body: body))
                }
            }
            if output.isBroken { return .exit(exitStatus) }
        }
        refresh()
        if ended {
            log("the input ended; exiting")
            return .exit(exitStatus)
        }
        return output.isBroken ? .exit(exitStatus) : .carryOn
    }

    // MARK: Sending

    mutating func send(_ message: OutgoingMessage) {
        do {
            output.write(try message.framed())
        } catch {
            log("a message could not be encoded: \(error)")
        }
    }

    mutating func respond(_ id: JSONRPCID, _ result: Result<any Encodable & Sendable, ResponseError>) {
        send(.response(id: id, result: result))
    }

    // MARK: Dispatch

    /// The answer to request `method`.
    mutating func request(_ method: String, body: Data) async -> Result<any Encodable & Sendable, ResponseError> {
        switch phase {
        case .waitingForInitialize:
            guard method == "initialize" else { return failure(ResponseError.serverNotInitializedCode, .notInitialized) }
            return decoded(InitializeParams.self, method, body) { session, params in session.initialize(params) }
        case .shutDown:
            return failure(ResponseError.invalidRequestCode, .shuttingDown)
        case .running:
            break
        }
        refresh()
        switch method {
        case "initialize":
            return failure(ResponseError.invalidRequestCode, .alreadyInitialized)
        case "shutdown":
            phase = .shutDown
            return .success(JSONNull())
        case "textDocument/hover":
            guard let params = try? IncomingMessage.params(TextDocumentPositionParams.self, from: body) else { return invalidParams(method) }
            return .success(await hover(params))
        case "textDocument/completion":
            guard let params = try? IncomingMessage.params(TextDocumentPositionParams.self, from: body) else { return invalidParams(method) }
            return .success(await completion(params))
        case "textDocument/definition":
            return decoded(TextDocumentPositionParams.self, method, body) { session, params in .success(session.definition(params)) }
        case "textDocument/references":
            return decoded(ReferenceParams.self, method, body) { session, params in .success(session.references(params)) }
        case "textDocument/prepareRename":
            return decoded(TextDocumentPositionParams.self, method, body) { session, params in session.prepareRename(params) }
        case "textDocument/rename":
            return decoded(RenameParams.self, method, body) { session, params in session.rename(params) }
        case "textDocument/codeAction":
            return decoded(CodeActionParams.self, method, body) { session, params in .success(session.codeActions(params)) }
        default:
            return failure(ResponseError.methodNotFoundCode, .unknownMethod(method))
        }
    }

    /// Handles notification `method`; unknown ones (and `$/…`) are ignored, and all but `exit` before `initialize`.
    mutating func notification(_ method: String, body: Data) {
        guard phase == .running else { return }
        func params<Params: Decodable>(_ type: Params.Type) -> Params? {
            do { return try IncomingMessage.params(type, from: body) } catch {
                log("\(method): params not understood: \(error)")
                return nil
            }
        }
        switch method {
        case "initialized": initialized()
        case "textDocument/didOpen": params(DidOpenTextDocumentParams.self).map { didOpen($0) }
        case "textDocument/didChange": params(DidChangeTextDocumentParams.self).map { didChange($0) }
        case "textDocument/didClose": params(TextDocumentNotificationParams.self).map { didClose($0) }
        case "textDocument/didSave": params(TextDocumentNotificationParams.self).map { didSave($0) }
        case "workspace/didChangeWatchedFiles": params(DidChangeWatchedFilesParams.self).map { didChangeWatchedFiles($0) }
        default: break
        }
    }

    private mutating func decoded<Params: Decodable>(
        _ type: Params.Type, _ method: String, _ body: Data,
        _ handler: (inout ServerSession, Params) -> Result<any Encodable & Sendable, ResponseError>
    ) -> Result<any Encodable & Sendable, ResponseError> {
        guard let params = try? IncomingMessage.params(type, from: body) else { return invalidParams(method) }
        return handler(&self, params)
    }

    func failure(_ code: Int, _ message: ServerMessage) -> Result<any Encodable & Sendable, ResponseError> {
        .failure(ResponseError(code: code, message: message.text(in: language)))
    }

    private func invalidParams(_ method: String) -> Result<any Encodable & Sendable, ResponseError> {
        failure(ResponseError.invalidParamsCode, .invalidParams(method))
    }

    // MARK: Lifecycle

    /// Answers `initialize`: the encoding, the language and the recipe directory are settled here.
    mutating func initialize(_ params: InitializeParams) -> Result<any Encodable & Sendable, ResponseError> {
        let capabilities = params.capabilities
        encoding = Self.encoding(offered: capabilities?.positionEncodings ?? [])
        language = Self.language(locale: params.locale, options: params.initializationOptions)
        clientTakesDocumentChanges = capabilities?.supportsDocumentChanges ?? false
        clientTakesMarkdownHover = capabilities?.takesMarkdownHover ?? true
        clientRegistersWatchedFiles = capabilities?.supportsWatchedFilesRegistration ?? false
        if let root = RecipeDirectory.root(configured: configuration.recipeDirectory, initialize: params) {
            useDirectory(root)
        } else {
            log("no recipe directory yet (no --recipes, no workspace folder): the first document opened names it")
        }
        log("positions in \(encoding.rawValue), messages in \(language == .korean ? "Korean" : "English")")
        phase = .running
        needsRebuild = true
        return .success(
            InitializeResult(
                capabilities: ServerCapabilities(positionEncoding: encoding), serverInfo: .init(name: "juice", version: JuiceVersion.current)))
    }

    /// After `initialized`: diagnostics may be pushed (the whole set's go out at the end of the batch) and the watched
    /// files are registered.
    mutating func initialized() {
        publishing = true
        needsRebuild = true
        guard clientRegistersWatchedFiles else { return }
        let watchers = ["**/*.yaml", "**/*.yml", "**/\(RuleConfiguration.fileName)"].map(FileSystemWatcher.init(globPattern:))
        let registration = Registration(
            id: "juice-watched-files", method: "workspace/didChangeWatchedFiles", registerOptions: .init(watchers: watchers))
        send(
            .request(
                id: .string("juice-\(nextRequestNumber)"), method: "client/registerCapability",
                params: RegistrationParams(registrations: [registration])))
        nextRequestNumber += 1
    }

    /// Reads `root` as the recipe directory.
    mutating func useDirectory(_ root: String) {
        var directory = RecipeDirectory(root: root)
        directory.readDisk(log: log)
        log("checking the recipes in \(root) (\(directory.diskFiles.count) files)")
        self.directory = directory
        needsRebuild = true
    }

    /// The encoding for positions: UTF-8 when offered (the workspace counts bytes), else UTF-32, else UTF-16.
    static func encoding(offered: [String]) -> PositionEncoding {
        if offered.contains(PositionEncoding.utf8.rawValue) { return .utf8 }
        if offered.contains(PositionEncoding.utf32.rawValue) { return .utf32 }
        return .utf16
    }

    /// The language of messages: `initializationOptions.language` when it names one, else Korean for a `ko` locale,
    /// else English (as `juice lint` defaults).
    static func language(locale: String?, options: LSPAny?) -> Language {
        switch options?["language"]?.stringValue?.lowercased() {
        case "ko": return .korean
        case "en": return .english
        default: return (locale ?? "").lowercased().hasPrefix("ko") ? .korean : .english
        }
    }
}
