import Foundation
import JuiceSimulation
import Testing

/// JSON Lines in the plain shape are read without `JSONSerialization`; every line, plain or not, gives exactly what
/// `JSONSerialization` gives (the same orders, or the same problem at the same place).
@Suite("JSON Lines read directly")
struct PlainJSONOrderTests {
    static let lines = [
        #"{"juice": "banana-juice", "count": 2}"#,
        #"{"count": 2, "juice": "banana-juice"}"#,
        #"{"juice":"banana-juice"}"#,
        "  {\"juice\" : \"Banana Juice\" ,\t\"count\" : 3 }  ",
        "{\"juice\": \"banana-juice\", \"count\": 2}\r",
        #"{"juice": "딸바쥬스", "count": 1}"#,
        #"{"juice": "딸기바나나", "count": 1}"#,
        #"{"juice": "망고키위주스"}"#,
        #"{"juice": "bananna-juice"}"#,
        #"{"juice": "banana\u002djuice"}"#,
        #"{"juice": "banana-juice", "count": 0}"#,
        #"{"juice": "banana-juice", "count": -1}"#,
        #"{"juice": "banana-juice", "count": 2.0}"#,
        #"{"juice": "banana-juice", "count": 2e0}"#,
        #"{"juice": "banana-juice", "count": 02}"#,
        #"{"juice": "banana-juice", "count": 100000000}"#,
        #"{"juice": "banana-juice", "count": 100000001}"#,
        #"{"juice": "banana-juice", "count": 123456789012345678901234}"#,
        #"{"juice": "banana-juice", "count": "2"}"#,
        #"{"juice": "banana-juice", "count": true}"#,
        #"{"juice": "banana-juice", "juice": "kiwi-juice"}"#,
        #"{"juice": "banana-juice", "size": 2}"#,
        #"{"juice": 5}"#,
        #"{"count": 2}"#,
        "{}",
        "[1]",
        #"{"juice": "banana-juice"} x"#,
        #"{"juice": "banana-juice",}"#,
        #"{"juice": "banana-juice""#,
        #""banana-juice""#,
        "{\"juice\": \"kiwi\tjuice\"}",
        #"{"juice": "", "count": 1}"#,
        #"{"juice": "juice", "count": 1}"#,
        #"{"juice": "kiwi-juice", "count": 1}{"#,
    ]

    /// The lines above that are orders of known juices.
    static let plain = [0, 1, 2, 3, 4, 5, 7]

    static func outcome(_ path: String, plain: Bool) -> Result<SimulationReport, OrderSourceError> {
        do throws(OrderSourceError) {
            var orders = try FileOrders(path: path, menu: SimulationSupport.menu)
            orders.readsPlainJSON = plain
            var simulator = Simulator(menu: SimulationSupport.menu)
            return .success(try simulator.run(&orders, stock: SimulationSupport.stock))
        } catch {
            return .failure(error)
        }
    }

    @Test("each line gives what JSONSerialization gives", arguments: lines)
    func sameAsJSONSerialization(line: String) throws {
        // After a line that is read either way, so that a problem's line number is 2.
        let path = try ChunkedOrderFileTests.write(#"{"juice": "kiwi-juice"}"# + "\n" + line + "\n", extension: "jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = Self.outcome(path, plain: true)
        let general = Self.outcome(path, plain: false)
        #expect(plain == general)
    }

    @Test func plainLinesAreOrders() throws {
        let path = try ChunkedOrderFileTests.write(Self.plain.map { Self.lines[$0] }.joined(separator: "\n") + "\n", extension: "jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try Self.outcome(path, plain: true).get()
        #expect(report.orders == 7)
        let banana = SimulationSupport.index("banana-juice")
        #expect(report.served[banana] + report.refused[banana] == 2 + 2 + 1 + 3 + 2)
    }

    /// Many lines, in chunks on worker threads: the same report either way.
    @Test func largeFilesGiveTheSameReport() throws {
        var text = ""
        for index in 0..<30_000 {
            text += Self.lines[Self.plain[index % Self.plain.count]] + "\n"
        }
        let path = try ChunkedOrderFileTests.write(text, extension: "jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = try Self.outcome(path, plain: true).get()
        #expect(plain == (try Self.outcome(path, plain: false).get()))
        #expect(plain.orders == 30_000)
    }
}
