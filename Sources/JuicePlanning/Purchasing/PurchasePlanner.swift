import JuiceCore
import JuiceSimulation

/// Plans each supplier's next order by simulation: scenarios of every juice's demand, day by day, from the plan's
/// first day to past the delivery after each order; each fruit served first from what is on hand and on order (the
/// lot that expires first), then from the new order; the order sized, in whole packs and up to the supplier's
/// minimum, on those same scenarios.
///
/// A scenario is judged fruit by fruit: the units the new order must hold so that every unit asked for over its days
/// (from its arrival to the next delivery's, or to its use-by date if sooner) is there (`cover`), and the units it can
/// give before it spoils (`usable`; what it holds beyond that is waste). When every fruit holds its cover, every order
/// of those days is served, all or nothing, whatever their order.
package struct PurchasePlanner: Sendable {
    /// A fruit some supplier sells.
    struct Bought: Sendable {
        /// Its index in the menu.
        var fruit: Int
        /// Its supplier's index in `suppliers`.
        var supplier: Int
        /// Units in a pack.
        var pack: Int
        /// What a pack costs, in won, when known.
        var packPrice: Int?
        /// What a unit costs, in won, when known.
        var unitCost: Double?
        /// Days it keeps (nil: it keeps).
        var shelfLife: Int?
    }

    /// The stock planner (the menu, costs and calendar).
    package let planner: StockPlanner
    /// The suppliers the menu's fruits are bought from, in the recipe files' order.
    package let suppliers: [Supplier]
    /// The fruits bought, menu order.
    let bought: [Bought]
    /// The menu's fruits without a supplier.
    package let unbought: [FruitID]

    /// The most days a purchase plan simulates.
    package static let longestDays = 28

    /// A planner for `book`'s fruits and suppliers; nil when no fruit of it names a supplier the files define.
    package init?(book: RecipeBook, planner: StockPlanner? = nil) {
        let planner = planner ?? StockPlanner(book: book)
        var suppliers: [Supplier] = []
        var bought: [Bought] = []
        var unbought: [FruitID] = []
        for (index, fruit) in book.fruits.enumerated() {
            guard let buy = fruit.buy, let supplier = book.supplier(buy.supplier), !supplier.orderDays.isEmpty else {
                unbought.append(fruit.id)
                continue
            }
            if !suppliers.contains(where: { $0.id == supplier.id }) { suppliers.append(supplier) }
            let pack = max(1, buy.pack)
            bought.append(
                Bought(
                    fruit: index, supplier: 0, pack: pack, packPrice: buy.price ?? fruit.cost.map { $0 * pack },
                    unitCost: buy.price.map { Double($0) / Double(pack) } ?? fruit.cost.map(Double.init), shelfLife: fruit.shelfLife))
        }
        guard !bought.isEmpty else { return nil }
        let order = book.suppliers.map(\.id).filter { id in suppliers.contains { $0.id == id } }
        self.suppliers = order.compactMap { id in suppliers.first { $0.id == id } }
        for index in bought.indices {
            let id = book.fruits[bought[index].fruit].buy?.supplier
            bought[index].supplier = self.suppliers.firstIndex { $0.id == id } ?? 0
        }
        self.planner = planner
        self.bought = bought
        self.unbought = unbought
    }

    /// Whether some fruit of `book` names a supplier the files define with an order day (what a planner needs).
    package static func buysFromSuppliers(_ book: RecipeBook) -> Bool {
        book.fruits.contains { fruit in
            guard let buy = fruit.buy, let supplier = book.supplier(buy.supplier) else { return false }
            return !supplier.orderDays.isEmpty
        }
    }

    /// Each supplier's next order window at `moment`, for a plan whose first day is `firstDay`.
    package func windows(at moment: ShopMoment, firstDay: CivilDate) -> [OrderWindow] {
        suppliers.compactMap { OrderWindow($0, at: moment, firstDay: firstDay) }
    }

    /// The days an outlook for `windows` must cover from `firstDay`: past each order's days, and until what it brings
    /// spoils (at most `longestDays`). Only the first `drawnDays` are drawn in scenarios; the rest tell, by their
    /// expected demand, how much of an order is used before it spoils (the orders after it are newer: it goes first).
    package func days(for windows: [OrderWindow], from firstDay: CivilDate) -> Int {
        var days = drawnDays(for: windows, from: firstDay)
        for item in bought {
            let arrives = windows[item.supplier].arrives.dayNumber - firstDay.dayNumber
            if let shelfLife = item.shelfLife { days = max(days, arrives + max(1, shelfLife)) }
        }
        return min(Self.longestDays, days)
    }

    /// The days drawn in scenarios: until the last order's days end (at most `longestDays`).
    func drawnDays(for windows: [OrderWindow], from firstDay: CivilDate) -> Int {
        let last = windows.map { $0.nextArrival.dayNumber - firstDay.dayNumber }.max() ?? 1
        return min(Self.longestDays, max(1, last))
    }

    /// Each menu fruit's expected use on each day of `outlook` (`day * fruits + fruit`).
    func expectedUse(_ outlook: DemandOutlook) -> [Double] {
        let menu = planner.menu
        let fruits = menu.fruits.count
        var use = [Double](repeating: 0, count: outlook.horizon * fruits)
        for juice in menu.juices.indices where juice < outlook.juices.count {
            let expected = outlook.juices[juice].expected
            for day in 0..<min(outlook.horizon, expected.count) {
                let units = max(0, expected[day]) * (day < outlook.dayFactors.count ? outlook.dayFactors[day] : 1)
                guard units > 0 else { continue }
                for item in menu.recipeStart[juice]..<menu.recipeStart[juice + 1] {
                    use[day * fruits + menu.ingredientFruit[item]] += units * Double(menu.ingredientAmount[item])
                }
            }
        }
        return use
    }

    /// One fruit's days, as indices from the plan's first day: the order arrives on `arrives`, must cover until
    /// before `coverEnd`, and can be used until before `usableEnd`.
    struct FruitDays: Sendable {
        var arrives: Int
        var coverEnd: Int
        var usableEnd: Int
        /// What the order can still give, expected, after the days drawn and before it spoils (`Int.max / 4` when it
        /// keeps past the outlook: nothing of it is counted lost).
        var usableLater: Int
    }

    /// Each bought fruit's days for `windows`, `drawn` of the outlook's days drawn (`use`: `expectedUse(outlook)`).
    func fruitDays(_ windows: [OrderWindow], firstDay: CivilDate, drawn: Int, outlookDays: Int, use: [Double]) -> [FruitDays] {
        let fruits = planner.menu.fruits.count
        return bought.map { item in
            let window = windows[item.supplier]
            let arrives = window.arrives.dayNumber - firstDay.dayNumber
            let spoils = item.shelfLife.map { arrives + max(1, $0) } ?? Int.max
            var later = 0.0
            let (from, to) = (max(drawn, arrives), min(spoils, outlookDays))
            if from < to { for day in from..<to { later += use[day * fruits + item.fruit] } }
            return FruitDays(
                arrives: arrives, coverEnd: min(drawn, window.nextArrival.dayNumber - firstDay.dayNumber, spoils), usableEnd: min(drawn, spoils),
                usableLater: spoils > outlookDays || !(later < 1e15) ? Int.max / 4 : Int(later.rounded()))
        }
    }

    /// Each scenario's `cover` and `usable` per bought fruit: `count × 2 × bought.count` values, scenario by scenario,
    /// the covers first. `stock` holds each menu fruit's batches on hand and on order.
    ///
    /// When every juice draws its errors from the same past days (`DemandOutlook.jointDays`), a scenario is wholly
    /// decided by the run of past days it starts at: each run's row is worked out once, and every scenario takes its
    /// run's row (the same numbers as drawing each, far fewer draws; `DemandScenarios.rows`).
    func requirements(
        _ outlook: DemandOutlook, fruitDays: [FruitDays], stock: [[StockBatch]], stream: UInt64, count: Int, seed: UInt64
    ) -> [Int] {
        let width = 2 * bought.count
        let draws = DemandScenarios(outlook: outlook, menu: planner.menu, seed: seed, stream: stream)
        // Each fruit's batches, used first expired, first out.
        let batches = bought.map { item in
            FirstExpiredFirstOut(
                (item.fruit < stock.count ? stock[item.fruit] : []).filter { $0.units > 0 }.map {
                    FirstExpiredFirstOut<Int>.Lot(units: $0.units, lastDay: $0.lastDay, arrives: $0.arrives)
                })
        }
        return draws.rows(count: count, width: width, byDay: true, scratch: { FirstExpiredFirstOut<Int>() }) { drawn, lots, row in
            fill(row, fruitByDay: drawn.fruit, lots: &lots, fruitDays: fruitDays, batches: batches, days: outlook.horizon)
        }
    }

    /// Writes one scenario's row (covers, then usable units) from the fruit its days need (`fruitByDay`), its lots taken
    /// first expired, first out (`lots`: the task's own, reset to the fruit's `batches` for each).
    private func fill(
        _ row: UnsafeMutableBufferPointer<Int>, fruitByDay: [Int], lots: inout FirstExpiredFirstOut<Int>, fruitDays: [FruitDays],
        batches: [FirstExpiredFirstOut<Int>], days: Int
    ) {
        let fruits = planner.menu.fruits.count
        for (p, item) in bought.enumerated() {
            let window = fruitDays[p]
            lots.reset(to: batches[p])
            var cover = 0
            var usable = 0
            for day in 0..<days {
                var demand = fruitByDay[day * fruits + item.fruit]
                guard demand > 0 else { continue }
                demand = lots.take(demand, on: day)
                guard day >= window.arrives, day < window.usableEnd else { continue }
                usable = usable.addingReportingOverflow(demand).overflow ? .max : usable + demand
                if day < window.coverEnd { cover = cover.addingReportingOverflow(demand).overflow ? .max : cover + demand }
            }
            row[p] = cover
            // Still good when the drawn days end: the next order's days draw on it first (it is older), as much as they
            // are expected to use before it spoils.
            let (sum, overflow) = usable.addingReportingOverflow(window.usableLater)
            row[bought.count + p] = overflow ? Int.max / 4 : sum
        }
    }
}
