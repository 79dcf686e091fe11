import JuiceRecipeText

extension TextPosition: Codable {
    private enum CodingKeys: String, CodingKey {
        case line, character
    }

    /// Decodes the protocol's `Position` (`line`, `character`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), character: try container.decode(Int.self, forKey: .character))
    }

    /// Encodes the protocol's `Position`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(character, forKey: .character)
    }
}

/// A range in a document, `end` exclusive (the protocol's `Range`).
public struct LSPRange: Codable, Hashable, Sendable {
    /// The first position.
    public var start: TextPosition
    /// The position after the last.
    public var end: TextPosition

    /// The range from `start` to `end`.
    public init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }
}

/// A range in a document named by its URI (the protocol's `Location`).
public struct LSPLocation: Codable, Hashable, Sendable {
    /// The document.
    public var uri: String
    /// The range.
    public var range: LSPRange

    /// The location `range` of `uri`.
    public init(uri: String, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}

/// A document named by its URI.
public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    public var uri: String

    /// The document `uri`.
    public init(uri: String) { self.uri = uri }
}

/// A document and the version of its text an edit applies to; `version` nil (written as null) for a file not open.
public struct OptionalVersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    public var uri: String
    /// The version the client gave its text, or nil for the file on disk.
    public var version: Int?

    private enum CodingKeys: String, CodingKey {
        case uri, version
    }

    /// The document `uri` at `version`.
    public init(uri: String, version: Int?) {
        self.uri = uri
        self.version = version
    }

    /// Encodes `version` as null when there is none (the member is required).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri, forKey: .uri)
        if let version { try container.encode(version, forKey: .version) } else { try container.encodeNil(forKey: .version) }
    }
}

/// A document's URI, language and text as the client opened it (the protocol's `TextDocumentItem`).
public struct TextDocumentItem: Codable, Hashable, Sendable {
    /// The document's URI.
    public var uri: String
    /// The client's language id (`yaml`).
    public var languageId: String?
    /// The version, rising with every change.
    public var version: Int
    /// The whole text.
    public var text: String
}

/// A position in a document: the params of hover, completion, definition and prepareRename.
public struct TextDocumentPositionParams: Codable, Hashable, Sendable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The position, in the negotiated encoding.
    public var position: TextPosition
}

/// Text the client shows, Markdown or plain (the protocol's `MarkupContent`).
public struct MarkupContent: Codable, Hashable, Sendable {
    /// `markdown` or `plaintext`.
    public var kind: String
    /// The text.
    public var value: String

    /// Markdown text.
    public init(markdown: String) {
        kind = "markdown"
        value = markdown
    }

    /// `markdown` as plain text, for a client that shows no Markdown: emphasis and code marks taken off, line breaks
    /// plain.
    public init(plainTextOf markdown: String) {
        kind = "plaintext"
        var text = markdown.replacing("  \n", with: "\n")
        text = text.replacing("**", with: "")
        value = text.replacing("`", with: "")
    }
}

/// One change of a document's text (the protocol's `TextEdit`).
public struct LSPTextEdit: Codable, Hashable, Sendable {
    /// What is replaced (an empty range inserts).
    public var range: LSPRange
    /// What replaces it.
    public var newText: String

    /// An edit replacing `range` with `newText`.
    public init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}
