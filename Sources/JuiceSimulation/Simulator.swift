import JuiceCore

/// Runs orders against stock held in flat arrays: all or nothing per order, as the engine does, at full speed.
///
/// It never touches the shop's live state: it starts from a copy of some stock and keeps its own.
package struct Simulator {
    /// The compiled menu.
    package let menu: CompiledMenu
    /// Restocking during the run.
    package var restock: RestockPolicy
    /// Where to record stock levels for a chart, if anywhere.
    package var chart: StockChart?
    /// Told how far a run has come (the share of its source done, 0 to 1), whatever the source; nil: nothing is told.
    package var progress: OrderProgress?

    /// A simulator for `menu` with `restock`.
    package init(menu: CompiledMenu, restock: RestockPolicy = .none, chart: StockChart? = nil) {
        self.menu = menu
        self.restock = restock
        self.chart = chart
    }

    /// Runs every generated order from `source` starting with `stock` (one count per fruit index).
    ///
    /// The concrete sources have overloads of their own, so that this module compiles the loop for each, making and
    /// serving orders in one loop; the generic form serves any other source through calls it cannot inline.
    package mutating func run(_ source: inout GeneratedOrders, stock initial: [Int]) throws(OrderSourceError) -> SimulationReport {
        // Generated juices follow a search whose outcome the branch predictor sees: recipes as they are serve faster.
        try serve(&source, stock: initial, padded: false)
    }

    /// Runs every order of the file `source` starting with `stock` (one count per fruit index).
    package mutating func run(_ source: inout FileOrders, stock initial: [Int]) throws(OrderSourceError) -> SimulationReport {
        try serve(&source, stock: initial, padded: true)
    }

    /// Runs every order from `source` starting with `stock` (one count per fruit index).
    package mutating func run(_ source: inout some OrderSource, stock initial: [Int]) throws(OrderSourceError) -> SimulationReport {
        try serve(&source, stock: initial, padded: true)
    }

    /// Serves every order of `source`; `padded` reads recipes in their padded layout where it can (see
    /// `CompiledMenu.paddedFruit`), for juices that arrive in an order no branch predictor can follow.
    private mutating func serve(_ source: inout some OrderSource, stock initial: [Int], padded: Bool) throws(OrderSourceError) -> SimulationReport {
        if let progress { source.progress = progress }
        let fruitCount = menu.fruits.count
        let juiceCount = menu.juices.count
        // The loop works on raw buffers: no bounds checks, no reference counting, no exclusivity checks. A source
        // that makes its orders calls the loop's body as it makes each one, so that both share one loop.
        let run = RunBuffers(menu: menu, stock: initial)
        defer { run.deallocate() }
        var firstRefusals: [(order: Int, juice: Int)] = []
        let capacities = menu.capacities
        let every = restock.every ?? 0
        let below = restock.below ?? -1
        let belowTo = restock.to ?? 0
        let tracksShadow = restock.isActive
        let tracksChart = chart != nil
        chart?.begin(stock: Array(run.stock.prefix(fruitCount)))
        // Without shadow or chart, recipes are read in their padded layout (the stock's sentinel fruit pads them).
        let width = !padded || tracksShadow || tracksChart ? 0 : menu.paddedWidth
        let (stock, shadow, firstEmpty, firstShort) = (run.stock, run.shadow, run.firstEmpty, run.firstShort)
        let (refusedBy, refills, debt) = (run.refusedBy, run.refills, run.debt)
        let (served, ordersServed, refused, ordersRefused) = (run.served, run.ordersServed, run.refused, run.ordersRefused)
        let (starts, counters) = (run.starts, run.counters)

        func refuse(
            juice: Int, count: Int, number: Int, start: Int, end: Int,
            fruits: UnsafeMutableBufferPointer<Int>, amounts: UnsafeMutableBufferPointer<Int>
        ) {
            refused[juice] += count
            ordersRefused[juice] += 1
            if counters[1] < 20 {
                counters[1] &+= 1
                firstRefusals.append((number, juice))
            }
            for index in start..<end where stock[fruits[index]] < amounts[index] * count {
                let fruit = fruits[index]
                refusedBy[fruit] += 1
                if firstShort[fruit] == 0 { firstShort[fruit] = number }
            }
        }

        /// The shadow serves every order, buying just what is missing (its purchases are the shopping list), and both
        /// the real stock and the shadow are restocked by the policy.
        func serveShadow(start: Int, end: Int, count: Int, number: Int) {
            let (fruits, amounts) = (run.fruits, run.amounts)
            for index in start..<end {
                let fruit = fruits[index]
                let left = shadow[fruit] - amounts[index] * count
                if left < 0 {
                    debt[fruit] -= left
                    shadow[fruit] = 0
                } else {
                    shadow[fruit] = left
                }
            }
            if below >= 0 {
                for index in start..<end {
                    let fruit = fruits[index]
                    if stock[fruit] < below {
                        stock[fruit] = min(max(belowTo, stock[fruit]), max(capacities[fruit], stock[fruit]))
                        refills[fruit] += 1
                    }
                    if shadow[fruit] < below { shadow[fruit] = min(max(belowTo, shadow[fruit]), max(capacities[fruit], shadow[fruit])) }
                }
            }
            if every > 0 && number % every == 0 {
                for fruit in 0..<fruitCount {
                    if stock[fruit] < capacities[fruit] {
                        stock[fruit] = capacities[fruit]
                        refills[fruit] += 1
                    }
                    shadow[fruit] = max(shadow[fruit], capacities[fruit])
                }
            }
        }

        /// Serves one order whose ingredients are `fruits[start..<end]`, `amounts[start..<end]`; `extras` (shadow,
        /// chart) is a constant at each use, so the plain loop carries no test for them.
        @inline(__always)
        func serveOrder(
            juice: Int, count: Int, start: Int, end: Int, fruits: UnsafeMutableBufferPointer<Int>,
            amounts: UnsafeMutableBufferPointer<Int>, extras: Bool
        ) {
            counters[0] &+= 1
            let number = counters[0]
            var possible = true
            var index = start
            while index < end {
                if stock[fruits[index]] < amounts[index] &* count {
                    possible = false
                    break
                }
                index &+= 1
            }
            if possible {
                index = start
                while index < end {
                    let fruit = fruits[index]
                    let left = stock[fruit] &- amounts[index] &* count
                    stock[fruit] = left
                    if left == 0 && firstEmpty[fruit] == 0 { firstEmpty[fruit] = number }
                    index &+= 1
                }
                served[juice] &+= count
                ordersServed[juice] &+= 1
            } else {
                refuse(juice: juice, count: count, number: number, start: start, end: end, fruits: fruits, amounts: amounts)
            }
            guard extras else { return }
            if tracksShadow { serveShadow(start: start, end: end, count: count, number: number) }
            if tracksChart { chart?.record(order: number, stock: UnsafeMutableBufferPointer(rebasing: stock[0..<fruitCount])) }
        }
        let (fruits, amounts, paddedFruit, paddedAmount) = (run.fruits, run.amounts, run.paddedFruit, run.paddedAmount)
        if tracksShadow || tracksChart {
            try source.forEachOrder { juice, count in
                serveOrder(juice: juice, count: count, start: starts[juice], end: starts[juice &+ 1], fruits: fruits, amounts: amounts, extras: true)
            }
        } else if width > 0 {
            try source.forEachOrder { juice, count in
                let start = juice &* width
                serveOrder(juice: juice, count: count, start: start, end: start &+ width, fruits: paddedFruit, amounts: paddedAmount, extras: false)
            }
        } else {
            try source.forEachOrder { juice, count in
                serveOrder(juice: juice, count: count, start: starts[juice], end: starts[juice &+ 1], fruits: fruits, amounts: amounts, extras: false)
            }
        }
        let number = counters[0]
        let finalStock = Array(stock.prefix(fruitCount))
        chart?.finish(order: number, stock: finalStock)

        var consumed = [Int](repeating: 0, count: fruitCount)
        var needed = [Int](repeating: 0, count: fruitCount)
        var revenue = 0
        for juice in 0..<juiceCount {
            for index in starts[juice]..<starts[juice + 1] {
                consumed[fruits[index]] += served[juice] * amounts[index]
                needed[fruits[index]] += (served[juice] + refused[juice]) * amounts[index]
            }
            revenue += served[juice] * menu.prices[juice]
        }
        let shopping = tracksShadow ? Array(debt) : (0..<fruitCount).map { max(0, needed[$0] - initial[$0]) }
        return SimulationReport(
            menu: menu.summary, orders: number, served: Array(served), refused: Array(refused),
            ordersServed: Array(ordersServed), ordersRefused: Array(ordersRefused), initialStock: initial, finalStock: finalStock,
            consumed: consumed,
            firstEmptied: firstEmpty.enumerated().map { index, value in
                value > 0 ? value : (initial[index] == 0 ? 0 : nil)
            },
            firstShort: firstShort.map { $0 > 0 ? $0 : nil },
            refusedBy: Array(refusedBy), refills: Array(refills), shoppingList: shopping, revenue: revenue,
            hasPrices: menu.hasPrice.contains(true), firstRefusals: firstRefusals)
    }
}
