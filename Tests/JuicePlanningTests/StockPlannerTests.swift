import Foundation
import JuiceCore
import JuiceRecipes
import JuiceTestSupport
import Testing

@testable import JuicePlanning

/// A menu of one juice made of one unit of one fruit.
private func singleFruitBook(price: Int, cost: Int?, shelfLife: Int? = 1, capacity: Int = 10_000) -> RecipeBook {
    RecipeBook(
        fruits: [Fruit(id: "apple", name: LocalizedName(korean: "사과", english: "Apple"), cost: cost, shelfLife: shelfLife)],
        juices: [
            Juice(
                id: "apple-juice", name: LocalizedName(korean: "사과 쥬스", english: "Apple juice"), price: price,
                recipe: [Ingredient(fruit: "apple", amount: 1)])
        ],
        store: Store(defaultCapacity: capacity))
}

/// One newsvendor case and stockpyl's answer, from `Fixtures/newsvendor-cases.json`. CI recomputes every `expected`
/// with stockpyl's `newsvendor_normal(holding_cost, stockout_cost, demand_mean, demand_sd)` and fails if one differs
/// (`scripts/planning/newsvendor-oracle.py`).
private struct NewsvendorCase: Decodable, Sendable, CustomTestStringConvertible {
    var mean: Double
    var sd: Double
    var holdingCost: Int
    var stockoutCost: Int
    var expected: Double
    var testDescription: String { "N(\(mean), \(sd)) h=\(holdingCost) p=\(stockoutCost)" }

    static let all: [NewsvendorCase] = {
        guard let url = Bundle.module.url(forResource: "newsvendor-cases", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url), let cases = try? JSONDecoder().decode([NewsvendorCase].self, from: data)
        else { return [] }
        return cases
    }()
}

@Suite struct StockPlannerTests {
    /// The single-juice, single-fruit, normal-demand case is the newsvendor: a fruit costing h that spoils overnight,
    /// a juice selling at h + p. Monte Carlo error: with 100,000 scenarios the sample quantile's standard error is
    /// √(r(1 − r) / n) · σ / φ(z) ≤ 0.07 units for these cases, and demand is whole units (rounded), so the level is
    /// stockpyl's Q* rounded: within 0.5 + 4 standard errors of it.
    @Test(arguments: NewsvendorCase.all)
    fileprivate func profitLevelIsTheNewsvendorQuantity(_ oracle: NewsvendorCase) async throws {
        let planner = StockPlanner(book: singleFruitBook(price: oracle.holdingCost + oracle.stockoutCost, cost: oracle.holdingCost))
        let outlook = DemandOutlook(juices: [JuiceDemandModel(expected: [oracle.mean], spread: .normal(standardDeviation: oracle.sd))], horizon: 1)
        let ratio = Double(oracle.stockoutCost) / Double(oracle.holdingCost + oracle.stockoutCost)
        let (plan, service) = try await onThreadOfItsOwn {
            (
                planner.plan(outlook, objective: .profit, onHand: [0], scenarios: 100_000, seed: 7),
                planner.plan(outlook, objective: .serviceLevel(ratio), onHand: [0], scenarios: 100_000, seed: 7)
            )
        }
        let z = NormalDistribution.quantile(ratio)
        let density = exp(-z * z / 2) / (2 * Double.pi).squareRoot()
        let standardError = (ratio * (1 - ratio) / 100_000).squareRoot() * oracle.sd / density
        #expect(abs(Double(plan.fruits[0].level) - oracle.expected) <= 0.5 + 4 * standardError)
        // The same ratio as a service level gives the same level: one order per unit, one fruit.
        #expect(abs(Double(service.fruits[0].level) - oracle.expected) <= 0.5 + 4 * standardError)
    }

    @Test func theOracleCasesAreThere() {
        #expect(NewsvendorCase.all.count >= 4)
    }

