import JuiceCore
import Testing

@testable import JuicePlanning

@Suite("purchase orders from the plan: order days, packs, minimums, stock on hand")
struct PurchasePlanningTests {
    /// 2026-11-30 is a Monday.
    static let monday = CivilDate(year: 2026, month: 11, day: 30) ?? CivilDate(dayNumber: 0)

    static func market(minimum: Int? = nil, days: Set<Weekday> = [.monday, .wednesday, .friday]) -> Supplier {
        Supplier(id: "market", name: LocalizedName(korean: "시장", english: "Market"), leadTime: 1, orderDays: days, minimum: minimum, cutOff: 14 * 60)
    }

    /// One juice of 2 strawberries, strawberries from `supplier` in packs of `pack` at 1,000 won a unit.
    static func book(_ supplier: Supplier, pack: Int, shelfLife: Int? = 3, capacity: Int = 100_000) -> RecipeBook {
        let strawberry = Fruit(
            id: "strawberry", name: LocalizedName(korean: "딸기", english: "Strawberry"), cost: 1_000, shelfLife: shelfLife,
            buy: FruitPurchase(supplier: supplier.id, pack: pack, price: 1_000 * pack))
        let juice = Juice(
            id: "strawberry-juice", name: LocalizedName(korean: "딸기쥬스", english: "Strawberry Juice"), price: 5_000,
            recipe: [Ingredient(fruit: "strawberry", amount: 2)])
        return RecipeBook(fruits: [strawberry], juices: [juice], store: Store(defaultCapacity: capacity), suppliers: [supplier])
    }

    /// The plan of `book` for days of normal demand (mean 50 juices, deviation 10).
    static func plan(_ book: RecipeBook, target: Double = 0.9, stock: [[StockBatch]] = [[]], minute: Int = 9 * 60) throws -> PurchasePlan {
        let purchaser = try #require(PurchasePlanner(book: book))
        let windows = purchaser.windows(at: ShopMoment(date: monday, minuteOfDay: minute), firstDay: monday)
        let days = purchaser.days(for: windows, from: monday)
        let outlook = DemandOutlook(
            juices: [JuiceDemandModel(expected: Array(repeating: 50, count: days), spread: .normal(standardDeviation: 10))], horizon: days)
        return purchaser.plan(
            outlook, windows: windows, firstDay: monday, stock: stock, objective: .serviceLevel(target), scenarios: 4_000, seed: 7)
    }

    @Test("the next order: today before the cut-off, else the next order day; it covers until the delivery after it")
    func windows() throws {
        let supplier = Self.market()
        let morning = try #require(OrderWindow(supplier, at: ShopMoment(date: Self.monday, minuteOfDay: 9 * 60), firstDay: Self.monday))
        #expect(morning.orderDate == Self.monday && morning.orderBy.description == "2026-11-30T14:00")
        #expect(morning.arrives == Self.monday.adding(days: 1) && morning.nextArrival == Self.monday.adding(days: 3))
        #expect(morning.protectionDays == 2 && morning.coversUntil == Self.monday.adding(days: 2))
        let afternoon = try #require(OrderWindow(supplier, at: ShopMoment(date: Self.monday, minuteOfDay: 15 * 60), firstDay: Self.monday))
        #expect(afternoon.orderDate == Self.monday.adding(days: 2), "after the cut-off, Wednesday")
        let friday = try #require(OrderWindow(supplier, at: ShopMoment(date: Self.monday.adding(days: 4), minuteOfDay: 0), firstDay: Self.monday))
        #expect(friday.arrives == Self.monday.adding(days: 5) && friday.nextArrival == Self.monday.adding(days: 8), "Saturday to Monday")
        #expect(friday.protectionDays == 3)
        var none = supplier
        none.orderDays = []
        #expect(OrderWindow(none, at: ShopMoment(date: Self.monday, minuteOfDay: 0), firstDay: Self.monday) == nil)
    }

    @Test("orders are whole packs, and the rounding is decided on the scenarios: no more than rounding up, as much service")
    func packs() throws {
        let single = try Self.plan(Self.book(Self.market(), pack: 1))
        let boxed = try Self.plan(Self.book(Self.market(), pack: 40))
        let one = try #require(single.orders.first?.choice.lines.first)
        let box = try #require(boxed.orders.first?.choice.lines.first)
        #expect(box.units % 40 == 0 && box.packs * 40 == box.units && box.lineCost == box.packs * 40_000)
        #expect(box.units <= one.units.roundedUp(to: 40), "never above the unit answer rounded up")
        // Two days of 100 strawberries a day, deviation 2·10·√2 ≈ 28: 90 % needs about 236.
        #expect((220...260).contains(one.units), "\(one.units)")
        for plan in [single, boxed] {
            let service = try #require(plan.orders.first?.choice.serviceLevel)
            #expect(service.upper >= 0.9, "\(service)")
        }
    }

