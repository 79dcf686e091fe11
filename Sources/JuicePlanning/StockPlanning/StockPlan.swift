import JuiceCore

/// What a stock plan aims for.
package enum PlanObjective: Sendable, Hashable {
    /// The cheapest stock with which, with at least this probability, every order of the horizon is served.
    case serviceLevel(Double)
    /// The stock that maximises the expected profit (every fruit needs a cost, every juice a price).
    case profit
}

/// An estimate from scenarios, with its 95 % confidence interval.
package struct ScenarioEstimate: Sendable, Hashable {
    /// The estimate.
    package var value: Double
    /// The interval's lower end.
    package var lower: Double
    /// The interval's upper end.
    package var upper: Double

    /// The share `successes / trials` with its Wilson score interval at 95 %.
    package init(successes: Int, trials: Int) {
        guard trials > 0 else {
            self.init(value: 0, lower: 0, upper: 1)
            return
        }
        let n = Double(trials)
        let p = Double(successes) / n
        let z = 1.959_963_984_540_054
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        self.init(value: p, lower: max(0, centre - half), upper: min(1, centre + half))
    }

    /// An estimate with the given interval.
    package init(value: Double, lower: Double, upper: Double) {
        self.value = value
        self.lower = lower
        self.upper = upper
    }
}

/// How much of each fruit to hold at opening, what to buy, and what to expect from it.
package struct StockPlan: Sendable {
    /// One fruit's line of the plan.
    package struct FruitLine: Sendable, Hashable {
        /// The fruit.
        package var fruit: FruitID
        /// What the shop holds now.
        package var onHand: Int
        /// What to hold at opening.
        package var level: Int
        /// What to buy: the level minus what is on hand (0 when there is enough).
        package var toBuy: Int { max(0, level - onHand) }
        /// The store's capacity for it.
        package var capacity: Int
        /// The expected stock left at the end of the horizon.
        package var expectedLeftover: Double
        /// The expected stock that spoils by the end of the horizon (its shelf life is no longer than the horizon).
        package var expectedWaste: Double
    }

    /// What the plan aims for.
    package var objective: PlanObjective
    /// The days the stock must last.
    package var horizon: Int
    /// The scenarios drawn (for the search, and as many again to estimate).
    package var scenarios: Int
    /// The seed.
    package var seed: UInt64
    /// Every fruit of the menu, in menu order.
    package var fruits: [FruitLine]
    /// The chance every order of the horizon is served, estimated on scenarios the search did not see.
    package var serviceLevel: ScenarioEstimate
    /// The expected share of demand (units) served.
    package var fillRate: Double
    /// The expected units asked for over the horizon.
    package var expectedDemand: Double
    /// The expected revenue of what is served (juices without a price count 0); nil when no juice has a price.
    package var expectedRevenue: Double?
    /// The expected profit: revenue minus the cost of the fruit used and of the fruit that spoils (when every fruit
    /// has a cost).
    package var expectedProfit: Double?
    /// Whether the service level asked for can be reached within the store's capacities (always true for profit).
    package var reachable: Bool
}
