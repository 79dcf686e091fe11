import JuiceRecipes

extension ServerSession {
    // MARK: Document changes

    /// A document opened: its text now wins over the disk's (the first one names the directory when nothing did).
    mutating func didOpen(_ params: DidOpenTextDocumentParams) {
        let item = params.textDocument
        guard let path = DocumentURI.path(of: item.uri) else { return }
        if directory == nil { useDirectory(Self.parent(of: path)) }
        documents.open(OpenDocument(uri: item.uri, version: item.version, bytes: Array(item.text.utf8)), at: path)
        changed(path)
    }

    /// A document's new text (whole, or ranges).
    mutating func didChange(_ params: DidChangeTextDocumentParams) {
        guard let path = DocumentURI.path(of: params.textDocument.uri) else { return }
        guard documents.change(at: path, version: params.textDocument.version, changes: params.contentChanges, encoding: encoding) else {
            log("didChange for \(path), which is not open; ignored")
            return
        }
        changed(path)
    }

    /// A document closed: the disk's text counts again (a file never saved leaves the set).
    mutating func didClose(_ params: TextDocumentNotificationParams) {
        guard let path = DocumentURI.path(of: params.textDocument.uri) else { return }
        documents.close(at: path)
        changed(path)
    }

    /// A save: the directory is read again (the file on disk is now the editor's text, and a save may add a file).
    mutating func didSave(_ params: TextDocumentNotificationParams) {
        guard let path = DocumentURI.path(of: params.textDocument.uri) else { return }
        rereadDisk()
        changed(path)
    }

    /// Files changed outside the editor: the directory is read again.
    mutating func didChangeWatchedFiles(_ params: DidChangeWatchedFilesParams) {
        guard !params.changes.isEmpty else { return }
        rereadDisk()
        needsRebuild = true
    }

    /// Reads the recipe directory from disk again.
    private mutating func rereadDisk() {
        guard var directory else { return }
        directory.readDisk(log: log)
        self.directory = directory
    }

    private mutating func changed(_ path: String) {
        changedPaths.insert(path)
        needsRebuild = true
    }

    /// The directory a document is in (the recipe directory when the client named none).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    // MARK: Checking and publishing

    /// Builds the workspace from the current texts when they changed, and pushes the diagnostics that changed: every
    /// file whose diagnostics differ from the last ones sent, every document just changed (with its version), and an
    /// empty list for files that left the set.
    mutating func refresh() {
        guard needsRebuild else { return }
        needsRebuild = false
        guard let directory else { return }
        let started = ContinuousClock.now
        let workspace = RecipeWorkspace(files: directory.files(with: documents), rules: directory.rules(with: documents), language: language)
        var mapper = PositionMapper(workspace: workspace, encoding: encoding)
        defer { self.mapper = mapper }
        guard publishing else { return }
        var next: [String: [LSPDiagnostic]] = [:]
        let documents = documents
        for (path, diagnostics) in workspace.diagnosticsByFile where path.hasPrefix("/") && !diagnostics.isEmpty {
            next[path] = diagnostics.map { mapper.lspDiagnostic($0, language: language, uri: documents.uri(of:)) }
        }
        // The documents just changed first (the one being typed in is the one waited for), then the others by path.
        let others = Set(next.keys).union(published.keys).subtracting(changedPaths).sorted()
        let paths = changedPaths.sorted() + others
        for path in paths {
            let diagnostics = next[path] ?? []
            let uri = documents.uri(of: path)
            guard diagnostics != published[path] ?? [] || changedPaths.contains(path) || publishedURIs[path] != uri else { continue }
            if let old = publishedURIs[path], old != uri {
                // The client spelled the URI otherwise (opened or closed): nothing is left under the other spelling.
                send(
                    .notification(
                        method: "textDocument/publishDiagnostics", params: PublishDiagnosticsParams(uri: old, version: nil, diagnostics: [])))
            }
            let params = PublishDiagnosticsParams(uri: uri, version: documents[path]?.version, diagnostics: diagnostics)
            send(.notification(method: "textDocument/publishDiagnostics", params: params))
            publishedURIs[path] = diagnostics.isEmpty && documents[path] == nil ? nil : uri
        }
        published = next
        changedPaths = []
        let elapsed = ContinuousClock.now - started
        if elapsed > .milliseconds(100) { log("checking the set took \(elapsed)") }
    }
}
