/// A fruit the shop stocks.
public struct Fruit: Hashable, Sendable, Codable, Identifiable {
    /// The fruit's id.
    public var id: FruitID
    /// Its display name.
    public var name: LocalizedName
    /// An emoji shown beside it, if any.
    public var emoji: String?
    /// What one unit costs the shop, in the currency of the juices' prices, if the recipes say.
    public var cost: Int?
    /// How many days a unit keeps, if the recipes say.
    public var shelfLife: Int?

    /// Creates a fruit.
    public init(id: FruitID, name: LocalizedName, emoji: String? = nil, cost: Int? = nil, shelfLife: Int? = nil) {
        self.id = id
        self.name = name
        self.emoji = emoji
        self.cost = cost
        self.shelfLife = shelfLife
    }
}
