/// The store's limits and starting stock.
public struct Store: Hashable, Sendable, Codable {
    /// The capacity of a fruit the store has no specific capacity for (the original app's stepper went to 100).
    public static let standardCapacity = 100

    /// The capacity of every fruit without a specific one.
    public var defaultCapacity: Int
    /// Per-fruit capacities that override `defaultCapacity`.
    public var capacities: [FruitID: Int]
    /// The stock the shop starts with.
    public var initialStock: [FruitID: Int]

    /// Creates a store.
    public init(defaultCapacity: Int = Store.standardCapacity, capacities: [FruitID: Int] = [:], initialStock: [FruitID: Int] = [:]) {
        self.defaultCapacity = defaultCapacity
        self.capacities = capacities
        self.initialStock = initialStock
    }

    /// The most of `fruit` the store can hold.
    public func capacity(of fruit: FruitID) -> Int {
        capacities[fruit] ?? defaultCapacity
    }
}
