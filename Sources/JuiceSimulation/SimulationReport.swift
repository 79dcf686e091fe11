import JuiceCore

/// What a simulation found.
public struct SimulationReport: Hashable, Sendable {
    /// The menu simulated.
    public var menu: CompiledMenu.Summary
    /// Orders processed.
    public var orders: Int
    /// Juices served, per juice index.
    public var served: [Int]
    /// Juices refused, per juice index.
    public var refused: [Int]
    /// Orders served and refused, per juice index.
    public var ordersServed: [Int]
    /// Orders refused, per juice index.
    public var ordersRefused: [Int]
    /// Stock at the start, per fruit index.
    public var initialStock: [Int]
    /// Stock at the end, per fruit index.
    public var finalStock: [Int]
    /// Fruit used by served juices, per fruit index.
    public var consumed: [Int]
    /// Per fruit, the first order after which its stock was 0 (0 when it started at 0); nil if never.
    public var firstEmptied: [Int?]
    /// Per fruit, the first order refused because too little of it was left; nil if never.
    public var firstShort: [Int?]
    /// Refused orders per fruit that was short for them (an order short of two fruits counts for both).
    public var refusedBy: [Int]
    /// Refills per fruit.
    public var refills: [Int]
    /// Fruit that would have served every refused order, per fruit index.
    public var shoppingList: [Int]
    /// Revenue of served juices that have a price.
    public var revenue: Int
    /// Whether any juice has a price.
    public var hasPrices: Bool
    /// The first refused orders (order number, juice index), at most 20, for `juice plan`.
    public var firstRefusals: [(order: Int, juice: Int)]

    /// Compares reports field by field.
    public static func == (lhs: SimulationReport, rhs: SimulationReport) -> Bool {
        lhs.orders == rhs.orders && lhs.served == rhs.served && lhs.refused == rhs.refused && lhs.finalStock == rhs.finalStock
            && lhs.firstEmptied == rhs.firstEmptied && lhs.firstShort == rhs.firstShort && lhs.refusedBy == rhs.refusedBy
            && lhs.refills == rhs.refills
            && lhs.shoppingList == rhs.shoppingList && lhs.revenue == rhs.revenue
            && lhs.firstRefusals.map(\.order) == rhs.firstRefusals.map(\.order)
    }

    /// Hashes the main figures.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(orders)
        hasher.combine(served)
        hasher.combine(finalStock)
    }
}

extension CompiledMenu {
    /// Names for a report.
    public struct Summary: Hashable, Sendable {
        /// Fruit ids by index.
        public var fruits: [FruitID]
        /// Juice ids by index.
        public var juices: [JuiceID]
    }

    /// The names a report needs.
    public var summary: Summary { Summary(fruits: fruits, juices: juices) }
}
