#if canImport(Glibc)
import Glibc
#endif
import JuiceCore
import Testing

import JuicePlanning

/// The parallel chunked read (`DemandTally.read(path:book:workers:chunkSize:)`) against the plain one, line by line
/// in order (`HistoryReader.read(path:_:)` into one `DemandTally`), on random histories.
@Suite struct HistoryChunkTests {
    let book = RecipeBook(
        fruits: [],
        juices: [
            Juice(id: "banana-juice", name: LocalizedName(english: "Banana Juice"), recipe: []),
            Juice(id: "kiwi-juice", name: LocalizedName(korean: "키위 주스", english: "Kiwi, Ripe"), recipe: []),
        ], store: Store())

    /// A random history: CSV (columns in any order, a BOM, quoted fields with commas, CRLF or LF, blank lines) or JSON
    /// Lines, with good rows and bad ones (a zero count, an impossible date, a juice not on the menu, a missing
    /// field, an unclosed quote), the last line with or without its line feed.
    func history(seed: UInt64, rows: Int, badShare: Double, format: HistoryFormat) -> String {
        var random = SeededRandom(seed: seed)
        func pick(_ count: Int) -> Int { min(count - 1, Int(random.unit() * Double(count))) }
        let names = ["banana-juice", "kiwi-juice", "Kiwi, Ripe", "키위 주스", "Banana Juice"]
        var columns = ["time", "juice", "count"] + (random.unit() < 0.5 ? ["result"] : [])
        for index in columns.indices.reversed() { columns.swapAt(index, pick(index + 1)) }
        var lines: [String] = []
        if format == .csv { lines.append((random.unit() < 0.3 ? "\u{FEFF}" : "") + columns.joined(separator: ",")) }
        for _ in 0..<rows {
            if random.unit() < 0.05 {
                lines.append(random.unit() < 0.5 ? "" : "  ")
                continue
            }
            var time = "2026-0\(1 + pick(3))-\(10 + pick(18))T\(10 + pick(12)):15:00"
            var juice = names[pick(names.count)]
            var count = "\(1 + pick(9))"
            var broken = ""
            if random.unit() < badShare {
                switch pick(5) {
                case 0: count = "0"
                case 1: time = "2026-02-30T10:00:00"
                case 2: juice = "mango-juice"
                case 3: broken = "missing"
                default: broken = "quote"
                }
            }
            let result = ["served", "refused", "", "Refused"][pick(4)]
            if format == .jsonLines {
                var members = ["\"time\": \"\(time)\"", "\"juice\": \"\(juice)\"", "\"count\": \(count)"]
                if broken == "missing" { members.removeLast() }
                if !result.isEmpty { members.append("\"result\": \"\(result)\"") }
                lines.append(broken == "quote" ? "{\"time\": \"\(time)" : "{" + members.joined(separator: ", ") + "}")
                continue
            }
            let quoted = juice.contains(",") || random.unit() < 0.2
            let values: [String: String] = ["time": time, "juice": quoted ? "\"\(juice)\"" : juice, "count": count, "result": result]
            var fields = columns.map { values[$0] ?? "" }
            if broken == "missing" { fields.removeLast() }
            if broken == "quote" { fields[0] = "\"" + fields[0] }
            lines.append(fields.joined(separator: ","))
        }
        var text = ""
        for line in lines { text += line + (random.unit() < 0.3 ? "\r\n" : "\n") }
        if random.unit() < 0.5, text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    func write(_ text: String, suffix: String) throws -> String {
        let path = "/tmp/juice-chunks-\(UInt32.random(in: 0...UInt32.max)).\(suffix)"
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        return path
    }

    @Test(arguments: [HistoryFormat.csv, .jsonLines])
    func chunksGiveWhatTheLineByLineReadGives(_ format: HistoryFormat) throws {
        for seed in UInt64(0)..<12 {
            // Mostly under `maxErrors` problems; every sixth history over it (the first ones kept must agree).
            let text = history(seed: seed, rows: seed % 6 == 5 ? 700 : 120, badShare: seed % 6 == 5 ? 0.4 : 0.1, format: format)
            let path = try write(text, suffix: format.rawValue)
            defer { remove(path) }
            var plain = DemandTally(book: book, file: path)
            let plainProblems = try HistoryReader.read(path: path) { plain.add($0) }
            let expectedProblems = plainProblems + plain.errors
            let expected = plain.finish()
            #expect(expected.dayCount > 0)
            if seed % 6 == 5 { #expect(plainProblems.count == HistoryReader.maxErrors) } else { #expect(!expectedProblems.isEmpty) }
            // Chunks from one byte (a boundary inside every line) to one larger than the file.
            for chunkSize in [1, 2, 7, 64, 1_000, 1 << 20] {
                for workers in [1, 2, 3] {
                    var (tally, problems) = try DemandTally.read(path: path, book: book, workers: workers, chunkSize: chunkSize)
                    let demand = tally.finish()
                    #expect(problems == expectedProblems, "seed \(seed), chunks of \(chunkSize), \(workers) workers")
                    #expect(demand.demand == expected.demand && demand.served == expected.served && demand.firstDay == expected.firstDay)
                }
            }
        }
    }

    /// Juices are looked up by the bytes of their names (`NameTable`): many names (the table grows), names one byte
    /// apart, Korean ones; a name the menu does not know is reported at each of its lines, naming the file.
    @Test func juicesLookedUpByTheirBytes() throws {
        let juices = (0..<300).map { Juice(id: JuiceID("j-\($0)"), name: LocalizedName(korean: "주스 \($0)", english: nil), recipe: []) }
        let book = RecipeBook(fruits: [], juices: juices, store: Store())
        var text = "time,juice,count\n"
        for round in 1...3 {
            for index in 0..<300 { text += "2026-01-0\(round)T10:00:00,\(index % 2 == 0 ? "j-\(index)" : "주스 \(index)"),\(round)\n" }
            text += "2026-01-0\(round)T11:00:00,j-300,1\n"
        }
        let path = try write(text, suffix: "csv")
        defer { remove(path) }
        for workers in [1, 2] {
            var (tally, problems) = try DemandTally.read(path: path, book: book, workers: workers, chunkSize: 997)
            #expect(problems.map(\.file) == [path, path, path])
            #expect(problems.map(\.line) == [302, 603, 904])
            let unknown = problems.map { problem -> String? in
                guard case .unknownJuice(let name, _) = problem.problem else { return nil }
                return name
            }
            #expect(unknown == ["j-300", "j-300", "j-300"])
            let demand = tally.finish().demand
            #expect(demand.count == 300)
            #expect(demand.allSatisfy { $0 == [1, 2, 3] })
        }
    }

    @Test func emptyHeaderlessAndMissingFiles() throws {
        // The last: no header, for an unclosed quote on each line (found by scripts/fuzz/HistoryFuzzer.swift): the
        // missing header comes after the lines' problems, as the plain read reports it.
        for text in [
            "", "\n\n", "time,juice,count", "2026-01-10T10:00:00,banana-juice,2\n", "time,juice,count\n2026-01-10T10:00:00,banana-juice,2",
            "time,\"juice,count\n\"2026-01-10,banana-juice,2\n",
        ] {
            let path = try write(text, suffix: "csv")
            defer { remove(path) }
            var plain = DemandTally(book: book, file: path)
            let problems = try HistoryReader.read(path: path) { plain.add($0) }
            let (tally, chunked) = try DemandTally.read(path: path, book: book, workers: 2, chunkSize: 3)
            #expect(chunked == problems + plain.errors, "\(text.debugDescription)")
            var copy = tally
            #expect(copy.finish().demand == plain.finish().demand)
        }
        #expect(throws: HistoryFileError.notFound("/nonexistent/sales.csv")) { try DemandTally.read(path: "/nonexistent/sales.csv", book: book) }
    }
}
