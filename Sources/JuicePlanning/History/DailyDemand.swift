import JuiceCore

/// Daily demand per juice (served and refused orders: what customers asked for), from the first day of a history
/// to its last, every day present (0 where nothing was asked).
package struct DailyDemand: Sendable {
    /// The first day.
    package private(set) var firstDay: CivilDate?
    /// The number of days.
    package var dayCount: Int { demand.first?.count ?? 0 }
    /// Each juice's demand by day (juices by their index, as the caller numbered them).
    package private(set) var demand: [[Double]]
    /// Each juice's served units by day.
    package private(set) var served: [[Double]]
    /// Which days the calendar closed (`apply(_:)`; empty, or one flag per day).
    package private(set) var closed: [Bool] = []
    /// The row of each day seen (by day number), and each row's counts: demand then served, a pair per juice.
    private var rowOfDay: [Int: Int] = [:]
    private var rows: [[Int]] = []
    /// The day of the last record counted and its row (a history's records come day by day: no look-up for most).
    private var lastDay: (day: Int, row: Int)?
    private let juiceCount: Int

    /// An empty tally for `juiceCount` juices.
    package init(juiceCount: Int) {
        self.juiceCount = juiceCount
        demand = Array(repeating: [], count: juiceCount)
        served = Array(repeating: [], count: juiceCount)
    }

    /// Counts `record` for the juice numbered `juice`.
    package mutating func add(_ record: SaleRecord, juice: Int) {
        guard juice >= 0, juice < juiceCount else { return }
        let day = record.time.date.dayNumber
        let row: Int
        if let lastDay, lastDay.day == day {
            row = lastDay.row
        } else if let known = rowOfDay[day] {
            row = known
        } else {
            row = rows.count
            rowOfDay[day] = row
            rows.append(Array(repeating: 0, count: 2 * juiceCount))
        }
        lastDay = (day, row)
        rows[row].withUnsafeMutableBufferPointer { counts in
            counts[2 * juice] += record.count
            if record.result == .served { counts[2 * juice + 1] += record.count }
        }
    }

    /// Adds `other`'s counts (a tally of the same juices, not yet laid out) to this one's.
    package mutating func merge(_ other: DailyDemand) {
        for (day, otherRow) in other.rowOfDay {
            let counts = other.rows[otherRow]
            if let row = rowOfDay[day] {
                rows[row].withUnsafeMutableBufferPointer { mine in
                    for index in counts.indices { mine[index] += counts[index] }
                }
            } else {
                rowOfDay[day] = rows.count
                rows.append(counts)
            }
        }
        lastDay = nil
    }

    /// Lays the tally out day by day, from the first day to the last (only days in `from`…`to` when given).
    package mutating func finish(from: CivilDate? = nil, to: CivilDate? = nil) {
        guard let first = rowOfDay.keys.min(), let last = rowOfDay.keys.max() else {
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
        // Juice by juice, day after day, into one block each for demand and served; then a series per juice.
        let days = end - start + 1
        var demandBlock = [Double](repeating: 0, count: juiceCount * days)
        var servedBlock = demandBlock
        demandBlock.withUnsafeMutableBufferPointer { demandBlock in
            servedBlock.withUnsafeMutableBufferPointer { servedBlock in
                for (day, row) in rowOfDay where day >= start && day <= end {
                    rows[row].withUnsafeBufferPointer { counts in
                        for juice in 0..<juiceCount {
                            demandBlock[juice * days + day - start] = Double(counts[2 * juice])
                            servedBlock[juice * days + day - start] = Double(counts[2 * juice + 1])
                        }
                    }
                }
            }
        }
        demand = (0..<juiceCount).map { Array(demandBlock[($0 * days)..<(($0 + 1) * days)]) }
        served = (0..<juiceCount).map { Array(servedBlock[($0 * days)..<(($0 + 1) * days)]) }
        rowOfDay = [:]
        rows = []
        lastDay = nil
    }

    /// The laid-out days read through `calendar`: a closed day is neither demand nor history, so it takes the place of
    /// a usual day (the mean of the same weekday's last four open days, else of the last seven open days, else 0:
    /// forecasts are not dragged down, and the weeks keep their weekdays); an event day counts as a usual one (its
    /// demand divided by its factor). `closed` says which days were closed. Closed days right after the last day are
    /// added, so that the day after the series is one the shop opens.
    package mutating func apply(_ calendar: ShopCalendar) {
        guard !calendar.isEmpty, let firstDay else { return }
        // Days the shop is closed right after the last day are laid out too (as closed days), so that what follows
        // the history, for a forecast or a plan, is the next day the shop opens (at most a year ahead).
        var trailing = 0
        while trailing < 366, calendar.isClosed(firstDay.adding(days: dayCount + trailing)) { trailing += 1 }
        if trailing < 366, trailing > 0 {
            for juice in 0..<juiceCount {
                demand[juice] += Array(repeating: 0, count: trailing)
                served[juice] += Array(repeating: 0, count: trailing)
            }
        }
        let days = dayCount
        closed = (0..<days).map { calendar.isClosed(firstDay.adding(days: $0)) }
        for day in 0..<days where !closed[day] {
            let factor = calendar.factor(on: firstDay.adding(days: day))
            guard factor != 1 else { continue }
            for juice in 0..<juiceCount {
                demand[juice][day] /= factor
                served[juice][day] /= factor
            }
        }
        let closed = closed
        for day in 0..<days where closed[day] {
            // Lazily: only as far back as the days it takes (a long history with many closed days stays linear).
            let sameWeekday = Array(stride(from: day - 7, through: 0, by: -7).lazy.filter { !closed[$0] }.prefix(4))
            let recent = Array((0..<day).reversed().lazy.filter { !closed[$0] }.prefix(7))
            let usual = sameWeekday.isEmpty ? recent : sameWeekday
            for juice in 0..<juiceCount {
                demand[juice][day] = usual.isEmpty ? 0 : usual.reduce(0) { $0 + demand[juice][$1] } / Double(usual.count)
                served[juice][day] = usual.isEmpty ? 0 : usual.reduce(0) { $0 + served[juice][$1] } / Double(usual.count)
            }
        }
    }

    /// Whether the calendar closed day `day` (0 is the first).
    package func isClosed(day: Int) -> Bool { day >= 0 && day < closed.count && closed[day] }
}
