/// The fast twin of SES's weight search: the same candidates smoothed side by side, eight to a pass.
extension Smoothing {
    /// The weight `fittedAlpha` (Smoothing.swift, the plain reference: change it first) picks, found in 4 passes
    /// over the series instead of 28: the candidates of each stage are independent, so they are smoothed side by
    /// side, eight to a pass (`squaredErrors(_:alphas:)`: each lane the same arithmetic as `squaredError(_:alpha:)`
    /// for one weight alone), and then compared in order as one at a time would. `WeightSearchTests` checks that both
    /// pick the same weight, and that each lane's error is the plain one's.
    static func fittedAlphaInLanes(_ values: [Double]) -> Double {
        var best = 0.05
        var bestError = Double.infinity
        for first in stride(from: 1, through: 19, by: 8) {
            var alphas = SIMD8<Double>()
            for lane in 0..<8 { alphas[lane] = Double(min(first + lane, 19)) * 0.05 }
            let errors = squaredErrors(values, alphas: alphas)
            for lane in 0..<8 where first + lane <= 19 && errors[lane] < bestError - 1e-12 { (best, bestError) = (alphas[lane], errors[lane]) }
        }
        // Around the best step: 0.01 to 0.04 either side (the best itself cannot beat its own error).
        let coarse = best
        var alphas = SIMD8<Double>()
        for (lane, step) in [-4, -3, -2, -1, 1, 2, 3, 4].enumerated() { alphas[lane] = coarse + Double(step) * 0.01 }
        let errors = squaredErrors(values, alphas: alphas)
        for lane in 0..<8 where alphas[lane] > 0 && alphas[lane] < 1 && errors[lane] < bestError - 1e-12 {
            (best, bestError) = (alphas[lane], errors[lane])
        }
        return best
    }

    /// `squaredError(_:alpha:)` for each lane's weight, in one pass over `values` (0 for fewer than two values).
    static func squaredErrors(_ values: [Double], alphas: SIMD8<Double>) -> SIMD8<Double> {
        guard let first = values.first else { return SIMD8() }
        var level = SIMD8(repeating: first)
        var total = SIMD8<Double>()
        values.withUnsafeBufferPointer { values in
            for value in values.dropFirst() {
                let gap = SIMD8(repeating: value) - level
                total += gap * gap
                level += alphas * gap
            }
        }
        return total
    }
}
