import Dispatch
import JuiceCore
import JuiceSimulation

/// Random days ahead drawn from an outlook: each scenario is every juice's demand on each day of the horizon, and the
/// fruit those demands need through the recipes. A scenario is drawn from its own stream (`SeededRandom.scenario`), so
/// the same seed gives the same scenarios on any number of cores, and one can be drawn again.
struct DemandScenarios: Sendable {
    /// The demand to draw from.
    let outlook: DemandOutlook
    /// The recipes, as arrays.
    let menu: CompiledMenu
    /// The run's seed.
    let seed: UInt64
    /// Which of the run's independent sets of scenarios this is (the search and the evaluation use different ones).
    let stream: UInt64

    /// The largest demand one juice has on one day in a scenario: beyond it, a draw is cut (no shop sells more).
    static let largestDraw = 1_000_000_000

    /// The number of scenarios each task draws.
    static let chunk = 256

    /// Scenario `index`'s demand: `juiceDemand[day * juices + juice]` units (overwritten).
    func draw(_ index: Int, into juiceDemand: inout [Int]) {
        var random = SeededRandom.scenario(index, of: seed, stream: stream)
        let juices = menu.juices.count
        for day in 0..<outlook.horizon {
            for juice in 0..<juices {
                juiceDemand[day * juices + juice] = min(Self.largestDraw, outlook.juices[juice].draw(day: day, using: &random))
            }
        }
    }

    /// The fruit `juiceDemand` needs over the whole horizon (overwritten), saturating rather than overflowing.
    func fruitNeeded(by juiceDemand: [Int], into fruit: inout [Int]) {
        for index in fruit.indices { fruit[index] = 0 }
        let juices = menu.juices.count
        for day in 0..<outlook.horizon {
            for juice in 0..<juices {
                let units = juiceDemand[day * juices + juice]
                guard units > 0 else { continue }
                for item in menu.recipeStart[juice]..<menu.recipeStart[juice + 1] {
                    let (need, overflow) = units.multipliedReportingOverflow(by: menu.ingredientAmount[item])
                    let (sum, overflowSum) = fruit[menu.ingredientFruit[item]].addingReportingOverflow(need)
                    fruit[menu.ingredientFruit[item]] = overflow || overflowSum ? Int.max : sum
                }
            }
        }
    }

    /// The fruit needed by each of the first `count` scenarios, scenario by scenario (`count × fruits` values).
    func fruitDemand(count: Int) -> [Int] {
        let fruits = menu.fruits.count
        var table = [Int](repeating: 0, count: count * fruits)
        let chunks = (count + Self.chunk - 1) / Self.chunk
        table.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let rows = buffer
            // Each chunk writes only its own scenarios' rows.
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var juiceDemand = [Int](repeating: 0, count: outlook.horizon * menu.juices.count)
                var fruit = [Int](repeating: 0, count: fruits)
                for index in (chunk * Self.chunk)..<min(count, (chunk + 1) * Self.chunk) {
                    draw(index, into: &juiceDemand)
                    fruitNeeded(by: juiceDemand, into: &fruit)
                    for f in 0..<fruits { rows[index * fruits + f] = fruit[f] }
                }
            }
        }
        return table
    }
}
