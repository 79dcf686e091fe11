import Foundation
import JuiceRecipeText
import JuiceRecipes
import Testing

@testable import JuiceLSP

/// The open documents and the recipe directory under them: incremental changes counted in each encoding, which paths
/// belong to the set, and where the set is.
@Suite struct ServerDocumentTests {
    @Test(arguments: [(PositionEncoding.utf16, 7), (.utf8, 11), (.utf32, 5)])
    func rangedChangesAfterHangulAndEmoji(encoding: PositionEncoding, character: Int) {
        var documents = DocumentStore()
        documents.open(OpenDocument(uri: "file:///m/a.yaml", version: 1, bytes: Array("version: 1\n# 🍓🍓 망고X\n".utf8)), at: "/m/a.yaml")
        let range = LSPRange(
            start: TextPosition(line: 1, character: character), end: TextPosition(line: 1, character: character + (encoding == .utf8 ? 6 : 2)))
        let changed = documents.change(
            at: "/m/a.yaml", version: 2, changes: [TextDocumentContentChangeEvent(range: range, text: "키위")], encoding: encoding)
        #expect(changed)
        #expect(documents["/m/a.yaml"].map { String(decoding: $0.bytes, as: UTF8.self) } == "version: 1\n# 🍓🍓 키위X\n")
        #expect(documents["/m/a.yaml"]?.version == 2)
        let notOpen = documents.change(at: "/m/b.yaml", version: 1, changes: [], encoding: encoding)
        #expect(!notOpen)
    }

    @Test func whichPathsBelongToTheSet() {
        let directory = RecipeDirectory(root: "/menu/recipes")
        #expect(directory.isRecipeFile("/menu/recipes/juices.yaml"))
        #expect(directory.isRecipeFile("/menu/recipes/summer/drinks.yml"))
        #expect(!directory.isRecipeFile("/menu/recipes/.hidden/drinks.yaml"))
        #expect(!directory.isRecipeFile("/menu/recipes/.juicelint.yaml"))
        #expect(!directory.isRecipeFile("/menu/recipes-old/juices.yaml"))
        #expect(!directory.isRecipeFile("/menu/recipes/notes.txt"))
        #expect(directory.contains("/menu/recipes/.juicelint.yaml"))
        #expect(directory.configurationPath == "/menu/recipes/.juicelint.yaml")
    }

    @Test func openDocumentsOverlayTheDiskInLoadOrder() {
        var directory = RecipeDirectory(root: "/nonexistent-juice-dir")
        directory.readDisk(log: .silent)
        var documents = DocumentStore()
        documents.open(
            OpenDocument(uri: "file:///nonexistent-juice-dir/b.yaml", version: 1, bytes: Array("b".utf8)), at: "/nonexistent-juice-dir/b.yaml")
        documents.open(
            OpenDocument(uri: "file:///nonexistent-juice-dir/a.yml", version: 1, bytes: Array("a".utf8)), at: "/nonexistent-juice-dir/a.yml")
        documents.open(OpenDocument(uri: "file:///elsewhere/c.yaml", version: 1, bytes: Array("c".utf8)), at: "/elsewhere/c.yaml")
        #expect(directory.files(with: documents).map(\.name) == ["/nonexistent-juice-dir/a.yml", "/nonexistent-juice-dir/b.yaml"])
        documents.open(
            OpenDocument(uri: "file:///nonexistent-juice-dir/.juicelint.yaml", version: 1, bytes: Array("rules: {unknown-fruit: off}\n".utf8)),
            at: "/nonexistent-juice-dir/.juicelint.yaml")
        let rules = directory.rules(with: documents)
        #expect(rules.configuration.severity(of: .unknownFruit) == nil)
        #expect(rules.files.map(\.name) == ["/nonexistent-juice-dir/.juicelint.yaml"])
    }

    @Test func theRecipeDirectoryFromTheCommandLineOrTheClient() throws {
        let root = try recipeDirectory(inside: "repo")
        func params(_ json: String) throws -> InitializeParams {
            try JSONDecoder().decode(InitializeParams.self, from: Data(json.utf8))
        }
        let folder = try params(#"{"workspaceFolders": [{"uri": "\#(DocumentURI.uri(ofPath: root))", "name": "repo"}], "rootUri": "file:///x"}"#)
        #expect(RecipeDirectory.root(configured: nil, initialize: folder) == root + "/recipes")
        let rootURI = try params(#"{"rootUri": "\#(DocumentURI.uri(ofPath: root + "/recipes"))"}"#)
        #expect(RecipeDirectory.root(configured: nil, initialize: rootURI) == root + "/recipes")
        let rootPath = try params(#"{"rootPath": "\#(root)/recipes/"}"#)
        #expect(RecipeDirectory.root(configured: nil, initialize: rootPath) == root + "/recipes")
        #expect(RecipeDirectory.root(configured: "/given/dir/", initialize: folder) == "/given/dir")
        #expect(RecipeDirectory.root(configured: nil, initialize: try params("{}")) == nil)
        // A client sending odd types where strings belong still starts.
        #expect(RecipeDirectory.root(configured: nil, initialize: try params(#"{"rootUri": 5, "locale": [1], "capabilities": 3}"#)) == nil)
    }

    @Test func languageAndEncodingChoices() {
        #expect(ServerSession.language(locale: "ko-KR", options: nil) == .korean)
        #expect(ServerSession.language(locale: "en-US", options: .object(["language": .string("ko")])) == .korean)
        #expect(ServerSession.language(locale: "ko", options: .object(["language": .string("en")])) == .english)
        #expect(ServerSession.language(locale: nil, options: nil) == .english)
        #expect(ServerSession.encoding(offered: ["utf-16", "utf-8"]) == .utf8)
        #expect(ServerSession.encoding(offered: ["utf-32"]) == .utf32)
        #expect(ServerSession.encoding(offered: []) == .utf16)
    }
}
