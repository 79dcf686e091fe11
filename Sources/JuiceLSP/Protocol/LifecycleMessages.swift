import JuiceRecipeText

/// The params of `initialize`, as far as the server reads them.
package struct InitializeParams: Decodable, Sendable {
    /// The client's locale (`ko-KR`, `en`), for the language of messages.
    package var locale: String?
    /// The folder opened, when the client sends no workspace folders (deprecated but still sent).
    package var rootUri: String?
    /// The folder opened, as a path (older clients).
    package var rootPath: String?
    /// The folders opened.
    package var workspaceFolders: [WorkspaceFolder]?
    /// What the client can do.
    package var capabilities: ClientCapabilities?
    /// Options for this server: `{"language": "ko"}` picks Korean messages.
    package var initializationOptions: LSPAny?

    private enum CodingKeys: String, CodingKey {
        case locale, rootUri, rootPath, workspaceFolders, capabilities, initializationOptions
    }

    /// Decodes what is there; a member of an unexpected type counts as missing, so an odd client still starts.
    package init(from decoder: any Decoder) throws {
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
package struct WorkspaceFolder: Codable, Hashable, Sendable {
    /// Its URI.
    package var uri: String
    /// Its name in the client.
    package var name: String?
}

/// The client capabilities the server looks at; everything else is ignored.
package struct ClientCapabilities: Decodable, Sendable {
    /// General capabilities.
    package var general: General?
    /// Workspace capabilities.
    package var workspace: Workspace?
    /// Text document capabilities.
    package var textDocument: TextDocument?

    /// `textDocument`.
    package struct TextDocument: Decodable, Sendable {
        /// `textDocument.hover`.
        package var hover: Hover?
    }

    /// `textDocument.hover`.
    package struct Hover: Decodable, Sendable {
        /// The formats the client shows hover text in, preferred first.
        package var contentFormat: [String]?
    }

    /// `general`.
    package struct General: Decodable, Sendable {
        /// The position encodings the client understands, preferred first.
        package var positionEncodings: [String]?
    }

    /// `workspace`.
    package struct Workspace: Decodable, Sendable {
        /// `workspace.workspaceEdit`.
        package var workspaceEdit: WorkspaceEditCapabilities?
        /// `workspace.didChangeWatchedFiles`.
        package var didChangeWatchedFiles: DynamicRegistration?
    }

    /// `workspace.workspaceEdit`.
    package struct WorkspaceEditCapabilities: Decodable, Sendable {
        /// Whether the client takes versioned `documentChanges`.
        package var documentChanges: Bool?
    }

    /// A capability that can be registered dynamically.
    package struct DynamicRegistration: Decodable, Sendable {
        /// Whether the client accepts `client/registerCapability` for it.
        package var dynamicRegistration: Bool?
    }

    /// The position encodings offered (none: UTF-16 only).
    package var positionEncodings: [String] { general?.positionEncodings ?? [] }
    /// Whether rename answers may use `documentChanges`.
    package var supportsDocumentChanges: Bool { workspace?.workspaceEdit?.documentChanges ?? false }
    /// Whether hover text may be Markdown: the client lists it, or lists no formats at all.
    package var takesMarkdownHover: Bool {
        guard let formats = textDocument?.hover?.contentFormat, !formats.isEmpty else { return true }
        return formats.contains("markdown")
    }
    /// Whether watched files can be registered dynamically.
    package var supportsWatchedFilesRegistration: Bool { workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false }
}

/// The answer to `initialize`.
package struct InitializeResult: Encodable, Sendable {
    /// What the server does.
    package var capabilities: ServerCapabilities
    /// Who the server is.
    package var serverInfo: ServerInfo

    /// The server's name and version.
    package struct ServerInfo: Encodable, Sendable {
        /// `juice`.
        package var name: String
        /// JuiceMaker's version.
        package var version: String
    }
}

/// What the server does, as `initialize` answers it.
package struct ServerCapabilities: Encodable, Sendable {
    /// The encoding chosen for positions.
    package var positionEncoding: String
    /// How documents are synchronised: open and close, whole text on change, save without text.
    package var textDocumentSync = TextDocumentSyncOptions()
    /// Hover.
    package var hoverProvider = true
    /// Completion, with its trigger characters.
    package var completionProvider = CompletionOptions()
    /// Go to definition.
    package var definitionProvider = true
    /// Find references.
    package var referencesProvider = true
    /// Rename, with `prepareRename`.
    package var renameProvider = RenameOptions()
    /// Quick fixes.
    package var codeActionProvider = CodeActionOptions()

    /// Capabilities with positions in `positionEncoding`.
    package init(positionEncoding: PositionEncoding) {
        self.positionEncoding = positionEncoding.rawValue
    }

    /// `textDocumentSync`.
    package struct TextDocumentSyncOptions: Encodable, Sendable {
        /// Open and close are sent.
        package var openClose = true
        /// 1: the whole text on every change.
        package var change = 1
        /// Saves are sent, without the text.
        package var save = SaveOptions()
    }

    /// `textDocumentSync.save`.
    package struct SaveOptions: Encodable, Sendable {
        /// The text is not needed: the server reads the file.
        package var includeText = false
    }

    /// `completionProvider`.
    package struct CompletionOptions: Encodable, Sendable {
        /// Where completion starts by itself: after a space, a colon, an opening brace, a comma.
        package var triggerCharacters = [" ", ":", "{", ","]
    }

    /// `renameProvider`.
    package struct RenameOptions: Encodable, Sendable {
        /// `prepareRename` is answered.
        package var prepareProvider = true
    }

    /// `codeActionProvider`.
    package struct CodeActionOptions: Encodable, Sendable {
        /// Only quick fixes.
        package var codeActionKinds = ["quickfix"]
    }
}

/// The params of `client/registerCapability`.
package struct RegistrationParams: Encodable, Sendable {
    /// What to register.
    package var registrations: [Registration]
}

/// One dynamic registration.
package struct Registration: Encodable, Sendable {
    /// An id for unregistering.
    package var id: String
    /// The method registered.
    package var method: String
    /// Its options.
    package var registerOptions: DidChangeWatchedFilesRegistrationOptions
}

/// The files to watch.
package struct DidChangeWatchedFilesRegistrationOptions: Encodable, Sendable {
    /// The globs.
    package var watchers: [FileSystemWatcher]
}

/// One glob to watch (every kind of change).
package struct FileSystemWatcher: Encodable, Sendable {
    /// The glob, like `**/*.yaml`.
    package var globPattern: String
}
