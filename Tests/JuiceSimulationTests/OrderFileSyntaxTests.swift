import Foundation
import JuiceSimulation
import Testing

/// What order files may hold: JSON Lines keys, CSV quoting (RFC 4180), empty files. Every case is read three ways
/// (line after line, in small chunks on worker threads, and for JSON Lines without the plain-shape reader), which
/// must agree.
@Suite("Order file syntax")
struct OrderFileSyntaxTests {
    /// The outcome of reading `text` (a file with extension `ext`) every way, after checking that they agree.
    static func outcome(_ text: String, extension ext: String) throws -> Result<SimulationReport, OrderSourceError> {
        let path = try ChunkedOrderFileTests.write(text, extension: ext)
        defer { try? FileManager.default.removeItem(atPath: path) }
        func run(chunkSize: Int?, plain: Bool) -> Result<SimulationReport, OrderSourceError> {
            do throws(OrderSourceError) {
                var file = try FileOrders(path: path, menu: SimulationSupport.menu)
                file.readsPlainJSON = plain
                var simulator = Simulator(menu: SimulationSupport.menu)
                if let chunkSize {
                    file.chunkSize = chunkSize
                    return .success(try simulator.run(&file, stock: SimulationSupport.stock))
                }
                var lines = ChunkedOrderFileTests.LineByLine(inner: file)
                return .success(try simulator.run(&lines, stock: SimulationSupport.stock))
            } catch {
                return .failure(error)
            }
        }
        let reference = run(chunkSize: nil, plain: true)
        #expect(run(chunkSize: 9, plain: true) == reference, "chunked")
        #expect(run(chunkSize: nil, plain: false) == reference, "without the plain-shape reader")
        return reference.mapError { error in
            // Name the file as the test wrote it, so that expectations need not know the temporary path.
            guard case .malformed(_, let line, let column, let problem) = error else {
                if case .unknownJuice(_, let line, let column, let name, let suggestion) = error {
                    return .unknownJuice(path: "f", line: line, column: column, name: name, suggestion: suggestion)
                }
                return error
            }
            return .malformed(path: "f", line: line, column: column, problem: problem)
        }
    }

    @Test(
        "JSON Lines: an unknown key is an error at its line and column, with a suggestion",
        arguments: [
            (#"{"juice": "banana-juice", "cuont": 7}"#, 27, "unknown key 'cuont' in an order; did you mean 'count'?"),
            (#"{"cuont": 7, "juice": "banana-juice"}"#, 2, "unknown key 'cuont' in an order; did you mean 'count'?"),
            (#"{"juice": "banana-juice", "size": {"count": 2}}"#, 27, "unknown key 'size' in an order; an order has 'juice' and 'count'"),
            (#"{"juice": "banana-juice", "count": 1, "note": "no ice"}"#, 39, "unknown key 'note' in an order; an order has 'juice' and 'count'"),
        ])
    func unknownKey(line: String, column: Int, message: String) throws {
        let outcome = try Self.outcome(#"{"juice": "kiwi-juice"}"# + "\n" + line + "\n", extension: "jsonl")
        guard case .failure(.malformed("f", 2, column, let problem)) = outcome else {
            Issue.record("expected a problem at 2:\(column), got \(outcome)")
            return
        }
        #expect(problem.text(in: .english) == message)
    }

    @Test(
        "JSON Lines: a key given twice is an error at the second, however it is written",
        arguments: [
            (#"{"juice": "banana-juice", "juice": "kiwi-juice"}"#, "juice", 27, 2),
            (#"{"juice": "banana-juice", "count": 1, "count": 2}"#, "count", 39, 27),
            (#"{"juice": "banana-juice", "ju\u0069ce": "kiwi-juice"}"#, "juice", 27, 2),
        ])
    func duplicateKey(line: String, key: String, column: Int, first: Int) throws {
        let outcome = try Self.outcome(line + "\n", extension: "jsonl")
        #expect(outcome == .failure(.malformed(path: "f", line: 1, column: column, problem: .duplicateKey(key, firstColumn: first))))
        #expect(
            OrderFileProblem.duplicateKey(key, firstColumn: first).text(in: .english)
                == "duplicate key '\(key)' in an order (first at column \(first)); remove one of them")
    }

    @Test("CSV: quoted fields follow RFC 4180 (doubled quotes, commas inside, a quoted count, a quoted header)")
    func quotedFields() throws {
        let report = try Self.outcome(
            "\"juice\",\"count\"\n\"banana-juice\",2\n\"mango-kiwi-juice\",\"1\"\n\"Banana Juice\" ,1\n\"kiwi-juice\"\n", extension: "csv"
        ).get()
        #expect(report.orders == 4)
        let banana = SimulationSupport.index("banana-juice")
        #expect(report.served[banana] + report.refused[banana] == 3)
        #expect(report.served[SimulationSupport.index("mango-kiwi-juice")] == 1)
        #expect(report.served[SimulationSupport.index("kiwi-juice")] == 1)
    }

    @Test(
        "CSV: quoted names are read as written, quotes and commas included",
        arguments: [
            (
                "\"Banana \"\"Juice\"\"\",1\n",
                OrderSourceError.unknownJuice(path: "f", line: 1, column: 2, name: "Banana \"Juice\"", suggestion: "Banana Juice")
            ),
            ("\"kiwi, juice\",2\n", .unknownJuice(path: "f", line: 1, column: 2, name: "kiwi, juice", suggestion: "Kiwi Juice")),
            ("\"banana-juice,2\n", .malformed(path: "f", line: 1, column: 1, problem: .unclosedQuotedField)),
            ("\"banana-juice\"x,2\n", .malformed(path: "f", line: 1, column: 15, problem: .textAfterClosingQuote)),
            ("banana-juice,\"2\n", .malformed(path: "f", line: 1, column: 14, problem: .unclosedQuotedCount)),
            ("banana-juice,\"0\"\n", .malformed(path: "f", line: 1, column: 14, problem: .badCount(limit: 100_000_000, found: .text("\"0\"")))),
        ])
    func quotedProblems(text: String, expected: OrderSourceError) throws {
        #expect(try Self.outcome(text, extension: "csv") == .failure(expected))
    }

    @Test(
        "an empty order file (or one of comments and blank lines) holds no orders, and the report says so",
        arguments: [("", "csv"), ("juice,count\n# nothing today\n\n", "csv"), ("\n\n", "jsonl")])
    func emptyFile(text: String, ext: String) throws {
        let report = try Self.outcome(text, extension: ext).get()
        #expect(report.orders == 0)
        let renderer = ReportRenderer(book: SimulationSupport.book, language: .english)
        #expect(renderer.render(report, as: .text, source: "today.csv").hasPrefix("no orders: today.csv holds none\n\n"))
        #expect(renderer.plan(report, menu: SimulationSupport.menu, source: "today.csv") == "nothing to plan: today.csv holds no orders.\n")
        let korean = ReportRenderer(book: SimulationSupport.book, language: .korean)
        #expect(korean.plan(report, menu: SimulationSupport.menu, source: "today.csv") == "계획할 것이 없어요: today.csv에 주문이 없어요.\n")
    }
}
