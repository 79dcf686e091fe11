import JuiceCore
import JuiceSimulation

/// What serving a run of orders from some stock gave.
struct ReplayOutcome {
    /// Units asked for.
    var demanded = 0
    /// Units served.
    var served = 0
    /// The price of what was served.
    var revenue = 0.0
    /// Each fruit's stock at the end.
    var left: [Int]
    /// Whether every order was served.
    var allServed: Bool { served == demanded }
}

/// Serves orders from stock, each all or nothing, as the shop does.
enum OrderReplay {
    /// Serves scenario demand (`juiceDemand[day * juices + juice]` units) from `stock`: each unit is an order of one,
    /// the day's orders in a random order, each served only when every fruit it needs is there. When the stock covers
    /// the whole demand, no order is refused whatever their order, and none is shuffled.
    static func serve(
        _ juiceDemand: [Int], horizon: Int, from stock: [Int], needed: [Int], menu: CompiledMenu, random: inout SeededRandom
    ) -> ReplayOutcome {
        let juices = menu.juices.count
        var outcome = ReplayOutcome(left: stock)
        if zip(needed, stock).allSatisfy({ $0 <= $1 }) {
            for day in 0..<horizon {
                for juice in 0..<juices {
                    let units = juiceDemand[day * juices + juice]
                    outcome.demanded += units
                    outcome.served += units
                    outcome.revenue += Double(units) * Double(menu.prices[juice])
                }
            }
            for f in stock.indices { outcome.left[f] = stock[f] - needed[f] }
            return outcome
        }
        var orders: [Int32] = []
        for day in 0..<horizon {
            orders.removeAll(keepingCapacity: true)
            for juice in 0..<juices {
                let units = juiceDemand[day * juices + juice]
                outcome.demanded += units
                // More orders than any stock can serve are refused without being listed one by one.
                for _ in 0..<min(units, 100_000) { orders.append(Int32(juice)) }
            }
            orders.shuffle(using: &random)
            for order in orders {
                let juice = Int(order)
                let items = menu.recipeStart[juice]..<menu.recipeStart[juice + 1]
                guard items.allSatisfy({ outcome.left[menu.ingredientFruit[$0]] >= menu.ingredientAmount[$0] }) else { continue }
                for item in items { outcome.left[menu.ingredientFruit[item]] -= menu.ingredientAmount[item] }
                outcome.served += 1
                outcome.revenue += Double(menu.prices[juice])
            }
        }
        return outcome
    }

    /// Serves recorded orders (`(juice, count)` in time order) from `stock`, each all or nothing.
    static func serve(recorded orders: [(juice: Int, count: Int)], from stock: [Int], menu: CompiledMenu) -> ReplayOutcome {
        var outcome = ReplayOutcome(left: stock)
        for (juice, count) in orders {
            outcome.demanded += count
            let items = menu.recipeStart[juice]..<menu.recipeStart[juice + 1]
            guard
                items.allSatisfy({ item in
                    let (need, overflow) = menu.ingredientAmount[item].multipliedReportingOverflow(by: count)
                    return !overflow && outcome.left[menu.ingredientFruit[item]] >= need
                })
            else { continue }
            for item in items { outcome.left[menu.ingredientFruit[item]] -= menu.ingredientAmount[item] * count }
            outcome.served += count
            outcome.revenue += Double(count) * Double(menu.prices[juice])
        }
        return outcome
    }
}
