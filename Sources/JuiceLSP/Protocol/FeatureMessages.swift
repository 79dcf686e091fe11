import JuiceRecipeText

/// The answer to `textDocument/hover`.
public struct Hover: Codable, Hashable, Sendable {
    /// The text.
    public var contents: MarkupContent
    /// The word hovered.
    public var range: LSPRange?
}

/// One completion (the protocol's `CompletionItem`).
public struct CompletionItem: Codable, Hashable, Sendable {
    /// What is shown and filtered on.
    public var label: String
    /// The protocol's `CompletionItemKind` (12 value, 21 constant, 10 property).
    public var kind: Int
    /// One line beside the label.
    public var detail: String?
    /// Longer text.
    public var documentation: MarkupContent?
    /// The edit made when it is chosen.
    public var textEdit: LSPTextEdit
}

/// The params of `textDocument/references`.
public struct ReferenceParams: Codable, Sendable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The position.
    public var position: TextPosition
    /// Whether the definition is wanted too.
    public var context: ReferenceContext

    /// `context`.
    public struct ReferenceContext: Codable, Sendable {
        /// Whether the definition is wanted too.
        public var includeDeclaration: Bool
    }
}

/// The params of `textDocument/rename`.
public struct RenameParams: Codable, Sendable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The position.
    public var position: TextPosition
    /// The new id.
    public var newName: String
}

/// The answer to `textDocument/prepareRename`: what would be renamed, and its current id.
public struct PrepareRenameResult: Codable, Hashable, Sendable {
    /// The id's range.
    public var range: LSPRange
    /// The id, offered for editing.
    public var placeholder: String
}

/// Edits to several documents (the protocol's `WorkspaceEdit`): by URI, or as versioned document edits.
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    /// The edits by URI (clients without `documentChanges`).
    public var changes: [String: [LSPTextEdit]]?
    /// The edits per document version.
    public var documentChanges: [TextDocumentEdit]?

    /// An edit in one of the two forms.
    public init(changes: [String: [LSPTextEdit]]? = nil, documentChanges: [TextDocumentEdit]? = nil) {
        self.changes = changes
        self.documentChanges = documentChanges
    }
}

/// The edits of one document at one version.
public struct TextDocumentEdit: Codable, Hashable, Sendable {
    /// The document and the version edited (null for a file not open).
    public var textDocument: OptionalVersionedTextDocumentIdentifier
    /// The edits.
    public var edits: [LSPTextEdit]
}

/// The params of `textDocument/codeAction`.
public struct CodeActionParams: Codable, Sendable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The range selected.
    public var range: LSPRange
    /// The diagnostics there, and which kinds are wanted.
    public var context: CodeActionContext

    /// `context`.
    public struct CodeActionContext: Codable, Sendable {
        /// The diagnostics in the range.
        public var diagnostics: [LSPDiagnostic]
        /// The kinds wanted (none: all).
        public var only: [String]?
    }
}

/// One fix offered (the protocol's `CodeAction`).
public struct CodeAction: Codable, Hashable, Sendable {
    /// What it does.
    public var title: String
    /// `quickfix`.
    public var kind: String
    /// The diagnostic it fixes.
    public var diagnostics: [LSPDiagnostic]
    /// The edits.
    public var edit: WorkspaceEdit
    /// Whether it is the one to apply.
    public var isPreferred: Bool
}
