import JuiceCore

/// Orders served from stock one after another, each all or nothing, and what they gave: the one serving loop of the
/// planner (its scenarios and its replays of past days). `Simulator`'s loop is its fast twin (raw buffers, padded
/// recipes, the report's counters), tested against it (`ServedOrdersTests`).
package struct ServedOrders: Sendable, Hashable {
    /// Units asked for.
    package var demanded = 0
    /// Units served.
    package var served = 0
    /// The price of what was served.
    package var revenue = 0.0
    /// Each fruit's stock (menu order), as the orders served so far left it.
    package var left: [Int]

    /// Nothing served yet from `stock` (menu order).
    @inlinable
    package init(stock: [Int]) { left = stock }

    /// Whether every order was served.
    @inlinable
    package var allServed: Bool { served == demanded }

    /// Serves `count` of juice `juice` (a menu index) when every fruit its recipe needs is there for the whole count
    /// (an amount that overflows is not): deducts them all and returns true; otherwise takes nothing and returns false.
    /// Either way the units count as asked for.
    @discardableResult
    @inlinable
    package mutating func serve(_ juice: Int, count: Int, menu: CompiledMenu) -> Bool {
        demanded += count
        let items = menu.recipeStart[juice]..<menu.recipeStart[juice + 1]
        for item in items {
            let (need, overflow) = menu.ingredientAmount[item].multipliedReportingOverflow(by: count)
            guard !overflow, left[menu.ingredientFruit[item]] >= need else { return false }
        }
        for item in items { left[menu.ingredientFruit[item]] -= menu.ingredientAmount[item] * count }
        served += count
        revenue += Double(count) * Double(menu.prices[juice])
        return true
    }

    /// Serves `orders` (juice and count, in the order they came), each all or nothing.
    @inlinable
    package mutating func serve(_ orders: [(juice: Int, count: Int)], menu: CompiledMenu) {
        for (juice, count) in orders { serve(juice, count: count, menu: menu) }
    }

    /// `orders` served from `stock` (menu order), each all or nothing.
    @inlinable
    package init(_ orders: [(juice: Int, count: Int)], from stock: [Int], menu: CompiledMenu) {
        self.init(stock: stock)
        serve(orders, menu: menu)
    }
}
