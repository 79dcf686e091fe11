import Foundation
import JuiceCore
import JuiceRecipes
import JuiceTestSupport
import Testing

@testable import JuicePlanning

/// A generated history with every property of real days on, as daily demand and each day's orders.
struct CalibrationHistory: Sendable {
    var generator: HistoryGenerator
    var book: RecipeBook
    var demand: DailyDemand
    /// Each replayed day's orders (juice, count), in time order.
    var orders: [[(juice: Int, count: Int)]]
    /// The first day replayed (its index in the series).
    var firstReplayed: Int

    /// `declaringClosures`: the book's calendar closes the days the shop sold nothing (the generator's closed days), as
    /// a shop would declare them.
    init(seed: UInt64, days: Int, replayed: Int, properties: HistoryGenerator.Properties = .realDays, declaringClosures: Bool = false) {
        var book = RecipeLoader().load(files: DefaultRecipes.files).book
        book.store = Store(defaultCapacity: 100_000)
        var generator = HistoryGenerator(juices: book.juices.map(\.id.rawValue), days: days, seed: seed, stockoutChance: 0.03)
        generator.properties = properties
        let records = generator.records()
        if declaringClosures {
            let open = Set(records.map(\.time.date.dayNumber))
            let closed = (0..<days).map { generator.start.adding(days: $0) }.filter { !open.contains($0.dayNumber) }
            book.calendar = ShopCalendar(closedDates: Set(closed))
        }
        var tally = DemandTally(book: book, file: "generated")
        var juices = HistoryJuices(book: book, file: "generated")
        for record in records { tally.add(record) }
        let demand = tally.finish()
        let first = demand.dayCount - replayed
        var orders = [[(juice: Int, count: Int)]](repeating: [], count: replayed)
        for record in records {
            let day = record.time.date.dayNumber - (demand.firstDay?.dayNumber ?? 0) - first
            guard day >= 0, let juice = juices.position(of: record) else { continue }
            orders[day].append((juice, record.count))
        }
        self.generator = generator
        self.book = book
        self.demand = demand
        self.orders = orders
        firstReplayed = first
    }

    /// The outlook of a plan that knew the true distribution of day `day`: its true expected demand (level shifts
    /// included) and `draws` days drawn from the truth as joint errors around it.
    func trueOutlook(day: Int, levels: [[Double]], draws: Int = 500) -> DemandOutlook {
        let expected = generator.expected(day: day, levels: levels[day])
        var random = SeededRandom(seed: 0x7A07 &+ UInt64(day))
        var errors = [[Double]](repeating: [], count: expected.count)
        for _ in 0..<draws {
            let counts = generator.demand(expected: expected, random: &random)
            for juice in expected.indices { errors[juice].append(Double(counts[juice]) - expected[juice]) }
        }
        var outlook = DemandOutlook(
            juices: expected.indices.map { JuiceDemandModel(expected: [expected[$0]], spread: .pastErrors(errors[$0])) }, horizon: 1)
        outlook.jointErrors = true
        return outlook
    }

    /// The reliability table of the plan (`joint` false: each juice's error drawn on its own, the plan before
    /// calibration), or of the plan that knew the truth.
    func calibration(targets: [Double], scenarios: Int, joint: Bool = true, truth: Bool = false) -> PlanCalibration {
        let planner = StockPlanner(book: book)
        let series = demand.demand
        let closed = demand.closed
        let levels = generator.levels()
        return PlanCalibration(
            days: firstReplayed..<(firstReplayed + orders.count), orders: orders, firstDay: demand.firstDay ?? generator.start, planner: planner,
            targets: targets, scenarios: scenarios, seed: 5
        ) { day in
            if truth { return trueOutlook(day: day, levels: levels) }
            // The calendar's closed days (declared or none) give the plan no past error, as juice plan's do.
            var outlook = DemandOutlook(series: series.map { Array($0[..<day]) }, horizon: 1, choice: .model(.window), closed: closed)
            outlook.jointErrors = joint
            return outlook
        }
    }
}

/// Merged rows of several histories' tables: days with no refusal, days, demanded, served, waste.
private struct Pooled {
    var allServed = 0
    var days = 0
    var demanded = 0
    var served = 0
    var waste = 0
    var achieved: ScenarioEstimate { ScenarioEstimate(successes: allServed, trials: days) }
    var fillRate: Double { demanded > 0 ? Double(served) / Double(demanded) : 1 }

