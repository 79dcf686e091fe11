import JuiceRecipeText

/// A document the client has open: its text as the editor holds it, which wins over the file on disk.
struct OpenDocument: Sendable {
    /// The URI exactly as the client sent it (diagnostics for it go back under the same URI).
    var uri: String
    /// The version the client gave its text.
    var version: Int
    /// The text, UTF-8.
    var bytes: [UInt8]
}

/// The documents open in the client, by absolute path (only `file://` documents count).
struct DocumentStore: Sendable {
    private(set) var byPath: [String: OpenDocument] = [:]

    /// The open document at `path`.
    subscript(path: String) -> OpenDocument? { byPath[path] }

    /// Records `document` as open at `path`.
    mutating func open(_ document: OpenDocument, at path: String) {
        byPath[path] = document
    }

    /// Applies `changes` (whole texts, or ranges counted in `encoding`) to the document at `path`, now at `version`;
    /// false when it is not open.
    mutating func change(at path: String, version: Int, changes: [TextDocumentContentChangeEvent], encoding: PositionEncoding) -> Bool {
        guard var document = byPath[path] else { return false }
        for change in changes {
            guard let range = change.range else {
                document.bytes = Array(change.text.utf8)
                continue
            }
            let index = LineIndex(document.bytes)
            let start = index.byteOffset(of: range.start, in: encoding)
            let end = max(start, index.byteOffset(of: range.end, in: encoding))
            document.bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
        }
        document.version = version
        byPath[path] = document
        return true
    }

    /// Forgets the document at `path`; what it was, if it was open.
    @discardableResult
    mutating func close(at path: String) -> OpenDocument? {
        byPath.removeValue(forKey: path)
    }

    /// The URI diagnostics for `path` go under: the client's own for an open document, else one made from the path.
    func uri(of path: String) -> String {
        byPath[path]?.uri ?? DocumentURI.uri(ofPath: path)
    }
}
