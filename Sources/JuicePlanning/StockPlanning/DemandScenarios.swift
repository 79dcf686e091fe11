import JuiceCore
import JuiceSimulation

/// Random days ahead drawn from an outlook: each scenario is every juice's demand on each day of the horizon, and the
/// fruit those demands need through the recipes. A scenario is drawn from its own stream (`SeededRandom.scenario`), so
/// the same seed gives the same scenarios on any number of cores, and one can be drawn again.
struct DemandScenarios: Sendable {
    /// The recipes, as arrays.
    let menu: CompiledMenu
    /// The days ahead.
    let horizon: Int
    /// The run's seed.
    let seed: UInt64
    /// Which of the run's independent sets of scenarios this is (the search and the evaluation use different ones).
    let stream: UInt64
    /// The outlook laid out flat for drawing: each juice's expected demand by day (`day * juices + juice`), how it is
    /// spread (0 past errors, 1 normal, 2 counts), its errors (`errors[errorStart[j]..<errorStart[j + 1]]`), and its
    /// standard deviation or variance.
    private let expected: [Double]
    private let spread: [UInt8]
    private let errorStart: [Int]
    private let errors: [Double]
    private let deviation: [Double]
    /// Each day's factor (`DemandOutlook.dayFactors`; 1 where it gives none).
    private let dayFactors: [Double]
    /// The past days whose errors every juice draws together (0: each juice draws its own; `DemandOutlook.jointDays`).
    let jointDays: Int

    /// The largest demand one juice has on one day in a scenario: beyond it, a draw is cut (no shop sells more).
    static let largestDraw = 1_000_000_000

    /// The number of scenarios each task draws.
    static let chunk = 256

    /// Scenarios of `outlook` (one model per juice of `menu`, in menu order).
    init(outlook: DemandOutlook, menu: CompiledMenu, seed: UInt64, stream: UInt64) {
        self.menu = menu
        self.seed = seed
        self.stream = stream
        horizon = outlook.horizon
        let juices = menu.juices.count
        var expected = [Double](repeating: 0, count: horizon * juices)
        var spread = [UInt8](repeating: 2, count: juices)
        var errorStart = [0]
        var errors: [Double] = []
        var deviation = [Double](repeating: 0, count: juices)
        for juice in 0..<juices {
            guard juice < outlook.juices.count else {
                errorStart.append(errors.count)
                continue
            }
            let model = outlook.juices[juice]
            for day in 0..<horizon where day < model.expected.count { expected[day * juices + juice] = max(0, model.expected[day]) }
            switch model.spread {
            case .pastErrors(let past):
                spread[juice] = past.isEmpty ? 2 : 0
                errors += past
            case .normal(let value):
                spread[juice] = 1
                deviation[juice] = value
            case .counts(let variance):
                deviation[juice] = variance
            }
            errorStart.append(errors.count)
        }
        self.expected = expected
        self.spread = spread
        self.errorStart = errorStart
        self.errors = errors
        self.deviation = deviation
        jointDays = outlook.jointDays
        dayFactors = (0..<horizon).map { $0 < outlook.dayFactors.count ? outlook.dayFactors[$0] : 1 }
    }

    /// Draws scenario `index`: each juice's demand into `juiceDemand[day * juices + juice]` and the fruit they need over
    /// the whole horizon into `fruit` (both overwritten; fruit saturates rather than overflows).
    func draw(_ index: Int, juiceDemand: inout [Int], fruit: inout [Int]) {
        draw(index, juiceDemand: &juiceDemand, fruit: &fruit, fruitsPerDay: 0)
    }

    /// Draws scenario `index` as `draw(_:juiceDemand:fruit:)` does, with the fruit each day needs apart:
    /// `fruitByDay[day * fruits + fruit]` (`horizon × fruits` values, overwritten).
    func draw(_ index: Int, juiceDemand: inout [Int], fruitByDay: inout [Int]) {
        draw(index, juiceDemand: &juiceDemand, fruit: &fruitByDay, fruitsPerDay: menu.fruits.count)
    }

    /// The number of runs of past days a scenario can start at, when every juice draws joint errors (then a scenario
    /// is wholly decided by its run: nothing else in it is random); nil otherwise.
    var jointStarts: Int? {
        guard jointDays > 0, spread.allSatisfy({ $0 == 0 }) else { return nil }
        return max(1, jointDays - horizon + 1)
    }

    /// The run of past days scenario `index` starts at (with joint errors; 0 otherwise).
    func jointStart(_ index: Int) -> Int {
        guard jointDays > 0 else { return 0 }
        var random = SeededRandom.scenario(index, of: seed, stream: stream)
        return Self.start(&random, starts: max(1, jointDays - horizon + 1))
    }

    /// The scenario that starts at run `start` of the past days (with joint errors: every scenario with that start).
    func draw(start: Int, juiceDemand: inout [Int], fruitByDay: inout [Int]) {
        draw(0, juiceDemand: &juiceDemand, fruit: &fruitByDay, fruitsPerDay: menu.fruits.count, start: start)
    }

    /// A run's start drawn from `random`.
    private static func start(_ random: inout SeededRandom, starts: Int) -> Int {
        Int(((random.next() >> 32) &* UInt64(starts)) >> 32)
    }