    mutating func add(_ backtest: PlanBacktest) {
        allServed += backtest.days.filter(\.allServed).count
        days += backtest.days.count
        demanded += backtest.days.reduce(0) { $0 + $1.demanded }
        served += backtest.days.reduce(0) { $0 + $1.served }
        waste += backtest.waste
    }
}

private func pooled(_ tables: [PlanCalibration], targets: [Double]) -> [Pooled] {
    targets.indices.map { index in
        var pool = Pooled()
        for table in tables { pool.add(table.rows[index].backtest) }
        return pool
    }
}

@Suite struct HistoryGeneratorPropertiesTests {
    /// Switched off, the properties change nothing: the records are those of the plain generator.
    @Test func offIsThePlainGenerator() {
        let plain = HistoryGenerator(juices: ["a", "b", "c", "d"], days: 60, seed: 3)
        var off = plain
        off.properties = HistoryGenerator.Properties(spikeFactor: 4)
        #expect(off.records() == plain.records())
        var on = plain
        on.properties = .realDays
        #expect(on.records() != plain.records())
    }

    /// Each property shows in draws from the truth: overdispersion raises the variance to mean + k·mean², the day's
    /// factor makes juices move together, spikes multiply whole days, shifts move the level, closed days sell nothing.
    @Test func propertiesHaveTheirKnownEffect() {
        func draws(_ properties: HistoryGenerator.Properties) -> [[Int]] {
            var generator = HistoryGenerator(juices: ["a", "b", "c"], days: 10, seed: 9)
            generator.properties = properties
            var random = SeededRandom(seed: 11)
            return (0..<20_000).map { _ in generator.demand(expected: [20, 20, 20], random: &random) }
        }
        func stats(_ values: [Double]) -> (mean: Double, variance: Double) {
            let mean = values.reduce(0, +) / Double(values.count)
            return (mean, values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1))
        }
        func correlation(_ rows: [[Int]]) -> Double {
            let a = stats(rows.map { Double($0[0]) })
            let b = stats(rows.map { Double($0[1]) })
            let covariance = rows.reduce(0.0) { $0 + (Double($1[0]) - a.mean) * (Double($1[1]) - b.mean) } / Double(rows.count - 1)
            return covariance / (a.variance * b.variance).squareRoot()
        }
        let plain = draws(.none)
        let poisson = stats(plain.map { Double($0[0]) })
        #expect(abs(poisson.variance / poisson.mean - 1) < 0.05)
        #expect(abs(correlation(plain)) < 0.03)
        let dispersed = stats(draws(HistoryGenerator.Properties(overdispersion: 0.1)).map { Double($0[0]) })
        #expect(abs(dispersed.mean - 20) < 0.3)
        #expect(abs(dispersed.variance - (20 + 0.1 * 400)) < 4)
        // Var of a juice = 20 + 0.0625·400 = 45; their covariance 0.0625·400 = 25: correlation 25 / 45.
        #expect(abs(correlation(draws(HistoryGenerator.Properties(dayToDay: 0.25))) - 25.0 / 45) < 0.03)
        let spiky = stats(draws(HistoryGenerator.Properties(spikeChance: 0.1, spikeFactor: 3)).map { Double($0[0]) })
        #expect(abs(spiky.mean - 20 * 1.2) < 0.3)

        var shifting = HistoryGenerator(juices: ["a", "b"], days: 600, seed: 4)
        shifting.properties = HistoryGenerator.Properties(shiftChance: 0.01)
        let path = shifting.levels()
        #expect(path.count == 600 && path.allSatisfy { $0.count == 2 && $0.allSatisfy { (0.2...5).contains($0) } })
        #expect(Set(path.map { $0[0] }).count > 100, "the level moves")
        #expect(HistoryGenerator(juices: ["a"], days: 5).levels() == Array(repeating: [1], count: 5))

        var closing = HistoryGenerator(juices: ["a", "b", "c"], days: 400, seed: 4)
        closing.properties = HistoryGenerator.Properties(closedChance: 0.1)
        let open = Set(closing.records().map(\.time.date.dayNumber)).count
        #expect((330...390).contains(open), "about a tenth of 400 days closed: \(open) open")
        let closed = closing.closedDays()
        #expect(closed.count == 400 - open, "the closed days are the days with no record")
        #expect(Set(closed.map(\.dayNumber)).isDisjoint(with: closing.records().map(\.time.date.dayNumber)))
    }
}

