import JuiceCore
import Testing

/// The recipe book, store and names.
@Suite struct RecipeBookTests {
    @Test func lookUpFruitsAndJuicesById() throws {
        let book = DefaultBook.book
        #expect(book.fruits.map(\.id) == DefaultBook.fruitIDs)
        #expect(book.juices.map(\.id) == ["strawberry-juice", "banana-juice", "kiwi-juice", "pineapple-juice",
                                          "strawberry-banana-juice", "mango-juice", "mango-kiwi-juice"])
        #expect(book.fruit("kiwi")?.name.korean == "키위")
        #expect(book.fruit("kiwi")?.emoji == "🥝")
        #expect(book.juice("strawberry-banana-juice")?.name.korean == "딸바쥬스")
        #expect(book.fruit("grape") == nil)
        #expect(book.juice("grape-juice") == nil)
    }

    @Test func firstDefinitionWinsForARepeatedId() {
        let first = Fruit(id: "kiwi", name: LocalizedName(english: "First"))
        let second = Fruit(id: "kiwi", name: LocalizedName(english: "Second"))
        let book = RecipeBook(fruits: [first, second], juices: [], store: Store())
        #expect(book.fruit("kiwi") == first)
    }

    @Test func initialInventoryFollowsTheStore() {
        let inventory = DefaultBook.book.initialInventory
        #expect(inventory == Inventory(counts: counts(), capacities: Dictionary(uniqueKeysWithValues: DefaultBook.fruitIDs.map { ($0, 100) })))
    }

    @Test func fruitsWithoutInitialStockStartAtZero() {
        let book = RecipeBook(fruits: [Fruit(id: "kiwi", name: LocalizedName(english: "Kiwi"))], juices: [], store: Store())
        #expect(book.initialInventory.counts == ["kiwi": 0])
        #expect(book.initialInventory.capacity(of: "kiwi") == Store.standardCapacity)
    }

    @Test func storeCapacities() {
        #expect(Store.standardCapacity == 100)
        let store = Store(defaultCapacity: 50, capacities: ["mango": 20])
        #expect(store.capacity(of: "mango") == 20)
        #expect(store.capacity(of: "kiwi") == 50)
        #expect(Store().capacity(of: "kiwi") == 100)
    }

    @Test func juiceAmountOfAFruit() throws {
        let mangoKiwi = try juice("mango-kiwi-juice")
        #expect(mangoKiwi.amount(of: "mango") == 2)
        #expect(mangoKiwi.amount(of: "kiwi") == 1)
        #expect(mangoKiwi.amount(of: "banana") == 0)
    }

    @Test func localizedNameFallsBack() {
        let both = LocalizedName(korean: "딸기", english: "Strawberry")
        #expect(both.text(in: .korean) == "딸기")
        #expect(both.text(in: .english) == "Strawberry")
        #expect(both.all == ["딸기", "Strawberry"])
        let koreanOnly = LocalizedName(korean: "망고")
        #expect(koreanOnly.text(in: .english) == "망고")
        let englishOnly = LocalizedName(english: "Kiwi")
        #expect(englishOnly.text(in: .korean) == "Kiwi")
        let neither = LocalizedName()
        #expect(neither.text(in: .korean, fallback: "kiwi") == "kiwi")
        #expect(neither.all.isEmpty)
    }

    @Test func identifiers() {
        let fruit: FruitID = "kiwi"
        #expect(fruit == FruitID("kiwi"))
        #expect(fruit == FruitID(rawValue: "kiwi"))
        #expect(fruit.description == "kiwi")
        #expect(FruitID("banana") < FruitID("kiwi"))
        let juice: JuiceID = "banana-juice"
        #expect(juice.description == "banana-juice")
        #expect(JuiceID("a") < JuiceID("b"))
    }
}
