import JuiceCore

/// Fruit the shop already has or is waiting for, as a purchase plan counts it: `units` arriving on day `arrives` of
/// the plan (0: on hand now), good until day `lastDay` (nil: it keeps).
package struct StockBatch: Sendable, Hashable {
    /// How many units.
    package var units: Int
    /// The day of the plan it is there from (0 for stock on hand).
    package var arrives: Int
    /// The last day of the plan it can be used (nil: it keeps).
    package var lastDay: Int?

    /// A batch.
    package init(units: Int, arrives: Int = 0, lastDay: Int? = nil) {
        self.units = units
        self.arrives = arrives
        self.lastDay = lastDay
    }
}

/// Each supplier's next order, in whole packs, planned by simulation so that every order of the days it covers is
/// served with the probability asked for (or the expected profit is highest), with what it is expected to give.
package struct PurchasePlan: Sendable {
    /// One fruit of an order.
    package struct Line: Sendable, Hashable {
        /// The fruit.
        package var fruit: FruitID
        /// Whole packs to order.
        package var packs: Int
        /// The units they hold.
        package var units: Int
        /// What the line costs, in won (packs × the pack's price), when the price is known.
        package var lineCost: Int?
    }

    /// An order's lines and what they give over its days.
    package struct Choice: Sendable, Hashable {
        /// The lines (fruits with at least one pack).
        package var lines: [Line]
        /// What the order costs, in won, when every line's price is known.
        package var total: Int?
        /// The chance every order over the order's days is served, as far as its fruits decide (estimated on scenarios
        /// the search did not choose from).
        package var serviceLevel: ScenarioEstimate
        /// The units of this order expected to spoil unused.
        package var expectedWaste: Double
        /// What they cost, in won, when every cost is known.
        package var expectedWasteCost: Double?
        /// The expected profit of the order over its days (its fruit's margin on what it serves minus what spoils),
        /// when costs and prices are known.
        package var expectedProfit: Double?
    }

    /// One supplier's next order.
    package struct Order: Sendable, Hashable {
        /// When it is placed, when it arrives, what it covers.
        package var window: OrderWindow
        /// The order.
        package var choice: Choice
        /// The supplier's minimum, in won, if it has one.
        package var minimum: Int?
        /// The order raised to the minimum, when the order is below it (and not empty): what it would give instead.
        package var raised: Choice?
        /// Whether raising the order to the minimum pays, as the simulation shows (its expected profit is positive:
        /// skipping the order serves none of its days from it); nil without costs and prices.
        package var raisingPays: Bool?
        /// The fruits whose shelf life ends before the order's days do, with the last day they keep.
        package var spoilsEarly: [FruitID: CivilDate] = [:]

        /// Whether the order meets the supplier's minimum (an empty order, or one without a known total, counts as
        /// meeting it).
        package var minimumMet: Bool {
            guard let minimum, let total = choice.total, !choice.lines.isEmpty else { return true }
            return total >= minimum
        }
    }

    /// The orders, one per supplier the menu's fruits are bought from, in the recipe files' order.
    package var orders: [Order]
    /// The chance every order is served over every order's days at once.
    package var serviceLevel: ScenarioEstimate
    /// What the plan aims for.
    package var objective: PlanObjective
    /// The first day of the plan (the day after the history).
    package var firstDay: CivilDate
    /// The days simulated from `firstDay`.
    package var days: Int
    /// The menu's fruits no supplier sells (`buy:` missing): planned as levels only.
    package var unbought: [FruitID]
    /// Whether the target can be reached within the store's capacities (always true for profit).
    package var reachable: Bool
}
