import Foundation
import JuiceSimulation
import Synchronization
import Testing

/// Every order source tells the simulator's `progress` how far a run has come, however it is read: generated orders
/// (made in the simulator's loop or in batches), CSV and JSON Lines read line after line or in chunks on several
/// threads, and YAML lists.
@Suite("Progress of a run")
struct ProgressTests {
    /// The shares reported, in order.
    final class Reports: Sendable {
        private let shares = Mutex<[Double]>([])
        var all: [Double] { shares.withLock { $0 } }
        @Sendable func record(_ done: Double) { shares.withLock { $0.append(done) } }

        /// Checks the reports of a whole run: at least `atLeast`, rising, within 0…1, the last one the whole run.
        func expectWholeRun(atLeast minimum: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
            let shares = all
            #expect(shares.count >= minimum, "\(shares.count) reports", sourceLocation: sourceLocation)
            #expect(shares == shares.sorted(), "reports rise: \(shares.prefix(20))", sourceLocation: sourceLocation)
            #expect(shares.allSatisfy { (0...1).contains($0) }, sourceLocation: sourceLocation)
            #expect(shares.last == 1, "the last report is the whole run: \(shares.suffix(3))", sourceLocation: sourceLocation)
            #expect(shares.count <= 1_100, "about a thousand reports at most: \(shares.count)", sourceLocation: sourceLocation)
        }
    }

    /// Hides GeneratedOrders' own loop, so that the simulator takes the batch path.
    typealias InBatches = BatchesOnly<GeneratedOrders>

    /// Runs `source` with a simulator whose progress goes to a new `Reports`.
    static func run(_ source: inout some OrderSource) throws -> (SimulationReport, Reports) {
        let reports = Reports()
        var simulator = Simulator(menu: SimulationSupport.menu)
        simulator.progress = reports.record
        return (try simulator.run(&source, stock: SimulationSupport.stock), reports)
    }

    @Test("generated orders report as they are made, in the simulator's loop and in batches")
    func generated() throws {
        var fused = try GeneratedOrders(count: 3_000_000, seed: 3, weights: [1, 1, 1, 1, 1, 1, 1])
        let (made, fusedReports) = try Self.run(&fused)
        #expect(made.orders == 3_000_000)
        fusedReports.expectWholeRun(atLeast: 3)
        var batched = InBatches(inner: try GeneratedOrders(count: 50_000, seed: 3, weights: [1, 1, 1, 1, 1, 1, 1]))
        let (read, batchReports) = try Self.run(&batched)
        #expect(read.orders == 50_000)
        batchReports.expectWholeRun(atLeast: 10)
    }

    @Test("a small CSV or JSON Lines file read line after line reports, from its first batch to its end")
    func smallLineFiles() throws {
        let csv = try ChunkedOrderFileTests.write(String(repeating: "banana-juice,1\nkiwi-juice,2\n", count: 10), extension: "csv")
        let jsonLines = try ChunkedOrderFileTests.write(String(repeating: "{\"juice\": \"banana-juice\"}\n", count: 9_000), extension: "jsonl")
        defer {
            try? FileManager.default.removeItem(atPath: csv)
            try? FileManager.default.removeItem(atPath: jsonLines)
        }
        var small = try FileOrders(path: csv, menu: SimulationSupport.menu)
        let (report, reports) = try Self.run(&small)
        #expect(report.orders == 20)
        reports.expectWholeRun()
        var lines = try FileOrders(path: jsonLines, menu: SimulationSupport.menu)
        let (linesReport, linesReports) = try Self.run(&lines)
        #expect(linesReport.orders == 9_000)
        linesReports.expectWholeRun(atLeast: 3)
    }

    @Test("a large CSV file read in chunks on several threads reports chunk by chunk")
    func chunkedFile() throws {
        let path = try ChunkedOrderFileTests.csvFile(count: 20_000, seed: 4, finalBreak: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var file = try FileOrders(path: path, menu: SimulationSupport.menu)
        file.chunkSize = 4_096
        let (report, reports) = try Self.run(&file)
        #expect(report.orders > 15_000)
        // One processor reads line after line, in batches of 4,096 lines; several read 4 KB chunks.
        reports.expectWholeRun(atLeast: ProcessInfo.processInfo.activeProcessorCount > 1 ? 20 : 3)
    }

    @Test("a YAML list reports as libyaml reads through it, read whole or batch by batch", arguments: [20, 40_000])
    func yamlList(count: Int) throws {
        let (yaml, csv) = try YAMLOrderFileTests.files(count: count, seed: 8)
        defer {
            try? FileManager.default.removeItem(atPath: yaml)
            try? FileManager.default.removeItem(atPath: csv)
        }
        var whole = try FileOrders(path: yaml, menu: SimulationSupport.menu)
        let (report, reports) = try Self.run(&whole)
        #expect(report.orders == count)
        reports.expectWholeRun(atLeast: count > 1_000 ? 3 : 1)
        var pieceByPiece = ChunkedOrderFileTests.LineByLine(inner: try FileOrders(path: yaml, menu: SimulationSupport.menu))
        let (batched, batchReports) = try Self.run(&pieceByPiece)
        #expect(batched == report)
        batchReports.expectWholeRun(atLeast: count > 1_000 ? 3 : 1)
    }

    @Test("without a progress handler nothing is reported and the run is the same")
    func noHandler() throws {
        var plain = try GeneratedOrders(count: 2_000_000, seed: 5, weights: [1, 2, 1, 1, 1, 1, 1])
        var simulator = Simulator(menu: SimulationSupport.menu)
        let quiet = try simulator.run(&plain, stock: SimulationSupport.stock)
        var watched = try GeneratedOrders(count: 2_000_000, seed: 5, weights: [1, 2, 1, 1, 1, 1, 1])
        let (told, reports) = try Self.run(&watched)
        #expect(quiet == told)
        #expect(!reports.all.isEmpty)
    }

    @Test("the ticker reports the first position at once, then at most once a thousandth")
    func ticker() {
        let reports = Reports()
        var ticker = ProgressTicker(total: 10_000, report: reports.record)
        for position in stride(from: 0, through: 10_000, by: 1) { ticker.reach(position) }
        #expect(reports.all.first == 0)
        #expect(reports.all.count == 1_001)
        #expect(reports.all.last == 1)
    }
}
