import JuiceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SeededRandom {
    /// A generator for scenario `index` of the run seeded `seed`: each scenario has its own stream, so a scenario's
    /// draws do not depend on which core makes it or in which order (and it can be drawn again the same).
    static func scenario(_ index: Int, of seed: UInt64, stream: UInt64) -> SeededRandom {
        var mixer = SeededRandom(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        let base = mixer.next()
        // The scenario's starting state is a mixed value, not `base + index × step`: SplitMix64 steps its state by a
        // constant, so states a step apart would give the same numbers shifted by one draw.
        var start = SeededRandom(seed: base ^ UInt64(truncatingIfNeeded: index) &* 0xBF58_476D_1CE4_E5B9)
        return SeededRandom(seed: start.next())
    }

    /// A standard normal draw (Box–Muller).
    mutating func normal() -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A gamma draw with shape `shape` and scale 1 (Marsaglia and Tsang; shape below 1 boosted by a uniform power).
    mutating func gamma(shape: Double) -> Double {
        guard shape > 0 else { return 0 }
        if shape < 1 { return gamma(shape: shape + 1) * pow(max(unit(), 1e-300), 1 / shape) }
        let d = shape - 1.0 / 3
        let c = 1 / (9 * d).squareRoot()
        while true {
            var x = 0.0
            var v = 0.0
            repeat {
                x = normal()
                v = 1 + c * x
            } while v <= 0
            v = v * v * v
            let u = unit()
            if u < 1 - 0.0331 * x * x * x * x || log(max(u, 1e-300)) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
        }
    }

    /// A count with mean `mean` and variance `variance`: Poisson when the variance is at most the mean, otherwise
    /// negative binomial (a Poisson whose mean is gamma distributed).
    mutating func count(mean: Double, variance: Double) -> Int {
        guard mean > 0 else { return 0 }
        guard variance > mean else { return poisson(mean) }
        let shape = mean * mean / (variance - mean)
        return poisson(gamma(shape: shape) * (variance - mean) / mean)
    }
}
