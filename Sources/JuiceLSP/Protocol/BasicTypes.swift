import JuiceRecipeText

extension TextPosition: Codable {
    private enum CodingKeys: String, CodingKey {
        case line, character
    }

    /// Decodes the protocol's `Position` (`line`, `character`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), character: try container.decode(Int.self, forKey: .character))
    }

    /// Encodes the protocol's `Position`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(character, forKey: .character)
    }
}

/// A range in a document, `end` exclusive (the protocol's `Range`).
package struct LSPRange: Codable, Hashable, Sendable {
    /// The first position.
    package var start: TextPosition
    /// The position after the last.
    package var end: TextPosition

    /// The range from `start` to `end`.
    package init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }
}

/// A range in a document named by its URI (the protocol's `Location`).
package struct LSPLocation: Codable, Hashable, Sendable {
    /// The document.
    package var uri: String
    /// The range.
    package var range: LSPRange

    /// The location `range` of `uri`.
    package init(uri: String, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}

/// A document named by its URI.
package struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    package var uri: String

    /// The document `uri`.
    package init(uri: String) { self.uri = uri }
}

/// A document and the version of its text an edit applies to; `version` nil (written as null) for a file not open.
package struct OptionalVersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    package var uri: String
    /// The version the client gave its text, or nil for the file on disk.
    package var version: Int?

    private enum CodingKeys: String, CodingKey {
        case uri, version
    }

    /// The document `uri` at `version`.
    package init(uri: String, version: Int?) {
        self.uri = uri
        self.version = version
    }

    /// Encodes `version` as null when there is none (the member is required).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri, forKey: .uri)
        if let version { try container.encode(version, forKey: .version) } else { try container.encodeNil(forKey: .version) }
    }
}

/// A document's URI, language and text as the client opened it (the protocol's `TextDocumentItem`).
package struct TextDocumentItem: Codable, Hashable, Sendable {
    /// The document's URI.
    package var uri: String
    /// The client's language id (`yaml`).
    package var languageId: String?
    /// The version, rising with every change.
    package var version: Int
    /// The whole text.
    package var text: String
}

/// A position in a document: the params of hover, completion, definition and prepareRename.
package struct TextDocumentPositionParams: Codable, Hashable, Sendable {
    /// The document.
    package var textDocument: TextDocumentIdentifier
    /// The position, in the negotiated encoding.
    package var position: TextPosition
}

/// Text the client shows, Markdown or plain (the protocol's `MarkupContent`).
package struct MarkupContent: Codable, Hashable, Sendable {
    /// `markdown` or `plaintext`.
    package var kind: String
    /// The text.
    package var value: String

    /// Markdown text.
    package init(markdown: String) {
        kind = "markdown"
        value = markdown
    }

    /// `markdown` as plain text, for a client that shows no Markdown: emphasis and code marks taken off, line breaks
    /// plain.
    package init(plainTextOf markdown: String) {
        kind = "plaintext"
        var text = markdown.replacing("  \n", with: "\n")
        text = text.replacing("**", with: "")
        value = text.replacing("`", with: "")
    }
}

/// One change of a document's text (the protocol's `TextEdit`).
package struct LSPTextEdit: Codable, Hashable, Sendable {
    /// What is replaced (an empty range inserts).
    package var range: LSPRange
    /// What replaces it.
    package var newText: String

    /// An edit replacing `range` with `newText`.
    package init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}
