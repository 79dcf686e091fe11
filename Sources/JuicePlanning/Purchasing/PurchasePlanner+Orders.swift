import JuiceCore

/// Scenario requirements laid out for the order search: per scenario, each bought fruit's cover, then its usable units.
struct RequirementTable: Sendable {
    /// `scenarios × 2 × fruits` values (see `PurchasePlanner.requirements`).
    let values: [Int]
    /// The scenarios.
    let scenarios: Int
    /// The bought fruits.
    let fruits: Int

    func cover(_ scenario: Int, _ fruit: Int) -> Int { values[scenario * 2 * fruits + fruit] }
    func usable(_ scenario: Int, _ fruit: Int) -> Int { values[scenario * 2 * fruits + fruits + fruit] }

    /// The covers of `subset` alone, scenario by scenario (what `StockLevelSearch` reads).
    func covers(of subset: [Int]) -> [Int] {
        var out = [Int](repeating: 0, count: scenarios * subset.count)
        for s in 0..<scenarios { for (k, f) in subset.enumerated() { out[s * subset.count + k] = cover(s, f) } }
        return out
    }

    /// The scenarios in which every fruit of `fruits` holds its cover at `units`.
    func covered(_ units: [Int], fruits subset: [Int]) -> Int {
        var count = 0
        for s in 0..<scenarios where subset.allSatisfy({ cover(s, $0) <= units[$0] }) { count += 1 }
        return count
    }

    /// The units of `fruit` expected to spoil unused when the order holds `units` of it.
    func waste(_ fruit: Int, units: Int) -> Double {
        var sum = 0
        for s in 0..<scenarios { sum += max(0, units - usable(s, fruit)) }
        return Double(sum) / Double(max(1, scenarios))
    }

    /// The units of `fruit` expected to be served from the order over its days when it holds `units`.
    func served(_ fruit: Int, units: Int) -> Double {
        var sum = 0
        for s in 0..<scenarios { sum += min(units, cover(s, fruit)) }
        return Double(sum) / Double(max(1, scenarios))
    }
}

