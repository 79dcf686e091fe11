import Foundation
import JuiceCore
import JuiceRecipes
import JuiceTestSupport
import Testing

@testable import JuiceMenuEditing

/// Changes the menu-edit fuzzer (scripts/fuzz/MenuEditFuzzer.swift) found written as text that did not read: edits of
/// one change that insert at the same offset (a field added to an entry or a `store` mapping goes after what is added
/// at the end of the block field that ends it; an entry added to a mapping that ends a file goes before a section added
/// there), and a block recipe whose only fruit is replaced.
@Suite struct MenuEditFuzzFindingsTests {
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

    @Test func aFruitAddedToAFileThatEndsWithItsStockGetsItsStockEntryBeforeTheNewFruitsSection() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let grape = NewFruit(id: "grape", name: NameChange(korean: "포도", english: "Grape"), stock: 5, file: "store.yaml")
        _ = try await editor.apply(.addFruit(grape), session: "s")
        let added = try #require(try await editor.menu().fruits.first { $0.id == "grape" })
        #expect(added.stock == 5)
        #expect(added.file == "store.yaml")
        #expect(try fixture.text("store.yaml").hasSuffix("    mango: 5\n    grape: 5\nfruits:\n  grape:\n    name: {ko: 포도, en: Grape}\n"))
    }

    /// A set in one file whose juice has a block recipe of one fruit and whose store ends with its stock.
    static let menu = """
        version: 1
        fruits:
          kiwi: {name: {ko: 키위, en: Kiwi}}
          lime: {name: {ko: 라임, en: Lime}}
        juices:
          kiwi-juice:
            name: {ko: 키위쥬스, en: Kiwi Juice}
            recipe:
              kiwi: 1
        store:
          stock:
            kiwi: 5

        """

    /// An editor of a fresh directory holding `menu` as menu.yaml, and that file's path.
    static func editor() throws -> (MenuEditor, URL) {
        let directory = try TestDirectories.make("juice-menu-same-offset")
        let file = directory.appendingPathComponent("menu.yaml")
        try menu.write(to: file, atomically: true, encoding: .utf8)
        return (MenuEditor(directory: directory.path), file)
    }

    @Test func aCapacityAddedToAStoreWhoseStockEndsItGoesAfterTheNewStockEntry() async throws {
        let (editor, file) = try Self.editor()
        _ = try await editor.apply(.changeFruit("lime", FruitChange(stock: 3, capacity: 50)), session: "s")
        let lime = try #require(try await editor.menu().fruits.first { $0.id == "lime" })
        #expect(lime.stock == 3)
        #expect(lime.capacity == 50)
        #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("  stock:\n    kiwi: 5\n    lime: 3\n  capacity:\n    lime: 50\n"))
    }

    @Test func theOnlyFruitOfABlockRecipeReplacedByAnotherLeavesNoEmptyMappingBeforeIt() async throws {
        let (editor, file) = try Self.editor()
        _ = try await editor.apply(.changeJuice("kiwi-juice", JuiceChange(recipe: [Ingredient(fruit: "lime", amount: 2)])), session: "s")
        let juice = try #require(try await editor.menu().juices.first { $0.id == "kiwi-juice" })
        #expect(juice.recipe == [Ingredient(fruit: "lime", amount: 2)])
        #expect(try String(contentsOf: file, encoding: .utf8).contains("    recipe:\n      lime: 2\nstore:\n"))
    }
}
