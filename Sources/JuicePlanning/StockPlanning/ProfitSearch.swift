import JuiceCore
import JuiceSimulation

/// Profit-maximising levels when juices share fruit: the newsvendor answer generalised by simulation.
///
/// Fruit by fruit, the critical fractile is exact only when each juice needs one fruit: a unit of banana short then
/// loses one banana juice. When a juice needs banana and kiwi, an extra banana earns only on days kiwi suffices too,
/// and what a fruit's shortage costs depends on every other level. So the levels are improved by a coordinate search
/// on the profit of a fixed sample of scenarios (sample-average approximation): every candidate meets the same days
/// and the same order of orders (common random numbers), so a difference between two candidates is the levels', not
/// noise. It starts from the per-fruit fractiles, tries each fruit a step up and a step down, keeps whatever earns
/// more, and halves the steps when nothing does; it stops at steps of one unit with nothing better, or after a budget
/// of evaluations.
struct ProfitSearch {
    /// The recipes, as arrays.
    let menu: CompiledMenu
    /// Each fruit's cost per unit (menu order).
    let costs: [Double]
    /// Whether each fruit left over at the end of the horizon is lost (its shelf life is within the horizon).
    let spoils: [Bool]
    /// The days ahead.
    let horizon: Int
    /// The sample: each scenario's juice demand (`day * juices + juice`) and the fruit it needs in all.
    private let juiceDemand: [[Int]]
    private let needed: [[Int]]
    /// The seed and stream of the order in which each scenario's orders arrive.
    private let seed: UInt64

    /// The most scenarios the search profits on: enough that a step's profit difference is well resolved, few enough
    /// that a search over a hundred fruits stays within seconds.
    static let largestSample = 2_000
    /// The most profits one search computes: forty passes over five fruits, two over a hundred (each pass tries every
    /// fruit a step up and down).
    static let budget = 400
    /// The most juice-day demands the sample holds (about 64 MB), so that a long horizon over a long menu samples fewer.
    static let largestCells = 8_000_000

    /// A search over `outlook`'s scenarios of the run's stream 1 (the ones the fractiles came from): the first
    /// `scenarios`, at most `largestSample` and `largestCells`.
    init(outlook: DemandOutlook, menu: CompiledMenu, costs: [Double], spoils: [Bool], scenarios: Int, seed: UInt64) {
        self.menu = menu
        self.costs = costs
        self.spoils = spoils
        self.seed = seed
        horizon = outlook.horizon
        let cells = max(1, outlook.horizon * menu.juices.count)
        let count = max(1, min(scenarios, Self.largestSample, max(100, Self.largestCells / cells)))
        let draws = DemandScenarios(outlook: outlook, menu: menu, seed: seed, stream: 1)
        var demand = [[Int]](repeating: [], count: count)
        var fruit = [[Int]](repeating: [], count: count)
        for index in 0..<count {
            var days = [Int](repeating: 0, count: cells)
            var need = [Int](repeating: 0, count: menu.fruits.count)
            draws.draw(index, juiceDemand: &days, fruit: &need)
            demand[index] = days
            fruit[index] = need
        }
        juiceDemand = demand
        needed = fruit
    }

    /// Whether any juice needs two fruits or more: only then can the search beat the per-fruit fractiles.
    static func matters(for menu: CompiledMenu) -> Bool {
        menu.juices.indices.contains { juice in
            let fruits = menu.ingredientFruit[menu.recipeStart[juice]..<menu.recipeStart[juice + 1]]
            return Set(fruits).count > 1
        }
    }

    /// The mean profit of `levels` over the sample: what the served orders sell for, less what the fruit used and the
    /// fruit that spoils cost (fruit that keeps is still there tomorrow and costs nothing today).
    func profit(_ levels: [Int]) -> Double {
        let count = juiceDemand.count
        let chunks = (count + DemandScenarios.chunk - 1) / DemandScenarios.chunk
        // The chunks' sums are added in order, so the sum is the same on any number of cores.
        let sums = ParallelWork.map(chunks) { chunk in
            var sum = 0.0
            for index in (chunk * DemandScenarios.chunk)..<min(count, (chunk + 1) * DemandScenarios.chunk) {
                var random = SeededRandom.scenario(index, of: seed, stream: 5)
                let outcome = ServedOrders(
                    scenario: juiceDemand[index], horizon: horizon, from: levels, needed: needed[index], menu: menu, random: &random)
                var cost = 0.0
                for f in levels.indices { cost += costs[f] * Double(levels[f] - (spoils[f] ? 0 : outcome.left[f])) }
                sum += outcome.revenue - cost
            }
            return sum
        }
        return sums.reduce(0, +) / Double(count)
    }

    /// `start` improved move by move (each level within 0 and its capacity) until no move of one step earns more, or
    /// `budget` profits have been computed. A move is one fruit, or the fruit of one juice that needs several: when
    /// fruits are only sold together, one more of either alone earns nothing, and only the pair's move finds the gain.
    func improve(_ start: [Int], capacities: [Int], budget: Int) -> [Int] {
        var levels = start
        var best = profit(levels)
        var moves = self.moves(from: start)
        var evaluations = 1
        search: while evaluations < budget {
            var improved = false
            for move in moves {
                for direction in [1, -1] {
                    var trial = levels
                    for (fruit, amount) in move.items {
                        trial[fruit] = min(capacities[fruit], max(0, levels[fruit] + direction * amount * move.step))
                    }
                    guard trial != levels else { continue }
                    let value = profit(trial)
                    evaluations += 1
                    if value > best + 1e-9 * max(1, abs(best)) {
                        (levels, best, improved) = (trial, value, true)
                        break
                    }
                    if evaluations >= budget { break search }
                }
            }
            if !improved {
                guard moves.contains(where: { $0.step > 1 }) else { break }
                for index in moves.indices { moves[index].step = max(1, moves[index].step / 2) }
            }
        }
        return levels
    }

    /// A change of levels the search tries: `step` times each item's amount, up or down.
    struct Move {
        var items: [(fruit: Int, amount: Int)]
        var step: Int
    }

    /// Every fruit some juice needs, alone, then the fruit of each juice that needs several (once per distinct
    /// recipe); first steps an eighth of the start.
    private func moves(from start: [Int]) -> [Move] {
        var single = Set<Int>()
        var recipes = Set<[Int]>()
        var moves: [Move] = []
        for juice in menu.juices.indices {
            var amounts: [Int: Int] = [:]
            for item in menu.recipeStart[juice]..<menu.recipeStart[juice + 1] where menu.ingredientAmount[item] > 0 {
                amounts[menu.ingredientFruit[item], default: 0] += menu.ingredientAmount[item]
            }
            for fruit in amounts.keys.sorted() where single.insert(fruit).inserted {
                moves.append(Move(items: [(fruit, 1)], step: max(1, start[fruit] / 8)))
            }
            let items = amounts.sorted { $0.key < $1.key }
            guard items.count > 1, recipes.insert(items.flatMap { [$0.key, $0.value] }).inserted else { continue }
            let juicesWorth = items.map { start[$0.key] / $0.value }.min() ?? 0
            moves.append(Move(items: items.map { ($0.key, $0.value) }, step: max(1, juicesWorth / 8)))
        }
        return moves
    }
}
