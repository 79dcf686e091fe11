/// A fruit an order is short of, as JSON: `{"fruit", "need", "have", "short", "capacity"?}`, in a refused order, in
/// the insufficient-stock error of the API and of `juice order --json`, and in `juice diff --json`.
public struct ShortageJSON: Codable, Sendable, Hashable {
    /// The fruit's id.
    public var fruit: String
    /// How many the order needs.
    public var need: Int
    /// How many the stock has.
    public var have: Int
    /// `need − have`.
    public var short: Int
    /// The most of the fruit the store holds, where the shortage is told against a store (an order refused now):
    /// when `need` is above it, no delivery makes the order.
    public var capacity: Int?

    /// `shortage`, with the store's `capacity` of its fruit when given.
    public init(_ shortage: Shortage, capacity: Int? = nil) {
        fruit = shortage.fruit.rawValue
        need = shortage.needed
        have = shortage.inStock
        short = shortage.short
        self.capacity = capacity
    }
}
