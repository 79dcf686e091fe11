/// A problem shown in a document (the protocol's `Diagnostic`).
package struct LSPDiagnostic: Codable, Hashable, Sendable {
    /// Where.
    package var range: LSPRange
    /// 1 error, 2 warning.
    package var severity: Int?
    /// The rule's id.
    package var code: String?
    /// Who found it: `juice` for this server's.
    package var source: String?
    /// What is wrong, and on a second line how to fix it.
    package var message: String
    /// Related places (notes).
    package var relatedInformation: [DiagnosticRelatedInformation]?
    /// What finds the same problem again for a quick fix (only on this server's diagnostics).
    package var data: DiagnosticKey?

    private enum CodingKeys: String, CodingKey {
        case range, severity, code, source, message, relatedInformation, data
    }

    /// A diagnostic.
    package init(
        range: LSPRange, severity: Int?, code: String?, source: String?, message: String,
        relatedInformation: [DiagnosticRelatedInformation]? = nil, data: DiagnosticKey? = nil
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.source = source
        self.message = message
        self.relatedInformation = relatedInformation
        self.data = data
    }

    /// Decodes a diagnostic the client sends back; members of other servers' shapes count as missing.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        range = try container.decode(LSPRange.self, forKey: .range)
        severity = try? container.decodeIfPresent(Int.self, forKey: .severity)
        code = try? container.decodeIfPresent(String.self, forKey: .code)
        source = try? container.decodeIfPresent(String.self, forKey: .source)
        message = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? ""
        relatedInformation = try? container.decodeIfPresent([DiagnosticRelatedInformation].self, forKey: .relatedInformation)
        data = try? container.decodeIfPresent(DiagnosticKey.self, forKey: .data)
    }
}

/// A place related to a diagnostic, with what it says.
package struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
    /// The place.
    package var location: LSPLocation
    /// What the note says.
    package var message: String

    /// A note at `location`.
    package init(location: LSPLocation, message: String) {
        self.location = location
        self.message = message
    }
}

/// What a diagnostic's `data` carries: enough to find the same `Diagnostic` in the current check of the set.
package struct DiagnosticKey: Codable, Hashable, Sendable {
    /// The file's path.
    package var file: String
    /// The rule's id.
    package var rule: String
    /// The 1-based line.
    package var line: Int
    /// The 1-based scalar column.
    package var column: Int
    /// The length in scalars.
    package var length: Int

    /// The key of a diagnostic.
    package init(file: String, rule: String, line: Int, column: Int, length: Int) {
        self.file = file
        self.rule = rule
        self.line = line
        self.column = column
        self.length = length
    }
}

/// The params of `textDocument/publishDiagnostics`.
package struct PublishDiagnosticsParams: Codable, Hashable, Sendable {
    /// The document.
    package var uri: String
    /// The version of the open document the diagnostics are for (none for a file not open).
    package var version: Int?
    /// Every diagnostic of the document (empty: clean).
    package var diagnostics: [LSPDiagnostic]

    /// The diagnostics of `uri`.
    package init(uri: String, version: Int?, diagnostics: [LSPDiagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}
