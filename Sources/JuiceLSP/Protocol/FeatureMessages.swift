import JuiceRecipeText

/// The answer to `textDocument/hover`.
package struct Hover: Codable, Hashable, Sendable {
    /// The text.
    package var contents: MarkupContent
    /// The word hovered.
    package var range: LSPRange?
}

/// One completion (the protocol's `CompletionItem`).
package struct CompletionItem: Codable, Hashable, Sendable {
    /// What is shown and filtered on.
    package var label: String
    /// The protocol's `CompletionItemKind` (12 value, 21 constant, 10 property).
    package var kind: Int
    /// One line beside the label.
    package var detail: String?
    /// Longer text.
    package var documentation: MarkupContent?
    /// The edit made when it is chosen.
    package var textEdit: LSPTextEdit
}

/// The params of `textDocument/references`.
package struct ReferenceParams: Codable, Sendable {
    /// The document.
    package var textDocument: TextDocumentIdentifier
    /// The position.
    package var position: TextPosition
    /// Whether the definition is wanted too.
    package var context: ReferenceContext

    /// `context`.
    package struct ReferenceContext: Codable, Sendable {
        /// Whether the definition is wanted too.
        package var includeDeclaration: Bool
    }
}

/// The params of `textDocument/rename`.
package struct RenameParams: Codable, Sendable {
    /// The document.
    package var textDocument: TextDocumentIdentifier
    /// The position.
    package var position: TextPosition
    /// The new id.
    package var newName: String
}

/// The answer to `textDocument/prepareRename`: what would be renamed, and its current id.
package struct PrepareRenameResult: Codable, Hashable, Sendable {
    /// The id's range.
    package var range: LSPRange
    /// The id, offered for editing.
    package var placeholder: String
}

/// Edits to several documents (the protocol's `WorkspaceEdit`): by URI, or as versioned document edits.
package struct WorkspaceEdit: Codable, Hashable, Sendable {
    /// The edits by URI (clients without `documentChanges`).
    package var changes: [String: [LSPTextEdit]]?
    /// The edits per document version.
    package var documentChanges: [TextDocumentEdit]?

    /// An edit in one of the two forms.
    package init(changes: [String: [LSPTextEdit]]? = nil, documentChanges: [TextDocumentEdit]? = nil) {
        self.changes = changes
        self.documentChanges = documentChanges
    }
}

/// The edits of one document at one version.
package struct TextDocumentEdit: Codable, Hashable, Sendable {
    /// The document and the version edited (null for a file not open).
    package var textDocument: OptionalVersionedTextDocumentIdentifier
    /// The edits.
    package var edits: [LSPTextEdit]
}

/// The params of `textDocument/codeAction`.
package struct CodeActionParams: Codable, Sendable {
    /// The document.
    package var textDocument: TextDocumentIdentifier
    /// The range selected.
    package var range: LSPRange
    /// The diagnostics there, and which kinds are wanted.
    package var context: CodeActionContext

    /// `context`.
    package struct CodeActionContext: Codable, Sendable {
        /// The diagnostics in the range.
        package var diagnostics: [LSPDiagnostic]
        /// The kinds wanted (none: all).
        package var only: [String]?
    }
}

/// One fix offered (the protocol's `CodeAction`).
package struct CodeAction: Codable, Hashable, Sendable {
    /// What it does.
    package var title: String
    /// `quickfix`.
    package var kind: String
    /// The diagnostic it fixes.
    package var diagnostics: [LSPDiagnostic]
    /// The edits.
    package var edit: WorkspaceEdit
    /// Whether it is the one to apply.
    package var isPreferred: Bool
}
