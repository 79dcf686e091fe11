import JuiceCore
import Testing

/// The original app's recipe book, built in code: five fruits at 10 each, capacity 100, seven juices.
enum DefaultBook {
    static let fruits: [Fruit] = [
        Fruit(id: "strawberry", name: LocalizedName(korean: "딸기", english: "Strawberry"), emoji: "🍓"),
        Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"), emoji: "🍌"),
        Fruit(id: "pineapple", name: LocalizedName(korean: "파인애플", english: "Pineapple"), emoji: "🍍"),
        Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), emoji: "🥝"),
        Fruit(id: "mango", name: LocalizedName(korean: "망고", english: "Mango"), emoji: "🥭"),
    ]

    static let fruitIDs: [FruitID] = fruits.map(\.id)

    static let juices: [Juice] = [
        juice("strawberry-juice", "딸기쥬스", "Strawberry Juice", ["strawberry": 16]),
        juice("banana-juice", "바나나쥬스", "Banana Juice", ["banana": 2]),
        juice("kiwi-juice", "키위쥬스", "Kiwi Juice", ["kiwi": 3]),
        juice("pineapple-juice", "파인애플쥬스", "Pineapple Juice", ["pineapple": 2]),
        juice("strawberry-banana-juice", "딸바쥬스", "Strawberry-Banana Juice", ["strawberry": 10, "banana": 1]),
        juice("mango-juice", "망고쥬스", "Mango Juice", ["mango": 3]),
        juice("mango-kiwi-juice", "망키쥬스", "Mango-Kiwi Juice", ["mango": 2, "kiwi": 1]),
    ]

    static let store = Store(
        defaultCapacity: 100,
        initialStock: Dictionary(uniqueKeysWithValues: fruitIDs.map { ($0, 10) })
    )

    static let book = RecipeBook(fruits: fruits, juices: juices, store: store)

    /// A fresh inventory at the initial stock.
    static var inventory: Inventory { book.initialInventory }

    private static func juice(_ id: JuiceID, _ korean: String, _ english: String, _ recipe: KeyValuePairs<FruitID, Int>) -> Juice {
        Juice(
            id: id, name: LocalizedName(korean: korean, english: english),
            recipe: recipe.map { Ingredient(fruit: $0.key, amount: $0.value) })
    }
}

/// The juice `id` of the default book.
func juice(_ id: JuiceID, sourceLocation: SourceLocation = #_sourceLocation) throws -> Juice {
    try #require(DefaultBook.book.juice(id), "no juice \(id)", sourceLocation: sourceLocation)
}

/// The counts of `inventory` with some fruits changed from the initial 10.
func counts(_ changes: [FruitID: Int] = [:]) -> [FruitID: Int] {
    var counts = Dictionary(uniqueKeysWithValues: DefaultBook.fruitIDs.map { ($0, 10) })
    counts.merge(changes) { _, new in new }
    return counts
}
