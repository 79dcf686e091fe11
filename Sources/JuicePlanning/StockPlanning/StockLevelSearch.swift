/// Finds stock levels from scenarios of fruit demand (sample-average approximation).
enum StockLevelSearch {
    /// The cheapest levels (by `weights`, a fruit's cost or 1) under which at least `target` of the scenarios need no
    /// more of any fruit than it holds, each level at most its capacity.
    ///
    /// Greedy from the top: every fruit starts at the most any scenario needs (or its capacity); then, one unit at a
    /// time, the fruit whose next unit down loses the fewest covered scenarios per unit of weight comes down, as long as
    /// the covered share stays at least `target`. A fruit whose level no covered scenario needs in full drops to the
    /// most a covered scenario needs at no loss. Each step loses at least one scenario, so it ends within
    /// `scenarios × (1 − target)` steps.
    static func levels(demand: [Int], scenarios: Int, capacities: [Int], weights: [Double], target: Double) -> [Int] {
        let fruits = capacities.count
        guard scenarios > 0, fruits > 0 else { return capacities.map { _ in 0 } }
        let required = min(scenarios, Int((target * Double(scenarios)).rounded(.up)))
        // Each fruit's scenarios, most demanding first.
        let order: [[Int32]] = (0..<fruits).map { f in
            (0..<scenarios).sorted { demand[$0 * fruits + f] > demand[$1 * fruits + f] }.map { Int32($0) }
        }
        var level = (0..<fruits).map { f in min(capacities[f], demand[Int(order[f][0]) * fruits + f]) }
        var shortOf = [Int32](repeating: 0, count: scenarios)
        var covered = scenarios
        for s in 0..<scenarios {
            for f in 0..<fruits where demand[s * fruits + f] > level[f] { shortOf[s] += 1 }
            if shortOf[s] > 0 { covered -= 1 }
        }
        // position[f]: the first index in order[f] whose scenario needs at most level[f].
        var position = (0..<fruits).map { f in order[f].firstIndex { demand[Int($0) * fruits + f] <= level[f] } ?? scenarios }
        var loss = [Int](repeating: 0, count: fruits)

        /// Lowers fruit `f` to the most a covered scenario needs, and counts the covered scenarios needing exactly that.
        func tighten(_ f: Int) {
            while position[f] < scenarios, shortOf[Int(order[f][position[f]])] > 0 { position[f] += 1 }
            guard position[f] < scenarios else {
                level[f] = 0
                loss[f] = 0
                return
            }
            level[f] = demand[Int(order[f][position[f]]) * fruits + f]
            var count = 0
            var index = position[f]
            while index < scenarios, demand[Int(order[f][index]) * fruits + f] == level[f] {
                if shortOf[Int(order[f][index])] == 0 { count += 1 }
                index += 1
            }
            loss[f] = level[f] == 0 ? 0 : count
        }

        guard covered >= required else { return level }
        for f in 0..<fruits { tighten(f) }
        while true {
            var best = -1
            var bestRatio = Double.infinity
            for f in 0..<fruits where loss[f] > 0 && covered - loss[f] >= required {
                let ratio = Double(loss[f]) / max(weights[f], 1e-12)
                if ratio < bestRatio {
                    bestRatio = ratio
                    best = f
                }
            }
            guard best >= 0 else { break }
            // The covered scenarios needing exactly level[best] are no longer covered.
            let value = level[best]
            var index = position[best]
            var lost: [Int] = []
            while index < scenarios, demand[Int(order[best][index]) * fruits + best] == value {
                let s = Int(order[best][index])
                if shortOf[s] == 0 { lost.append(s) }
                shortOf[s] += 1
                index += 1
            }
            covered -= lost.count
            position[best] = index
            var touched: Set<Int> = [best]
            for s in lost {
                for f in 0..<fruits where f != best && demand[s * fruits + f] == level[f] {
                    loss[f] -= 1
                    touched.insert(f)
                }
            }
            for f in touched.sorted() where f == best || loss[f] == 0 { tighten(f) }
        }
        return level
    }

    /// For each fruit, the smallest level no more than `ratios[f]` of the scenarios need more of (the newsvendor's
    /// critical fractile, one fruit at a time over its joint demand), at most its capacity.
    static func quantiles(demand: [Int], scenarios: Int, capacities: [Int], ratios: [Double]) -> [Int] {
        let fruits = capacities.count
        guard scenarios > 0 else { return capacities.map { _ in 0 } }
        return (0..<fruits).map { f in
            let ratio = ratios[f]
            guard ratio > 0 else { return 0 }
            var column = (0..<scenarios).map { demand[$0 * fruits + f] }
            column.sort()
            let rank = min(scenarios, max(1, Int((ratio * Double(scenarios)).rounded(.up))))
            return min(capacities[f], column[rank - 1])
        }
    }
}
