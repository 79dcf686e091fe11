/// The orders of the last days of a history, kept while it is read (older days are let go as newer ones arrive), for
/// a backtest to serve again in time order.
package struct RecentOrders: Sendable {
    /// One order: its day number, second of the day, juice (menu position) and count.
    struct Order: Sendable {
        var day: Int32
        var second: Int32
        var juice: Int32
        var count: Int32
    }

    /// How many of the last days are kept.
    package let days: Int
    private var orders: [Order] = []
    private var lastDay: Int?

    /// Keeps the orders of the last `days` days.
    package init(days: Int) { self.days = max(0, days) }

    /// Keeps `record`, the juice at menu position `juice`, if it may be among the last days.
    package mutating func add(_ record: SaleRecord, juice: Int) {
        let day = record.time.date.dayNumber
        guard days > 0 else { return }
        if let lastDay, day <= lastDay - days { return }
        let lastDay = max(lastDay ?? day, day)
        self.lastDay = lastDay
        orders.append(
            Order(
                day: Int32(clamping: day), second: Int32(clamping: record.time.secondOfDay), juice: Int32(juice), count: Int32(clamping: record.count)
            ))
        // Let the old days go once they are as many again as the days kept.
        if orders.count > 4_096, Int(orders[0].day) <= lastDay - 2 * days { orders.removeAll { Int($0.day) <= lastDay - days } }
    }

    /// The orders of each of the `count` days starting at day number `first`, in time order (records of the same
    /// second in the order they were read).
    package func byDay(from first: Int, count: Int) -> [[(juice: Int, count: Int)]] {
        var days = [[(second: Int32, index: Int, juice: Int, count: Int)]](repeating: [], count: max(0, count))
        for (index, order) in orders.enumerated() {
            let offset = Int(order.day) - first
            guard offset >= 0, offset < count else { continue }
            days[offset].append((order.second, index, Int(order.juice), Int(order.count)))
        }
        return days.map { day in day.sorted { ($0.second, $0.index) < ($1.second, $1.index) }.map { ($0.juice, $0.count) } }
    }
}
