import JuiceCore
import JuiceRecipes
import JuiceSimulation
import JuiceTestSupport
import Testing

@testable import JuicePlanning

/// Banana juice (one banana) and kiwi-banana juice (one of each): banana is shared, kiwi is sold only with banana.
/// (ParallelWorkTests plans on it too.)
func sharedFruitBook() -> RecipeBook {
    RecipeBook(
        fruits: [
            Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"), cost: 2, shelfLife: 1),
            Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), cost: 5, shelfLife: 1),
        ],
        juices: [
            Juice(
                id: "banana-juice", name: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"), price: 6,
                recipe: [Ingredient(fruit: "banana", amount: 1)]),
            Juice(
                id: "kiwi-banana-juice", name: LocalizedName(korean: "키위바나나쥬스", english: "Kiwi-Banana Juice"), price: 9,
                recipe: [Ingredient(fruit: "kiwi", amount: 1), Ingredient(fruit: "banana", amount: 1)]),
        ],
        store: Store(defaultCapacity: 1_000))
}

private let sharedOutlook = DemandOutlook(
    juices: [
        JuiceDemandModel(expected: [10], spread: .counts(variance: 10)), JuiceDemandModel(expected: [12], spread: .counts(variance: 12)),
    ],
    horizon: 1)

@Suite struct ProfitSearchTests {
    @Test("with shared fruit, the search reaches the best levels of a full grid on its own scenarios, and beats the per-fruit fractiles")
    func searchFindsTheGridOptimum() async throws {
        let planner = StockPlanner(book: sharedFruitBook())
        #expect(ProfitSearch.matters(for: planner.menu))
        let (found, fractiles, grid, search) = try await onThreadOfItsOwn {
            let search = ProfitSearch(
                outlook: sharedOutlook, menu: planner.menu, costs: [2, 5], spoils: [true, true], scenarios: 400, seed: 9)
            let demand = DemandScenarios(outlook: sharedOutlook, menu: planner.menu, seed: 9, stream: 1).fruitDemand(count: 400)
            let fractiles = StockLevelSearch.quantiles(
                demand: demand, scenarios: 400, capacities: planner.menu.capacities, ratios: planner.criticalRatios(sharedOutlook))
            let found = search.improve(fractiles, capacities: planner.menu.capacities, budget: ProfitSearch.budget)
            var grid = (levels: [0, 0], profit: -Double.infinity)
            for banana in 0...45 {
                for kiwi in 0...30 {
                    let value = search.profit([banana, kiwi])
                    if value > grid.profit { grid = ([banana, kiwi], value) }
                }
            }
            return (found, fractiles, grid, search)
        }
        let (foundProfit, fractileProfit) = (search.profit(found), search.profit(fractiles))
        #expect(foundProfit >= grid.profit - 1e-9, "search \(found) earns \(foundProfit), the grid's best \(grid.levels) \(grid.profit)")
        #expect(foundProfit > fractileProfit, "fractiles \(fractiles) earn \(fractileProfit), the search's \(found) \(foundProfit)")
    }

    @Test("on scenarios it never saw, the plan for profit earns at least what the per-fruit fractiles earn")
    func planEarnsMoreOnFreshScenarios() async throws {
        let planner = StockPlanner(book: sharedFruitBook())
        let (plan, fractilePlan) = try await onThreadOfItsOwn {
            let plan = planner.plan(sharedOutlook, objective: .profit, onHand: [0, 0], scenarios: 4_000, seed: 5)
            let demand = DemandScenarios(outlook: sharedOutlook, menu: planner.menu, seed: 5, stream: 1).fruitDemand(count: 4_000)
            let fractiles = StockLevelSearch.quantiles(
                demand: demand, scenarios: 4_000, capacities: planner.menu.capacities, ratios: planner.criticalRatios(sharedOutlook))
            let fractilePlan = planner.evaluate(
                fractiles, outlook: sharedOutlook, objective: .profit, onHand: [0, 0], scenarios: 4_000, seed: 5, reachable: true)
            return (plan, fractilePlan)
        }
        let (profit, fractileProfit) = (try #require(plan.expectedProfit), try #require(fractilePlan.expectedProfit))
        #expect(
            profit > fractileProfit, "plan \(plan.fruits.map(\.level)) \(profit), fractiles \(fractilePlan.fruits.map(\.level)) \(fractileProfit)")
        let again = planner.plan(sharedOutlook, objective: .profit, onHand: [0, 0], scenarios: 4_000, seed: 5)
        #expect(again.fruits.map(\.level) == plan.fruits.map(\.level), "the same seed gives the same levels")
    }

    @Test("one fruit per juice: no search (the fractiles are the newsvendor's answer)")
    func singleFruitJuicesNeedNoSearch() {
        let book = RecipeLoader().load(files: DefaultRecipes.files).book
        let menu = CompiledMenu(book: book)
        let sharing = book.juices.contains { Set($0.recipe.map(\.fruit)).count > 1 }
        #expect(ProfitSearch.matters(for: menu) == sharing)
        let bananaOnly = RecipeBook(
            fruits: [Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"), cost: 2, shelfLife: 1)],
            juices: [
                Juice(
                    id: "banana-juice", name: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"), price: 6,
                    recipe: [Ingredient(fruit: "banana", amount: 2)])
            ],
            store: Store(defaultCapacity: 100))
        #expect(!ProfitSearch.matters(for: CompiledMenu(book: bananaOnly)))
    }
}
