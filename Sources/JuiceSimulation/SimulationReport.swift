import JuiceCore

/// What a simulation found.
package struct SimulationReport: Hashable, Sendable {
    /// The menu simulated.
    package var menu: CompiledMenu.Summary
    /// Orders processed.
    package var orders: Int
    /// Juices served, per juice index.
    package var served: [Int]
    /// Juices refused, per juice index.
    package var refused: [Int]
    /// Orders served and refused, per juice index.
    package var ordersServed: [Int]
    /// Orders refused, per juice index.
    package var ordersRefused: [Int]
    /// Stock at the start, per fruit index.
    package var initialStock: [Int]
    /// Stock at the end, per fruit index.
    package var finalStock: [Int]
    /// Fruit used by served juices, per fruit index.
    package var consumed: [Int]
    /// Per fruit, the first order after which its stock was 0 (0 when it started at 0); nil if never.
    package var firstEmptied: [Int?]
    /// Per fruit, the first order refused because too little of it was left; nil if never.
    package var firstShort: [Int?]
    /// Refused orders per fruit that was short for them (an order short of two fruits counts for both).
    package var refusedBy: [Int]
    /// Refills per fruit.
    package var refills: [Int]
    /// Fruit that would have served every refused order, per fruit index.
    package var shoppingList: [Int]
    /// Revenue of served juices that have a price.
    package var revenue: Int
    /// Whether any juice has a price.
    package var hasPrices: Bool
    /// The first refused orders (order number, juice index), at most 20, for `juice plan`.
    package var firstRefusals: [(order: Int, juice: Int)]

    /// Compares reports field by field.
    package static func == (lhs: SimulationReport, rhs: SimulationReport) -> Bool {
        lhs.orders == rhs.orders && lhs.served == rhs.served && lhs.refused == rhs.refused && lhs.finalStock == rhs.finalStock
            && lhs.firstEmptied == rhs.firstEmptied && lhs.firstShort == rhs.firstShort && lhs.refusedBy == rhs.refusedBy
            && lhs.refills == rhs.refills
            && lhs.shoppingList == rhs.shoppingList && lhs.revenue == rhs.revenue
            && lhs.firstRefusals.map(\.order) == rhs.firstRefusals.map(\.order)
    }

    /// Hashes the main figures.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(orders)
        hasher.combine(served)
        hasher.combine(finalStock)
    }
}

extension CompiledMenu {
    /// Names for a report.
    package struct Summary: Hashable, Sendable {
        /// Fruit ids by index.
        package var fruits: [FruitID]
        /// Juice ids by index.
        package var juices: [JuiceID]
    }

    /// The names a report needs.
    package var summary: Summary { Summary(fruits: fruits, juices: juices) }
}
