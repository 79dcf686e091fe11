#if canImport(Glibc)
import Glibc
#endif
import JuiceCore
import Testing

import JuicePlanning

@Suite struct CivilDateTests {
    @Test func daysAndWeekdays() throws {
        let date = try #require(CivilDate(year: 2026, month: 11, day: 26))
        #expect(date.description == "2026-11-26")
        #expect(date.weekday == 3)  // a Thursday
        #expect(CivilDate(dayNumber: 0).description == "1970-01-01")
        #expect(CivilDate(year: 2024, month: 2, day: 29)?.adding(days: 1).description == "2024-03-01")
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            let (year, month, day) = CivilDate(dayNumber: number).components
            #expect(CivilDate(year: year, month: month, day: day)?.dayNumber == number)
        }
    }

    @Test(arguments: [
        ("2026-11-20T09:15:00", "2026-11-20T09:15:00"), ("2026-11-20 09:15", "2026-11-20T09:15:00"),
        ("2026-11-20T09:15:07.250Z", "2026-11-20T09:15:07"), ("2026-11-20T23:59:59+09:00", "2026-11-20T23:59:59"),
    ])
    func timesAsTillsWriteThem(_ text: String, _ expected: String) {
        #expect(SaleTime(parsing: text)?.description == expected)
    }

    @Test(arguments: ["2026-11-20", "2026-13-01T10:00", "2026-11-20T25:00", "20261120T1000", "2026-11-20T10:00+9", "2026-11-20T10:00 x"])
    func notTimes(_ text: String) {
        #expect(SaleTime(parsing: text) == nil)
    }
}

@Suite struct HistoryReaderTests {
    func read(_ text: String, _ format: HistoryFormat = .csv) -> (records: [SaleRecord], errors: [HistoryError]) {
        var records: [SaleRecord] = []
        let errors = HistoryReader.read(bytes: Array(text.utf8), name: "sales.\(format.rawValue)", format: format) { records.append($0) }
        return (records, errors)
    }

    @Test func csvWithColumnsInAnyOrderAndQuotedFields() {
        let (records, errors) = read(
            "\u{FEFF}juice,time,count,result\r\nbanana-juice,2026-11-20T09:15:00,2,served\r\n\"딸기, 주스\",2026-11-20 10:00,1,refused\n\nkiwi-juice,2026-11-21T11:00,3,\n"
        )
        #expect(errors.isEmpty)
        #expect(records.map(\.juice) == ["banana-juice", "딸기, 주스", "kiwi-juice"])
        #expect(records.map(\.count) == [2, 1, 3])
        #expect(records.map(\.result) == [.served, .refused, .served])
        #expect(records.map(\.line) == [2, 3, 5])
    }

    @Test func everyProblemAtItsLineAndColumn() {
        let (records, errors) = read(
            "time,juice,count\n2026-11-20T09:15,바나나,0\n2026-11-31T09:15,kiwi-juice,1\n2026-11-20T09:15,kiwi-juice\n2026-11-20T09:15,mango-juice,2\n")
        #expect(records.map(\.juice) == ["mango-juice"])
        #expect(errors.map { "\($0.line):\($0.column)" } == ["2:22", "3:1", "4:1"])
        #expect(errors.first?.problem == .badCount("0", limit: HistoryReader.maxCount))
        #expect(errors.first?.description(in: .english) == "sales.csv:2:22: the count must be a whole number from 1 to 1000000, not '0'")
        #expect(errors.first?.description(in: .korean).contains("1부터 1000000까지") == true)
    }

    @Test func aWrongHeaderIsReportedOnceNotOnEveryRow() {
        let (records, errors) = read("tim,juice,count\n2026-11-20T09:15,kiwi-juice,1\n2026-11-20T09:15,kiwi-juice,1\n")
        #expect(records.isEmpty)
        #expect(errors.map(\.problem) == [.unknownColumn("tim", suggestion: "time"), .missingColumn("time")])
        let (_, noHeader) = read("2026-11-20T09:15,kiwi-juice,1\n")
        #expect(noHeader.map(\.problem) == [.missingHeader(found: "2026-11-20T09:15,kiwi-juice,1")])
        #expect(read("").errors.map(\.problem) == [.missingHeader(found: "")])
    }