extension PurchasePlanner {
    /// Each supplier's next order for `outlook` (whose horizon is `days(for:from:)` of `windows`), from the stock on
    /// hand and on order (`stock`, per menu fruit), aiming at `objective`. Streams: 1 chooses the units, 4 checks them
    /// and decides the packs and the minimum, 2 estimates what the orders give.
    package func plan(
        _ outlook: DemandOutlook, windows: [OrderWindow], firstDay: CivilDate, stock: [[StockBatch]], objective: PlanObjective,
        scenarios: Int, seed: UInt64
    ) -> PurchasePlan {
        // Drawn until the last order's days end; the outlook's later days only say what an order can still give.
        var drawn = outlook
        drawn.horizon = drawnDays(for: windows, from: firstDay)
        let fruitDays = fruitDays(windows, firstDay: firstDay, drawn: drawn.horizon, outlookDays: outlook.horizon, use: expectedUse(outlook))
        func table(_ stream: UInt64) -> RequirementTable {
            RequirementTable(
                values: requirements(drawn, fruitDays: fruitDays, stock: stock, stream: stream, count: scenarios, seed: seed),
                scenarios: scenarios, fruits: bought.count)
        }
        let search = table(1)
        let check = table(4)
        let margins = planner.knowsCosts && planner.menu.hasPrice.allSatisfy { $0 } ? planner.unitMargins(outlook) : []
        let capacities = bought.map { item in
            let capacity = planner.menu.capacities[item.fruit]
            return max(item.pack, capacity - capacity % item.pack)
        }
        // The target is the whole shop's: every order of the days each fruit's order covers served, whichever
        // suppliers its fruits come from (each supplier's order on its own at the target would leave the shop
        // short more often, one supplier or another). Profit is each fruit's own.
        var units = [Int](repeating: 0, count: bought.count)
        var reachable = true
        let all = Array(bought.indices)
        switch objective {
        case .serviceLevel(let target):
            let aim = StockPlanner.aim(at: target, jointDays: drawn.jointDays, horizon: drawn.horizon, scenarios: scenarios)
            let (demand, checked) = (search.covers(of: all), check.covers(of: all))
            let found = StockLevelSearch.levels(demand: demand, check: checked, scenarios: scenarios, capacities: capacities, target: aim)
            if !found.reached,
                !StockLevelSearch.levels(demand: demand, check: checked, scenarios: scenarios, capacities: capacities, target: target).reached
            {
                reachable = false
            }
            for p in all { units[p] = min(capacities[p], found.levels[p].roundedUp(to: bought[p].pack)) }
            let required = min(scenarios, Int((aim * Double(scenarios)).rounded(.up)))
            units = fewerPacks(units, fruits: all, check: check, required: required)
        case .profit:
            for p in all {
                let margin: Double? = margins.isEmpty ? nil : margins[bought[p].fruit]
                units[p] = profitableUnits(p, table: search, margin: margin, capacity: capacities[p])
            }
        }
        let estimate = table(2)
        var orders: [PurchasePlan.Order] = []
        for (s, window) in windows.enumerated() {
            let mine = bought.indices.filter { bought[$0].supplier == s }
            let supplier = suppliers[s]
            var order = PurchasePlan.Order(
                window: window, choice: choice(units, fruits: mine, table: estimate, margins: margins), minimum: supplier.minimum)
            for p in mine where fruitDays[p].coverEnd < window.nextArrival.dayNumber - firstDay.dayNumber {
                order.spoilsEarly[planner.menu.fruits[bought[p].fruit]] = firstDay.adding(days: fruitDays[p].coverEnd - 1)
            }
            if !order.minimumMet, let minimum = supplier.minimum {
                let raised = raise(units, fruits: mine, to: minimum, check: check, capacities: capacities)
                let raisedChoice = choice(raised, fruits: mine, table: estimate, margins: margins)
                order.raised = raisedChoice
                order.raisingPays = raisedChoice.expectedProfit.map { $0 > 0 }
            }
            orders.append(order)
        }
        return PurchasePlan(
            orders: orders, serviceLevel: ScenarioEstimate(successes: estimate.covered(units, fruits: all), trials: scenarios),
            objective: objective, firstDay: firstDay, days: drawn.horizon, unbought: unbought, reachable: reachable)
    }

    /// `units` with packs of `fruits` taken off where the check scenarios still cover `required` without them (each
    /// fruit of `fruits` holding its cover): each time the pack
    /// whose removal saves the most expected waste (in won where costs are known), until no pack can go.
    func fewerPacks(_ units: [Int], fruits: [Int], check: RequirementTable, required: Int) -> [Int] {
        var units = units
        var coveredFlags = (0..<check.scenarios).map { s in fruits.allSatisfy { check.cover(s, $0) <= units[$0] } }
        var covered = coveredFlags.filter { $0 }.count
        var refused = Set<Int>()
        while true {
            var best: (fruit: Int, lost: Int, saving: Double)?
            for p in fruits where units[p] > 0 && !refused.contains(p) {
                let lower = units[p] - bought[p].pack
                var lost = 0
                for s in 0..<check.scenarios where coveredFlags[s] && check.cover(s, p) > lower { lost += 1 }
                guard covered - lost >= required else {
                    refused.insert(p)
                    continue
                }
                let saving =
                    (check.waste(p, units: units[p]) - check.waste(p, units: lower)) * (bought[p].unitCost ?? 1) + 1e-9 * Double(bought[p].pack)
                if best.map({ saving > $0.saving || (saving == $0.saving && lost < $0.lost) }) ?? true { best = (p, lost, saving) }
            }
            guard let best else { return units }
            units[best.fruit] -= bought[best.fruit].pack
            for s in 0..<check.scenarios where coveredFlags[s] && check.cover(s, best.fruit) > units[best.fruit] { coveredFlags[s] = false }
            covered -= best.lost
        }
    }

