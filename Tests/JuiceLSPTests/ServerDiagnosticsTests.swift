import Foundation
import JuiceLSP
import JuiceRecipes
import Testing

/// Diagnostics pushed as the editor changes the set: files not open, versions, exact positions after Hangul and
/// emoji in every encoding, closing, saving and files changed outside the editor.
@Suite(.timeLimit(.minutes(2))) struct ServerDiagnosticsTests {
    /// fruits.yaml without mango.
    static func fruitsWithoutMango(_ directory: String) throws -> String {
        let fruits = try text("fruits.yaml", in: directory)
        return fruits.replacingOccurrences(of: "  mango:\n    name: {ko: 망고, en: Mango}\n    emoji: 🥭\n", with: "")
    }

    @Test func breakingTheFruitsFileRedsTheRecipesInAFileNotOpen() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let fruits = directory + "/fruits.yaml"
        let juices = DocumentURI.uri(ofPath: directory + "/juices.yaml")
        let original = try text("fruits.yaml", in: directory)
        client.open(fruits, text: original)
        let withoutMango = try Self.fruitsWithoutMango(directory)
        #expect(withoutMango != original)
        client.change(fruits, text: withoutMango, version: 2)
        let broken = await client.waitForPublication(juices) { codes($0).contains("unknown-fruit") }
        #expect(broken != nil)
        #expect(broken?["version"] == nil)
        let mango = diagnostics(broken).first { $0["code"] as? String == "unknown-fruit" }
        #expect(mango?["source"] as? String == "juice")
        #expect(mango?["severity"] as? Int == 1)
        #expect((mango?["message"] as? String)?.contains("mango") == true)
        #expect(mango?["data"] != nil)
        // Putting mango back clears the file that was not open (the built-in set's one warning stays).
        client.clearReceived()
        client.change(fruits, text: original, version: 3)
        let cleared = await client.waitForPublication(juices) { !codes($0).contains("unknown-fruit") }
        #expect(codes(cleared) == ["exceeds-initial-stock"])
        #expect(cleared != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func theDocumentJustChangedIsPublishedWithItsVersion() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let path = directory + "/store.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        let store = try text("store.yaml", in: directory)
        client.open(path, text: store, version: 1)
        #expect(await client.waitForPublication(uri) { $0["version"] as? Int == 1 } != nil)
        client.change(path, text: store + "# a comment\n", version: 7)
        let seventh = await client.waitForPublication(uri) { $0["version"] as? Int == 7 }
        #expect(seventh != nil)
        #expect(diagnostics(seventh).isEmpty)
        #expect(await client.shutDown() == 0)
    }

    @Test(arguments: [("utf-16", "utf-16"), ("utf-8", "utf-8"), ("utf-32", "utf-32")])
    func positionsAfterHangulAndEmojiAreExact(offered: String, unit: String) async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize(capabilities: ["general": ["positionEncodings": [offered]]])
        let path = directory + "/juices.yaml"
        let line = "  berry-drink: {name: {ko: 새🍓음료🍓, en: Berry Drink}, recipe: {strawbery: 2}}"
        let juices = try text("juices.yaml", in: directory) + line + "\n"
        client.open(path, text: juices)
        let publication = await client.waitForPublication(DocumentURI.uri(ofPath: path)) { codes($0).contains("unknown-fruit") }
        let diagnostic = diagnostics(publication).first { $0["code"] as? String == "unknown-fruit" }
        let lineNumber = juices.components(separatedBy: "\n").firstIndex(of: line)
        let word = try #require(line.range(of: "strawbery"))
        let character: Int
        let end: Int
        switch unit {
        case "utf-8":
            character = line.utf8.distance(from: line.startIndex, to: word.lowerBound)
            end = character + 9
        case "utf-32":
            character = line.unicodeScalars.distance(from: line.startIndex, to: word.lowerBound)
            end = character + 9
        default:
            character = line.utf16.distance(from: line.startIndex, to: word.lowerBound)
            end = character + 9
        }
        let diagnosticStart = try #require(diagnostic.flatMap(start))
        #expect(diagnosticStart.0 == lineNumber)
        #expect(diagnosticStart.1 == character)
        let range = diagnostic?["range"] as? [String: Any]
        #expect((range?["end"] as? [String: Any])?["character"] as? Int == end)
        #expect((diagnostic?["message"] as? String)?.contains("strawberry") == true)
        #expect(await client.shutDown() == 0)
    }

    @Test func closingADocumentFallsBackToTheDisk() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let fruits = directory + "/fruits.yaml"
        let juices = DocumentURI.uri(ofPath: directory + "/juices.yaml")
        client.open(fruits, text: try Self.fruitsWithoutMango(directory))
        #expect(await client.waitForPublication(juices) { codes($0).contains("unknown-fruit") } != nil)
        client.clearReceived()
        client.notify("textDocument/didClose", ["textDocument": ["uri": DocumentURI.uri(ofPath: fruits)]])
        #expect(await client.waitForPublication(juices) { !codes($0).contains("unknown-fruit") } != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func watchedFileChangesAndSavesReadTheDiskAgain() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let juices = DocumentURI.uri(ofPath: directory + "/juices.yaml")
        try Self.fruitsWithoutMango(directory).write(toFile: directory + "/fruits.yaml", atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": DocumentURI.uri(ofPath: directory + "/fruits.yaml"), "type": 2]]])
        #expect(await client.waitForPublication(juices) { codes($0).contains("unknown-fruit") } != nil)
        // A save of another file reads the disk again too: fruits.yaml restored behind the editor's back.
        try DefaultFruits.text.write(toFile: directory + "/fruits.yaml", atomically: true, encoding: .utf8)
        let store = directory + "/store.yaml"
        client.clearReceived()
        client.open(store, text: try text("store.yaml", in: directory))
        client.notify("textDocument/didSave", ["textDocument": ["uri": DocumentURI.uri(ofPath: store)]])
        #expect(await client.waitForPublication(juices) { !codes($0).contains("unknown-fruit") } != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func aNewDocumentNotYetOnDiskCountsAndLeavesWhenClosed() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let extra = directory + "/more/extra.yaml"
        let uri = DocumentURI.uri(ofPath: extra)
        client.open(extra, text: "version: 1\njuices:\n  grape-juice:\n    name: {ko: 포도쥬스, en: Grape Juice}\n    recipe: {grape: 2}\n")
        #expect(await client.waitForPublication(uri) { codes($0).contains("unknown-fruit") } != nil)
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        #expect(await client.waitForPublication(uri) { diagnostics($0).isEmpty } != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func theRepositoryRootOpenedUsesItsRecipesDirectoryAndHangulPathsRoundTrip() async throws {
        let root = try recipeDirectory(inside: "레시피 폴더")
        let directory = root + "/recipes"
        let client = try TestClient()
        await client.initialize(more: ["workspaceFolders": [["uri": DocumentURI.uri(ofPath: root), "name": "menu"]]])
        let juices = directory + "/juices.yaml"
        // Before the file is open, its warning goes out under the server's own spelling of its URI.
        let own = DocumentURI.uri(ofPath: juices)
        #expect(await client.waitForPublication(own) { codes($0) == ["exceeds-initial-stock"] } != nil)
        let line = "  berry-drink: {name: {ko: 새음료, en: Berry Drink}, recipe: {strawbery: 2}}\n"
        // Once open, under the client's own spelling (lower-case escapes), and nothing is left under the other.
        let uri = lowerCaseEscapes(own)
        #expect(uri != own)
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": try text("juices.yaml", in: directory) + line]])
        #expect(await client.waitForPublication(uri) { codes($0).contains("unknown-fruit") } != nil)
        #expect(await client.waitForPublication(own) { diagnostics($0).isEmpty } != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func koreanMessagesForAKoreanLocale() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize(more: ["locale": "ko-KR"])
        let path = directory + "/juices.yaml"
        client.open(
            path, text: try text("juices.yaml", in: directory) + "  berry-drink: {name: {ko: 새음료, en: Berry Drink}, recipe: {strawbery: 2}}\n")
        let publication = await client.waitForPublication(DocumentURI.uri(ofPath: path)) { codes($0).contains("unknown-fruit") }
        let message = diagnostics(publication).first?["message"] as? String ?? ""
        #expect(message.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
        #expect(await client.shutDown() == 0)
    }

    @Test func anOpenRuleConfigurationApplies() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let path = directory + "/juices.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        client.open(
            path, text: try text("juices.yaml", in: directory) + "  berry-drink: {name: {ko: 새음료, en: Berry Drink}, recipe: {strawbery: 2}}\n")
        #expect(await client.waitForPublication(uri) { codes($0).contains("unknown-fruit") } != nil)
        client.open(directory + "/.juicelint.yaml", text: "rules: {unknown-fruit: warning}\n")
        let warned = await client.waitForPublication(uri) { publication in
            diagnostics(publication).contains { $0["code"] as? String == "unknown-fruit" && $0["severity"] as? Int == 2 }
        }
        #expect(warned != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func halfTypedBinaryHugeAndFloodedDocumentsKeepTheSessionGoing() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let path = directory + "/juices.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        let juices = try text("juices.yaml", in: directory)
        client.open(path, text: String(juices.prefix(120)), version: 1)
        client.change(path, text: "\u{0}\u{1}\u{FFFD}binary\u{7F}: [", version: 2)
        let huge = juices + String(repeating: "# \(String(repeating: "딸기🍓 ", count: 20))\n", count: 10 * 1024 * 1024 / 200)
        client.change(path, text: huge, version: 3)
        for version in 4..<200 { client.change(path, text: juices + "# \(version)\n", version: version) }
        let last = await client.waitForPublication(uri, seconds: 60) { $0["version"] as? Int == 199 }
        #expect(last != nil)
        #expect(codes(last) == ["exceeds-initial-stock"])
        let hover = await client.call("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 5, "character": 4]])
        #expect(hover?["error"] == nil)
        #expect(await client.shutDown() == 0)
    }
}

/// The built-in fruits file.
enum DefaultFruits {
    static var text: String {
        String(decoding: DefaultRecipes.files.first { $0.name.hasSuffix("fruits.yaml") }?.bytes ?? [], as: UTF8.self)
    }
}

/// `uri` with its percent escapes in lower case, as some clients write them.
func lowerCaseEscapes(_ uri: String) -> String {
    var out = ""
    var left = 0
    for character in uri {
        if character == "%" {
            left = 2
            out.append(character)
        } else if left > 0 {
            left -= 1
            out += character.lowercased()
        } else {
            out.append(character)
        }
    }
    return out
}
