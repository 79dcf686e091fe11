import Foundation
import JuiceCore
import JuiceRecipes
import Testing

/// The built-in recipes reproduce the original app exactly. (They are pinned here, not the working directory's
/// `recipes/`, which users edit; `.ci/run` checks that the checkout's `recipes/` and the built-in copy agree.)
@Suite("Default recipes")
struct DefaultRecipesTests {
    let result: RecipeLoadResult

    init() {
        result = RecipeLoader().load(files: DefaultRecipes.files)
    }

    @Test("lint clean but for strawberry juice needing 16 of 10 strawberries")
    func onlyTheStrawberryWarning() throws {
        #expect(!result.hasErrors)
        let warning = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(warning.rule == .exceedsInitialStock)
        #expect(warning.location.file == "recipes/juices.yaml")
        #expect(warning.location.line == 9)
        #expect(warning.location.column == 14)
        #expect(warning.message.contains("16") && warning.message.contains("10"))
    }

    @Test("five fruits with Korean and English names, emoji and 10 each")
    func fruits() {
        let book = result.book
        #expect(book.fruits.map(\.id) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
        #expect(book.fruits.map { $0.name.korean ?? "" } == ["딸기", "바나나", "파인애플", "키위", "망고"])
        #expect(book.fruits.map { $0.name.english ?? "" } == ["Strawberry", "Banana", "Pineapple", "Kiwi", "Mango"])
        #expect(book.fruits.map { $0.emoji ?? "" } == ["🍓", "🍌", "🍍", "🥝", "🥭"])
        for fruit in book.fruits {
            #expect(book.store.initialStock[fruit.id] == 10)
            #expect(book.store.capacity(of: fruit.id) == 100)
        }
    }

    @Test("seven juices in the original menu order with their recipes")
    func juices() {
        let book = result.book
        #expect(
            book.juices.map(\.id) == [
                "strawberry-juice", "banana-juice", "kiwi-juice", "pineapple-juice",
                "strawberry-banana-juice", "mango-juice", "mango-kiwi-juice",
            ])
        #expect(book.juices.map { $0.name.korean ?? "" } == ["딸기쥬스", "바나나쥬스", "키위쥬스", "파인애플쥬스", "딸바쥬스", "망고쥬스", "망키쥬스"])
        #expect(book.juice("strawberry-juice")?.recipe == [Ingredient(fruit: "strawberry", amount: 16)])
        #expect(book.juice("banana-juice")?.recipe == [Ingredient(fruit: "banana", amount: 2)])
        #expect(book.juice("kiwi-juice")?.recipe == [Ingredient(fruit: "kiwi", amount: 3)])
        #expect(book.juice("pineapple-juice")?.recipe == [Ingredient(fruit: "pineapple", amount: 2)])
        #expect(
            book.juice("strawberry-banana-juice")?.recipe == [Ingredient(fruit: "strawberry", amount: 10), Ingredient(fruit: "banana", amount: 1)])
        #expect(book.juice("mango-juice")?.recipe == [Ingredient(fruit: "mango", amount: 3)])
        #expect(book.juice("mango-kiwi-juice")?.recipe == [Ingredient(fruit: "mango", amount: 2), Ingredient(fruit: "kiwi", amount: 1)])
        #expect(book.juice("strawberry-banana-juice")?.aliases.contains("딸기바나나쥬스") == true)
        #expect(book.juice("mango-kiwi-juice")?.aliases.contains("망고키위쥬스") == true)
        #expect(book.juice("banana-juice")?.aliases.contains("바나나주스") == true)
    }

    @Test("docs/recipe-schema.json is what juice schema prints, and valid JSON")
    func schemaFileMatches() throws {
        let data = try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/recipe-schema.json"))
        #expect(String(decoding: data, as: UTF8.self) == RecipeSchema.json)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(object["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["version", "fruits", "juices", "store", "suppliers", "calendar"])
    }
}
