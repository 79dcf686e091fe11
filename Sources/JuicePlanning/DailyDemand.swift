/// Daily demand per juice (served and refused orders: what customers asked for), from the first day of a history
/// to its last, every day present (0 where nothing was asked).
public struct DailyDemand: Sendable {
    /// The first day.
    public private(set) var firstDay: CivilDate?
    /// The number of days.
    public var dayCount: Int { demand.first?.count ?? 0 }
    /// Each juice's demand by day (juices by their index, as the caller numbered them).
    public private(set) var demand: [[Double]]
    /// Each juice's served units by day.
    public private(set) var served: [[Double]]
    private var byDay: [Int: [Int: (demand: Int, served: Int)]] = [:]
    private let juiceCount: Int

    /// An empty tally for `juiceCount` juices.
    public init(juiceCount: Int) {
        self.juiceCount = juiceCount
        demand = Array(repeating: [], count: juiceCount)
        served = Array(repeating: [], count: juiceCount)
    }

    /// Counts `record` for the juice numbered `juice`.
    public mutating func add(_ record: SaleRecord, juice: Int) {
        var day = byDay[record.time.date.dayNumber, default: [:]]
        var counts = day[juice, default: (0, 0)]
        counts.demand += record.count
        if record.result == .served { counts.served += record.count }
        day[juice] = counts
        byDay[record.time.date.dayNumber] = day
    }

    /// Lays the tally out day by day, from the first day to the last (only days in `from`…`to` when given).
    public mutating func finish(from: CivilDate? = nil, to: CivilDate? = nil) {
        guard let first = byDay.keys.min(), let last = byDay.keys.max() else {
            demand = Array(repeating: [], count: juiceCount)
            served = demand
            return
        }
        let start = max(first, from?.dayNumber ?? first)
        let end = min(last, to?.dayNumber ?? last)
        guard start <= end else {
            demand = Array(repeating: [], count: juiceCount)
            served = demand
            return
        }
        firstDay = CivilDate(dayNumber: start)
        demand = Array(repeating: Array(repeating: 0, count: end - start + 1), count: juiceCount)
        served = demand
        for (day, counts) in byDay where day >= start && day <= end {
            for (juice, count) in counts {
                demand[juice][day - start] = Double(count.demand)
                served[juice][day - start] = Double(count.served)
            }
        }
        byDay = [:]
    }
}
