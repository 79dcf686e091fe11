import Foundation
import JuiceCore
import JuiceTestSupport
import Synchronization
import Testing

@testable import JuicePlanning

/// Banana juice (one banana) and kiwi-banana juice (one of each), with costs and prices: a profit plan searches
/// (`sharedFruitBook`, ProfitSearchTests' book).
private let twoFruitBook = sharedFruitBook()

/// Forty days of both juices' sales.
private let records: [SaleRecord] = {
    guard let first = CivilDate(year: 2026, month: 10, day: 1) else { return [] }
    return (0..<40).flatMap { day in
        (0..<(3 + day % 5)).map { order in
            SaleRecord(
                time: SaleTime(date: first.adding(days: day), secondOfDay: 36_000 + order),
                juice: order % 2 == 0 ? "banana-juice" : "kiwi-banana-juice",
                count: 1 + order % 2)
        }
    }
}()

/// `ParallelWork` is where every planning loop runs, and `isSerial` (bound by `juice serve`, whose plans must not take
/// the threads requests are answered on) keeps every one of them on the calling thread.
@Suite struct ParallelWorkTests {
    /// The loops `work` ran, with a recorder bound and loops serial or not.
    func loops(serial: Bool, _ work: () throws -> Void) rethrows -> [LoopRecorder.Loop] {
        let recorder = LoopRecorder()
        try ParallelWork.$recorder.withValue(recorder) { try ParallelWork.$isSerial.withValue(serial) { try work() } }
        return recorder.loops
    }

    /// Every loop of `work` ran through `ParallelWork` (at least one did), one after another on the calling thread.
    func expectSerial(_ what: String, _ work: () throws -> Void) rethrows {
        let seen = try loops(serial: true, work)
        #expect(!seen.isEmpty, "\(what): no loop ran through ParallelWork")
        #expect(seen.allSatisfy { $0.serial && $0.offTheCallingThread == 0 }, "\(what): \(seen)")
    }

    @Test func theStockLevelSearchSortsItsColumnsThroughParallelWork() {
        let (fruits, scenarios) = (5, 200)
        var random = SeededRandom(seed: 5)
        let demand = (0..<(fruits * scenarios)).map { _ in Int(random.unit() * 20) }
        let check = (0..<(fruits * scenarios)).map { _ in Int(random.unit() * 20) }
        let capacities = [Int](repeating: 100, count: fruits)
        let one = LoopRecorder.Loop(iterations: fruits, serial: true, offTheCallingThread: 0)
        // One loop over the fruits' columns, serial: the search once sorted them on every core whatever the switch.
        let levels = loops(serial: true) {
            _ = StockLevelSearch.levels(demand: demand, check: check, scenarios: scenarios, capacities: capacities, target: 0.9)
        }
        #expect(levels == [one])
        let ratios = [Double](repeating: 0.8, count: fruits)
        let quantiles = loops(serial: true) {
            _ = StockLevelSearch.quantiles(demand: demand, scenarios: scenarios, capacities: capacities, ratios: ratios)
        }
        #expect(quantiles == [one])
    }

    @Test func everyPlanningEntryPointRunsItsLoopsOnTheCallingThreadWhenSerial() throws {
        let settings = SalesPlanSettings(objective: .serviceLevel(0.95), scenarios: 500, seed: 7)
        expectSerial("the staff panel's plan") { _ = SalesPlanning.plan(records: records, book: twoFruitBook, settings: settings, onHand: [3, 1]) }
        var tally = DemandTally(book: twoFruitBook, file: "test")
        for record in records { tally.add(record) }
        let series = tally.finish().demand
        expectSerial("the outlook") { _ = DemandOutlook(series: series, horizon: 2, choice: .auto) }
        expectSerial("the forecasts") { _ = ParallelForecasts.run(series, choice: .auto, horizon: 3, level: 0.9, backtestDays: 14) }
        let planner = StockPlanner(book: twoFruitBook)
        let outlook = DemandOutlook(series: series, horizon: 1, choice: .auto)
        for objective in [PlanObjective.serviceLevel(0.9), .profit] {
            expectSerial("a \(objective) plan") { _ = planner.plan(outlook, objective: objective, onHand: [0, 0], scenarios: 300, seed: 3) }
        }
        let search = ProfitSearch(outlook: outlook, menu: planner.menu, costs: [2, 5], spoils: [true, true], scenarios: 300, seed: 3)
        expectSerial("the profit search") { _ = search.profit([5, 3]) }
        expectSerial("the scenarios") { _ = DemandScenarios(outlook: outlook, menu: planner.menu, seed: 3, stream: 1).fruitDemand(count: 300) }
    }

