import JuiceCore

/// The default recipes (recipes/*.yaml) built in Swift, so the shop's tests do not depend on the recipe loader.
enum TestBook {
    static let standard = RecipeBook(
        fruits: [
            Fruit(id: "strawberry", name: LocalizedName(korean: "딸기", english: "Strawberry"), emoji: "🍓"),
            Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"), emoji: "🍌"),
            Fruit(id: "pineapple", name: LocalizedName(korean: "파인애플", english: "Pineapple"), emoji: "🍍"),
            Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), emoji: "🥝"),
            Fruit(id: "mango", name: LocalizedName(korean: "망고", english: "Mango"), emoji: "🥭"),
        ],
        juices: [
            juice("strawberry-juice", "딸기쥬스", "Strawberry Juice", ["딸기주스"], ["strawberry": 16]),
            juice("banana-juice", "바나나쥬스", "Banana Juice", ["바나나주스"], ["banana": 2]),
            juice("kiwi-juice", "키위쥬스", "Kiwi Juice", ["키위주스"], ["kiwi": 3]),
            juice("pineapple-juice", "파인애플쥬스", "Pineapple Juice", ["파인애플주스"], ["pineapple": 2]),
            juice("strawberry-banana-juice", "딸바쥬스", "Strawberry-Banana Juice", ["딸바주스", "딸기바나나쥬스", "딸기바나나주스"], ["strawberry": 10, "banana": 1]),
            juice("mango-juice", "망고쥬스", "Mango Juice", ["망고주스"], ["mango": 3]),
            juice("mango-kiwi-juice", "망키쥬스", "Mango-Kiwi Juice", ["망키주스", "망고키위쥬스", "망고키위주스"], ["mango": 2, "kiwi": 1]),
        ],
        store: Store(defaultCapacity: 100, initialStock: ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10]))

    /// `standard` with the store's capacity of `fruit` set to `capacity`.
    static func with(capacity: Int, of fruit: FruitID) -> RecipeBook {
        var book = standard
        book.store.capacities[fruit] = capacity
        return book
    }

    /// `standard` plus orange (initial stock 7) and an orange juice.
    static let withOrange = RecipeBook(
        fruits: standard.fruits + [Fruit(id: "orange", name: LocalizedName(korean: "오렌지", english: "Orange"))],
        juices: standard.juices + [juice("orange-juice", "오렌지쥬스", "Orange Juice", [], ["orange": 3])],
        store: Store(defaultCapacity: 100, initialStock: standard.store.initialStock.merging(["orange": 7]) { $1 }))

    /// `standard` without kiwi and the juices that need it.
    static let withoutKiwi = RecipeBook(
        fruits: standard.fruits.filter { $0.id != "kiwi" },
        juices: standard.juices.filter { !$0.recipe.contains { $0.fruit == "kiwi" } },
        store: standard.store)

    private static func juice(_ id: JuiceID, _ korean: String, _ english: String, _ aliases: [String], _ recipe: KeyValuePairs<FruitID, Int>) -> Juice
    {
        Juice(
            id: id, name: LocalizedName(korean: korean, english: english), aliases: aliases,
            recipe: recipe.map { Ingredient(fruit: $0.key, amount: $0.value) })
    }
}
