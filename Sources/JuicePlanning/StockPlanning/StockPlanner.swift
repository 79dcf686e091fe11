import JuiceCore
import JuiceSimulation

/// Plans opening stock by Monte Carlo over joint juice demand: scenarios of every juice's demand are drawn from an
/// outlook, exploded through the recipes into fruit demand, and served all or nothing per order.
package struct StockPlanner: Sendable {
    /// The recipes, as arrays.
    package let menu: CompiledMenu
    /// Each fruit's cost per unit, where known (menu order).
    package let costs: [Double?]
    /// Each fruit's shelf life in days (menu order; 1 where the recipes give none: bought in the morning, gone by
    /// the next).
    package let shelfLives: [Int]
    /// The shop's calendar: closed days are planned no demand, event days their factor.
    package var calendar = ShopCalendar()

    /// A planner for `book`'s menu, with the costs and shelf lives its fruits give.
    package init(book: RecipeBook) {
        self.init(
            menu: CompiledMenu(book: book), costs: book.fruits.map { $0.cost.map(Double.init) },
            shelfLives: book.fruits.map { $0.shelfLife ?? 1 })
        calendar = book.calendar
    }

    /// A planner for `menu` with the given costs and shelf lives (menu order).
    package init(menu: CompiledMenu, costs: [Double?], shelfLives: [Int]) {
        self.menu = menu
        self.costs = costs
        self.shelfLives = shelfLives
    }

    /// Whether every fruit has a cost (what the profit objective needs).
    package var knowsCosts: Bool { costs.allSatisfy { $0 != nil } }

    /// The plan for `outlook` aiming at `objective`, from `onHand` (menu order), with `scenarios` scenarios drawn from
    /// `seed` to choose the levels and as many others to estimate what they give.
    package func plan(_ outlook: DemandOutlook, objective: PlanObjective, onHand: [Int], scenarios: Int, seed: UInt64) -> StockPlan {
        let (levels, reached) = levels(outlook, objective: objective, scenarios: scenarios, seed: seed)
        return evaluate(levels, outlook: outlook, objective: objective, onHand: onHand, scenarios: scenarios, seed: seed, reachable: reached)
    }

    /// Each fruit's critical ratio u / (u + o): u the margin an order loses per unit of the fruit short (its juices'
    /// price minus their fruit's cost, weighted by their expected demand), o the fruit's cost when it spoils within
    /// the horizon (0 when it keeps: a unit left over is not lost).
    func criticalRatios(_ outlook: DemandOutlook) -> [Double] {
        let margins = unitMargins(outlook)
        return margins.indices.map { f in
            guard let under = margins[f] else { return 0 }
            let over = shelfLives[f] <= outlook.horizon ? (costs[f] ?? 0) : 0
            return under + over > 0 ? under / (under + over) : 0
        }
    }

    /// Each fruit's margin per unit under `outlook`: what its juices sell for minus their fruit's cost, per unit of
    /// the fruit they use, weighted by their expected demand (nil for a fruit no juice is expected to use).
    func unitMargins(_ outlook: DemandOutlook) -> [Double?] {
        let fruits = menu.fruits.count
        var margin = [Double](repeating: 0, count: fruits)
        var units = [Double](repeating: 0, count: fruits)
        for juice in menu.juices.indices {
            let expected = outlook.juices[juice].expected.reduce(0, +)
            guard expected > 0 else { continue }
            let items = menu.recipeStart[juice]..<menu.recipeStart[juice + 1]
            let fruitCost = items.reduce(0.0) { $0 + Double(menu.ingredientAmount[$1]) * (costs[menu.ingredientFruit[$1]] ?? 0) }
            let juiceMargin = max(0, Double(menu.prices[juice]) - fruitCost)
            for item in items {
                margin[menu.ingredientFruit[item]] += expected * juiceMargin
                units[menu.ingredientFruit[item]] += expected * Double(menu.ingredientAmount[item])
            }
        }
        return (0..<fruits).map { units[$0] > 0 ? margin[$0] / units[$0] : nil }
    }

    /// The share of scenarios levels must cover so that they serve every order with probability `target` on the
    /// days to come: drawn from n past days' joint errors (`jointDays`), the scenarios are n outcomes (runs of days
    /// for a longer `horizon`); levels covering k of n past days cover a new day with probability k / (n + 1)
    /// (conformal prediction), so aim at ⌈(n + 1)·P⌉ of n; and above that by one-sided 95 % of the checked share's
    /// sampling error over `scenarios`, so that the levels fall short of it only by chance, and rarely.
    static func aim(at target: Double, jointDays: Int, horizon: Int, scenarios: Int) -> Double {
        var aim = target
        let pasts = jointDays > 0 ? max(1, jointDays - horizon + 1) : 0
        if pasts > 0 { aim = min(1, (Double(pasts + 1) * target - 1e-9).rounded(.up) / Double(pasts)) }
        let margin = 1.644_853_626_951_472 * (target * (1 - target) / Double(max(1, scenarios))).squareRoot()
        return min(1, aim + margin)
    }

    /// What `levels` give on scenarios the search did not see (the run's second stream).
    func evaluate(
        _ levels: [Int], outlook: DemandOutlook, objective: PlanObjective, onHand: [Int], scenarios: Int, seed: UInt64, reachable: Bool
    ) -> StockPlan {
        let fruits = menu.fruits.count
        let check = DemandScenarios(outlook: outlook, menu: menu, seed: seed, stream: 2)
        let chunks = (scenarios + DemandScenarios.chunk - 1) / DemandScenarios.chunk
        let parts = ParallelWork.map(chunks) { chunk in
            var tally = EvaluationTally(fruits: fruits)
            var juiceDemand = [Int](repeating: 0, count: outlook.horizon * menu.juices.count)
            var needed = [Int](repeating: 0, count: fruits)
            for index in (chunk * DemandScenarios.chunk)..<min(scenarios, (chunk + 1) * DemandScenarios.chunk) {
                check.draw(index, juiceDemand: &juiceDemand, fruit: &needed)
                var random = SeededRandom.scenario(index, of: seed, stream: 3)
                let outcome = ServedOrders(scenario: juiceDemand, horizon: outlook.horizon, from: levels, needed: needed, menu: menu, random: &random)
                tally.add(outcome, spoils: { shelfLives[$0] <= outlook.horizon })
            }
            return tally
        }
        var total = EvaluationTally(fruits: fruits)
        for part in parts { total.merge(part) }
        let n = Double(max(1, scenarios))
        let lines = (0..<fruits).map { f in
            StockPlan.FruitLine(
                fruit: menu.fruits[f], onHand: f < onHand.count ? onHand[f] : 0, level: levels[f], capacity: menu.capacities[f],
                expectedLeftover: total.left[f] / n, expectedWaste: total.wasted[f] / n)
        }
        // Profit only when every juice has a price: revenue without some of them would make it look worse than it is.
        var profit: Double? = nil
        if knowsCosts, menu.hasPrice.allSatisfy({ $0 }) {
            var cost = 0.0
            for f in 0..<fruits {
                let used = Double(levels[f]) - total.left[f] / n
                cost += (costs[f] ?? 0) * (used + total.wasted[f] / n)
            }
            profit = total.revenue / n - cost
        }
        return StockPlan(
            objective: objective, horizon: outlook.horizon, scenarios: scenarios, seed: seed, fruits: lines,
            serviceLevel: ScenarioEstimate(successes: total.allServed, trials: scenarios),
            fillRate: total.demanded > 0 ? Double(total.served) / Double(total.demanded) : 1, expectedDemand: Double(total.demanded) / n,
            expectedRevenue: menu.hasPrice.contains(true) ? total.revenue / n : nil, expectedProfit: profit, reachable: reachable)
    }
}