    /// Two juices share a fruit: stocking each fruit at its own 90 % quantile serves every order on fewer than 90 %
    /// of days, while the joint search reaches 90 %.
    @Test func sharedFruitNeedsTheJointSearch() async throws {
        let fruits = ["a", "b", "c"].map { Fruit(id: FruitID($0), name: LocalizedName(korean: $0, english: $0)) }
        let juices = [("ab", ["a", "b"]), ("bc", ["b", "c"]), ("ca", ["c", "a"])].map { id, parts in
            Juice(
                id: JuiceID(id), name: LocalizedName(korean: id, english: id), price: 5,
                recipe: parts.map { Ingredient(fruit: FruitID($0), amount: 1) })
        }
        let planner = StockPlanner(book: RecipeBook(fruits: fruits, juices: juices, store: Store(defaultCapacity: 1_000)))
        let outlook = DemandOutlook(juices: Array(repeating: JuiceDemandModel(expected: [20], spread: .counts(variance: 20)), count: 3), horizon: 1)
        let plan = try await onThreadOfItsOwn {
            planner.plan(outlook, objective: .serviceLevel(0.9), onHand: [0, 0, 0], scenarios: 20_000, seed: 3)
        }
        #expect(plan.serviceLevel.upper >= 0.9 && plan.serviceLevel.lower <= 0.9 + 0.02, "\(plan.serviceLevel) \(plan.fruits.map(\.level))")
        #expect(plan.reachable)
        let perFruitPlan = try await onThreadOfItsOwn {
            let perFruit = StockLevelSearch.quantiles(
                demand: DemandScenarios(outlook: outlook, menu: planner.menu, seed: 3, stream: 1).fruitDemand(count: 20_000), scenarios: 20_000,
                capacities: [1_000, 1_000, 1_000], ratios: [0.9, 0.9, 0.9])
            return planner.evaluate(
                perFruit, outlook: outlook, objective: .serviceLevel(0.9), onHand: [0, 0, 0], scenarios: 20_000, seed: 3, reachable: true)
        }
        #expect(perFruitPlan.serviceLevel.upper < 0.88)
        #expect(plan.fillRate > 0.99 && plan.fillRate < 1)
        #expect(plan.expectedProfit == nil)
    }

    @Test func sameSeedSamePlanAndAnotherSeedStillClose() {
        let planner = StockPlanner(book: singleFruitBook(price: 20, cost: 2))
        let outlook = DemandOutlook(juices: [JuiceDemandModel(expected: [30], spread: .counts(variance: 60))], horizon: 1)
        let first = planner.plan(outlook, objective: .serviceLevel(0.95), onHand: [10], scenarios: 5_000, seed: 11)
        let again = planner.plan(outlook, objective: .serviceLevel(0.95), onHand: [10], scenarios: 5_000, seed: 11)
        #expect(first.fruits == again.fruits && first.serviceLevel == again.serviceLevel && first.fillRate == again.fillRate)
        #expect(first.fruits[0].toBuy == first.fruits[0].level - 10)
        let other = planner.plan(outlook, objective: .serviceLevel(0.95), onHand: [10], scenarios: 5_000, seed: 12)
        #expect(abs(other.fruits[0].level - first.fruits[0].level) <= 3)
        #expect(first.expectedProfit != nil)
    }

    @Test func capacityTooSmallIsUnreachable() {
        let planner = StockPlanner(book: singleFruitBook(price: 20, cost: 2, capacity: 20))
        let outlook = DemandOutlook(juices: [JuiceDemandModel(expected: [30], spread: .counts(variance: 30))], horizon: 1)
        let plan = planner.plan(outlook, objective: .serviceLevel(0.9), onHand: [0], scenarios: 2_000, seed: 1)
        #expect(!plan.reachable)
        #expect(plan.fruits[0].level == 20)
        #expect(plan.serviceLevel.value < 0.1)
    }

