/// Exponential smoothing pieces the models share.
enum Smoothing {
    /// Simple exponential smoothing of `values` with weight `alpha`, started at the first value ("simple"
    /// initialisation, as R's `forecast::ses(initial = "simple")` and statsforecast do): the level after the last
    /// value, and the one-step fitted values (the level before each value).
    static func ses(_ values: [Double], alpha: Double) -> (level: Double, fitted: [Double]) {
        guard let first = values.first else { return (0, []) }
        var level = first
        var fitted: [Double] = []
        fitted.reserveCapacity(values.count)
        for value in values {
            fitted.append(level)
            level += alpha * (value - level)
        }
        return (level, fitted)
    }

    /// The weight in `0.05...0.95` (steps of 0.05, then refined to 0.01) with the least squared one-step error.
    static func fittedAlpha(_ values: [Double]) -> Double {
        // The squared one-step error from the second value on, without keeping the fitted values.
        func error(_ alpha: Double) -> Double {
            guard var level = values.first else { return 0 }
            var total = 0.0
            for value in values.dropFirst() {
                total += (value - level) * (value - level)
                level += alpha * (value - level)
            }
            return total
        }
        var best = 0.05
        var bestError = Double.infinity
        for step in 1...19 {
            let alpha = Double(step) * 0.05
            let value = error(alpha)
            if value < bestError - 1e-12 { (best, bestError) = (alpha, value) }
        }
        let coarse = best
        for step in -4...4 {
            let alpha = coarse + Double(step) * 0.01
            guard alpha > 0, alpha < 1 else { continue }
            let value = error(alpha)
            if value < bestError - 1e-12 { (best, bestError) = (alpha, value) }
        }
        return best
    }
}
