/// The params of `textDocument/didOpen`.
public struct DidOpenTextDocumentParams: Codable, Sendable {
    /// The document opened, with its text.
    public var textDocument: TextDocumentItem
}

/// The params of `textDocument/didChange`.
public struct DidChangeTextDocumentParams: Codable, Sendable {
    /// The document and its new version.
    public var textDocument: VersionedTextDocumentIdentifier
    /// The changes, in order: whole texts (full sync), or ranges from a client that sends them anyway.
    public var contentChanges: [TextDocumentContentChangeEvent]
}

/// A document and the version of its text.
public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    public var uri: String
    /// The version.
    public var version: Int
}

/// One change of a document: the whole text, or `text` replacing `range`.
public struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
    /// The range replaced (none: the whole text).
    public var range: LSPRange?
    /// The new text.
    public var text: String
}

/// The params of `textDocument/didClose` and `textDocument/didSave`.
public struct TextDocumentNotificationParams: Codable, Sendable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
}

/// The params of `workspace/didChangeWatchedFiles`.
public struct DidChangeWatchedFilesParams: Codable, Sendable {
    /// The files that changed.
    public var changes: [FileEvent]
}

/// One file created, changed or deleted.
public struct FileEvent: Codable, Hashable, Sendable {
    /// The file.
    public var uri: String
    /// 1 created, 2 changed, 3 deleted.
    public var type: Int
}

/// The params of `$/cancelRequest`.
public struct CancelParams: Codable, Sendable {
    /// The request to cancel.
    public var id: JSONRPCID
}
