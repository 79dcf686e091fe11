import Foundation
import JuiceCore
import Testing

/// What the fruits of a juice cost (`RecipeCost`, `RecipeBook.fruitCost(of:)`).
@Suite struct RecipeCostTests {
    static let book = RecipeBook(
        fruits: [
            Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), cost: 700, shelfLife: 5),
            Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"), cost: 500),
            Fruit(id: "mango", name: LocalizedName(korean: "망고", english: "Mango")),
        ],
        juices: [
            Juice(
                id: "kiwi-banana", name: LocalizedName(korean: nil, english: "KB"), price: 2000,
                recipe: [.init(fruit: "kiwi", amount: 2), .init(fruit: "banana", amount: 1)]),
            Juice(
                id: "mango-kiwi", name: LocalizedName(korean: nil, english: "MK"),
                recipe: [.init(fruit: "mango", amount: 2), .init(fruit: "kiwi", amount: 1)]),
        ],
        store: Store())

    @Test func whatACountOfAJuiceIsChargedIsItsPriceTimesTheCountAndNothingWithoutAPrice() throws {
        let priced = try #require(Self.book.juice("kiwi-banana"))
        #expect(priced.charge(for: 1) == 2000)
        #expect(priced.charge(for: 3) == 6000)
        #expect(priced.charge(for: Int.max / 1000) == nil)
        #expect(try #require(Self.book.juice("mango-kiwi")).charge(for: 2) == nil)
    }

    @Test func theSumOfAmountTimesCostOverTheRecipe() throws {
        let juice = try #require(Self.book.juice("kiwi-banana"))
        let cost = try #require(Self.book.fruitCost(of: juice))
        #expect(cost.total == 1900)
        #expect(cost.shares == [FruitCostShare(fruit: "kiwi", amount: 2, unitCost: 700), FruitCostShare(fruit: "banana", amount: 1, unitCost: 500)])
        #expect(cost.shares.map(\.cost) == [1400, 500])
    }

    @Test func unknownWhenAFruitHasNoCostOrIsNotInTheBook() throws {
        #expect(Self.book.fruitCost(of: try #require(Self.book.juice("mango-kiwi"))) == nil)
        let stranger = Juice(id: "x", name: LocalizedName(korean: nil, english: "X"), recipe: [.init(fruit: "grape", amount: 1)])
        #expect(Self.book.fruitCost(of: stranger) == nil)
        #expect(RecipeCost(recipe: []) { _ in 1 } == nil, "an empty recipe has no cost to speak of")
    }

    @Test func aFruitNamedTwiceIsOneShareOfTheSummedAmount() throws {
        let cost = try #require(
            RecipeCost(recipe: [.init(fruit: "kiwi", amount: 2), .init(fruit: "banana", amount: 1), .init(fruit: "kiwi", amount: 1)]) { _ in 10 })
        #expect(cost.shares == [FruitCostShare(fruit: "kiwi", amount: 3, unitCost: 10), FruitCostShare(fruit: "banana", amount: 1, unitCost: 10)])
        #expect(cost.total == 40)
    }

    @Test func costliestFirstWithTiesInRecipeOrder() {
        let cost = RecipeCost(shares: [
            FruitCostShare(fruit: "a", amount: 1, unitCost: 10), FruitCostShare(fruit: "b", amount: 1, unitCost: 30),
            FruitCostShare(fruit: "c", amount: 3, unitCost: 10), FruitCostShare(fruit: "d", amount: 1, unitCost: 5),
        ])
        #expect(cost.costliestFirst.map(\.fruit) == ["b", "c", "a", "d"])
        #expect(cost.total == 75)
    }

    @Test func sumsThatDoNotFitStopAtIntMax() {
        let huge = FruitCostShare(fruit: "a", amount: Int.max / 2, unitCost: 3)
        #expect(huge.cost == .max)
        let cost = RecipeCost(shares: [FruitCostShare(fruit: "a", amount: 1, unitCost: .max - 1), FruitCostShare(fruit: "b", amount: 1, unitCost: 2)])
        #expect(cost.total == .max)
    }

    @Test func newFieldsDefaultToNilAndSurviveCodable() throws {
        let plain = Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), emoji: "🥝")
        #expect(plain.cost == nil && plain.shelfLife == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plainJSON = String(decoding: try encoder.encode(plain), as: UTF8.self)
        #expect(!plainJSON.contains("cost") && !plainJSON.contains("shelfLife"), "absent fields stay out: \(plainJSON)")
        #expect(try JSONDecoder().decode(Fruit.self, from: Data(plainJSON.utf8)) == plain)
        let kiwi = try #require(Self.book.fruit("kiwi"))
        let json = String(decoding: try encoder.encode(kiwi), as: UTF8.self)
        #expect(json.contains("\"cost\":700") && json.contains("\"shelfLife\":5"), "\(json)")
        #expect(try JSONDecoder().decode(Fruit.self, from: Data(json.utf8)) == kiwi)
    }
}
