#if PostgreSQL
import JuiceCore
import PostgresNIO

/// An order waiting for its batch: what it takes of each fruit, and what its receipt needs.
struct BatchedOrder: Sendable {
    /// One fruit the order takes, and how much (more than 0).
    struct Need: Sendable {
        var fruit: FruitID
        var amount: Int
    }

    var juice: JuiceID
    var count: Int
    /// The fruits it takes, sorted by id.
    var needs: [Need]
    var command: String
    var book: RecipeBook
}

/// How a batched order ended: served with its receipt, or refused because some fruit was short when its turn came
/// (nothing was written for it).
enum BatchedOrderOutcome: Sendable {
    case served(ShopReceipt)
    case refused
}

/// The arguments of `juice_apply_orders` for a batch: the batch's fruits once each (sorted) and every order's needs
/// as items pointing at them.
struct OrderBatchPlan: Sendable {
    var commands: [String] = []
    var juices: [String] = []
    var counts: [Int] = []
    var fruits: [String] = []
    var itemOrder: [Int32] = []
    var itemFruit: [Int32] = []
    var itemNeed: [Int] = []

    init(_ orders: [BatchedOrder]) {
        fruits = Set(orders.flatMap { $0.needs.map(\.fruit) }).sorted().map(\.rawValue)
        let position = Dictionary(uniqueKeysWithValues: fruits.enumerated().map { ($0.element, Int32($0.offset + 1)) })
        for (index, order) in orders.enumerated() {
            commands.append(order.command)
            juices.append(order.juice.rawValue)
            counts.append(order.count)
            for need in order.needs {
                itemOrder.append(Int32(index + 1))
                itemFruit.append(position[need.fruit.rawValue] ?? 0)
                itemNeed.append(need.amount)
            }
        }
    }
}

extension PostgresStore {
    /// Writes `orders` in one transaction (`juice_apply_orders`: one flush), each order all or nothing on its own and
    /// decided after the ones before it; one outcome per order, in order. When the batch fails as a whole (the
    /// database, a broken invariant), every order gets that failure and none was written. The outcomes are answered
    /// only once `COMMIT` has answered (see `apply` in PostgresStore.swift for why a lone statement is not enough).
    func writeOrders(_ orders: [BatchedOrder]) async -> [Result<BatchedOrderOutcome, ShopError>] {
        let plan = OrderBatchPlan(orders)
        let answer: (entries: [Int: (id: Int, time: String)], stock: [FruitID: Int])
        do {
            answer = try await run { [self] in
                try await client.withTransaction(logger: logger) { connection in
                    var entries: [Int: (id: Int, time: String)] = [:]
                    var stock: [FruitID: Int] = [:]
                    let rows = try await connection.query("""
                        SELECT r_order, r_entry, r_time, r_fruit, r_count FROM juice_apply_orders(\(plan.commands), \
                        \(plan.juices), \(plan.counts), \(plan.fruits), \(plan.itemOrder), \(plan.itemFruit), \(plan.itemNeed))
                        """, logger: logger)
                    for try await (order, entry, time, fruit, count) in rows.decode((Int?, Int?, String?, String?, Int?).self) {
                        if let order, let entry, let time { entries[order - 1] = (entry, time) }
                        if let fruit, let count { stock[FruitID(fruit)] = count }
                    }
                    return (entries, stock)
                }
            }
        } catch {
            return Array(repeating: .failure(error), count: orders.count)
        }
        // Each receipt shows the stock right after its own order: walk back from the batch's end.
        var stock = answer.stock
        var outcomes: [Result<BatchedOrderOutcome, ShopError>] = Array(repeating: .success(.refused), count: orders.count)
        for (index, order) in orders.enumerated().reversed() {
            guard let entry = answer.entries[index] else { continue }
            var deltas: [FruitID: Int] = [:]
            for need in order.needs { deltas[need.fruit] = -need.amount }
            let journaled = JournalEntry(
                id: entry.id, time: entry.time, kind: .order, command: order.command, juice: order.juice, count: order.count,
                deltas: deltas, undoes: nil, undoneBy: nil)
            outcomes[index] = .success(.served(ShopReceipt(entry: journaled, snapshot: ShopSnapshot(stored: stock, book: order.book))))
            for need in order.needs { stock[need.fruit, default: 0] += need.amount }
        }
        return outcomes
    }
}
#endif
