import JuiceCore
import JuiceRecipeText
import JuiceRecipes

extension ServerSession {
    /// Where a request points: the file's path and the byte offset, when the file is one of the set's.
    private mutating func locate(_ uri: String, _ position: TextPosition) -> (file: String, offset: Int)? {
        guard let path = DocumentURI.path(of: uri), let offset = mapper?.offset(of: position, in: path) else { return nil }
        return (path, offset)
    }

    /// The live stock for hover and completion, when a state is given and can be read.
    private mutating func currentLiveStock() async -> [FruitID: Int]? {
        guard let liveStock, let book = mapper?.workspace.result.book else { return nil }
        return await liveStock.current(book: book)
    }

    /// `textDocument/hover`: the analysis's Markdown over the id's range; null over nothing.
    mutating func hover(_ params: TextDocumentPositionParams) async -> any Encodable & Sendable {
        guard let (file, offset) = locate(params.textDocument.uri, params.position) else { return JSONNull() }
        let stock = await currentLiveStock()
        guard let answer = mapper?.workspace.hover(in: file, at: offset, liveStock: stock) else { return JSONNull() }
        let contents = clientTakesMarkdownHover ? MarkupContent(markdown: answer.markdown) : MarkupContent(plainTextOf: answer.markdown)
        return Hover(contents: contents, range: mapper?.range(of: answer.span))
    }

    /// `textDocument/completion`: each candidate as an item whose edit replaces the word typed so far.
    mutating func completion(_ params: TextDocumentPositionParams) async -> any Encodable & Sendable {
        guard let (file, offset) = locate(params.textDocument.uri, params.position) else { return [CompletionItem]() }
        let stock = await currentLiveStock()
        guard let candidates = mapper?.workspace.completions(in: file, at: offset, liveStock: stock) else { return [CompletionItem]() }
        let here = LSPRange(start: params.position, end: params.position)
        return candidates.map { candidate in
            CompletionItem(
                label: candidate.label, kind: Self.completionKind(candidate.kind), detail: candidate.detail.isEmpty ? nil : candidate.detail,
                documentation: candidate.documentation.map(MarkupContent.init(markdown:)),
                textEdit: LSPTextEdit(range: mapper?.range(of: candidate.replacing) ?? here, newText: candidate.insertText ?? candidate.label))
        }
    }

    /// The protocol's `CompletionItemKind` for what a completion offers.
    static func completionKind(_ kind: CompletionKind) -> Int {
        switch kind {
        case .fruit: return 12  // Value
        case .juice: return 21  // Constant
        case .key: return 10  // Property
        case .supplier: return 18  // Reference
        case .day: return 20  // EnumMember
        }
    }

    /// `textDocument/definition`: where the id is defined, in whichever file.
    mutating func definition(_ params: TextDocumentPositionParams) -> [LSPLocation] {
        guard let (file, offset) = locate(params.textDocument.uri, params.position), let spans = mapper?.workspace.definitions(in: file, at: offset)
        else { return [] }
        return locations(spans)
    }

    /// `textDocument/references`: every use, the definition too when asked.
    mutating func references(_ params: ReferenceParams) -> [LSPLocation] {
        guard let (file, offset) = locate(params.textDocument.uri, params.position),
            let spans = mapper?.workspace.references(in: file, at: offset, includingDefinition: params.context.includeDeclaration)
        else { return [] }
        return locations(spans)
    }

    private mutating func locations(_ spans: [TextSpan]) -> [LSPLocation] {
        spans.compactMap { span in mapper?.range(of: span).map { LSPLocation(uri: documents.uri(of: span.file), range: $0) } }
    }

    /// `textDocument/prepareRename`: the id's range and text; null where nothing can be renamed.
    mutating func prepareRename(_ params: TextDocumentPositionParams) -> Result<any Encodable & Sendable, ResponseError> {
        guard let (file, offset) = locate(params.textDocument.uri, params.position), let workspace = mapper?.workspace else {
            return .success(JSONNull())
        }
        do {
            let target = try workspace.renameTarget(in: file, at: offset)
            guard let range = mapper?.range(of: target.span) else { return .success(JSONNull()) }
            return .success(PrepareRenameResult(range: range, placeholder: target.id))
        } catch .nothingToRename {
            return .success(JSONNull())
        } catch {
            return .failure(ResponseError(code: ResponseError.requestFailedCode, message: error.message(in: language)))
        }
    }

    /// `textDocument/rename`: the edits in every file, or the refusal as a RequestFailed error.
    mutating func rename(_ params: RenameParams) -> Result<any Encodable & Sendable, ResponseError> {
        guard let (file, offset) = locate(params.textDocument.uri, params.position), let workspace = mapper?.workspace else {
            let refusal = RenameRefusal.nothingToRename
            return .failure(ResponseError(code: ResponseError.requestFailedCode, message: refusal.message(in: language)))
        }
        do {
            return .success(workspaceEdit(try workspace.rename(in: file, at: offset, to: params.newName)))
        } catch {
            return .failure(ResponseError(code: ResponseError.requestFailedCode, message: error.message(in: language)))
        }
    }

    /// For each of this server's diagnostics in the request that the current set still has, its quick fixes.
    mutating func codeActions(_ params: CodeActionParams) -> [CodeAction] {
        if let only = params.context.only, !only.contains(where: { $0 == "quickfix" || "quickfix".hasPrefix($0 + ".") }) { return [] }
        var actions: [CodeAction] = []
        let file = DocumentURI.path(of: params.textDocument.uri)
        for shown in params.context.diagnostics where shown.source == "juice" {
            // By the key it carries; from a client that drops `data`, by its rule and range in the document.
            let found = shown.data.flatMap { mapper?.diagnostic(for: $0) } ?? file.flatMap { mapper?.diagnostic(in: $0, matching: shown) }
            guard let diagnostic = found, let workspace = mapper?.workspace else { continue }
            for fix in workspace.quickFixes(for: diagnostic) {
                actions.append(
                    CodeAction(title: fix.title, kind: "quickfix", diagnostics: [shown], edit: workspaceEdit(fix.edits), isPreferred: fix.isPreferred)
                )
            }
        }
        return actions
    }

    /// `edits` as the client takes them.
    mutating func workspaceEdit(_ edits: [TextEdit]) -> WorkspaceEdit {
        mapper?.workspaceEdit(edits, documents: documents, versioned: clientTakesDocumentChanges) ?? WorkspaceEdit(changes: [:])
    }
}
