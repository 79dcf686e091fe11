import JuiceCore

/// Runs orders against stock held in flat arrays: all or nothing per order, as the engine does, at full speed.
///
/// It never touches the shop's live state: it starts from a copy of some stock and keeps its own.
public struct Simulator {
    /// The compiled menu.
    public let menu: CompiledMenu
    /// Restocking during the run.
    public var restock: RestockPolicy
    /// Where to record stock levels for a chart, if anywhere.
    public var chart: StockChart?

    /// A simulator for `menu` with `restock`.
    public init(menu: CompiledMenu, restock: RestockPolicy = .none, chart: StockChart? = nil) {
        self.menu = menu
        self.restock = restock
        self.chart = chart
    }

    /// Runs every generated order from `source` starting with `stock` (one count per fruit index).
    ///
    /// The concrete sources have overloads of their own, so that this module compiles the loop for each, making and
    /// serving orders in one loop; the generic form serves any other source through calls it cannot inline.
    public mutating func run(_ source: inout GeneratedOrders, stock initial: [Int]) throws(OrderSourceError) -> SimulationReport {
        // Generated juices follow a search whose outcome the branch predictor sees: recipes as they are serve faster.
        try serve(&source, stock: initial, padded: false)
    }

    /// Runs every order of the file `source` starting with `stock` (one count per fruit index).
    public mutating func run(_ source: inout FileOrders, stock initial: [Int]) throws(OrderSourceError) -> SimulationReport {
        try serve(&source, stock: initial, padded: true)
    }

    /// Runs every order from `source` starting with `stock` (one count per fruit index).
    public mutating func run(_ source: inout some OrderSource, stock initial: [Int]) throws(OrderSourceError) -> SimulationReport {
        try serve(&source, stock: initial, padded: true)
    }