    @Test func aHistoryReadInChunksReadsThemOneAfterAnotherWhenSerial() throws {
        var text = "time,juice,count\n"
        for day in 10...28 { text += "2026-01-\(day)T10:00:00,banana-juice,\(day % 4 + 1)\n2026-01-\(day)T11:00:00,kiwi-banana-juice,1\n" }
        let path = NSTemporaryDirectory() + "juice-parallel-\(UInt32.random(in: 0...UInt32.max)).csv"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var plain = DemandTally(book: twoFruitBook, file: path)
        _ = try HistoryReader.read(path: path) { plain.add($0) }
        let expected = plain.finish()
        var read: (tally: DemandTally, problems: [HistoryError])?
        let seen = try loops(serial: true) { read = try DemandTally.read(path: path, book: twoFruitBook, workers: 3, chunkSize: 64) }
        // Two passes (count the lines, then read them), each over the three workers, one after another.
        let pass = LoopRecorder.Loop(iterations: 3, serial: true, offTheCallingThread: 0)
        #expect(seen == [pass, pass])
        var tally = try #require(read).tally
        let demand = tally.finish()
        #expect(demand.demand == expected.demand && demand.served == expected.served && demand.firstDay == expected.firstDay)
    }

    /// The recorder tells the two ways apart: without the switch, loops go to every core.
    @Test func withoutTheSwitchLoopsRunOnEveryCore() {
        let seen = loops(serial: false) { _ = ParallelWork.map(64) { $0 } }
        #expect(seen.count == 1)
        #expect(seen.first?.serial == false)
        #expect(seen.first?.iterations == 64)
    }

    @Test(arguments: [false, true])
    func mapAndFillGiveEachIndexItsOwnResult(serial: Bool) {
        ParallelWork.$isSerial.withValue(serial) {
            #expect(ParallelWork.map(0) { $0 }.isEmpty)
            #expect(ParallelWork.map(1_000) { $0 * $0 } == (0..<1_000).map { $0 * $0 })
            for count in [0, 1, 6, 7, 8, 100] {
                var array = [Int](repeating: -1, count: count)
                ParallelWork.fill(&array, pieceSize: 7) { piece, slots in
                    for offset in slots.indices { slots[offset] = piece * 1_000 + offset }
                }
                #expect(array == (0..<count).map { ($0 / 7) * 1_000 + $0 % 7 }, "\(count) elements")
            }
        }
    }

    /// No planning source runs a loop on every core but through `ParallelWork`, where `isSerial` is honoured.
    @Test func noPlanningSourceCallsConcurrentPerformOfItsOwn() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/JuicePlanning").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.contains("Compute/ParallelWork.swift"))
        for file in files where file != "Compute/ParallelWork.swift" {
            let calls = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8).contains("concurrentPerform")
            #expect(!calls, "\(file) calls concurrentPerform: use ParallelWork.map or .fill")
        }
    }

    /// Nothing in the package's sources or tests hands work to Dispatch's global queues: on Linux their threads are
    /// the ones Swift concurrency's cooperative pool runs on (as many as there are cores), so a blocking read or a
    /// loop there stalls every async task of the process (a server's requests, a store's transactions, the tests'
    /// in-process servers). Blocking work goes to a thread of its own, loops to `ComputeThreads`.
    @Test func nothingRunsOnDispatchsGlobalQueues() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        var checked = 0
        for folder in ["Sources", "Tests", "Benchmarks"] {
            let base = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let file as String in enumerator where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: base.appendingPathComponent(file).path, encoding: .utf8)
                checked += 1
                // (Spelled apart here, so that this file does not find itself.)
                #expect(!text.contains("DispatchQueue" + ".global"), "\(folder)/\(file) uses a global queue: use a Thread or ComputeThreads")
            }
        }
        #expect(checked > 100, "the package's sources were found")
    }

    /// The process's compute threads run every index of a loop exactly once, also for loops started inside a loop's
    /// work and for loops started from several threads at once.
    @Test func computeThreadsRunEveryIndexOnce() async throws {
        let pool = ComputeThreads.shared
        #expect(pool.helpers == max(0, ProcessInfo.processInfo.activeProcessorCount - 1))
        let counts = Mutex([Int](repeating: 0, count: 200))
        pool.perform(200) { index in
            // A loop inside a loop: its caller takes what no helper does, so it finishes.
            pool.perform(4) { _ in counts.withLock { $0[index] += 1 } }
        }
        #expect(counts.withLock { $0 } == [Int](repeating: 4, count: 200))
        // Four threads each running loops at once.
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for caller in 0..<4 {
                group.addTask {
                    try await onThreadOfItsOwn { (0..<50).map { _ in ParallelWork.map(97) { $0 * caller } }.map { $0.reduce(0, +) }.reduce(0, +) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums.sorted() == (0..<4).map { 50 * $0 * (96 * 97 / 2) })
    }

    /// Async code computes through `ComputeThreads.run`: on a thread of its own, never the cooperative pool's, its loops
    /// one after another when asked to be serial (a server) and on every core otherwise.
    @Test func runLeavesTheCooperativePool() async {
        let recorder = LoopRecorder()
        @Sendable func work() -> Bool {
            // (A task's locals do not reach another thread: the recorder is bound there.)
            // No task runs here: the thread is not one of the cooperative pool's.
            let outsideTasks = withUnsafeCurrentTask { $0 == nil }
            return ParallelWork.$recorder.withValue(recorder) { ParallelWork.map(8) { $0 }.count == 8 } && outsideTasks
        }
        let serialOnItsOwn = await ComputeThreads.run(serial: true, work)
        let parallelOnItsOwn = await ComputeThreads.run(work)
        #expect(serialOnItsOwn && parallelOnItsOwn)
        #expect(recorder.loops.map(\.serial) == [true, false])
    }
}