    @Test("the target is the whole shop's: two suppliers' fruits in demand on their own, every order served as often as asked")
    func theTargetIsTheWholeShops() throws {
        let farm = Supplier(id: "farm", name: LocalizedName(korean: "농장", english: "Farm"), leadTime: 2, orderDays: [.monday, .thursday])
        var book = Self.book(Self.market(), pack: 1)
        let banana = Fruit(
            id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"), cost: 500, shelfLife: 5,
            buy: FruitPurchase(supplier: farm.id, pack: 1, price: 500))
        let bananaJuice = Juice(
            id: "banana-juice", name: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"), price: 4_000,
            recipe: [Ingredient(fruit: "banana", amount: 1)])
        book = RecipeBook(
            fruits: book.fruits + [banana], juices: book.juices + [bananaJuice], store: Store(defaultCapacity: 100_000),
            suppliers: book.suppliers + [farm])
        let purchaser = try #require(PurchasePlanner(book: book))
        let windows = purchaser.windows(at: ShopMoment(date: Self.monday, minuteOfDay: 9 * 60), firstDay: Self.monday)
        let days = purchaser.days(for: windows, from: Self.monday)
        // Each juice's demand on its own: each supplier's order alone at 90 % would leave the shop at about 81 %.
        let outlook = DemandOutlook(
            juices: [
                JuiceDemandModel(expected: Array(repeating: 50, count: days), spread: .normal(standardDeviation: 10)),
                JuiceDemandModel(expected: Array(repeating: 30, count: days), spread: .normal(standardDeviation: 8)),
            ], horizon: days)
        let plan = purchaser.plan(
            outlook, windows: windows, firstDay: Self.monday, stock: [[], []], objective: .serviceLevel(0.9), scenarios: 4_000, seed: 7)
        #expect(plan.orders.count == 2)
        #expect(plan.serviceLevel.upper >= 0.9, "the whole shop: \(plan.serviceLevel)")
        for order in plan.orders {
            #expect(order.choice.serviceLevel.value >= plan.serviceLevel.value, "\(order.window.supplier)")
        }
    }

    @Test("stock on hand and on order is counted; what spoils before the order arrives is not")
    func stockOnHand() throws {
        let book = Self.book(Self.market(), pack: 1)
        let empty = try #require(try Self.plan(book).orders.first?.choice.lines.first?.units)
        let keeping = try #require(try Self.plan(book, stock: [[StockBatch(units: 1_000, lastDay: 10)]]).orders.first)
        #expect(keeping.choice.lines.isEmpty, "a thousand strawberries good all week: nothing to order")
        let spoiling = try #require(try Self.plan(book, stock: [[StockBatch(units: 1_000, lastDay: 0)]]).orders.first?.choice.lines.first?.units)
        #expect(spoiling == empty, "good only today: the order is the same as from nothing")
        let arriving = try #require(try Self.plan(book, stock: [[StockBatch(units: 100, arrives: 1, lastDay: 5)]]).orders.first)
        #expect((arriving.choice.lines.first?.units ?? 0) < empty, "100 on order arriving with it: less to order")
    }

    @Test("below the minimum: the order says so, the raised order reaches it, and whether raising pays is shown")
    func minimum() throws {
        let book = Self.book(Self.market(minimum: 1_000_000), pack: 10)
        let order = try #require(try Self.plan(book).orders.first)
        #expect(!order.minimumMet)
        let raised = try #require(order.raised)
        #expect((raised.total ?? 0) >= 1_000_000)
        #expect(raised.expectedWaste > order.choice.expectedWaste, "a thousand strawberries for two days spoil")
        #expect(order.raisingPays != nil, "costs and prices known: the simulation decides")
        let met = try #require(try Self.plan(Self.book(Self.market(minimum: 1_000), pack: 10)).orders.first)
        #expect(met.minimumMet && met.raised == nil)
    }

    @Test("for profit: each fruit's packs earn the most on the scenarios, more when the margin is higher, none at a loss")
    func profit() throws {
        func units(price: Int) throws -> (Int, Double?) {
            let base = Self.book(Self.market(), pack: 10)
            let juice = Juice(id: "strawberry-juice", name: LocalizedName(english: "Strawberry Juice"), price: price, recipe: base.juices[0].recipe)
            let book = RecipeBook(fruits: base.fruits, juices: [juice], store: base.store, suppliers: base.suppliers)
            let purchaser = try #require(PurchasePlanner(book: book))
            let windows = purchaser.windows(at: ShopMoment(date: Self.monday, minuteOfDay: 0), firstDay: Self.monday)
            let days = purchaser.days(for: windows, from: Self.monday)
            let outlook = DemandOutlook(
                juices: [JuiceDemandModel(expected: Array(repeating: 50, count: days), spread: .normal(standardDeviation: 10))], horizon: days)
            let plan = purchaser.plan(outlook, windows: windows, firstDay: Self.monday, stock: [[]], objective: .profit, scenarios: 4_000, seed: 7)
            let order = try #require(plan.orders.first)
            return (order.choice.lines.first?.units ?? 0, order.choice.expectedProfit)
        }
        // A juice of 2 strawberries at 1,000 won each: 2,100 won barely pays, 20,000 won pays well.
        let (thin, thinProfit) = try units(price: 2_100)
        let (rich, richProfit) = try units(price: 20_000)
        #expect(thin % 10 == 0 && rich % 10 == 0)
        #expect(rich > thin, "a higher margin holds more against running out (\(thin) → \(rich))")
        #expect((thinProfit ?? -1) >= 0 && (richProfit ?? -1) > (thinProfit ?? 0))
        let (loss, _) = try units(price: 1_000)
        #expect(loss == 0, "a juice sold below its fruit's cost: nothing is bought for it")
    }