/// The planner's promise on generated histories with every property of real days on at once (a Monte Carlo suite:
/// CI runs it on its own, after the others).
@Suite struct PlanCalibrationTests {
    static let targets = [0.80, 0.90, 0.95, 0.99]

    /// The share of days with no refusal is within 2 points of the target at 0.80, 0.90, 0.95 and 0.99, over 4
    /// histories × 400 replayed days (1,600 days: the share's standard error is 1.0 point at 0.80, 0.25 at 0.99), and
    /// the waste it spends is within a third above that of a plan that knew the true distribution of each day.
    /// Before the joint errors and the conformal aim, the same histories gave 0.99 → 0.95 (the table in
    /// docs/planning.md).
    @Test func achievedShareIsTheTargetOnRealDays() async throws {
        let histories = try await onThreadOfItsOwn {
            ParallelWork.map(4) { CalibrationHistory(seed: 40 + UInt64($0), days: 520, replayed: 400) }
        }
        let targets = Self.targets
        // The four histories' replays side by side, the plan's and the truth's.
        let tables = try await onThreadOfItsOwn {
            ParallelWork.map(8) { histories[$0 % 4].calibration(targets: targets, scenarios: 1_000, truth: $0 >= 4) }
        }
        let planned = Array(tables[..<4])
        let known = Array(tables[4...])
        let plan = pooled(planned, targets: targets)
        let truth = pooled(known, targets: targets)
        let table = targets.indices.map { index in
            "\(targets[index]): achieved \(plan[index].achieved.value) [\(plan[index].achieved.lower), \(plan[index].achieved.upper)] "
                + "fill \(plan[index].fillRate) waste \(plan[index].waste) | truth \(truth[index].achieved.value) waste \(truth[index].waste)"
        }
        if ProcessInfo.processInfo.environment["JUICE_CALIBRATION_TABLE"] != nil {
            print("calibration (plan | plan that knew the truth):\n" + table.joined(separator: "\n"))
            let before = pooled(
                try await onThreadOfItsOwn { ParallelWork.map(4) { histories[$0].calibration(targets: targets, scenarios: 1_000, joint: false) } },
                targets: targets)
            print("before (each juice's errors drawn on their own):")
            for index in targets.indices {
                print("\(targets[index]): achieved \(before[index].achieved.value) fill \(before[index].fillRate) waste \(before[index].waste)")
            }
        }
        for index in targets.indices {
            #expect(plan[index].days == 1_600)
            #expect(abs(plan[index].achieved.value - targets[index]) <= 0.02, "\(table[index])")
            #expect(Double(plan[index].waste) <= 1.33 * Double(truth[index].waste), "\(table[index])")
        }
    }

    /// With closed days too (5 % of days sell nothing) and the calendar declaring them, as a shop would: the closed
    /// days are skipped, not counted as days every order was served, and they do not drag the plan down, so the promise
    /// holds on the open days within 2 points.
    @Test func achievedShareIsTheTargetWithDeclaredClosedDays() async throws {
        var withClosures = HistoryGenerator.Properties.realDays
        withClosures.closedChance = 0.05
        let properties = withClosures
        let histories = try await onThreadOfItsOwn {
            ParallelWork.map(4) {
                CalibrationHistory(seed: 60 + UInt64($0), days: 520, replayed: 400, properties: properties, declaringClosures: true)
            }
        }
        let targets = Self.targets
        let plan = pooled(
            try await onThreadOfItsOwn { ParallelWork.map(4) { histories[$0].calibration(targets: targets, scenarios: 1_000) } }, targets: targets)
        for index in targets.indices {
            #expect((1_450..<1_600).contains(plan[index].days), "about a twentieth of 1,600 days closed: \(plan[index].days) replayed")
            let row = "\(targets[index]): achieved \(plan[index].achieved.value) over \(plan[index].days) days"
            if ProcessInfo.processInfo.environment["JUICE_CALIBRATION_TABLE"] != nil { print("with declared closed days: " + row) }
            #expect(abs(plan[index].achieved.value - targets[index]) <= 0.02, "\(row)")
        }
    }
}
