/// Exponential smoothing pieces the models share.
///
/// The plain reference of the SES weight search is here (`fittedAlpha`); its fast twin, the same search eight weights
/// to a pass, is `fittedAlphaInLanes` in Smoothing+SIMD.swift, which the forecasts use. Change this file first, then
/// the twin; `WeightSearchTests` checks that both pick the same weight.
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

    /// The squared one-step error of smoothing `values` with weight `alpha`, from the second value on (0 for fewer
    /// than two values): what `ses`'s fitted values miss by, without keeping them.
    static func squaredError(_ values: [Double], alpha: Double) -> Double {
        guard var level = values.first else { return 0 }
        var total = 0.0
        for value in values.dropFirst() {
            let gap = value - level
            total += gap * gap
            level += alpha * gap
        }
        return total
    }

    /// The weight in `0.05...0.95` (steps of 0.05, then refined to 0.01 either side of the best step) with the least
    /// squared one-step error, the candidates tried one at a time in that order (a later one must beat the best so
    /// far by more than 1e-12). The reference: the forecasts use `fittedAlphaInLanes`, which picks the same weight.
    static func fittedAlpha(_ values: [Double]) -> Double {
        var best = 0.05
        var bestError = Double.infinity
        for step in 1...19 {
            let alpha = Double(step) * 0.05
            let error = squaredError(values, alpha: alpha)
            if error < bestError - 1e-12 { (best, bestError) = (alpha, error) }
        }
        // Around the best step: 0.01 to 0.04 either side (the best itself cannot beat its own error).
        let coarse = best
        for step in [-4, -3, -2, -1, 1, 2, 3, 4] {
            let alpha = coarse + Double(step) * 0.01
            guard alpha > 0, alpha < 1 else { continue }
            let error = squaredError(values, alpha: alpha)
            if error < bestError - 1e-12 { (best, bestError) = (alpha, error) }
        }
        return best
    }
}
