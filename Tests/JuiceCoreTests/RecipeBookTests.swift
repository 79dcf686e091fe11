import JuiceCore
import Testing

/// The recipe book, store and names.
@Suite struct RecipeBookTests {
    @Test func lookUpFruitsAndJuicesById() throws {
        let book = DefaultBook.book
        #expect(book.fruits.map(\.id) == DefaultBook.fruitIDs)
        #expect(
            book.juices.map(\.id) == [
                "strawberry-juice", "banana-juice", "kiwi-juice", "pineapple-juice",
                "strawberry-banana-juice", "mango-juice", "mango-kiwi-juice",
            ])
        #expect(book.fruit("kiwi")?.name.korean == "키위")
        #expect(book.fruit("kiwi")?.emoji == "🥝")
        #expect(book.juice("strawberry-banana-juice")?.name.korean == "딸바쥬스")
        #expect(book.fruit("grape") == nil)
        #expect(book.juice("grape-juice") == nil)
    }

    /// The name index is made on a book's first look-up by name, shared by its copies: finders made at once on many
    /// threads, from copies of one book, all find every juice by every name.
    @Test func findersOnManyThreadsShareOneIndex() async {
        let book = DefaultBook.book
        let names = book.juices.flatMap { juice in ([juice.id.rawValue] + juice.name.all + juice.aliases).map { ($0, juice.id) } }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<32 {
                let copy = book
                group.addTask {
                    let finder = JuiceFinder(book: copy)
                    return names.filter { name, id in (try? finder.juice(named: name))?.id != id }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        #expect(book == DefaultBook.book, "books compare by fruits, juices and store, whatever was looked up")
    }

    @Test func firstDefinitionWinsForARepeatedId() {
        let first = Fruit(id: "kiwi", name: LocalizedName(english: "First"))
        let second = Fruit(id: "kiwi", name: LocalizedName(english: "Second"))
        let book = RecipeBook(fruits: [first, second], juices: [], store: Store())
        #expect(book.fruit("kiwi") == first)
    }

    /// Ids are found as `String`s compare: canonically equivalent spellings find each other, whichever was stored.
    @Test func lookUpByCanonicallyEquivalentIds() {
        let kelvin = Juice(id: "Kelvin", name: LocalizedName(english: "Kelvin"), recipe: [])
        let cafe = Juice(id: "cafe\u{301}", name: LocalizedName(english: "Café"), recipe: [])
        let book = RecipeBook(fruits: [Fruit(id: "e\u{301}", name: LocalizedName(english: "É"))], juices: [kelvin, cafe], store: Store())
        #expect(book.juice("\u{212A}elvin") == kelvin, "KELVIN SIGN is canonically K")
        #expect(book.juice("caf\u{E9}") == cafe)
        #expect(book.fruit("\u{E9}")?.id == "e\u{301}")
        #expect(book.juice("kelvin") == nil)
    }

    /// Many ids, and repeated ones: every id finds its first position, and ids not in the book find nothing.
    @Test func lookUpAmongManyIds() {
        let juices = (0..<5_000).map { Juice(id: JuiceID("juice-\($0 % 4_000)"), name: LocalizedName(english: "J\($0)"), recipe: []) }
        let book = RecipeBook(fruits: [], juices: juices, store: Store())
        for index in stride(from: 0, to: 5_000, by: 7) {
            #expect(book.juice(JuiceID("juice-\(index % 4_000)"))?.name.english == "J\(index % 4_000)")
        }
        #expect(book.juice("juice-4000") == nil)
        #expect(book.juice("") == nil)
        #expect(RecipeBook(fruits: [], juices: [], store: Store()).juice("juice-1") == nil)
    }

    @Test func booksCompareByContentsNotByIndexLayout() {
        let juices = (0..<100).map { Juice(id: JuiceID("juice-\($0)"), name: LocalizedName(english: "J\($0)"), recipe: []) }
        let book = RecipeBook(fruits: [], juices: juices, store: Store())
        #expect(book == RecipeBook(fruits: [], juices: juices, store: Store()))
        #expect(book != RecipeBook(fruits: [], juices: Array(juices.dropLast()), store: Store()))
        #expect(Set([book, RecipeBook(fruits: [], juices: juices, store: Store())]).count == 1)
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
