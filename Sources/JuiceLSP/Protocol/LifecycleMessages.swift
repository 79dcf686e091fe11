import JuiceRecipeText

/// The params of `initialize`, as far as the server reads them.
public struct InitializeParams: Decodable, Sendable {
    /// The client's locale (`ko-KR`, `en`), for the language of messages.
    public var locale: String?
    /// The folder opened, when the client sends no workspace folders (deprecated but still sent).
    public var rootUri: String?
    /// The folder opened, as a path (older clients).
    public var rootPath: String?
    /// The folders opened.
    public var workspaceFolders: [WorkspaceFolder]?
    /// What the client can do.
    public var capabilities: ClientCapabilities?
    /// Options for this server: `{"language": "ko"}` picks Korean messages.
    public var initializationOptions: LSPAny?

    private enum CodingKeys: String, CodingKey {
        case locale, rootUri, rootPath, workspaceFolders, capabilities, initializationOptions
    }

    /// Decodes what is there; a member of an unexpected type counts as missing, so an odd client still starts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        locale = try? container.decodeIfPresent(String.self, forKey: .locale)
        rootUri = try? container.decodeIfPresent(String.self, forKey: .rootUri)
        rootPath = try? container.decodeIfPresent(String.self, forKey: .rootPath)
        workspaceFolders = try? container.decodeIfPresent([WorkspaceFolder].self, forKey: .workspaceFolders)
        capabilities = try? container.decodeIfPresent(ClientCapabilities.self, forKey: .capabilities)
        initializationOptions = try? container.decodeIfPresent(LSPAny.self, forKey: .initializationOptions)
    }
}

/// A folder the client has open.
public struct WorkspaceFolder: Codable, Hashable, Sendable {
    /// Its URI.
    public var uri: String
    /// Its name in the client.
    public var name: String?
}

/// The client capabilities the server looks at; everything else is ignored.
public struct ClientCapabilities: Decodable, Sendable {
    /// General capabilities.
    public var general: General?
    /// Workspace capabilities.
    public var workspace: Workspace?
    /// Text document capabilities.
    public var textDocument: TextDocument?

    /// `textDocument`.
    public struct TextDocument: Decodable, Sendable {
        /// `textDocument.hover`.
        public var hover: Hover?
    }

    /// `textDocument.hover`.
    public struct Hover: Decodable, Sendable {
        /// The formats the client shows hover text in, preferred first.
        public var contentFormat: [String]?
    }

    /// `general`.
    public struct General: Decodable, Sendable {
        /// The position encodings the client understands, preferred first.
        public var positionEncodings: [String]?
    }

    /// `workspace`.
    public struct Workspace: Decodable, Sendable {
        /// `workspace.workspaceEdit`.
        public var workspaceEdit: WorkspaceEditCapabilities?
        /// `workspace.didChangeWatchedFiles`.
        public var didChangeWatchedFiles: DynamicRegistration?
    }

    /// `workspace.workspaceEdit`.
    public struct WorkspaceEditCapabilities: Decodable, Sendable {
        /// Whether the client takes versioned `documentChanges`.
        public var documentChanges: Bool?
    }

    /// A capability that can be registered dynamically.
    public struct DynamicRegistration: Decodable, Sendable {
        /// Whether the client accepts `client/registerCapability` for it.
        public var dynamicRegistration: Bool?
    }

    /// The position encodings offered (none: UTF-16 only).
    public var positionEncodings: [String] { general?.positionEncodings ?? [] }
    /// Whether rename answers may use `documentChanges`.
    public var supportsDocumentChanges: Bool { workspace?.workspaceEdit?.documentChanges ?? false }
    /// Whether hover text may be Markdown: the client lists it, or lists no formats at all.
    public var takesMarkdownHover: Bool {
        guard let formats = textDocument?.hover?.contentFormat, !formats.isEmpty else { return true }
        return formats.contains("markdown")
    }
    /// Whether watched files can be registered dynamically.
    public var supportsWatchedFilesRegistration: Bool { workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false }
}

/// The answer to `initialize`.
public struct InitializeResult: Encodable, Sendable {
    /// What the server does.
    public var capabilities: ServerCapabilities
    /// Who the server is.
    public var serverInfo: ServerInfo

    /// The server's name and version.
    public struct ServerInfo: Encodable, Sendable {
        /// `juice`.
        public var name: String
        /// JuiceMaker's version.
        public var version: String
    }
}

/// What the server does, as `initialize` answers it.
public struct ServerCapabilities: Encodable, Sendable {
    /// The encoding chosen for positions.
    public var positionEncoding: String
    /// How documents are synchronised: open and close, whole text on change, save without text.
    public var textDocumentSync = TextDocumentSyncOptions()
    /// Hover.
    public var hoverProvider = true
    /// Completion, with its trigger characters.
    public var completionProvider = CompletionOptions()
    /// Go to definition.
    public var definitionProvider = true
    /// Find references.
    public var referencesProvider = true
    /// Rename, with `prepareRename`.
    public var renameProvider = RenameOptions()
    /// Quick fixes.
    public var codeActionProvider = CodeActionOptions()

    /// Capabilities with positions in `positionEncoding`.
    public init(positionEncoding: PositionEncoding) {
        self.positionEncoding = positionEncoding.rawValue
    }

    /// `textDocumentSync`.
    public struct TextDocumentSyncOptions: Encodable, Sendable {
        /// Open and close are sent.
        public var openClose = true
        /// 1: the whole text on every change.
        public var change = 1
        /// Saves are sent, without the text.
        public var save = SaveOptions()
    }

    /// `textDocumentSync.save`.
    public struct SaveOptions: Encodable, Sendable {
        /// The text is not needed: the server reads the file.
        public var includeText = false
    }

    /// `completionProvider`.
    public struct CompletionOptions: Encodable, Sendable {
        /// Where completion starts by itself: after a space, a colon, an opening brace, a comma.
        public var triggerCharacters = [" ", ":", "{", ","]
    }

    /// `renameProvider`.
    public struct RenameOptions: Encodable, Sendable {
        /// `prepareRename` is answered.
        public var prepareProvider = true
    }

    /// `codeActionProvider`.
    public struct CodeActionOptions: Encodable, Sendable {
        /// Only quick fixes.
        public var codeActionKinds = ["quickfix"]
    }
}

/// The params of `client/registerCapability`.
public struct RegistrationParams: Encodable, Sendable {
    /// What to register.
    public var registrations: [Registration]
}

/// One dynamic registration.
public struct Registration: Encodable, Sendable {
    /// An id for unregistering.
    public var id: String
    /// The method registered.
    public var method: String
    /// Its options.
    public var registerOptions: DidChangeWatchedFilesRegistrationOptions
}

/// The files to watch.
public struct DidChangeWatchedFilesRegistrationOptions: Encodable, Sendable {
    /// The globs.
    public var watchers: [FileSystemWatcher]
}

/// One glob to watch (every kind of change).
public struct FileSystemWatcher: Encodable, Sendable {
    /// The glob, like `**/*.yaml`.
    public var globPattern: String
}
