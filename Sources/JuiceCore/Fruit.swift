/// A fruit the shop stocks.
public struct Fruit: Hashable, Sendable, Codable, Identifiable {
    /// The fruit's id.
    public var id: FruitID
    /// Its display name.
    public var name: LocalizedName
    /// An emoji shown beside it, if any.
    public var emoji: String?

    /// Creates a fruit.
    public init(id: FruitID, name: LocalizedName, emoji: String? = nil) {
        self.id = id
        self.name = name
        self.emoji = emoji
    }
}
