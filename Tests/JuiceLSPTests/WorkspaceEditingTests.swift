import JuiceCore
import JuiceRecipes
import Testing

import JuiceLSP

@Suite struct WorkspaceCompletionTests {
    @Test func fruitsInAFlowRecipe() {
        let workspace = defaultWorkspace(replacing: "recipe: {banana: 2}", with: "recipe: {banana: 2, ma}")
        let at = offset(of: "banana: 2, ma}", in: "juices.yaml", of: workspace, shift: 13)
        let candidates = workspace.completions(in: "juices.yaml", at: at)
        #expect(candidates.map(\.label) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
        let mango = candidates.first { $0.label == "mango" }
        #expect(mango?.detail.contains("🥭 망고 Mango") == true)
        #expect(mango?.detail.contains("10/100") == true)
        #expect(mango?.kind == .fruit)
        #expect(mango.map { text(of: $0.replacing, in: workspace) } == "ma")
        let live = workspace.completions(in: "juices.yaml", at: at, liveStock: ["mango": 4])
        #expect(live.first { $0.label == "mango" }?.detail.contains("4/100") == true)
    }

    @Test func fruitsInTheStoreSectionAndKeysWhereTheFormatAllowsThem() {
        let workspace = defaultWorkspace(replacing: "    mango: 10", with: "    mango: 10\n    ki", in: "store.yaml")
        let stock = workspace.completions(in: "store.yaml", at: offset(of: "    ki", in: "store.yaml", of: workspace, shift: 6))
        #expect(stock.contains { $0.label == "kiwi" && $0.kind == .fruit })
        let top = defaultWorkspace(replacing: "version: 1\n", with: "version: 1\nst\n", in: "store.yaml")
        let keys = top.completions(in: "store.yaml", at: offset(of: "\nst\n", in: "store.yaml", of: top, shift: 3))
        #expect(keys.map(\.label) == ["version", "fruits", "juices", "store"])
        #expect(keys.allSatisfy { $0.kind == .key && $0.insertText == $0.label + ": " })
        let juice = defaultWorkspace(replacing: "    recipe: {kiwi: 3}\n", with: "    recipe: {kiwi: 3}\n    pr\n")
        let fields = juice.completions(in: "juices.yaml", at: offset(of: "    pr\n", in: "juices.yaml", of: juice, shift: 6))
        #expect(fields.map(\.label) == ["name", "aliases", "price", "recipe"])
        let names = defaultWorkspace(replacing: "name: {ko: 키위쥬스, en: Kiwi Juice}", with: "name: {ko: 키위쥬스, e}")
        let nameKeys = names.completions(in: "juices.yaml", at: offset(of: "키위쥬스, e}", in: "juices.yaml", of: names, shift: 15))
        #expect(nameKeys.map(\.label) == ["ko", "en"])
    }

    @Test func overAKeyWithItsColonOnlyTheKeyIsReplaced() {
        let workspace = defaultWorkspace()
        let at = offset(of: "kiwi: 3}", in: "juices.yaml", of: workspace, shift: 2)
        let candidates = workspace.completions(in: "juices.yaml", at: at)
        let pineapple = candidates.first { $0.label == "pineapple" }
        #expect(pineapple?.insertText == "pineapple")
        #expect(pineapple.map { text(of: $0.replacing, in: workspace) } == "kiwi")
    }

    @Test func juiceIdsWhereAJuiceIsNamedAndNothingInAValue() {
        let workspace = defaultWorkspace(replacing: "  banana-juice:", with: "  ba\n  banana-juice:")
        let juices = workspace.completions(in: "juices.yaml", at: offset(of: "  ba\n", in: "juices.yaml", of: workspace, shift: 4))
        #expect(juices.first?.label == "strawberry-juice")
        #expect(juices.count == 7)
        #expect(juices.allSatisfy { $0.kind == .juice })
        #expect(workspace.completions(in: "juices.yaml", at: offset(of: "Banana Juice}", in: "juices.yaml", of: workspace, shift: 2)).isEmpty)
    }
}

@Suite struct WorkspaceRenameTests {
    @Test func renamingAFruitChangesEveryFileAndTheSetStaysClean() throws {
        let workspace = defaultWorkspace()
        let at = offset(of: "banana: 2", in: "juices.yaml", of: workspace)
        let target = try workspace.renameTarget(in: "juices.yaml", at: at)
        #expect(target.id == "banana")
        let edits = try workspace.rename(in: "juices.yaml", at: at, to: "plantain")
        #expect(edits.count == 4)
        #expect(Set(edits.map(\.span.file)) == ["fruits.yaml", "juices.yaml", "store.yaml"])
        #expect(edits.allSatisfy { text(of: $0.span, in: workspace) == "banana" && $0.newText == "plantain" })
        let after = RecipeWorkspace(files: workspace.applying(edits))
        #expect(after.result.diagnostics.map(\.rule) == workspace.result.diagnostics.map(\.rule))
        #expect(after.result.book.fruit("plantain") != nil)
        // Only the id's bytes changed: the rest of each file is as it was.
        let before = workspace.files.first { $0.name == "juices.yaml" }.map { String(decoding: $0.bytes, as: UTF8.self) }
        let renamed = after.files.first { $0.name == "juices.yaml" }.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(renamed == before?.replacingEvery("{banana: 2}", with: "{plantain: 2}").replacingEvery("banana: 1}", with: "plantain: 1}"))
    }

    @Test func renameIsRefusedForAnInvalidOrCollidingId() {
        let workspace = defaultWorkspace()
        let at = offset(of: "kiwi:", in: "fruits.yaml", of: workspace)
        #expect(throws: RenameRefusal.invalidID("green grape")) { try workspace.rename(in: "fruits.yaml", at: at, to: "green grape") }
        #expect(throws: RenameRefusal.collides("Mango", with: "mango")) { try workspace.rename(in: "fruits.yaml", at: at, to: "Mango") }
        #expect(throws: RenameRefusal.collides("망고", with: "mango")) { try workspace.rename(in: "fruits.yaml", at: at, to: "망고") }
        let juice = offset(of: "kiwi-juice:", in: "juices.yaml", of: workspace)
        #expect(throws: RenameRefusal.collides("딸기주스", with: "strawberry-juice")) {
            try workspace.rename(in: "juices.yaml", at: juice, to: "딸기주스")
        }
        #expect(throws: RenameRefusal.nothingToRename) { try workspace.renameTarget(in: "juices.yaml", at: 0) }
        #expect(RenameRefusal.collides("Mango", with: "mango").message(in: .korean).contains("겹쳐요"))
    }

    @Test func aRenameThatWouldBreakTheSetIsRefused() {
        let workspace = defaultWorkspace()
        let at = offset(of: "kiwi:", in: "fruits.yaml", of: workspace)
        // A plain `true` key is a boolean, not an id.
        #expect(throws: (any Error).self) { try workspace.rename(in: "fruits.yaml", at: at, to: "true") }
    }
}

extension String {
    func replacingEvery(_ target: String, with replacement: String) -> String {
        var out = self
        while out.contains(target) { out = out.replacingFirst(target, with: replacement) }
        return out
    }
}