extension StockPlanner {
    /// The levels `objective` asks for under `outlook`, and whether they reach it within the capacities (the search of
    /// `plan`, without estimating what they give). Streams: 1 chooses levels, 4 checks them, 2 estimates, 3 orders (5 orders the profit search's days).
    func levels(_ outlook: DemandOutlook, objective: PlanObjective, scenarios: Int, seed: UInt64) -> (levels: [Int], reached: Bool) {
        let demand = DemandScenarios(outlook: outlook, menu: menu, seed: seed, stream: 1).fruitDemand(count: scenarios)
        switch objective {
        case .serviceLevel(let target):
            return serviceLevels(outlook, targets: [target], demand: demand, scenarios: scenarios, seed: seed)[0]
        case .profit:
            // Each fruit at its critical fractile: the answer when every juice needs one fruit; with shared fruit, the
            // start of a search on simulated profit.
            let fractiles = StockLevelSearch.quantiles(
                demand: demand, scenarios: scenarios, capacities: menu.capacities, ratios: criticalRatios(outlook))
            guard ProfitSearch.matters(for: menu) else { return (fractiles, true) }
            let search = ProfitSearch(
                outlook: outlook, menu: menu, costs: costs.map { $0 ?? 0 }, spoils: shelfLives.map { $0 <= outlook.horizon },
                scenarios: scenarios, seed: seed)
            return (search.improve(fractiles, capacities: menu.capacities, budget: ProfitSearch.budget), true)
        }
    }
}

