/// Finds stock levels from scenarios of fruit demand (sample-average approximation).
enum StockLevelSearch {
    /// Levels under which at least `target` of the scenarios need no more of any fruit than it holds, each at most
    /// its capacity; and whether they reach it. Every fruit is held at the same rank of its own demand in `demand`
    /// (its k-th smallest need there); k is the smallest whose levels cover `target` of the other, independent set of
    /// scenarios `check` (found by bisection: coverage only grows with k).
    ///
    /// Why two sets: a fruit's k-th smallest need in the scenarios that chose it is an order statistic, and the
    /// share of new days needing more of that fruit is on average (n − k + 1) / (n + 1), not (n − k) / n. With a
    /// hundred fruits each held far into its tail (five scenarios of 10,000 above it, say) that is a fifth more
    /// shortfalls than the chosen scenarios show; counting coverage on scenarios the levels were not taken from
    /// removes it. One rank for every fruit is one number fitted to `check`, so the share it covers there is close
    /// to the share it covers of days to come.
    static func levels(demand: [Int], check: [Int], scenarios: Int, capacities: [Int], target: Double) -> (levels: [Int], reached: Bool) {
        let fruits = capacities.count
        guard scenarios > 0, fruits > 0 else { return (capacities.map { _ in 0 }, true) }
        let required = min(scenarios, Int((target * Double(scenarios)).rounded(.up)))
        let columns = sortedColumns(demand: demand, scenarios: scenarios, fruits: fruits)
        func levels(rank: Int) -> [Int] { (0..<fruits).map { min(capacities[$0], columns[$0][rank]) } }
        func covered(_ levels: [Int]) -> Int {
            var count = 0
            for s in 0..<scenarios {
                var enough = true
                for f in 0..<fruits where check[s * fruits + f] > levels[f] {
                    enough = false
                    break
                }
                if enough { count += 1 }
            }
            return count
        }
        var low = 0
        var high = scenarios - 1
        guard covered(levels(rank: high)) >= required else { return (levels(rank: high), false) }
        while low < high {
            let middle = (low + high) / 2
            if covered(levels(rank: middle)) >= required { high = middle } else { low = middle + 1 }
        }
        return (levels(rank: low), true)
    }

    /// Each fruit's scenario demand, smallest first.
    private static func sortedColumns(demand: [Int], scenarios: Int, fruits: Int) -> [[Int]] {
        ParallelWork.map(fruits) { f in
            var column = (0..<scenarios).map { demand[$0 * fruits + f] }
            column.sort()
            return column
        }
    }

    /// For each fruit, the smallest level no more than `ratios[f]` of the scenarios need more of (the newsvendor's
    /// critical fractile, one fruit at a time over its joint demand), at most its capacity.
    static func quantiles(demand: [Int], scenarios: Int, capacities: [Int], ratios: [Double]) -> [Int] {
        let fruits = capacities.count
        guard scenarios > 0 else { return capacities.map { _ in 0 } }
        let columns = sortedColumns(demand: demand, scenarios: scenarios, fruits: fruits)
        return (0..<fruits).map { f in
            let ratio = ratios[f]
            guard ratio > 0 else { return 0 }
            let column = columns[f]
            let rank = min(scenarios, max(1, Int((ratio * Double(scenarios)).rounded(.up))))
            return min(capacities[f], column[rank - 1])
        }
    }
}
