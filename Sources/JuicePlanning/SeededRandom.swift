#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small, fast, deterministic generator (SplitMix64): the same seed gives the same history on every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator started at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A Poisson draw with mean `mean` (Knuth's product method below 30, a rounded normal above).
    public mutating func poisson(_ mean: Double) -> Int {
        guard mean > 0 else { return 0 }
        if mean < 30 {
            let limit = exp(-mean)
            var product = unit()
            var count = 0
            while product > limit {
                product *= unit()
                count += 1
            }
            return count
        }
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        let normal = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return max(0, Int((mean + mean.squareRoot() * normal).rounded()))
    }
}