    @Test("a lead time beyond the days planned: nothing can arrive in time to plan for, and nothing breaks")
    func longLeadTime() throws {
        var supplier = Self.market()
        supplier.leadTime = 1_000_000_000
        let order = try #require(try Self.plan(Self.book(supplier, pack: 1, shelfLife: 3)).orders.first)
        #expect(order.choice.lines.isEmpty)
        #expect(order.window.arrives == Self.monday.adding(days: 1_000_000_000))
    }

    @Test("a shelf life shorter than the days an order covers is said, with the last day it keeps")
    func spoilsEarly() throws {
        let book = Self.book(Self.market(days: [.monday]), pack: 1, shelfLife: 2)
        let order = try #require(try Self.plan(book).orders.first)
        #expect(order.window.protectionDays == 7)
        #expect(order.spoilsEarly["strawberry"] == Self.monday.adding(days: 2))
    }

    @Test("without a supplier there is no purchase planner; a store too small for the target says it cannot be reached")
    func noSupplierAndUnreachable() throws {
        var book = Self.book(Self.market(), pack: 1)
        book = RecipeBook(
            fruits: book.fruits.map {
                var fruit = $0
                fruit.buy = nil
                return fruit
            }, juices: book.juices, store: book.store)
        #expect(PurchasePlanner(book: book) == nil)
        let small = try Self.plan(Self.book(Self.market(), pack: 1, capacity: 50))
        #expect(!small.reachable)
    }

    @Test("with joint errors a scenario is its run of past days: each run worked out once gives what drawing each scenario gives")
    func jointRuns() throws {
        let book = Self.book(Self.market(), pack: 1)
        let purchaser = try #require(PurchasePlanner(book: book))
        let errors = (0..<30).map { Double(($0 * 7) % 11) - 5 }
        var outlook = DemandOutlook(juices: [JuiceDemandModel(expected: Array(repeating: 40, count: 4), spread: .pastErrors(errors))], horizon: 4)
        outlook.jointErrors = true
        let draws = DemandScenarios(outlook: outlook, menu: purchaser.planner.menu, seed: 3, stream: 1)
        #expect(draws.jointStarts == 27)
        var juiceDemand = [Int](repeating: 0, count: 4)
        var direct = [Int](repeating: 0, count: 4)
        var byRun = [Int](repeating: 0, count: 4)
        for index in 0..<200 {
            draws.draw(index, juiceDemand: &juiceDemand, fruitByDay: &direct)
            draws.draw(start: draws.jointStart(index), juiceDemand: &juiceDemand, fruitByDay: &byRun)
            #expect(direct == byRun, "scenario \(index)")
        }
        // The level plan's table of fruit over the horizon, worked out per run, is what drawing each scenario gives.
        let table = draws.fruitDemand(count: 300)
        var total = [0]
        for index in 0..<300 {
            draws.draw(index, juiceDemand: &juiceDemand, fruit: &total)
            #expect(table[index] == total[0], "scenario \(index): fruit over the horizon")
        }
        let days = purchaser.fruitDays(
            purchaser.windows(at: ShopMoment(date: Self.monday, minuteOfDay: 0), firstDay: Self.monday), firstDay: Self.monday, drawn: 4,
            outlookDays: 4,
            use: purchaser.expectedUse(outlook))
        let shortcut = purchaser.requirements(outlook, fruitDays: days, stock: [[StockBatch(units: 30, lastDay: 1)]], stream: 1, count: 500, seed: 3)
        // By hand: 30 old strawberries good through day 1 go first; the order arrives on day 1 and must cover days 1
        // and 2 (the next delivery comes on day 3); it can give until day 3 (a shelf life of 3 days).
        for index in 0..<500 {
            draws.draw(index, juiceDemand: &juiceDemand, fruitByDay: &direct)
            let oldLeft = 30 - min(30, direct[0])
            let afterOld = direct[1] - min(direct[1], oldLeft)
            #expect(shortcut[index * 2] == afterOld + direct[2], "scenario \(index): cover")
            #expect(shortcut[index * 2 + 1] == afterOld + direct[2] + direct[3], "scenario \(index): usable")
        }
    }
}
