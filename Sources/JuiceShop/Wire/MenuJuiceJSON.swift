import JuiceCore

/// One ingredient of a recipe, as JSON: a fruit and how much of it one juice takes.
public struct IngredientJSON: Codable, Sendable, Hashable {
    /// The fruit's id.
    public var fruit: String
    /// How much of it one juice takes.
    public var amount: Int

    /// The ingredient of `fruit` (its id) and `amount`.
    public init(fruit: String, amount: Int) {
        self.fruit = fruit
        self.amount = amount
    }
}

/// A juice of the menu with its recipe, its price and what the stock allows now, as JSON: each of `GET /api/menu`'s
/// `juices` and of `juice menu --json`.
public struct MenuJuiceJSON: Codable, Sendable, Hashable {
    /// The juice's id.
    public var id: String
    /// Its names.
    public var name: NameJSON
    /// Other names it is ordered by.
    public var aliases: [String]
    /// Its price in won (left out when it has none).
    public var price: Int?
    /// Its recipe, in the order the recipe files give it.
    public var recipe: [IngredientJSON]
    /// How many the stock makes now.
    public var makeable: Int
    /// The fruit that runs out first (left out when the recipe needs none).
    public var limitingFruit: String?
    /// How much more of each short fruit one more juice needs.
    public var neededForOneMore: SortedObject<Int>

    /// `juice` and what the stock allows of it (`Inventory.availability(of:)`).
    public init(_ juice: Juice, availability: Availability) {
        id = juice.id.rawValue
        name = NameJSON(juice.name)
        aliases = juice.aliases
        price = juice.price
        recipe = juice.recipe.map { IngredientJSON(fruit: $0.fruit.rawValue, amount: $0.amount) }
        makeable = availability.makeable
        limitingFruit = availability.limitingFruit?.rawValue
        neededForOneMore = SortedObject(availability.neededForOneMore)
    }
}
