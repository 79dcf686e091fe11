import JuiceCore
import JuiceRecipeText
import JuiceRecipes
import JuiceYAML

/// Turns the workspace's byte spans and libyaml locations into the client's positions and back, in the encoding agreed
/// at `initialize`, keeping each file's line index while the workspace lasts.
struct PositionMapper: Sendable {
    /// The workspace whose texts are indexed.
    let workspace: RecipeWorkspace
    /// The encoding positions are counted in.
    let encoding: PositionEncoding
    private var indexes: [String: LineIndex] = [:]

    /// A mapper over `workspace`'s texts counting in `encoding`.
    init(workspace: RecipeWorkspace, encoding: PositionEncoding) {
        self.workspace = workspace
        self.encoding = encoding
    }

    /// The line index of `file`, or nil when the workspace has no such file.
    mutating func index(of file: String) -> LineIndex? {
        if let index = indexes[file] { return index }
        guard let index = workspace.lineIndex(of: file) else { return nil }
        indexes[file] = index
        return index
    }

    /// The client's range of `span`.
    mutating func range(of span: TextSpan) -> LSPRange? {
        guard let index = index(of: span.file) else { return nil }
        return LSPRange(start: index.position(ofByteOffset: span.start, in: encoding), end: index.position(ofByteOffset: span.end, in: encoding))
    }

    /// The client's range of `length` scalars at libyaml's `location` (within its line).
    mutating func range(at location: SourceLocation, length: Int) -> LSPRange {
        guard let index = index(of: location.file) else {
            let start = TextPosition(line: max(0, location.line - 1), character: max(0, location.column - 1))
            return LSPRange(start: start, end: start)
        }
        let start = index.byteOffset(line: location.line, scalarColumn: location.column)
        let end = index.byteOffset(start, advancedByScalars: max(0, length))
        return LSPRange(start: index.position(ofByteOffset: start, in: encoding), end: index.position(ofByteOffset: end, in: encoding))
    }

    /// The byte offset of the client's `position` in `file`, or nil when the workspace has no such file.
    mutating func offset(of position: TextPosition, in file: String) -> Int? {
        index(of: file)?.byteOffset(of: position, in: encoding)
    }

    /// `diagnostic` as the client shows it, worded in `language`; `uri` names files.
    mutating func lspDiagnostic(_ diagnostic: Diagnostic, language: Language, uri: (String) -> String) -> LSPDiagnostic {
        var message = diagnostic.message(in: language)
        if let fix = diagnostic.fix(in: language) { message += "\n" + fix }
        let related = diagnostic.notes.map { note in
            DiagnosticRelatedInformation(
                location: LSPLocation(uri: uri(note.location.file), range: range(at: note.location, length: 1)), message: note.message(in: language))
        }
        let location = diagnostic.location
        return LSPDiagnostic(
            range: range(at: location, length: diagnostic.length), severity: diagnostic.severity == .error ? 1 : 2, code: diagnostic.rule.rawValue,
            source: "juice", message: message, relatedInformation: related.isEmpty ? nil : related,
            data: DiagnosticKey(
                file: location.file, rule: diagnostic.rule.rawValue, line: location.line, column: location.column, length: diagnostic.length))
    }

    /// The workspace's diagnostic `key` names, if it still has it.
    func diagnostic(for key: DiagnosticKey) -> Diagnostic? {
        workspace.diagnosticsByFile[key.file]?.first {
            $0.rule.rawValue == key.rule && $0.location.line == key.line && $0.location.column == key.column && $0.length == key.length
        }
    }

    /// The workspace's diagnostic in `file` with the rule and the range of `shown` (a diagnostic sent back without its
    /// `data`).
    mutating func diagnostic(in file: String, matching shown: LSPDiagnostic) -> Diagnostic? {
        guard let code = shown.code else { return nil }
        for diagnostic in workspace.diagnosticsByFile[file] ?? [] where diagnostic.rule.rawValue == code {
            if range(at: diagnostic.location, length: diagnostic.length) == shown.range { return diagnostic }
        }
        return nil
    }

    /// `edits` as the client takes them: versioned document edits (`versioned`; a file not open at version null), else
    /// edits by URI; files in the order the edits first name them.
    mutating func workspaceEdit(_ edits: [TextEdit], documents: DocumentStore, versioned: Bool) -> WorkspaceEdit {
        var order: [String] = []
        var byFile: [String: [LSPTextEdit]] = [:]
        for edit in edits {
            guard let range = range(of: edit.span) else { continue }
            if byFile[edit.span.file] == nil { order.append(edit.span.file) }
            byFile[edit.span.file, default: []].append(LSPTextEdit(range: range, newText: edit.newText))
        }
        if versioned {
            return WorkspaceEdit(
                documentChanges: order.map { file in
                    TextDocumentEdit(
                        textDocument: OptionalVersionedTextDocumentIdentifier(uri: documents.uri(of: file), version: documents[file]?.version),
                        edits: byFile[file] ?? [])
                })
        }
        var changes: [String: [LSPTextEdit]] = [:]
        for file in order { changes[documents.uri(of: file)] = byFile[file] }
        return WorkspaceEdit(changes: changes)
    }
}