    @Test func fruitThatKeepsIsNotWaste() {
        let outlook = DemandOutlook(juices: [JuiceDemandModel(expected: [10], spread: .counts(variance: 10))], horizon: 1)
        let fresh = StockPlanner(book: singleFruitBook(price: 20, cost: 2, shelfLife: nil)).plan(
            outlook, objective: .serviceLevel(0.9), onHand: [0], scenarios: 4_000, seed: 2)
        let keeps = StockPlanner(book: singleFruitBook(price: 20, cost: 2, shelfLife: 5)).plan(
            outlook, objective: .serviceLevel(0.9), onHand: [0], scenarios: 4_000, seed: 2)
        #expect(fresh.fruits[0].expectedWaste > 0 && fresh.fruits[0].expectedWaste == fresh.fruits[0].expectedLeftover)
        #expect(keeps.fruits[0].expectedWaste == 0 && keeps.fruits[0].expectedLeftover > 0)
        // Fruit that keeps costs nothing to hold over: the profit answer is as much as any scenario needs.
        let profit = StockPlanner(book: singleFruitBook(price: 20, cost: 2, shelfLife: 5)).plan(
            outlook, objective: .profit, onHand: [0], scenarios: 4_000, seed: 2)
        #expect(profit.serviceLevel.value == 1)
    }

    /// Series that are all zero, have one non-zero day or no zero day plan without trouble.
    @Test(arguments: [[Double](repeating: 0, count: 30), [Double](repeating: 0, count: 29) + [4], (0..<30).map { Double($0 % 5 + 1) }])
    func awkwardHistoriesPlan(_ series: [Double]) {
        let planner = StockPlanner(book: singleFruitBook(price: 20, cost: 2))
        let plan = planner.plan(
            DemandOutlook(series: [series], horizon: 2, choice: .auto), objective: .serviceLevel(0.9), onHand: [0], scenarios: 1_000, seed: 1)
        #expect(plan.fruits[0].level >= 0 && plan.serviceLevel.value >= 0.85)
    }
}

@Suite struct PlanBacktestTests {
    /// On generated histories with known truth the days with no refusal come within 3 points of the target. 700 days
    /// are replayed, so the share's standard error is about 1.1 points at 0.90 and 0.8 at 0.95. The window model
    /// keeps a debug build's run short; `juice plan --backtest 700` on the same history with `auto` (a release build)
    /// achieved 0.886 and 0.937 (docs/planning.md).
    @Test(arguments: [0.90, 0.95])
    func achievedServiceLevelMeetsTheTarget(_ target: Double) async throws {
        var book = RecipeLoader().load(files: DefaultRecipes.files).book
        // The original app's store holds 10 of each fruit; these histories sell far more.
        book.store = Store(defaultCapacity: 100_000)
        let generator = HistoryGenerator(juices: book.juices.map(\.id.rawValue), days: 760, seed: 21, stockoutChance: 0.03)
        let records = generator.records()
        var tally = DemandTally(book: book, file: "generated")
        var juices = HistoryJuices(book: book, file: "generated")
        for record in records { tally.add(record) }
        let demand = tally.finish()
        let replayed = 700
        let first = demand.dayCount - replayed
        var orders = [[(juice: Int, count: Int)]](repeating: [], count: replayed)
        for record in records {
            let day = record.time.date.dayNumber - (demand.firstDay?.dayNumber ?? 0) - first
            guard day >= 0, let juice = juices.position(of: record) else { continue }
            orders[day].append((juice, record.count))
        }
        let planner = StockPlanner(book: book)
        let firstDay = try #require(demand.firstDay)
        // Minutes of work in a debug build: on a thread of its own, so the suite's other tests go on meanwhile.
        let days = orders
        let backtest = try await onThreadOfItsOwn {
            PlanBacktest(
                series: demand.demand, orders: days, firstDay: firstDay, planner: planner, objective: .serviceLevel(target), choice: .model(.window),
                scenarios: 1_000, seed: 5)
        }
        #expect(backtest.days.count == replayed)
        #expect(abs(backtest.achievedServiceLevel - target) <= 0.03, "achieved \(backtest.achievedServiceLevel)")
        #expect(backtest.fillRate > 0.99)
        #expect(backtest.waste > 0)
    }
}
