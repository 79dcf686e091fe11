import Foundation
import JuiceCore
import JuiceRecipes
import JuiceTestSupport
import Testing

@testable import JuiceMenuEditing

/// Edits of one change that insert at the same offset (found by scripts/fuzz/MenuEditFuzzer.swift): a field added to
/// an entry or a `store` mapping goes after what is added at the end of the block field that ends it.
@Suite struct MenuEditSameOffsetTests {
    @Test func aPriceAddedWithANewFruitOfABlockRecipeThatEndsTheJuiceGoesAfterTheFruit() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        // banana-juice ends the file with its block recipe: the new fruit and the new price both go where it ends.
        let recipe = [Ingredient(fruit: "banana", amount: 2), Ingredient(fruit: "strawberry", amount: 1), Ingredient(fruit: "mango", amount: 1)]
        let outcome = try await editor.apply(.changeJuice("banana-juice", JuiceChange(price: 2500, recipe: recipe)), session: "s")
        #expect(outcome.record != nil)
        let banana = try #require(try await editor.menu().juices.first { $0.id == "banana-juice" })
        #expect(banana.price == 2500)
        #expect(banana.recipe == recipe)
        #expect(try fixture.text("juices.yaml").hasSuffix("      strawberry: 1\n      mango: 1\n    price: 2500\n# the end\n"))
    }

    @Test func aCapacityAddedToAStoreWhoseStockEndsItGoesAfterTheNewStockEntry() async throws {
        let directory = try TestDirectories.make("juice-menu-same-offset")
        let text = """
            version: 1
            fruits:
              kiwi: {name: {ko: 키위, en: Kiwi}}
              lime: {name: {ko: 라임, en: Lime}}
            juices:
              kiwi-juice: {name: {ko: 키위쥬스, en: Kiwi Juice}, recipe: {kiwi: 1, lime: 1}}
            store:
              stock:
                kiwi: 5

            """
        try text.write(to: directory.appendingPathComponent("menu.yaml"), atomically: true, encoding: .utf8)
        let editor = MenuEditor(directory: directory.path)
        _ = try await editor.apply(.changeFruit("lime", FruitChange(stock: 3, capacity: 50)), session: "s")
        let lime = try #require(try await editor.menu().fruits.first { $0.id == "lime" })
        #expect(lime.stock == 3)
        #expect(lime.capacity == 50)
        let written = try String(contentsOf: directory.appendingPathComponent("menu.yaml"), encoding: .utf8)
        #expect(written.hasSuffix("  stock:\n    kiwi: 5\n    lime: 3\n  capacity:\n    lime: 50\n"))
    }
}
