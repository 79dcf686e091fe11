import JuiceCore
import JuiceRecipeText
import JuiceRecipes
import Testing

import JuiceLSP

/// A workspace over the built-in recipes (fruits.yaml, juices.yaml, store.yaml), edited where a test needs it.
func defaultWorkspace(
    replacing target: String? = nil, with replacement: String = "", in name: String = "juices.yaml", language: Language = .english
) -> RecipeWorkspace {
    let files = DefaultRecipes.files.map { original -> RecipeSourceFile in
        // Named by their file names only, as the tests refer to them.
        let file = RecipeSourceFile(name: String(original.name.split(separator: "/").last ?? ""), bytes: original.bytes)
        guard let target, file.name == name else { return file }
        let text = String(decoding: file.bytes, as: UTF8.self)
        #expect(text.contains(target), "the built-in \(name) has no '\(target)'")
        return RecipeSourceFile(name: file.name, text: text.replacingFirst(target, with: replacement))
    }
    return RecipeWorkspace(files: files, language: language)
}

/// The byte offset of the `occurrence`-th `text` in `file` of `workspace`, plus `shift`.
func offset(of text: String, in file: String, of workspace: RecipeWorkspace, occurrence: Int = 1, shift: Int = 0) -> Int {
    let bytes = workspace.files.first { $0.name == file }?.bytes ?? []
    let target = Array(text.utf8)
    var seen = 0
    guard bytes.count >= target.count else {
        Issue.record("no file \(file)")
        return 0
    }
    for start in 0...(bytes.count - target.count) where bytes[start..<(start + target.count)].elementsEqual(target) {
        seen += 1
        if seen == occurrence { return start + shift }
    }
    Issue.record("'\(text)' (#\(occurrence)) not in \(file)")
    return 0
}

/// The text of `span` in `workspace`.
func text(of span: TextSpan, in workspace: RecipeWorkspace) -> String {
    let bytes = workspace.files.first { $0.name == span.file }?.bytes ?? []
    return String(decoding: bytes[span.start..<span.end], as: UTF8.self)
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        let needle = Array(target.utf8)
        guard bytes.count >= needle.count else { return self }
        for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            return String(decoding: bytes[..<start] + Array(replacement.utf8) + bytes[(start + needle.count)...], as: UTF8.self)
        }
        return self
    }
}

@Suite struct WorkspaceNavigationTests {
    @Test func aFruitInARecipeLeadsToItsDefinitionInAnotherFile() {
        let workspace = defaultWorkspace()
        let definitions = workspace.definitions(in: "juices.yaml", at: offset(of: "banana: 2", in: "juices.yaml", of: workspace, shift: 3))
        #expect(definitions.count == 1)
        #expect(definitions.first?.file == "fruits.yaml")
        #expect(definitions.first.map { text(of: $0, in: workspace) } == "banana")
        #expect(definitions.first?.start == offset(of: "banana:", in: "fruits.yaml", of: workspace))
    }

    @Test func referencesListEveryUseInEveryFile() {
        let workspace = defaultWorkspace()
        let at = offset(of: "banana:", in: "fruits.yaml", of: workspace)
        let all = workspace.references(in: "fruits.yaml", at: at, includingDefinition: true)
        // The definition, banana-juice's and strawberry-banana-juice's recipes, and the stock entry.
        #expect(all.map(\.file) == ["fruits.yaml", "juices.yaml", "juices.yaml", "store.yaml"])
        #expect(all.allSatisfy { text(of: $0, in: workspace) == "banana" })
        let uses = workspace.references(in: "fruits.yaml", at: at + 6, includingDefinition: false)
        #expect(uses.count == 3)
        let juice = workspace.references(
            in: "juices.yaml", at: offset(of: "mango-juice:", in: "juices.yaml", of: workspace), includingDefinition: true)
        #expect(juice.map { text(of: $0, in: workspace) } == ["mango-juice"])
    }

    @Test func nothingOutsideAnId() {
        let workspace = defaultWorkspace()
        #expect(workspace.definitions(in: "juices.yaml", at: offset(of: "recipe:", in: "juices.yaml", of: workspace)).isEmpty)
        #expect(workspace.hover(in: "juices.yaml", at: 0) == nil)
        #expect(workspace.references(in: "nowhere.yaml", at: 0, includingDefinition: true).isEmpty)
    }

    @Test func hoverOnAJuiceGivesWhatTheMenuPrints() throws {
        let workspace = defaultWorkspace()
        let at = offset(of: "strawberry-banana-juice:", in: "juices.yaml", of: workspace, shift: 2)
        let hover = try #require(workspace.hover(in: "juices.yaml", at: at))
        #expect(text(of: hover.span, in: workspace) == "strawberry-banana-juice")
        // `juice menu`: "Strawberry-Banana Juice — 🍓 Strawberry 10 + 🍌 Banana 1 — can make: 1".
        #expect(hover.markdown.contains("Strawberry-Banana Juice"))
        #expect(hover.markdown.contains("딸바쥬스"))
        #expect(hover.markdown.contains("🍓 Strawberry 10 + 🍌 Banana 1"))
        #expect(hover.markdown.contains("can make: 1 (limited by: 🍓 Strawberry"))
        #expect(hover.markdown.contains("from the initial stock"))
        let live = try #require(workspace.hover(in: "juices.yaml", at: at, liveStock: ["strawberry": 35, "banana": 9]))
        #expect(live.markdown.contains("can make: 3 (limited by: 🍓 Strawberry"))
        #expect(live.markdown.contains("from the live stock"))
        let korean = defaultWorkspace(language: .korean)
        let inKorean = try #require(korean.hover(in: "juices.yaml", at: at))
        #expect(inKorean.markdown.contains("가능: 1 (부족한 재료: 🍓 딸기"))
    }

    @Test func hoverOnAFruitGivesItsStockAndTheJuicesThatUseIt() throws {
        let workspace = defaultWorkspace()
        let hover = try #require(workspace.hover(in: "store.yaml", at: offset(of: "kiwi:", in: "store.yaml", of: workspace)))
        #expect(hover.markdown.contains("🥝 Kiwi"))
        #expect(hover.markdown.contains("키위"))
        #expect(hover.markdown.contains("stock: 10 / 100"))
        #expect(hover.markdown.contains("Kiwi Juice ×3"))
        #expect(hover.markdown.contains("Mango-Kiwi Juice ×1"))
        let inRecipe = try #require(workspace.hover(in: "juices.yaml", at: offset(of: "kiwi: 3", in: "juices.yaml", of: workspace)))
        #expect(inRecipe.markdown.contains("in this recipe: 3"))
    }
}
