import JuiceCore

/// How one juice's demand on each day ahead is drawn in a plan's scenarios: its expected value, and what spreads the
/// day's demand around it. Demand is whole units, never below 0.
public struct JuiceDemandModel: Sendable, Hashable {
    /// What spreads a day's demand around its expected value.
    public enum Spread: Sendable, Hashable {
        /// The forecasting model's own one-step errors on recent days, each made from the days before it only: a
        /// day's demand is the expected value plus one of them, drawn at random (their shape, skew and zero days kept).
        case pastErrors([Double])
        /// A normal error with this standard deviation.
        case normal(standardDeviation: Double)
        /// Counts with this variance: Poisson when it is at most the mean, negative binomial above.
        case counts(variance: Double)
    }

    /// The expected demand of each day ahead.
    public var expected: [Double]
    /// What spreads it.
    public var spread: Spread

    /// A juice whose demand on day `d` ahead is `expected[d]` spread by `spread`.
    public init(expected: [Double], spread: Spread) {
        self.expected = expected
        self.spread = spread
    }

    /// One draw of the demand `day` days ahead (0 = the first).
    func draw(day: Int, using random: inout SeededRandom) -> Int {
        let mean = day < expected.count ? expected[day] : 0
        switch spread {
        case .pastErrors(let errors):
            guard !errors.isEmpty else { return random.poisson(mean) }
            let error = errors[Int(random.next() % UInt64(errors.count))]
            return Self.units(mean + error)
        case .normal(let deviation):
            return Self.units(mean + deviation * random.normal())
        case .counts(let variance):
            return random.count(mean: mean, variance: variance)
        }
    }

    /// A demand in whole units: rounded, never below 0 (and never beyond what an `Int` holds).
    private static func units(_ value: Double) -> Int {
        guard value > 0.5 else { return 0 }
        return value < 1e15 ? Int(value.rounded()) : Int(1e15)
    }
}
