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
        #expect(keys.map(\.label) == ["version", "fruits", "juices", "store", "suppliers", "calendar"])
        #expect(keys.allSatisfy { $0.kind == .key && $0.insertText == $0.label + ": " })
        let juice = defaultWorkspace(replacing: "    recipe: {kiwi: 3}\n", with: "    recipe: {kiwi: 3}\n    pr\n")
        let fields = juice.completions(in: "juices.yaml", at: offset(of: "    pr\n", in: "juices.yaml", of: juice, shift: 6))
        #expect(fields.map(\.label) == ["name", "aliases", "price", "recipe"])
        let names = defaultWorkspace(replacing: "name: {ko: 키위쥬스, en: Kiwi Juice}", with: "name: {ko: 키위쥬스, e}")
        let nameKeys = names.completions(in: "juices.yaml", at: offset(of: "키위쥬스, e}", in: "juices.yaml", of: names, shift: 15))
        #expect(nameKeys.map(\.label) == ["ko", "en"])
    }

    @Test("a fruit's buy: supplier offers the suppliers, a supplier's order-days the days, and their keys where they go")
    func suppliersAndDays() {
        let suppliers = """
            suppliers:
              garak-market:
                name: {ko: 가락시장, en: Garak Market}
                lead-time: 1
                order-days: [mon, wed, fr]
              orchard:
                name: {en: Orchard}
                lead-time: 2

            """
        var workspace = defaultWorkspace(replacing: "    emoji: 🥝\n", with: "    emoji: 🥝\n    buy: {supplier: ga}\n", in: "fruits.yaml")
        workspace = RecipeWorkspace(
            files: workspace.files.map { $0.name == "store.yaml" ? RecipeSourceFile(name: $0.name, bytes: $0.bytes + Array(suppliers.utf8)) : $0 })
        let offered = workspace.completions(in: "fruits.yaml", at: offset(of: "supplier: ga}", in: "fruits.yaml", of: workspace, shift: 12))
        #expect(offered.map(\.label) == ["garak-market", "orchard"])
        #expect(offered.allSatisfy { $0.kind == .supplier })
        #expect(offered.first?.detail == "가락시장 · Garak Market — lead time 1 d", "its order days are being typed: every day meanwhile")
        #expect(offered.first.map { text(of: $0.replacing, in: workspace) } == "ga")
        let days = workspace.completions(in: "store.yaml", at: offset(of: "wed, fr]", in: "store.yaml", of: workspace, shift: 7))
        #expect(days.map(\.label) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect(days.allSatisfy { $0.kind == .day })
        let buyKeys = workspace.completions(in: "fruits.yaml", at: offset(of: "{supplier: ga}", in: "fruits.yaml", of: workspace, shift: 3))
        #expect(buyKeys.map(\.label) == ["supplier", "pack", "price"])
        let typed = RecipeWorkspace(
            files: workspace.files.map { $0.name == "store.yaml" ? RecipeSourceFile(name: $0.name, bytes: $0.bytes + Array("    le\n".utf8)) : $0 })
        let supplierKeys = typed.completions(in: "store.yaml", at: offset(of: "    le\n", in: "store.yaml", of: typed, shift: 6))
        #expect(supplierKeys.map(\.label) == ["name", "lead-time", "order-days", "minimum", "cut-off"])
    }

    @Test("the calendar's keys, an event's keys and the days in closed")
    func calendar() {
        let calendar = "calendar:\n  closed: [sun, mo]\n  events:\n    - {date: 2026-05-05, fa}\n  ev\n"
        let workspace = RecipeWorkspace(
            files: defaultWorkspace().files.map {
                $0.name == "store.yaml" ? RecipeSourceFile(name: $0.name, bytes: $0.bytes + Array(calendar.utf8)) : $0
            })
        let days = workspace.completions(in: "store.yaml", at: offset(of: "sun, mo]", in: "store.yaml", of: workspace, shift: 7))
        #expect(days.map(\.label) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] && days.first?.detail == "Monday")
        let eventKeys = workspace.completions(in: "store.yaml", at: offset(of: "fa}", in: "store.yaml", of: workspace, shift: 2))
        #expect(eventKeys.map(\.label) == ["date", "factor", "note"])
        let keys = workspace.completions(in: "store.yaml", at: offset(of: "  ev\n", in: "store.yaml", of: workspace, shift: 4))
        #expect(keys.map(\.label) == ["closed", "events"])
    }

    @Test("an event's keys in a block list, and the days in a block 'closed'")
    func calendarInBlocks() {
        let calendar = "calendar:\n  closed:\n    - sun\n    - tu\n  events:\n    - date: 2026-05-05\n      fa\n"
        let workspace = RecipeWorkspace(
            files: defaultWorkspace().files.map {
                $0.name == "store.yaml" ? RecipeSourceFile(name: $0.name, bytes: $0.bytes + Array(calendar.utf8)) : $0
            })
        let days = workspace.completions(in: "store.yaml", at: offset(of: "    - tu\n", in: "store.yaml", of: workspace, shift: 8))
        #expect(days.map(\.label) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        let eventKeys = workspace.completions(in: "store.yaml", at: offset(of: "      fa\n", in: "store.yaml", of: workspace, shift: 8))
        #expect(eventKeys.map(\.label) == ["date", "factor", "note"])
        let newEvent = RecipeWorkspace(
            files: defaultWorkspace().files.map {
                $0.name == "store.yaml" ? RecipeSourceFile(name: $0.name, bytes: $0.bytes + Array("calendar:\n  events:\n    - da\n".utf8)) : $0
            })
        let firstKey = newEvent.completions(in: "store.yaml", at: offset(of: "    - da\n", in: "store.yaml", of: newEvent, shift: 8))
        #expect(firstKey.map(\.label) == ["date", "factor", "note"], "a list of mappings: an item's first key")
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
