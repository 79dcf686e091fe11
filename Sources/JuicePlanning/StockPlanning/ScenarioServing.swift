import JuiceCore
import JuiceSimulation

extension ServedOrders {
    /// Scenario demand (`juiceDemand[day * juices + juice]` units) served from `stock`: each unit is an order of one,
    /// the day's orders in a random order, each served all or nothing (`serve(_:count:menu:)`). When the stock covers
    /// the whole demand (`needed`, each fruit's need over the horizon), no order is refused whatever their order, and
    /// none is shuffled.
    init(scenario juiceDemand: [Int], horizon: Int, from stock: [Int], needed: [Int], menu: CompiledMenu, random: inout SeededRandom) {
        let juices = menu.juices.count
        self.init(stock: stock)
        if zip(needed, stock).allSatisfy({ $0 <= $1 }) {
            for day in 0..<horizon {
                for juice in 0..<juices {
                    let units = juiceDemand[day * juices + juice]
                    demanded += units
                    served += units
                    revenue += Double(units) * Double(menu.prices[juice])
                }
            }
            for f in stock.indices { left[f] = stock[f] - needed[f] }
            return
        }
        var orders: [Int32] = []
        for day in 0..<horizon {
            orders.removeAll(keepingCapacity: true)
            for juice in 0..<juices {
                let units = juiceDemand[day * juices + juice]
                // More orders than any stock can serve are refused without being listed one by one.
                let listed = min(units, 100_000)
                demanded += units - listed
                for _ in 0..<listed { orders.append(Int32(juice)) }
            }
            orders.shuffle(using: &random)
            for order in orders { serve(Int(order), count: 1, menu: menu) }
        }
    }
}
