import JuiceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The properties of real demand switched on (none by default: each juice's demand Poisson, independent of the
    /// others, its level only the weekday pattern and trend).
    package var properties: Properties = .none

    /// Properties of real demand, each switched off by 0: known truth for checking that a plan keeps its promise.
    package struct Properties: Sendable, Hashable {
        /// Busy and quiet days for every juice at once: each day's demand of every juice is multiplied by one factor,
        /// gamma distributed with mean 1 and this coefficient of variation (0.25: a quarter either way is usual).
        package var dayToDay: Double
        /// Overdispersion: each juice's daily count is negative binomial with variance mean + this × mean² (a
        /// Poisson whose mean is gamma distributed with this squared coefficient of variation).
        package var overdispersion: Double
        /// The chance, per juice and day, of a level shift and trend break: the juice's level jumps by a factor
        /// between e^−0.4 and e^0.4 and its growth changes to between −0.2 % and +0.2 % a day (level kept within
        /// ⅕ to 5 times the start).
        package var shiftChance: Double
        /// The chance of a single-day spike: every juice's demand of the day multiplied by `spikeFactor`.
        package var spikeChance: Double
        /// The multiplier of a spike day.
        package var spikeFactor: Double
        /// The chance the shop is closed on a day: no sale at all recorded (zero sales that are not zero demand).
        package var closedChance: Double

        /// Properties as given (each 0 switches it off).
        package init(
            dayToDay: Double = 0, overdispersion: Double = 0, shiftChance: Double = 0, spikeChance: Double = 0, spikeFactor: Double = 2.5,
            closedChance: Double = 0
        ) {
            self.dayToDay = dayToDay
            self.overdispersion = overdispersion
            self.shiftChance = shiftChance
            self.spikeChance = spikeChance
            self.spikeFactor = spikeFactor
            self.closedChance = closedChance
        }

        /// None: the generator's plain demand.
        package static let none = Properties()
        /// Every property of real days the plan must keep its promise on, at once (closed days apart: a declared
        /// calendar handles those): day-to-day factor 0.25, overdispersion 0.1, a shift per juice every 150 days on
        /// average, a spike of 2.5 times on 2 % of days.
        package static let realDays = Properties(dayToDay: 0.25, overdispersion: 0.1, shiftChance: 1.0 / 150, spikeChance: 0.02)
    }

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

    /// Each juice's level by day (`[day][juice]`), as a multiple of its truth's expected demand: 1 throughout
    /// without shifts; with them, the known path of its level shifts and trend breaks (drawn from a stream of its own,
    /// so that the records' draws are the same with and without them).
    package func levels() -> [[Double]] {
        let juices = truths.count
        guard properties.shiftChance > 0 else { return Array(repeating: Array(repeating: 1, count: juices), count: days) }
        var random = SeededRandom(seed: seed ^ 0x5417_F75E)
        var level = [Double](repeating: 1, count: juices)
        var growth = [Double](repeating: 0, count: juices)
        var path: [[Double]] = []
        path.reserveCapacity(days)
        for _ in 0..<days {
            for juice in 0..<juices {
                if random.unit() < properties.shiftChance {
                    level[juice] *= exp(0.8 * random.unit() - 0.4)
                    growth[juice] = 0.004 * random.unit() - 0.002
                }
                level[juice] = min(5, max(0.2, level[juice] * (1 + growth[juice])))
            }
            path.append(level)
        }
        return path
    }

    /// Each juice's expected demand on day `day` (from the start) given its level that day (`levels()[day]`): what
    /// is known before the day begins. The day's factor, a spike and the count's own spread are still to come.
    package func expected(day: Int, levels: [Double]) -> [Double] {
        let weekday = start.adding(days: day).weekday
        return truths.indices.map { truths[$0].expected(day: day, weekday: weekday) * levels[$0] }
    }

    /// One draw of every juice's demand on day `day` from the true distribution, given its expected demand `expected`
    /// (`expected(day:levels:)`): the day's factor, a spike, who sells, the counts, as the records draw them.
    package func demand(expected: [Double], random: inout SeededRandom) -> [Int] {
        let factor = dayFactor(random: &random)
        return truths.indices.map { count(truths[$0], expected: expected[$0] * factor, random: &random) }
    }

    /// The day's factor shared by every juice: busy or quiet (gamma, mean 1), times `spikeFactor` on a spike day.
    private func dayFactor(random: inout SeededRandom) -> Double {
        var factor = 1.0
        if properties.dayToDay > 0 {
            let shape = 1 / (properties.dayToDay * properties.dayToDay)
            factor = random.gamma(shape: shape) / shape
        }
        if properties.spikeChance > 0, random.unit() < properties.spikeChance { factor *= properties.spikeFactor }
        return factor
    }

    /// One juice's count on a day whose expected demand is `expected`: whether it sells, then Poisson (or negative
    /// binomial with overdispersion) around its mean on the days it sells.
    private func count(_ truth: Truth, expected: Double, random: inout SeededRandom) -> Int {
        guard random.unit() < truth.saleChance else { return 0 }
        var mean = expected / truth.saleChance
        if properties.overdispersion > 0 {
            let shape = 1 / properties.overdispersion
            mean *= random.gamma(shape: shape) / shape
        }
        return random.poisson(mean)
    }

    /// The history, day by day, in time order within each day.
    package func records() -> [SaleRecord] { history().records }

    /// The days the shop was closed (`Properties.closedChance`): known truth, the days a calendar would declare.
    package func closedDays() -> [CivilDate] { history().closed }

    /// The records and the days closed, from one stream of draws.
    private func history() -> (records: [SaleRecord], closed: [CivilDate]) {
        var random = SeededRandom(seed: seed)
        var records: [SaleRecord] = []
        var closed: [CivilDate] = []
        let path = levels()
        for day in 0..<days {
            let date = start.adding(days: day)
            if properties.closedChance > 0, random.unit() < properties.closedChance {
                closed.append(date)
                continue
            }
            var today: [SaleRecord] = []
            let factor = dayFactor(random: &random)
            let means = expected(day: day, levels: path[day])
            for (index, truth) in truths.enumerated() {
                var units = count(truth, expected: means[index] * factor, random: &random)
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
        return (records, closed)
    }

    /// The history as CSV, header first.
    package func csv() -> String {
        var out = "time,juice,count,result\n"
        for record in records() { out += "\(record.time),\(record.juice),\(record.count),\(record.result.rawValue)\n" }
        return out
    }
}
