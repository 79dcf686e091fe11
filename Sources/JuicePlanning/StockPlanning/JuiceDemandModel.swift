import JuiceCore

/// How one juice's demand on each day ahead is drawn in a plan's scenarios: its expected value, and what spreads the
/// day's demand around it. Demand is whole units, never below 0.
package struct JuiceDemandModel: Sendable, Hashable {
    /// What spreads a day's demand around its expected value.
    package enum Spread: Sendable, Hashable {
        /// The forecasting model's own one-step errors on recent days, each made from the days before it only: a
        /// day's demand is the expected value plus one of them, drawn at random (their shape, skew and zero days kept).
        case pastErrors([Double])
        /// A normal error with this standard deviation.
        case normal(standardDeviation: Double)
        /// Counts with this variance: Poisson when it is at most the mean, negative binomial above.
        case counts(variance: Double)
    }

    /// The expected demand of each day ahead.
    package var expected: [Double]
    /// What spreads it.
    package var spread: Spread

    /// A juice whose demand on day `d` ahead is `expected[d]` spread by `spread`.
    package init(expected: [Double], spread: Spread) {
        self.expected = expected
        self.spread = spread
    }
}