    @Test func jsonLines() {
        let (records, errors) = read(
            """
            {"time": "2026-11-20T09:15:00", "juice": "banana-juice", "count": 2}
            {"juice": "\\ub538\\uae30\\uc8fc\\uc2a4", "count": 1, "result": "refused", "time": "2026-11-20T10:00"}
            {"time": "2026-11-20T10:00", "juce": "kiwi-juice", "count": 1}
            [1, 2]
            {"time": "2026-11-20T10:00", "juice": "kiwi-juice", "count": 1, "count": 2}
            """, .jsonLines)
        #expect(records.map(\.juice) == ["banana-juice", "딸기주스"])
        #expect(records.map(\.result) == [.served, .refused])
        #expect(
            errors.map(\.problem) == [
                .unknownKey("juce", suggestion: "juice"), .missingKey("juice"), .notAJSONObject, .duplicateKey("count"),
            ])
        #expect(errors.first.map { "\($0.line):\($0.column)" } == "3:30")
    }

    @Test func aFileIsReadInPiecesWithTheSameResult() throws {
        let generator = HistoryGenerator(juices: ["a", "b", "c", "d"], days: 60, seed: 7)
        let text = generator.csv()
        let path = "/tmp/juice-history-\(UInt32.random(in: 0...UInt32.max)).csv"
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        defer { remove(path) }
        var fromFile: [SaleRecord] = []
        let errors = try HistoryReader.read(path: path) { fromFile.append($0) }
        #expect(errors.isEmpty)
        #expect(fromFile == read(text).records)
        #expect(fromFile.count > 1_000)
        #expect(throws: HistoryFileError.notFound("/nonexistent/sales.csv")) { try HistoryReader.read(path: "/nonexistent/sales.csv") { _ in } }
    }
    /// One CR before a line feed ends the line; a second is the line's own (found by scripts/fuzz/HistoryFuzzer.swift:
    /// the file's readers dropped both, the in-memory read one). Every read keeps it, in the header's last column here.
    @Test func aSecondCarriageReturnIsPartOfTheLine() throws {
        let text = "time,juice,count\r\r\n2026-11-20T09:15,kiwi-juice,1\r\n"
        let path = "/tmp/juice-history-\(UInt32.random(in: 0...UInt32.max)).csv"
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        defer { remove(path) }
        let expected: [HistoryProblem] = [.unknownColumn("count\r", suggestion: "count"), .missingColumn("count")]
        #expect(read(text).errors.map(\.problem) == expected)
        #expect(try HistoryReader.read(path: path) { _ in }.map(\.problem) == expected)
        let chunked = try HistoryReader.read(path: path, workers: 2, chunkSize: 3, makeSink: { 0 }, add: { count, _ in count += 1 })
        #expect(chunked.errors.map(\.problem) == expected)
        #expect(chunked.sinks.reduce(0, +) == 0)
    }

}

@Suite struct HistoryGeneratorTests {
    @Test func theSameSeedGivesTheSameHistory() {
        let a = HistoryGenerator(juices: ["x", "y"], days: 30, seed: 3).records()
        #expect(a == HistoryGenerator(juices: ["x", "y"], days: 30, seed: 3).records())
        #expect(a != HistoryGenerator(juices: ["x", "y"], days: 30, seed: 4).records())
    }

    /// Over a long history, each juice's mean daily demand is its truth's, within sampling error.
    @Test func demandFollowsTheTruth() {
        let generator = HistoryGenerator(juices: ["a", "b", "c", "d"], days: 364, seed: 11)
        var demand = DailyDemand(juiceCount: 4)
        for record in generator.records() { demand.add(record, juice: generator.truths.firstIndex { $0.juice == record.juice } ?? 0) }
        demand.finish()
        #expect(demand.dayCount == 364)
        for (index, truth) in generator.truths.enumerated() {
            let expected = (0..<364).map { truth.expected(day: $0, weekday: generator.start.adding(days: $0).weekday) }.reduce(0, +)
            let actual = demand.demand[index].reduce(0, +)
            // Poisson: the total's standard deviation is about √expected (more for intermittent juices); allow 5 of them.
            #expect(abs(actual - expected) < 5 * (expected / truth.saleChance).squareRoot(), "\(truth.juice): \(actual) vs \(expected)")
            #expect(Backtest.isIntermittent(demand.demand[index]) == (truth.saleChance < 1))
        }
        // Stockouts refuse some orders: served is below demand, never above.
        #expect(zip(demand.served.joined(), demand.demand.joined()).allSatisfy { $0 <= $1 })
        #expect(demand.served.joined().reduce(0, +) < demand.demand.joined().reduce(0, +))
    }
}
