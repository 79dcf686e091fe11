import Foundation
import JuiceRecipes
import Testing

@testable import JuiceLSP

/// Random opens, edits and closes across the set: after each, the last diagnostics pushed for every file (open or
/// not) are exactly those of a fresh check of the same texts.
@Suite(.timeLimit(.minutes(3))) struct ServerRandomEditTests {
    /// A small deterministic generator (SplitMix64), so a failure replays.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `text` changed at random: a line deleted or repeated, a fruit id swapped, a stray character typed.
    static func mutate(_ text: String, using generator: inout Generator) -> String {
        var lines = text.components(separatedBy: "\n")
        guard lines.count > 2 else { return text + "x" }
        let line = Int.random(in: 2..<lines.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: lines.remove(at: line)
        case 1: lines.insert(lines[line], at: line)
        case 2:
            let ids = ["banana", "bananna", "kiwi", "grape", "mango", "딸기🍓"]
            for id in ["banana", "kiwi", "mango", "strawberry", "pineapple"] where lines[line].contains(id) {
                lines[line] = lines[line].replacingOccurrences(of: id, with: ids.randomElement(using: &generator) ?? id)
                break
            }
        default:
            let characters = [":", "{", "}", "\t", "🥝", "'", "-"]
            var content = Array(lines[line])
            content.insert(Character(characters.randomElement(using: &generator) ?? ":"), at: Int.random(in: 0...content.count, using: &generator))
            lines[line] = String(content)
        }
        return lines.joined(separator: "\n")
    }

    /// What a fresh check of `texts` says of each file: rule, start and message, in the order given.
    static func expected(_ texts: [String: String]) -> [String: [String]] {
        let files = texts.keys.sorted().map { RecipeSourceFile(name: $0, text: texts[$0] ?? "") }
        let workspace = RecipeWorkspace(files: files)
        var mapper = PositionMapper(workspace: workspace, encoding: .utf16)
        var out: [String: [String]] = [:]
        for (file, diagnostics) in workspace.diagnosticsByFile {
            out[file] = diagnostics.map { diagnostic in
                let shown = mapper.lspDiagnostic(diagnostic, language: .english, uri: DocumentURI.uri(ofPath:))
                return "\(shown.code ?? "") \(shown.range.start.line):\(shown.range.start.character) \(shown.message)"
            }
        }
        return out
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func pushedDiagnosticsFollowEveryEdit(seed: UInt64) async throws {
        var generator = Generator(state: seed)
        let directory = try recipeDirectory()
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let paths = ["fruits.yaml", "juices.yaml", "store.yaml"].map { directory + "/" + $0 }
        var disk: [String: String] = [:]
        for path in paths { disk[path] = try String(contentsOfFile: path, encoding: .utf8) }
        var open: [String: String] = [:]
        var version = 1
        for step in 0..<30 {
            let path = paths.randomElement(using: &generator) ?? paths[0]
            version += 1
            if let text = open[path] {
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    open[path] = nil
                    client.notify("textDocument/didClose", ["textDocument": ["uri": DocumentURI.uri(ofPath: path)]])
                } else {
                    let changed = Self.mutate(text, using: &generator)
                    open[path] = changed
                    client.change(path, text: changed, version: version)
                }
            } else {
                let text = Self.mutate(disk[path] ?? "", using: &generator)
                open[path] = text
                client.open(path, text: text, version: version)
            }
            // A request answered after every push of the change before it.
            let barrier = client.request(
                "textDocument/hover", ["textDocument": ["uri": DocumentURI.uri(ofPath: path)], "position": ["line": 0, "character": 0]])
            #expect(await client.response(to: barrier) != nil)
            var texts = disk
            for (path, text) in open { texts[path] = text }
            let expected = Self.expected(texts)
            for path in paths {
                let last = client.publications(for: DocumentURI.uri(ofPath: path)).last
                let shown = diagnostics(last).map { diagnostic in
                    let (line, character) = start(diagnostic) ?? (-1, -1)
                    return "\(diagnostic["code"] as? String ?? "") \(line):\(character) \(diagnostic["message"] as? String ?? "")"
                }
                #expect(shown == (expected[path] ?? []), "seed \(seed), step \(step): \(path)")
            }
        }
        #expect(await client.shutDown() == 0)
    }
}
