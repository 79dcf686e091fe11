import Foundation
import JuiceSimulation
import Testing

/// Large order files are parsed on worker threads a byte range (chunk) at a time; these tests compare that path with
/// reading line after line, with chunks small enough that lines cross every kind of boundary.
@Suite("Order files parsed in chunks")
struct ChunkedOrderFileTests {
    /// Hides FileOrders' chunked loop, so that the simulator reads the file line after line through `nextBatch`.
    typealias LineByLine = BatchesOnly<FileOrders>

    static let csvLines = [
        "banana-juice,1", "strawberry-banana-juice,2", "딸바쥬스,1", "Banana Juice,3", "\"strawberry juice\",1", "mango-kiwi-juice",
        "kiwi-juice, 2", "pineapple-juice,1\r", "# a comment, with a comma", "", "망고키위주스,1", "mango-juice,12", "kiwi-juice,",
        "# " + String(repeating: "long comment ", count: 40),
        // Over 24 bytes: names this long are found by a loop rather than three fixed words.
        "Strawberry - Banana   Juice,2",
        // RFC 4180 quoting: quoted names and counts, spaces after the closing quote.
        "\"mango-kiwi-juice\",\"2\"", "\"Banana Juice\" ,3", "\"kiwi-juice\"",
    ]

    /// A CSV file of `count` random lines from `csvLines` (seeded), with a header and, if asked, no final line feed.
    static func csvFile(count: Int, seed: UInt64, finalBreak: Bool) throws -> String {
        var state = seed
        var text = "juice,count\n"
        for index in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            text += csvLines[Int(state >> 33) % csvLines.count]
            if index < count - 1 || finalBreak { text += "\n" }
        }
        return try write(text, extension: "csv")
    }

    static func write(_ text: String, extension ext: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-chunks-\(UUID().uuidString).\(ext)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func reports(path: String, chunkSize: Int) throws -> (chunked: SimulationReport, lineByLine: SimulationReport) {
        var chunked = try FileOrders(path: path, menu: SimulationSupport.menu)
        chunked.chunkSize = chunkSize
        var lineByLine = LineByLine(inner: try FileOrders(path: path, menu: SimulationSupport.menu))
        var first = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 25))
        var second = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 25))
        return (try first.run(&chunked, stock: SimulationSupport.stock), try second.run(&lineByLine, stock: SimulationSupport.stock))
    }

    @Test("chunked CSV gives the same report as line after line, for chunks from 1 byte up", arguments: [1, 7, 64, 333, 4_096])
    func sameReport(chunkSize: Int) throws {
        for (seed, finalBreak) in [(UInt64(1), true), (2, false), (3, true)] {
            // Tiny chunks cost a read and a hand-over each: fewer lines for them.
            let path = try Self.csvFile(count: chunkSize < 8 ? 150 : 700, seed: seed, finalBreak: finalBreak)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (chunked, lineByLine) = try Self.reports(path: path, chunkSize: chunkSize)
            #expect(chunked == lineByLine)
            #expect(chunked.orders > (chunkSize < 8 ? 80 : 400), "comments and blank lines are skipped; the rest are orders")
        }
    }

    @Test("chunked JSON Lines gives the same report as line after line")
    func jsonLines() throws {
        var text = ""
        for index in 0..<300 {
            text += index % 3 == 0 ? "{\"juice\": \"banana-juice\", \"count\": 2}\n" : "{\"juice\": \"딸바쥬스\"}\n"
            if index % 50 == 0 { text += "\n" }
        }
        let path = try Self.write(text, extension: "jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunkSize in [5, 100, 1_000] {
            let (chunked, lineByLine) = try Self.reports(path: path, chunkSize: chunkSize)
            #expect(chunked == lineByLine)
            #expect(chunked.orders == 300)
        }
    }

    @Test(
        "a problem deep in a chunked file is reported at its line in the file, as line after line reports it",
        arguments: [("bananna-jiuce,1", OrderSourceErrorKind.unknownJuice), ("banana-juice,two", .malformed), ("banana-juice,0", .malformed)])
    func problemLine(bad: String, kind: OrderSourceErrorKind) throws {
        var lines = (1...2_000).map { $0 % 7 == 0 ? "kiwi-juice,1" : "banana-juice,1" }
        lines[1_234] = bad
        let path = try Self.write("juice,count\n" + lines.joined(separator: "\n") + "\n", extension: "csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reference = try FileOrders(path: path, menu: SimulationSupport.menu)
        let expected = #expect(throws: OrderSourceError.self) { try reference.validate() }
        #expect(expected?.line == 1_236, "the header is line 1, so lines[1234] is line 1236")
        #expect(expected?.kind == kind)
        for chunkSize in [37, 1_000, 8_192] {
            var chunked = try FileOrders(path: path, menu: SimulationSupport.menu)
            chunked.chunkSize = chunkSize
            var simulator = Simulator(menu: SimulationSupport.menu)
            let thrown = #expect(throws: OrderSourceError.self) { _ = try simulator.run(&chunked, stock: SimulationSupport.stock) }
            #expect(thrown == expected)
        }
    }

    @Test("a file whose reading stops at a problem is closed, whichever way it was read")
    func noDescriptorLeak() throws {
        let path = try Self.write("juice,count\n" + String(repeating: "banana-juice,1\n", count: 300) + "bananna,1\n", extension: "csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The descriptors open on this file (other tests of the run open files of their own meanwhile: only these count).
        func openFiles() -> Int {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return descriptors.count { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }
        }
        #expect(openFiles() == 0)
        for round in 0..<200 {
            var simulator = Simulator(menu: SimulationSupport.menu)
            if round % 2 == 0 {
                var source = LineByLine(inner: try FileOrders(path: path, menu: SimulationSupport.menu))
                #expect(throws: OrderSourceError.self) { _ = try simulator.run(&source, stock: SimulationSupport.stock) }
            } else {
                var source = try FileOrders(path: path, menu: SimulationSupport.menu)
                source.chunkSize = 512
                #expect(throws: OrderSourceError.self) { _ = try simulator.run(&source, stock: SimulationSupport.stock) }
            }
        }
        // A worker thread of the chunked read lets go of its pipeline (and with it the file) as it exits, which on a
        // busy machine may be a moment after the run returned: wait for that (a leak never ends), at most 30 s.
        var open = openFiles()
        for _ in 0..<600 where open > 0 {
            usleep(50_000)
            open = openFiles()
        }
        #expect(open == 0, "every reading of the file closed it")
    }

    @Test("a CSV count is at most 100,000,000, as in JSON Lines and YAML, whichever way the file is read")
    func countBound() throws {
        for (count, accepted) in [("100000000", true), ("100000001", false), ("999999999", false), ("99999999", true)] {
            let path = try Self.write("juice,count\n" + String(repeating: "kiwi-juice,1\n", count: 40) + "banana-juice,\(count)\n", extension: "csv")
            defer { try? FileManager.default.removeItem(atPath: path) }
            for chunkSize in [64, 1 << 18] {
                var source = try FileOrders(path: path, menu: SimulationSupport.menu)
                source.chunkSize = chunkSize
                var simulator = Simulator(menu: SimulationSupport.menu)
                if accepted {
                    let report = try simulator.run(&source, stock: SimulationSupport.stock)
                    #expect(report.refused[SimulationSupport.index("banana-juice")] == Int(count))
                } else {
                    let thrown = #expect(throws: OrderSourceError.self) { _ = try simulator.run(&source, stock: SimulationSupport.stock) }
                    #expect(thrown?.line == 42)
                    #expect(thrown?.kind == .malformed)
                }
            }
        }
    }

    @Test("runValidated: the first problem is thrown and no report comes back")
    func validatedRun() throws {
        let path = try Self.write("juice,count\n" + String(repeating: "banana-juice,1\n", count: 5_000) + "kiwi-juice,-1\n", extension: "csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var file = try FileOrders(path: path, menu: SimulationSupport.menu)
        file.chunkSize = 1_024
        var simulator = Simulator(menu: SimulationSupport.menu)
        let thrown = #expect(throws: OrderSourceError.self) { _ = try simulator.runValidated(file, stock: SimulationSupport.stock) }
        #expect(thrown?.line == 5_002)
    }
}

enum OrderSourceErrorKind: Sendable {
    case unknownJuice, malformed, other
}

extension OrderSourceError {
    var line: Int? {
        switch self {
        case .unknownJuice(_, let line, _, _, _), .malformed(_, let line, _, _): return line
        default: return nil
        }
    }

    var kind: OrderSourceErrorKind {
        switch self {
        case .unknownJuice: return .unknownJuice
        case .malformed: return .malformed
        default: return .other
        }
    }
}