    /// The draw: fruit summed over the horizon (`fruitsPerDay` 0) or per day (`fruitsPerDay` the number of fruits);
    /// with joint errors, from the run `start` when given.
    private func draw(_ index: Int, juiceDemand: inout [Int], fruit: inout [Int], fruitsPerDay: Int, start: Int? = nil) {
        var random = SeededRandom.scenario(index, of: seed, stream: stream)
        let juices = menu.juices.count
        for f in fruit.indices { fruit[f] = 0 }
        // With joint errors, one run of consecutive past days for the whole scenario (its start drawn at random).
        var firstPastDay = 0
        if jointDays > 0 { firstPastDay = start ?? Self.start(&random, starts: max(1, jointDays - horizon + 1)) }
        for day in 0..<horizon {
            // A usual day's draw, times the day's factor (none on a closed day: the draws stay in step all the same).
            let factor = dayFactors[day]
            for juice in 0..<juices {
                let mean = expected[day * juices + juice]
                let units: Int
                switch spread[juice] {
                case 0 where jointDays > 0:
                    units = Self.units(factor * (mean + errors[errorStart[juice] + min(jointDays - 1, firstPastDay + day)]))
                case 0:
                    let start = errorStart[juice]
                    let count = UInt64(errorStart[juice + 1] - start)
                    let pick = Int(((random.next() >> 32) &* count) >> 32)
                    units = Self.units(factor * (mean + errors[start + pick]))
                case 1:
                    units = Self.units(factor * (mean + deviation[juice] * random.normal()))
                default:
                    let drawn = random.count(mean: factor * mean, variance: factor * factor * deviation[juice])
                    units = min(Self.largestDraw, factor == 0 ? 0 : drawn)
                }
                juiceDemand[day * juices + juice] = units
                guard units > 0 else { continue }
                let row = day * fruitsPerDay
                for item in menu.recipeStart[juice]..<menu.recipeStart[juice + 1] {
                    let (need, overflow) = units.multipliedReportingOverflow(by: menu.ingredientAmount[item])
                    let (sum, overflowSum) = fruit[row + menu.ingredientFruit[item]].addingReportingOverflow(need)
                    fruit[row + menu.ingredientFruit[item]] = overflow || overflowSum ? Int.max : sum
                }
            }
        }
    }

    /// A demand in whole units: rounded half up, never below 0, at most `largestDraw`.
    private static func units(_ value: Double) -> Int {
        guard value >= 0.5 else { return 0 }
        return value < Double(largestDraw) ? Int(value + 0.5) : largestDraw
    }

    /// The fruit needed by each of the first `count` scenarios, scenario by scenario (`count × fruits` values).
    func fruitDemand(count: Int) -> [Int] {
        rows(count: count, width: menu.fruits.count, byDay: false, scratch: {}) { drawn, _, row in
            for f in 0..<row.count { row[f] = drawn.fruit[f] }
        }
    }

    /// The rows of the first `count` scenarios, `width` values each, scenario by scenario: `row` writes a scenario's
    /// from its draw (`drawn`: the fruit summed over the horizon, or with `byDay` each day's apart, as `draw` lays
    /// them out) and `scratch`, its task's own. With joint errors a scenario is wholly decided by the run of past
    /// days it starts at: each run's row is worked out once, and every scenario takes its run's (the same numbers as
    /// drawing each, far fewer draws). The one memo of joint runs, for the stock planner's fruit demand and the
    /// purchase planner's requirements.
    func rows<Scratch>(
        count: Int, width: Int, byDay: Bool, scratch: @Sendable () -> Scratch,
        _ row: @Sendable (_ drawn: ScenarioDraw, _ scratch: inout Scratch, _ row: UnsafeMutableBufferPointer<Int>) -> Void
    ) -> [Int] {
        let fruitsPerDay = byDay ? menu.fruits.count : 0
        let buffers: @Sendable () -> ScenarioDraw = { [horizon, menu] in
            ScenarioDraw(
                juiceDemand: [Int](repeating: 0, count: horizon * menu.juices.count),
                fruit: [Int](repeating: 0, count: byDay ? horizon * menu.fruits.count : menu.fruits.count))
        }
        var table = [Int](repeating: 0, count: count * width)
        if let starts = jointStarts {
            // Each run's row once, then each scenario's copied from its run's.
            var filled = [Int](repeating: 0, count: starts * width)
            ParallelWork.fill(&filled, pieceSize: width) { start, slots in
                var drawn = buffers()
                var work = scratch()
                draw(0, juiceDemand: &drawn.juiceDemand, fruit: &drawn.fruit, fruitsPerDay: fruitsPerDay, start: start)
                row(drawn, &work, slots)
            }
            let runs = filled
            ParallelWork.fill(&table, pieceSize: Self.chunk * width) { chunk, rows in
                let first = chunk * Self.chunk
                for index in first..<min(count, first + Self.chunk) {
                    let run = jointStart(index) * width
                    for k in 0..<width { rows[(index - first) * width + k] = runs[run + k] }
                }
            }
            return table
        }
        // A piece per chunk of scenarios: its rows.
        ParallelWork.fill(&table, pieceSize: Self.chunk * width) { chunk, rows in
            var drawn = buffers()
            var work = scratch()
            let first = chunk * Self.chunk
            for index in first..<min(count, first + Self.chunk) {
                draw(index, juiceDemand: &drawn.juiceDemand, fruit: &drawn.fruit, fruitsPerDay: fruitsPerDay)
                row(drawn, &work, UnsafeMutableBufferPointer(rebasing: rows[((index - first) * width)..<((index - first + 1) * width)]))
            }
        }
        return table
    }
}

/// The buffers a task draws scenarios into: every juice's demand by day (`day * juices + juice`) and the fruit it
/// needs (over the horizon, or `day * fruits + fruit`).
struct ScenarioDraw {
    var juiceDemand: [Int]
    var fruit: [Int]
}
