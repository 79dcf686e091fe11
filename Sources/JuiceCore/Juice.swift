/// An amount of one fruit in a recipe.
public struct Ingredient: Hashable, Sendable, Codable {
    /// The fruit.
    public var fruit: FruitID
    /// How many of it one juice takes (at least 1).
    public var amount: Int

    /// Creates an ingredient.
    public init(fruit: FruitID, amount: Int) {
        self.fruit = fruit
        self.amount = amount
    }
}

/// A juice on the menu and its recipe.
public struct Juice: Hashable, Sendable, Codable, Identifiable {
    /// The juice's id.
    public var id: JuiceID
    /// Its display name.
    public var name: LocalizedName
    /// Other names customers use for it (for example 딸기바나나쥬스).
    public var aliases: [String]
    /// Its price in won, if it has one.
    public var price: Int?
    /// The fruits one juice takes, in the order written.
    public var recipe: [Ingredient]

    /// Creates a juice.
    public init(id: JuiceID, name: LocalizedName, aliases: [String] = [], price: Int? = nil, recipe: [Ingredient]) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.price = price
        self.recipe = recipe
    }

    /// The recipe with each fruit once, amounts summed, in first-use order.
    public var totals: [Ingredient] {
        var result: [Ingredient] = []
        for ingredient in recipe {
            if let index = result.firstIndex(where: { $0.fruit == ingredient.fruit }) {
                let (sum, overflow) = result[index].amount.addingReportingOverflow(ingredient.amount)
                result[index].amount = overflow ? .max : sum
            } else {
                result.append(ingredient)
            }
        }
        return result
    }

    /// What `count` of it cost, in won: its price times `count`; nil when it has no price, or when the product does
    /// not fit an `Int` (recipes hold prices and stock of at most 1,000,000,000, so no served order gets there).
    public func charge(for count: Int) -> Int? {
        guard let price else { return nil }
        let (product, overflow) = price.multipliedReportingOverflow(by: count)
        return overflow ? nil : product
    }

    /// How many of `fruit` one juice takes (0 when the recipe does not use it).
    public func amount(of fruit: FruitID) -> Int {
        recipe.reduce(0) { $1.fruit == fruit ? $0 + $1.amount : $0 }
    }
}