    /// Serves every order of `source`; `padded` reads recipes in their padded layout where it can (see
    /// `CompiledMenu.paddedFruit`), for juices that arrive in an order no branch predictor can follow.
    private mutating func serve(_ source: inout some OrderSource, stock initial: [Int], padded: Bool) throws(OrderSourceError) -> SimulationReport {
        let fruitCount = menu.fruits.count
        let juiceCount = menu.juices.count
        var stock = initial
        var shadow = initial
        var served = [Int](repeating: 0, count: juiceCount)
        var ordersServed = [Int](repeating: 0, count: juiceCount)
        var refused = [Int](repeating: 0, count: juiceCount)
        var ordersRefused = [Int](repeating: 0, count: juiceCount)
        var firstOut = [Int](repeating: 0, count: fruitCount)
        var refusedBy = [Int](repeating: 0, count: fruitCount)
        var refills = [Int](repeating: 0, count: fruitCount)
        var debt = [Int](repeating: 0, count: fruitCount)
        var firstRefusals: [(order: Int, juice: Int)] = []
        for fruit in 0..<fruitCount where stock[fruit] == 0 { firstOut[fruit] = 0 }
        var ordersSeen = 0
        let starts = menu.recipeStart
        let fruits = menu.ingredientFruit
        let amounts = menu.ingredientAmount
        let capacities = menu.capacities
        let every = restock.every ?? 0
        let below = restock.below ?? -1
        let belowTo = restock.to ?? 0
        let tracksShadow = restock.isActive
        chart?.begin(stock: stock)
        // Without shadow or chart, recipes are read in their padded layout, the stock with its sentinel at the end.
        let width = !padded || tracksShadow || chart != nil ? 0 : menu.paddedWidth
        if width > 0 { stock.append(Int.max / 2) }
        let paddedFruit = menu.paddedFruit
        let paddedAmount = menu.paddedAmount

        let tracksChart = chart != nil
        // The hot loop works on raw buffers: no bounds checks, no reference counting. A source that makes its orders
        // calls the loop's body as it makes each one, so that both share one loop.
        try starts.withUnsafeBufferPointer { starts throws(OrderSourceError) in
        try fruits.withUnsafeBufferPointer { fruits throws(OrderSourceError) in
        try amounts.withUnsafeBufferPointer { amounts throws(OrderSourceError) in
        try stock.withUnsafeMutableBufferPointer { stock throws(OrderSourceError) in
        try served.withUnsafeMutableBufferPointer { served throws(OrderSourceError) in
        try ordersServed.withUnsafeMutableBufferPointer { ordersServed throws(OrderSourceError) in
        try firstOut.withUnsafeMutableBufferPointer { firstOut throws(OrderSourceError) in
        try paddedFruit.withUnsafeBufferPointer { paddedFruit throws(OrderSourceError) in
        try paddedAmount.withUnsafeBufferPointer { paddedAmount throws(OrderSourceError) in
        try refused.withUnsafeMutableBufferPointer { refused throws(OrderSourceError) in
        try ordersRefused.withUnsafeMutableBufferPointer { ordersRefused throws(OrderSourceError) in
        try refusedBy.withUnsafeMutableBufferPointer { refusedBy throws(OrderSourceError) in
        try shadow.withUnsafeMutableBufferPointer { shadow throws(OrderSourceError) in
        try debt.withUnsafeMutableBufferPointer { debt throws(OrderSourceError) in
        try refills.withUnsafeMutableBufferPointer { refills throws(OrderSourceError) in
        // The order count lives behind a pointer: a captured `var` would be checked for exclusive access on every
        // order (a runtime call) wherever the source's loop is not inlined here, as with files.
        // Likewise the count of refusals recorded in `firstRefusals`, and every tally the loop keeps is a buffer.
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        counter.initialize(repeating: 0, count: 2)
        defer {
            ordersSeen = counter.pointee
            counter.deallocate()
        }
        func refuse(juice: Int, count: Int, number: Int, start: Int, end: Int, stock: UnsafeMutableBufferPointer<Int>,
                    fruits: UnsafeBufferPointer<Int>, amounts: UnsafeBufferPointer<Int>, firstOut: UnsafeMutableBufferPointer<Int>) {
            refused[juice] += count
            ordersRefused[juice] += 1
            if counter[1] < 20 {
                counter[1] &+= 1
                firstRefusals.append((number, juice))
            }
            for index in start..<end where stock[fruits[index]] < amounts[index] * count {
                let fruit = fruits[index]
                refusedBy[fruit] += 1
                if firstOut[fruit] == 0 { firstOut[fruit] = number }
            }
        }

        /// The shadow serves every order, buying just what is missing (its purchases are the shopping list), and both
        /// the real stock and the shadow are restocked by the policy.
        func serveShadow(start: Int, end: Int, count: Int, number: Int, stock: UnsafeMutableBufferPointer<Int>,
                         fruits: UnsafeBufferPointer<Int>, amounts: UnsafeBufferPointer<Int>) {
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
        func serveOrder(juice: Int, count: Int, start: Int, end: Int, fruits: UnsafeBufferPointer<Int>, amounts: UnsafeBufferPointer<Int>,
                        extras: Bool) {
            counter.pointee &+= 1
            let number = counter.pointee
            var possible = true
            var index = start
            while index < end {
                if stock[fruits[index]] < amounts[index] &* count { possible = false; break }
                index &+= 1
            }
            if possible {
                index = start
                while index < end {
                    let fruit = fruits[index]
                    let left = stock[fruit] &- amounts[index] &* count
                    stock[fruit] = left
                    if left == 0 && firstOut[fruit] == 0 { firstOut[fruit] = number }
                    index &+= 1
                }
                served[juice] &+= count
                ordersServed[juice] &+= 1
            } else {
                refuse(juice: juice, count: count, number: number, start: start, end: end, stock: stock, fruits: fruits,
                       amounts: amounts, firstOut: firstOut)
            }
            guard extras else { return }
            if tracksShadow {
                serveShadow(start: start, end: end, count: count, number: number, stock: stock, fruits: fruits, amounts: amounts)
            }
            if tracksChart { chart?.record(order: number, stock: stock) }
        }
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
        }}}}}}}}}}}}}}}
        if width > 0 { stock.removeLast() }
        let number = ordersSeen
        chart?.finish(order: number, stock: stock)

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
        let shopping = tracksShadow ? debt : (0..<fruitCount).map { max(0, needed[$0] - initial[$0]) }
        return SimulationReport(
            menu: menu.summary, orders: number, served: served, refused: refused,
            ordersServed: ordersServed, ordersRefused: ordersRefused, initialStock: initial, finalStock: stock,
            consumed: consumed, firstRanOut: firstOut.enumerated().map { index, value in
                value > 0 ? value : (initial[index] == 0 ? 0 : nil)
            },
            refusedBy: refusedBy, refills: refills, shoppingList: shopping, revenue: revenue,
            hasPrices: menu.hasPrice.contains(true), firstRefusals: firstRefusals)
    }
}
