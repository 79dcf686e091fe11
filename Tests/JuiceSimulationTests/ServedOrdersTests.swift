import JuiceCore
import JuiceSimulation
import Testing

/// Orders handed over from an array.
private struct ListedOrders: OrderSource {
    var orders: [SimulationOrder]
    var progress: OrderProgress?

    mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
        batch = orders
        orders = []
        return !batch.isEmpty
    }
}

@Suite("Serving all or nothing")
struct ServedOrdersTests {
    @Test("an order is served only when every fruit is there for the whole count, and then takes all of it")
    func allOrNothing() throws {
        let menu = SimulationSupport.menu
        let juice = try #require(menu.juices.indices.first { menu.recipeStart[$0 + 1] - menu.recipeStart[$0] > 1 })
        let items = menu.recipeStart[juice]..<menu.recipeStart[juice + 1]
        var stock = [Int](repeating: 0, count: menu.fruits.count)
        for item in items { stock[menu.ingredientFruit[item]] += menu.ingredientAmount[item] * 2 }
        var short = stock
        short[menu.ingredientFruit[items.lowerBound]] -= 1
        var refused = ServedOrders(stock: short)
        let wasServed1 = refused.serve(juice, count: 2, menu: menu)
        #expect(!wasServed1)
        #expect(refused.left == short && refused.demanded == 2 && refused.served == 0)
        var served = ServedOrders(stock: stock)
        let wasServed2 = served.serve(juice, count: 2, menu: menu)
        #expect(wasServed2)
        #expect(served.left == [Int](repeating: 0, count: menu.fruits.count))
        #expect(served.served == 2 && served.revenue == 2 * Double(menu.prices[juice]))
        var huge = ServedOrders(stock: stock)
        let wasServed3 = huge.serve(juice, count: .max, menu: menu)
        #expect(!wasServed3, "an amount that overflows is never there")
    }

    /// The simulator's loop is the fast twin of `ServedOrders.serve`: the same orders from the same stock serve the
    /// same juices and leave the same stock, in both layouts the simulator reads recipes in (padded for listed and
    /// file orders, as they are for generated ones).
    @Test("the simulator serves what the plain loop serves", arguments: [false, true])
    func simulatorAgrees(generated: Bool) throws {
        let menu = SimulationSupport.menu
        var random = SeededRandom(seed: 38)
        for round in 0..<50 {
            let stock = menu.fruits.indices.map { _ in Int(random.next() % 60) }
            var report: SimulationReport
            var orders: [SimulationOrder] = []
            var simulator = Simulator(menu: menu)
            if generated {
                var source = try GeneratedOrders(count: 300, seed: random.next(), weights: menu.juices.map { _ in 1 })
                var copy = source
                var batch: [SimulationOrder] = []
                while try copy.nextBatch(into: &batch) { orders += batch }
                report = try simulator.run(&source, stock: stock)
            } else {
                orders = (0..<300).map { _ in
                    SimulationOrder(juice: Int32(random.next() % UInt64(menu.juices.count)), count: Int32(1 + random.next() % 3))
                }
                var source = ListedOrders(orders: orders)
                report = try simulator.run(&source, stock: stock)
            }
            var plain = ServedOrders(stock: stock)
            var servedPerJuice = [Int](repeating: 0, count: menu.juices.count)
            for order in orders where plain.serve(Int(order.juice), count: Int(order.count), menu: menu) {
                servedPerJuice[Int(order.juice)] += Int(order.count)
            }
            #expect(report.orders == orders.count, "round \(round)")
            #expect(report.finalStock == plain.left, "round \(round)")
            #expect(report.served == servedPerJuice, "round \(round)")
            #expect(Double(report.revenue) == plain.revenue, "round \(round)")
        }
    }
}
