import JuiceCore
/// Sales histories with known truth, for tests, benchmarks and demos: each juice's expected daily demand follows a
/// weekday pattern and a trend, some juices sell only some days (intermittent), and on some days a fruit runs out
/// at a random hour, after which that juice's orders are refused (demand still recorded, as the shop records it).
package struct HistoryGenerator: Sendable {
    /// What one juice's demand truly is.
    package struct Truth: Sendable, Hashable {
        /// The juice's id.
        package var juice: String
        /// The mean daily demand on an average weekday at the start.
        package var base: Double
        /// The growth of the mean per day, as a share of `base` (0.002 = +0.2 % a day).
        package var trend: Double
        /// The demand of each weekday (Monday first) relative to the average (they average 1).
        package var weekday: [Double]
        /// The chance the juice sells at all on a day (1 for a juice that sells every day).
        package var saleChance: Double

        /// The expected demand `day` days after the start, on weekday `weekday` (0 = Monday).
        package func expected(day: Int, weekday index: Int) -> Double {
            base * max(0, 1 + trend * Double(day)) * weekday[index]
        }
    }

    /// The first day.
    package var start: CivilDate
    /// How many days.
    package var days: Int
    /// The seed.
    package var seed: UInt64
    /// Each juice's truth.
    package var truths: [Truth]
    /// The chance of a stockout on a day, per juice.
    package var stockoutChance: Double

    /// A generator of `days` days from `start` for the juices `ids`: a busier weekend, every fourth juice
    /// intermittent, small trends, stockouts on 3 % of juice-days.
    package init(juices ids: [String], days: Int, start: CivilDate = CivilDate(dayNumber: 20_454), seed: UInt64 = 1, stockoutChance: Double = 0.03) {
        var random = SeededRandom(seed: seed ^ 0x5EED)
        let pattern = [0.8, 0.85, 0.9, 0.95, 1.1, 1.3, 1.1]
        truths = ids.enumerated().map { index, id in
            let intermittent = index % 4 == 3
            let base = intermittent ? 0.5 + 1.5 * random.unit() : 4 + 26 * random.unit()
            return Truth(
                juice: id, base: base, trend: (random.unit() - 0.4) * 0.004, weekday: pattern,
                saleChance: intermittent ? 0.25 + 0.3 * random.unit() : 1)
        }
        self.start = start
        self.days = days
        self.seed = seed
        self.stockoutChance = stockoutChance
    }

    /// The history, day by day, in time order within each day.
    package func records() -> [SaleRecord] {
        var random = SeededRandom(seed: seed)
        var records: [SaleRecord] = []
        for day in 0..<days {
            let date = start.adding(days: day)
            var today: [SaleRecord] = []
            for truth in truths {
                let mean = truth.expected(day: day, weekday: date.weekday)
                let sells = random.unit() < truth.saleChance
                var units = sells ? random.poisson(mean / truth.saleChance) : 0
                // Refused from a random minute on, on a stockout day.
                let cutoff = random.unit() < stockoutChance ? 10 * 3600 + Int(random.unit() * 10 * 3600) : Int.max
                while units > 0 {
                    let count = units >= 2 && random.unit() < 0.3 ? 2 : 1
                    units -= count
                    let second = 10 * 3600 + Int(random.unit() * 10 * 3600)
                    today.append(
                        SaleRecord(
                            time: SaleTime(date: date, secondOfDay: second), juice: truth.juice, count: count,
                            result: second >= cutoff ? .refused : .served))
                }
            }
            records += today.sorted { $0.time < $1.time }
        }
        return records
    }

    /// The history as CSV, header first.
    package func csv() -> String {
        var out = "time,juice,count,result\n"
        for record in records() { out += "\(record.time),\(record.juice),\(record.count),\(record.result.rawValue)\n" }
        return out
    }
}
