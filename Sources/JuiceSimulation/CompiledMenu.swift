import JuiceCore

/// A recipe book compiled for fast simulation: fruits interned to indices, recipes as flat index/amount arrays.
package struct CompiledMenu: Sendable {
    /// The fruits, by index.
    package let fruits: [FruitID]
    /// The juices, by index.
    package let juices: [JuiceID]
    /// Juice `j`'s ingredients are `ingredientFruit[recipeStart[j]..<recipeStart[j + 1]]`.
    package let recipeStart: [Int]
    /// The fruit index of each ingredient.
    package let ingredientFruit: [Int]
    /// The amount of each ingredient.
    package let ingredientAmount: [Int]
    /// The price of each juice (0 where none is given).
    package let prices: [Int]
    /// Whether each juice has a price.
    package let hasPrice: [Bool]
    /// The capacity of each fruit.
    package let capacities: [Int]
    /// The book it was compiled from.
    package let book: RecipeBook
    /// The ingredients per juice in `paddedFruit`/`paddedAmount`: the longest recipe's, or 0 when a recipe is longer
    /// than `maximumPaddedWidth` (then there is no padded copy).
    package let paddedWidth: Int
    /// Juice `j`'s ingredients at `paddedFruit[j * paddedWidth ..< (j + 1) * paddedWidth]`, shorter recipes padded
    /// with the fruit index `fruits.count` (a sentinel that never runs out) at amount 0: every recipe is as long, so
    /// the serving loop's length never depends on the juice.
    package let paddedFruit: [Int]
    /// The amounts, laid out as `paddedFruit`.
    package let paddedAmount: [Int]
    /// The longest recipe that is padded.
    package static let maximumPaddedWidth = 4

    /// Compiles `book`.
    package init(book: RecipeBook) {
        self.book = book
        fruits = book.fruits.map(\.id)
        let fruitIndex = Dictionary(uniqueKeysWithValues: fruits.enumerated().map { ($1, $0) })
        juices = book.juices.map(\.id)
        var starts = [0]
        var fruit: [Int] = []
        var amount: [Int] = []
        for juice in book.juices {
            for ingredient in juice.totals {
                guard let index = fruitIndex[ingredient.fruit] else { continue }
                fruit.append(index)
                amount.append(ingredient.amount)
            }
            starts.append(fruit.count)
        }
        recipeStart = starts
        ingredientFruit = fruit
        ingredientAmount = amount
        prices = book.juices.map { $0.price ?? 0 }
        hasPrice = book.juices.map { $0.price != nil }
        capacities = fruits.map { book.store.capacity(of: $0) }
        let width = zip(starts.dropFirst(), starts).map { $0 - $1 }.max() ?? 0
        paddedWidth = width <= Self.maximumPaddedWidth ? width : 0
        var paddedFruit = [Int](repeating: fruits.count, count: juices.count * paddedWidth)
        var paddedAmount = [Int](repeating: 0, count: juices.count * paddedWidth)
        if paddedWidth > 0 {
            for juice in juices.indices {
                for (slot, index) in (starts[juice]..<starts[juice + 1]).enumerated() {
                    paddedFruit[juice * paddedWidth + slot] = fruit[index]
                    paddedAmount[juice * paddedWidth + slot] = amount[index]
                }
            }
        }
        self.paddedFruit = paddedFruit
        self.paddedAmount = paddedAmount
    }

    /// The stock array for `inventory` (fruits missing from it at 0).
    package func stock(from inventory: Inventory) -> [Int] {
        fruits.map { inventory[$0] }
    }

    /// The index of the juice `name` names (id, name or alias, as `juice order` resolves it).
    package func juiceIndex(named name: String, finder: JuiceFinder) throws(JuiceLookupError) -> Int {
        let juice = try finder.juice(named: name)
        return juices.firstIndex(of: juice.id) ?? 0
    }
}
