import Foundation
import JuiceCore
import JuiceLSP
import JuiceTestSupport
import Testing

/// Every feature through the protocol, against the real analysis: hover (live stock included), completion,
/// definition, references, rename in both edit shapes and quick fixes, the edits applied as an editor applies them
/// and the set then linted by the built `juice lint`.
@Suite(.timeLimit(.minutes(2))) struct ServerRoundTripTests {
    /// The UTF-16 position of the `occurrence`-th `needle` in `text`, `shift` units in.
    static func position(of needle: String, in text: String, occurrence: Int = 1, shift: Int = 0) -> [String: Any] {
        var seen = 0
        for (line, content) in text.components(separatedBy: "\n").enumerated() {
            var searchStart = content.startIndex
            while let found = content.range(of: needle, range: searchStart..<content.endIndex) {
                seen += 1
                if seen == occurrence {
                    return ["line": line, "character": content.utf16.distance(from: content.startIndex, to: found.lowerBound) + shift]
                }
                searchStart = found.upperBound
            }
        }
        Issue.record("'\(needle)' (#\(occurrence)) not found")
        return ["line": 0, "character": 0]
    }

    /// `text` with LSP `edits` (UTF-16 ranges) applied, as an editor applies them.
    static func apply(_ edits: [[String: Any]], to text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func point(_ position: Any?) -> (Int, Int) {
            let position = position as? [String: Any] ?? [:]
            return (position["line"] as? Int ?? 0, position["character"] as? Int ?? 0)
        }
        let sorted = edits.sorted { left, right in
            let (a, b) = (point((left["range"] as? [String: Any])?["start"]), point((right["range"] as? [String: Any])?["start"]))
            return a.0 != b.0 ? a.0 > b.0 : a.1 > b.1
        }
        for edit in sorted {
            let range = edit["range"] as? [String: Any] ?? [:]
            let (start, end) = (point(range["start"]), point(range["end"]))
            let before = Array(lines[start.0][..<start.1])
            let after = Array(lines[end.0][end.1...])
            let inserted = (String(decoding: before, as: UTF16.self) + (edit["newText"] as? String ?? "") + String(decoding: after, as: UTF16.self))
                .components(separatedBy: "\n").map { Array($0.utf16) }
            lines.replaceSubrange(start.0...end.0, with: inserted)
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    static func document(_ uri: String, _ position: [String: Any]) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": position]
    }

    @Test func hoverCompletionDefinitionAndReferencesWithLiveStock() async throws {
        let directory = try recipeDirectory()
        let live = LiveStockSource(location: "test") { _ in [FruitID("kiwi"): 7, FruitID("mango"): 2] }
        let client = try TestClient(recipes: directory, liveStock: live)
        await client.initialize()
        let path = directory + "/juices.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        let juices = try text("juices.yaml", in: directory)
        client.open(path, text: juices)
        let kiwi = Self.position(of: "kiwi: 3", in: juices, shift: 1)
        let hover = await client.call("textDocument/hover", Self.document(uri, kiwi))
        let contents = (hover?["result"] as? [String: Any])?["contents"] as? [String: Any]
        #expect(contents?["kind"] as? String == "markdown")
        #expect((contents?["value"] as? String)?.contains("7") == true, "\(contents ?? [:])")
        let hoverRange = (hover?["result"] as? [String: Any])?["range"] as? [String: Any]
        #expect((hoverRange?["start"] as? [String: Any])?["character"] as? Int == (kiwi["character"] as? Int ?? 0) - 1)

        let definition = await client.call("textDocument/definition", Self.document(uri, kiwi))
        let locations = definition?["result"] as? [[String: Any]] ?? []
        #expect(locations.map { $0["uri"] as? String } == [DocumentURI.uri(ofPath: directory + "/fruits.yaml")])

        var references = Self.document(uri, kiwi)
        references["context"] = ["includeDeclaration": false]
        let uses = (await client.call("textDocument/references", references))?["result"] as? [[String: Any]] ?? []
        references["context"] = ["includeDeclaration": true]
        let all = (await client.call("textDocument/references", references))?["result"] as? [[String: Any]] ?? []
        #expect(uses.count >= 2)
        #expect(all.count == uses.count + 1)
        #expect(all.contains { $0["uri"] as? String == DocumentURI.uri(ofPath: directory + "/store.yaml") })

        // Completion on a new recipe key: every fruit, with the live stock in the detail and an edit over the word typed.
        let typed = juices + "  new-juice:\n    recipe: {ki"
        client.change(path, text: typed, version: 2)
        let end = Self.position(of: "{ki", in: typed, shift: 3)
        let completion = await client.call("textDocument/completion", Self.document(uri, end))
        let items = completion?["result"] as? [[String: Any]] ?? []
        let kiwiItem = try #require(items.first { $0["label"] as? String == "kiwi" })
        #expect((kiwiItem["detail"] as? String)?.contains("7") == true, "\(kiwiItem)")
        let edit = kiwiItem["textEdit"] as? [String: Any]
        #expect(((edit?["range"] as? [String: Any])?["start"] as? [String: Any])?["character"] as? Int == (end["character"] as? Int ?? 0) - 2)
        #expect(items.count >= 5)
        #expect(await client.shutDown() == 0)
    }

    @Test(arguments: [false, true])
    func renameAcrossFilesLintsCleanAfterwards(documentChanges: Bool) async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize(capabilities: ["workspace": ["workspaceEdit": ["documentChanges": documentChanges]]])
        let path = directory + "/juices.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        let juices = try text("juices.yaml", in: directory)
        client.open(path, text: juices, version: 5)
        let kiwi = Self.position(of: "kiwi: 3", in: juices, shift: 2)
        let prepared = (await client.call("textDocument/prepareRename", Self.document(uri, kiwi)))?["result"] as? [String: Any]
        #expect(prepared?["placeholder"] as? String == "kiwi")

        var collide = Self.document(uri, kiwi)
        collide["newName"] = "mango"
        let refused = await client.call("textDocument/rename", collide)
        #expect((refused?["error"] as? [String: Any])?["code"] as? Int == -32803)
        #expect(((refused?["error"] as? [String: Any])?["message"] as? String)?.contains("mango") == true)

        var rename = Self.document(uri, kiwi)
        rename["newName"] = "gold-kiwi"
        let edit = try #require((await client.call("textDocument/rename", rename))?["result"] as? [String: Any])
        var editsByURI: [String: [[String: Any]]] = [:]
        if documentChanges {
            #expect(edit["changes"] == nil)
            for change in edit["documentChanges"] as? [[String: Any]] ?? [] {
                let document = change["textDocument"] as? [String: Any] ?? [:]
                let editURI = document["uri"] as? String ?? ""
                #expect(editURI == uri ? document["version"] as? Int == 5 : document["version"] is NSNull, "\(document)")
                editsByURI[editURI] = change["edits"] as? [[String: Any]]
            }
        } else {
            #expect(edit["documentChanges"] == nil)
            editsByURI = edit["changes"] as? [String: [[String: Any]]] ?? [:]
        }
        #expect(editsByURI.count == 3, "fruits, juices and store all name kiwi: \(editsByURI.keys)")
        for (editURI, edits) in editsByURI {
            let file = try #require(DocumentURI.path(of: editURI))
            let before = try String(contentsOfFile: file, encoding: .utf8)
            let after = Self.apply(edits, to: before)
            #expect(after.contains("gold-kiwi"))
            try after.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let lint = try await JuiceBinary.run(["lint", directory], environment: ["LANG": "en_US.UTF-8"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(!lint.stdout.contains(": error:"), "\(lint.stdout)")
        #expect(await client.shutDown() == 0)
    }

    @Test func aQuickFixMakesItsDiagnosticGoAway() async throws {
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let path = directory + "/juices.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        let broken = try text("juices.yaml", in: directory) + "  berry-drink: {name: {ko: 새🍓음료, en: Berry Drink}, recipe: {strawbery: 2}}\n"
        client.open(path, text: broken, version: 1)
        let publication = await client.waitForPublication(uri) { codes($0).contains("unknown-fruit") }
        let diagnostic = try #require(diagnostics(publication).first { $0["code"] as? String == "unknown-fruit" })
        let answer = await client.call(
            "textDocument/codeAction",
            ["textDocument": ["uri": uri], "range": diagnostic["range"] ?? [:], "context": ["diagnostics": [diagnostic]]])
        let actions = answer?["result"] as? [[String: Any]] ?? []
        let fix = try #require(actions.first { $0["isPreferred"] as? Bool == true })
        #expect(fix["kind"] as? String == "quickfix")
        #expect((fix["title"] as? String)?.contains("strawberry") == true)
        let edits = ((fix["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?[uri] ?? []
        #expect(edits.count == 1)
        let fixed = Self.apply(edits, to: broken)
        #expect(fixed == broken.replacingOccurrences(of: "strawbery", with: "strawberry"))
        client.clearReceived()
        client.change(path, text: fixed, version: 2)
        let after = await client.waitForPublication(uri) { $0["version"] as? Int == 2 }
        #expect(!codes(after).contains("unknown-fruit"))
        // The same diagnostic sent back without its data still finds its fix.
        var bare = diagnostic
        bare["data"] = nil
        client.change(path, text: broken, version: 3)
        _ = await client.waitForPublication(uri) { $0["version"] as? Int == 3 }
        let again = await client.call(
            "textDocument/codeAction", ["textDocument": ["uri": uri], "range": bare["range"] ?? [:], "context": ["diagnostics": [bare]]])
        #expect((again?["result"] as? [[String: Any]])?.isEmpty == false)
        #expect(await client.shutDown() == 0)
    }
}
