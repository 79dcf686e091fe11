import JuiceCore
import JuiceRecipes
import Testing

import JuiceLSP

/// A fruit's cost and shelf life in the editor: completed as keys, shown on hover (with a juice's fruit cost).
@Suite struct WorkspaceCostTests {
    /// The built-in set with kiwi at 700 won, keeping 5 days, and kiwi juice priced `price`.
    static func costedWorkspace(price: Int, language: Language = .english) -> RecipeWorkspace {
        let costed = defaultWorkspace(replacing: "    emoji: 🥝\n", with: "    emoji: 🥝\n    cost: 700\n    shelf-life: 5\n", in: "fruits.yaml")
        let files = costed.files.map { file in
            guard file.name == "juices.yaml" else { return file }
            let text = String(decoding: file.bytes, as: UTF8.self)
            return RecipeSourceFile(
                name: file.name, text: text.replacingFirst("    recipe: {kiwi: 3}\n", with: "    price: \(price)\n    recipe: {kiwi: 3}\n"))
        }
        return RecipeWorkspace(files: files, language: language)
    }

    @Test func aFruitsKeysIncludeCostAndShelfLife() {
        let workspace = defaultWorkspace(replacing: "    emoji: 🥝\n", with: "    emoji: 🥝\n    sh\n", in: "fruits.yaml")
        let keys = workspace.completions(in: "fruits.yaml", at: offset(of: "    sh\n", in: "fruits.yaml", of: workspace, shift: 6))
        #expect(keys.map(\.label) == ["name", "emoji", "cost", "shelf-life", "buy"])
        #expect(keys.first { $0.label == "shelf-life" }?.insertText == "shelf-life: ")
        #expect(keys.first { $0.label == "cost" }?.detail == "cost of one (won)")
    }

    @Test func hoverOnAFruitShowsItsCostAndShelfLife() throws {
        let workspace = Self.costedWorkspace(price: 2500)
        let hover = try #require(workspace.hover(in: "store.yaml", at: offset(of: "kiwi:", in: "store.yaml", of: workspace)))
        #expect(hover.markdown.contains("cost: ₩700 · shelf life: 5 days"))
        let korean = Self.costedWorkspace(price: 2500, language: .korean)
        let inKorean = try #require(korean.hover(in: "store.yaml", at: offset(of: "kiwi:", in: "store.yaml", of: korean)))
        #expect(inKorean.markdown.contains("원가: 700원 · 보관 기간: 5일"))
        let plain = defaultWorkspace()
        let without = try #require(plain.hover(in: "store.yaml", at: offset(of: "kiwi:", in: "store.yaml", of: plain)))
        #expect(!without.markdown.contains("cost") && !without.markdown.contains("shelf life"))
    }

    @Test func hoverOnAJuiceShowsItsFruitCostAndMargin() throws {
        let workspace = Self.costedWorkspace(price: 2500)
        let at = offset(of: "kiwi-juice:", in: "juices.yaml", of: workspace, shift: 2)
        let hover = try #require(workspace.hover(in: "juices.yaml", at: at))
        #expect(hover.markdown.contains("price: ₩2,500"))
        #expect(hover.markdown.contains("fruit cost: ₩2,100 (margin ₩400)"))
        let losing = Self.costedWorkspace(price: 2000)
        let below = try #require(losing.hover(in: "juices.yaml", at: offset(of: "kiwi-juice:", in: "juices.yaml", of: losing, shift: 2)))
        #expect(below.markdown.contains("fruit cost: ₩2,100 (margin −₩100)"))
        let warning = try #require(losing.result.diagnostics.first { $0.rule == .priceBelowCost })
        #expect(losing.quickFixes(for: warning).isEmpty, "how much to charge is the writer's choice: advice, no edit")
        let mangoKiwi = try #require(
            workspace.hover(in: "juices.yaml", at: offset(of: "mango-kiwi-juice:", in: "juices.yaml", of: workspace, shift: 2)))
        #expect(!mangoKiwi.markdown.contains("fruit cost"), "mango has no cost")
    }
}
