import Foundation
import JuiceCore
import JuiceRecipeText
import JuiceRecipes
import Synchronization
import Testing

@testable import JuiceLSP

/// Hover, completion, definition, references, rename and quick fixes through the protocol, and the shapes their
/// answers take (spans to ranges, edits by URI or by versioned document).
@Suite(.timeLimit(.minutes(2))) struct ServerFeatureTests {
    static func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    @Test func nothingUnderTheCursorAnswersNullOrEmpty() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let uri = DocumentURI.uri(ofPath: directory + "/juices.yaml")
        client.open(directory + "/juices.yaml", text: try text("juices.yaml", in: directory))
        // Line 0 is a comment: nothing there to hover, complete, find or rename.
        let hover = await client.call("textDocument/hover", Self.at(uri, 0, 3))
        #expect(hover?.keys.contains("result") == true && hover?["result"] is NSNull)
        #expect((await client.call("textDocument/definition", Self.at(uri, 0, 3)))?["result"] as? [Any] != nil)
        var references = Self.at(uri, 0, 3)
        references["context"] = ["includeDeclaration": true]
        #expect((await client.call("textDocument/references", references))?["result"] as? [Any] != nil)
        let prepare = await client.call("textDocument/prepareRename", Self.at(uri, 0, 3))
        #expect(prepare?["result"] is NSNull)
        var rename = Self.at(uri, 0, 3)
        rename["newName"] = "guava"
        let refused = await client.call("textDocument/rename", rename)
        let error = refused?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32803)
        #expect(error?["message"] as? String == RenameRefusal.nothingToRename.message(in: .english))
        let completion = await client.call("textDocument/completion", Self.at(uri, 0, 3))
        #expect(completion?["result"] as? [Any] != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func refusalsAreInKoreanForKoreanClients() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize(more: ["initializationOptions": ["language": "ko"]])
        var rename = Self.at(DocumentURI.uri(ofPath: directory + "/juices.yaml"), 0, 0)
        rename["newName"] = "guava"
        let refused = await client.call("textDocument/rename", rename)
        #expect((refused?["error"] as? [String: Any])?["message"] as? String == RenameRefusal.nothingToRename.message(in: .korean))
        #expect(await client.shutDown() == 0)
    }

    @Test func codeActionsOnlyForOurDiagnosticsAndOnlyQuickFixes() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let path = directory + "/juices.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        client.open(
            path, text: try text("juices.yaml", in: directory) + "  berry-drink: {name: {ko: 새음료, en: Berry Drink}, recipe: {strawbery: 2}}\n")
        let publication = await client.waitForPublication(uri) { codes($0).contains("unknown-fruit") }
        let ours = try #require(diagnostics(publication).first { $0["code"] as? String == "unknown-fruit" })
        let foreign: [String: Any] = [
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]], "message": "x", "source": "yamlls", "data": [1],
        ]
        let range = ours["range"] ?? [:]
        let answer = await client.call(
            "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": [ours, foreign]]])
        let actions = try #require(answer?["result"] as? [[String: Any]])
        // Every action offered is a quick fix for our diagnostic (the analysis decides how many there are).
        for action in actions {
            #expect(action["kind"] as? String == "quickfix")
            #expect((action["diagnostics"] as? [[String: Any]])?.first?["source"] as? String == "juice")
        }
        let refactors = await client.call(
            "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": [ours], "only": ["refactor"]]])
        #expect((refactors?["result"] as? [Any])?.isEmpty == true)
        #expect(await client.shutDown() == 0)
    }

    /// A workspace of two files whose lines mix Hangul and emoji before the spans edited.
    static func workspace() -> RecipeWorkspace {
        RecipeWorkspace(files: [
            RecipeSourceFile(name: "/m/a.yaml", text: "version: 1\n# 🍓🍓 망고X\n"), RecipeSourceFile(name: "/m/b.yaml", text: "딸기: x\n"),
        ])
    }

    @Test func spansBecomeRangesInTheNegotiatedEncoding() {
        var utf16 = PositionMapper(workspace: Self.workspace(), encoding: .utf16)
        // 망고 on `# 🍓🍓 망고X`: byte 11 of its line, UTF-16 unit 7.
        let span = TextSpan(file: "/m/a.yaml", start: 11 + 11, end: 11 + 17)
        #expect(utf16.range(of: span) == LSPRange(start: TextPosition(line: 1, character: 7), end: TextPosition(line: 1, character: 9)))
        var utf8 = PositionMapper(workspace: Self.workspace(), encoding: .utf8)
        #expect(utf8.range(of: span) == LSPRange(start: TextPosition(line: 1, character: 11), end: TextPosition(line: 1, character: 17)))
        #expect(utf8.offset(of: TextPosition(line: 1, character: 11), in: "/m/a.yaml") == 22)
        #expect(utf16.offset(of: TextPosition(line: 1, character: 7), in: "/m/a.yaml") == 22)
        #expect(utf16.range(of: TextSpan(file: "/nowhere.yaml", start: 0, end: 1)) == nil)
    }

    @Test func editsByURIOrAsVersionedDocumentEdits() {
        var mapper = PositionMapper(workspace: Self.workspace(), encoding: .utf16)
        var documents = DocumentStore()
        documents.open(OpenDocument(uri: "file:///m/a.yaml", version: 4, bytes: Array("version: 1\n# 🍓🍓 망고X\n".utf8)), at: "/m/a.yaml")
        let edits = [
            TextEdit(TextSpan(file: "/m/a.yaml", start: 22, end: 28), with: "사과"),
            TextEdit(TextSpan(file: "/m/b.yaml", start: 0, end: 6), with: "사과"),
        ]
        let plain = mapper.workspaceEdit(edits, documents: documents, versioned: false)
        #expect(plain.documentChanges == nil)
        #expect(plain.changes?["file:///m/a.yaml"]?.first?.range.start == TextPosition(line: 1, character: 7))
        #expect(plain.changes?["file:///m/b.yaml"]?.first?.range.end == TextPosition(line: 0, character: 2))
        let versioned = mapper.workspaceEdit(edits, documents: documents, versioned: true)
        #expect(versioned.changes == nil)
        #expect(versioned.documentChanges?.map(\.textDocument.version) == [4, nil])
        #expect(versioned.documentChanges?.map(\.textDocument.uri) == ["file:///m/a.yaml", "file:///m/b.yaml"])
    }

    @Test func liveStockIsReadAtMostOnceASecondAndFailuresAreLoggedOnce() async {
        let reads = CountingReads()
        let source = LiveStockSource(location: "test") { _ in try await reads.next() }
        let lines = LogLines()
        // A clock of the test's own, so that a slow machine cannot age the cache between two questions.
        let clock = Mutex(ContinuousClock.now)
        let cache = LiveStockCache(
            source: source, log: ServerLog { line in Task { await lines.add(line) } }, maximumAge: .seconds(1),
            now: { clock.withLock { $0 } })
        let book = RecipeBook(fruits: [], juices: [], store: Store())
        for _ in 0..<5 {
            #expect(await cache.current(book: book) == [FruitID("mango"): 1])
            clock.withLock { $0 += .milliseconds(100) }
        }
        #expect(await reads.count == 1)
        clock.withLock { $0 += .milliseconds(500) }
        await reads.fail()
        #expect(await cache.current(book: book) == nil)
        #expect(await cache.current(book: book) == nil)
        #expect(await reads.count == 2)
    }
}

/// A live stock source counting its reads.
actor CountingReads {
    private(set) var count = 0
    private var failing = false

    struct Failure: Error {}

    func next() throws -> [FruitID: Int] {
        count += 1
        if failing { throw Failure() }
        return [FruitID("mango"): count]
    }

    func fail() { failing = true }
}

/// Log lines collected.
actor LogLines {
    private(set) var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}