    /// The units of bought fruit `p`, in whole packs up to `capacity`, that earn the most on `table`'s scenarios: its
    /// margin on what it serves over the order's days minus the cost of what spoils. Without a margin, the packs that
    /// cover the mean need.
    func profitableUnits(_ p: Int, table: RequirementTable, margin: Double?, capacity: Int) -> Int {
        let pack = bought[p].pack
        guard let margin, let cost = bought[p].unitCost else {
            let mean = (0..<table.scenarios).reduce(0.0) { $0 + Double(table.cover($1, p)) } / Double(max(1, table.scenarios))
            return min(capacity, Int(mean.rounded(.up)).roundedUp(to: pack))
        }
        func profit(_ units: Int) -> Double { margin * table.served(p, units: units) - cost * table.waste(p, units: units) }
        var best = (units: 0, profit: 0.0)
        var units = pack
        var worse = 0
        // The profit rises, then falls: stop a few packs after the best.
        while units <= capacity, worse < 3 {
            let value = profit(units)
            if value > best.profit + 1e-9 {
                best = (units, value)
                worse = 0
            } else {
                worse += 1
            }
            units += pack
        }
        return best.units
    }

    /// `units` raised, a pack at a time, until the fruits of one supplier (`fruits`) cost at least `minimum`: each
    /// time the pack that adds the least expected waste (in won where costs are known) for what it adds to coverage.
    func raise(_ units: [Int], fruits: [Int], to minimum: Int, check: RequirementTable, capacities: [Int]) -> [Int] {
        var units = units
        func total() -> Int { fruits.reduce(0) { $0 + units[$1] / bought[$1].pack * (bought[$1].packPrice ?? 0) } }
        var steps = 0
        while total() < minimum, steps < 10_000 {
            steps += 1
            var best: (fruit: Int, score: Double)?
            for p in fruits where units[p] + bought[p].pack <= capacities[p] && (bought[p].packPrice ?? 0) > 0 {
                let added = (check.waste(p, units: units[p] + bought[p].pack) - check.waste(p, units: units[p])) * (bought[p].unitCost ?? 1)
                let served = check.served(p, units: units[p] + bought[p].pack) - check.served(p, units: units[p])
                let score = added - served * 1e-6
                if best.map({ score < $0.score }) ?? true { best = (p, score) }
            }
            guard let best else { break }
            units[best.fruit] += bought[best.fruit].pack
        }
        return units
    }

    /// What ordering `units` of one supplier's `fruits` gives on `table`'s scenarios.
    func choice(_ units: [Int], fruits: [Int], table: RequirementTable, margins: [Double?]) -> PurchasePlan.Choice {
        let lines = fruits.filter { units[$0] > 0 }.map { p in
            let packs = units[p] / bought[p].pack
            return PurchasePlan.Line(
                fruit: planner.menu.fruits[bought[p].fruit], packs: packs, units: units[p], lineCost: bought[p].packPrice.map { $0 * packs })
        }
        let waste = fruits.map { table.waste($0, units: units[$0]) }
        let knowsCosts = fruits.allSatisfy { bought[$0].unitCost != nil }
        var profit: Double?
        if !margins.isEmpty, knowsCosts {
            profit = zip(fruits, waste).reduce(0.0) { sum, item in
                let (p, wasted) = item
                return sum + (margins[bought[p].fruit] ?? 0) * table.served(p, units: units[p]) - (bought[p].unitCost ?? 0) * wasted
            }
        }
        return PurchasePlan.Choice(
            lines: lines, total: lines.allSatisfy { $0.lineCost != nil } ? lines.reduce(0) { $0 + ($1.lineCost ?? 0) } : nil,
            serviceLevel: ScenarioEstimate(successes: table.covered(units, fruits: fruits), trials: table.scenarios),
            expectedWaste: waste.reduce(0, +),
            expectedWasteCost: knowsCosts ? zip(fruits, waste).reduce(0.0) { $0 + (bought[$1.0].unitCost ?? 0) * $1.1 } : nil,
            expectedProfit: profit)
    }
}

extension Int {
    /// The smallest multiple of `step` at least this (this when `step` is below 2).
    func roundedUp(to step: Int) -> Int {
        guard step > 1, self > 0 else { return Swift.max(0, self) }
        let (sum, overflow) = addingReportingOverflow(step - 1)
        return overflow ? self - self % step : sum - sum % step
    }
}