extension StockPlanner {
    /// The levels for each service level of `targets` under `outlook` (one draw of scenarios for all of them), and
    /// whether each is reached within the capacities: what `levels` gives for each target alone.
    package func serviceLevels(_ outlook: DemandOutlook, targets: [Double], scenarios: Int, seed: UInt64) -> [(levels: [Int], reached: Bool)] {
        let demand = DemandScenarios(outlook: outlook, menu: menu, seed: seed, stream: 1).fruitDemand(count: scenarios)
        return serviceLevels(outlook, targets: targets, demand: demand, scenarios: scenarios, seed: seed)
    }

    /// The service-level search of `levels` for each of `targets`, on the scenarios `demand` (stream 1).
    private func serviceLevels(
        _ outlook: DemandOutlook, targets: [Double], demand: [Int], scenarios: Int, seed: UInt64
    ) -> [(levels: [Int], reached: Bool)] {
        let check = DemandScenarios(outlook: outlook, menu: menu, seed: seed, stream: 4).fruitDemand(count: scenarios)
        return targets.map { target in
            let aim = Self.aim(at: target, jointDays: outlook.jointDays, horizon: outlook.horizon, scenarios: scenarios)
            let (levels, reachedWithMargin) = StockLevelSearch.levels(
                demand: demand, check: check, scenarios: scenarios, capacities: menu.capacities, target: aim)
            guard !reachedWithMargin else { return (levels, true) }
            return (
                levels,
                StockLevelSearch.levels(demand: demand, check: check, scenarios: scenarios, capacities: menu.capacities, target: target).reached
            )
        }
    }
}

/// Sums over evaluated scenarios.
struct EvaluationTally {
    var allServed = 0
    var demanded = 0
    var served = 0
    var revenue = 0.0
    var left: [Double]
    var wasted: [Double]

    init(fruits: Int) {
        left = Array(repeating: 0, count: fruits)
        wasted = Array(repeating: 0, count: fruits)
    }

    mutating func add(_ outcome: ServedOrders, spoils: (Int) -> Bool) {
        if outcome.allServed { allServed += 1 }
        demanded += outcome.demanded
        served += outcome.served
        revenue += outcome.revenue
        for f in left.indices {
            left[f] += Double(outcome.left[f])
            if spoils(f) { wasted[f] += Double(outcome.left[f]) }
        }
    }

    mutating func merge(_ other: EvaluationTally) {
        allServed += other.allServed
        demanded += other.demanded
        served += other.served
        revenue += other.revenue
        for f in left.indices {
            left[f] += other.left[f]
            wasted[f] += other.wasted[f]
        }
    }
}
