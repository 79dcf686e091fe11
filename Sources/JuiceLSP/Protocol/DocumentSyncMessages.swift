/// The params of `textDocument/didOpen`.
package struct DidOpenTextDocumentParams: Codable, Sendable {
    /// The document opened, with its text.
    package var textDocument: TextDocumentItem
}

/// The params of `textDocument/didChange`.
package struct DidChangeTextDocumentParams: Codable, Sendable {
    /// The document and its new version.
    package var textDocument: VersionedTextDocumentIdentifier
    /// The changes, in order: whole texts (full sync), or ranges from a client that sends them anyway.
    package var contentChanges: [TextDocumentContentChangeEvent]
}

/// A document and the version of its text.
package struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    package var uri: String
    /// The version.
    package var version: Int
}

/// One change of a document: the whole text, or `text` replacing `range`.
package struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
    /// The range replaced (none: the whole text).
    package var range: LSPRange?
    /// The new text.
    package var text: String
}

/// The params of `textDocument/didClose` and `textDocument/didSave`.
package struct TextDocumentNotificationParams: Codable, Sendable {
    /// The document.
    package var textDocument: TextDocumentIdentifier
}

/// The params of `workspace/didChangeWatchedFiles`.
package struct DidChangeWatchedFilesParams: Codable, Sendable {
    /// The files that changed.
    package var changes: [FileEvent]
}

/// One file created, changed or deleted.
package struct FileEvent: Codable, Hashable, Sendable {
    /// The file.
    package var uri: String
    /// 1 created, 2 changed, 3 deleted.
    package var type: Int
}

/// The params of `$/cancelRequest`.
package struct CancelParams: Codable, Sendable {
    /// The request to cancel.
    package var id: JSONRPCID
}
