/// A fruit the shop stocks.
public struct Fruit: Hashable, Sendable, Codable, Identifiable {
    /// The fruit's id.
    public var id: FruitID
    /// Its display name.
    public var name: LocalizedName
    /// An emoji shown beside it, if any.
    public var emoji: String?
    /// What one unit of it costs the shop, in the currency of `Juice.price` (won), if given: a whole number ≥ 0.
    public var cost: Int?
    /// How many days it keeps before it spoils, if given: a whole number ≥ 1.
    public var shelfLife: Int?
    /// How it is bought (`buy:` in the recipe files), if the shop says.
    public var buy: FruitPurchase?

    /// Creates a fruit.
    public init(
        id: FruitID, name: LocalizedName, emoji: String? = nil, cost: Int? = nil, shelfLife: Int? = nil, buy: FruitPurchase? = nil
    ) {
        self.id = id
        self.name = name
        self.emoji = emoji
        self.cost = cost
        self.shelfLife = shelfLife
        self.buy = buy
    }
}
