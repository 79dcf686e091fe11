import Foundation
import JuiceCore
import JuiceSimulation
import Testing

/// YAML order lists are read item by item: the same orders as the equivalent CSV, every problem at its line, and
/// nothing served when a problem is found (`runValidated`).
@Suite("YAML order lists")
struct YAMLOrderFileTests {
    static let shapes: [(yaml: String, csv: String)] = [
        ("- banana-juice", "banana-juice,1"),
        ("- {juice: strawberry-banana-juice, count: 2}", "strawberry-banana-juice,2"),
        ("- 딸바쥬스", "딸바쥬스,1"),
        ("- juice: Banana Juice\n  count: 3", "Banana Juice,3"),
        ("- \"strawberry juice\"", "strawberry juice,1"),
        ("- {count: 2, juice: kiwi-juice}", "kiwi-juice,2"),
        ("# a comment\n- 망고키위주스", "망고키위주스,1"),
        ("- juice: mango-juice", "mango-juice,1"),
    ]

    /// The same random orders as a YAML list and as CSV (seeded).
    static func files(count: Int, seed: UInt64) throws -> (yaml: String, csv: String) {
        var state = seed
        var yaml = "# orders\n"
        var csv = "juice,count\n"
        for _ in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let shape = shapes[Int(state >> 33) % shapes.count]
            yaml += shape.yaml + "\n"
            csv += shape.csv + "\n"
        }
        return (try ChunkedOrderFileTests.write(yaml, extension: "yaml"), try ChunkedOrderFileTests.write(csv, extension: "csv"))
    }

    static func report<Source: OrderSource>(_ source: inout Source) throws -> SimulationReport {
        var simulator = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 25))
        return try simulator.run(&source, stock: SimulationSupport.stock)
    }

    /// Small files are read on one thread, large ones (over 512 KB) on two; `nextBatch` reads piece by piece.
    @Test("a YAML list gives the same report as the same orders in CSV", arguments: [50, 60_000])
    func sameAsCSV(count: Int) throws {
        let (yaml, csv) = try Self.files(count: count, seed: UInt64(count))
        defer {
            try? FileManager.default.removeItem(atPath: yaml)
            try? FileManager.default.removeItem(atPath: csv)
        }
        var yamlOrders = try FileOrders(path: yaml, menu: SimulationSupport.menu)
        var csvOrders = try FileOrders(path: csv, menu: SimulationSupport.menu)
        var pieceByPiece = ChunkedOrderFileTests.LineByLine(inner: try FileOrders(path: yaml, menu: SimulationSupport.menu))
        let expected = try Self.report(&csvOrders)
        #expect(expected.orders == count)
        #expect(try Self.report(&yamlOrders) == expected)
        #expect(try Self.report(&pieceByPiece) == expected)
        var checked = try FileOrders(path: yaml, menu: SimulationSupport.menu)
        try checked.validate()
    }

    /// The problem running `text` as an order file (YAML unless `ext` says otherwise), as `line:column: message`.
    static func problem(in text: String, extension ext: String = "yaml") throws -> String? {
        let path = try ChunkedOrderFileTests.write(text, extension: ext)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try FileOrders(path: path, menu: SimulationSupport.menu)
        var simulator = Simulator(menu: SimulationSupport.menu)
        do throws(OrderSourceError) {
            _ = try simulator.runValidated(file, stock: SimulationSupport.stock)
            return nil
        } catch {
            // The same problem through `nextBatch`, piece by piece.
            var pieces = ChunkedOrderFileTests.LineByLine(inner: try FileOrders(path: path, menu: SimulationSupport.menu))
            #expect(throws: error) { try Self.report(&pieces) }
            return String(error.description.dropFirst(path.count + 1))
        }
    }

    @Test(
        "every problem is reported at its line and column, worded for order files",
        arguments: [
            ("- banana-juice\n- bananna-juice\n", "2:3: unknown juice 'bananna-juice'; did you mean 'banana-juice'?"),
            ("- banana-juice\n- {juice: kiwi-juice, cuont: 2}\n", "2:23: unknown key 'cuont' in an order; did you mean 'count'?"),
            ("- {juice: kiwi-juice, size: large}\n", "1:23: unknown key 'size' in an order; an order has 'juice' and 'count'"),
            ("- banana-juice\n- {count: 2}\n", "2:3: an order needs 'juice', like {juice: banana-juice, count: 2}"),
            ("- {juice: kiwi-juice, count: 0}\n", "1:30: the count must be a whole number from 1 to 100000000, not the number 0"),
            ("- {juice: kiwi-juice, count: 100000001}\n", "1:30: the count must be a whole number from 1 to 100000000, not the number 100000001"),
            ("- {juice: kiwi-juice, count: two}\n", "1:30: the count must be a whole number from 1 to 100000000, not 'two'"),
            (
                "- banana-juice\n- [kiwi-juice]\n",
                "2:3: expected a juice name, like '- banana-juice' or '- {juice: banana-juice, count: 2}', not a list"
            ),
            (
                "orders:\n  - banana-juice\n",
                "1:1: expected a list of orders, like '- banana-juice' or '- {juice: banana-juice, count: 2}', found a mapping"
            ),
            ("# no orders\n", "1:1: the file holds no list of orders; expected lines like '- banana-juice' or '- {juice: banana-juice, count: 2}'"),
            ("- banana-juice\n- *kiwi\n", "2:3: alias '*kiwi' is not supported; write the value out in full"),
            ("- banana-juice\n- {juice: kiwi-juice, juice: mango-juice}\n", "2:23: duplicate key 'juice'; remove one of the entries or rename it"),
            (
                "- banana-juice\n- [kiwi-juice\n",
                "3:1: YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence at line 2, column 3); close the '[' with ']', and put ', ' between the items"
            ),
        ])
    func problems(text: String, expected: String) throws {
        let problem = try Self.problem(in: text)
        #expect(problem == expected)
    }

    @Test(
        "libyaml's syntax errors read in Korean: a plain hint where the cause is clear, else libyaml's words in Korean",
        arguments: [
            ("- \"banana\\q-juice\"\n", #"1:10: YAML 문법 오류: 큰따옴표 안의 '\' 뒤에 알 수 없는 문자가 있어요. '\'를 쓰려면 '\\'로 쓰세요 (따옴표로 감싼 값을 읽다가, 1번째 줄 3번째 칸에서 시작)"#),
            ("- !<tag banana-juice\n", "1:8: YAML 문법 오류: '!<'로 연 태그를 닫는 '>'가 없어요 (태그를 읽다가, 1번째 줄 3번째 칸에서 시작)"),
            ("- |0\n  banana-juice\n", "1:4: YAML 문법 오류: 블록 값의 들여쓰기 표시가 0이에요. 1부터 9까지 쓰세요 (블록 값('|'나 '>')을 읽다가, 1번째 줄 3번째 칸에서 시작)"),
            ("%FRUIT banana\n---\n- banana-juice\n", "1:7: YAML 문법 오류: 알 수 없는 지시어('%'로 시작하는 줄)예요 (지시어를 읽다가, 1번째 줄 1번째 칸에서 시작)"),
            ("- banana-juice\n- [kiwi-juice\n", "3:1: YAML 문법 오류: '['를 ']'로 닫고, 항목 사이에 ', '를 쓰세요"),
            ("- \"banana-juice\n", "2:1: YAML 문법 오류: 따옴표를 닫으세요: 따옴표로 연 값은 같은 따옴표로 끝나야 해요"),
            ("- {juice: kiwi-juice\n", "2:1: YAML 문법 오류: '{'를 '}'로 닫고, 항목 사이에 ', '를 쓰세요"),
        ])
    func koreanSyntax(text: String, expected: String) throws {
        let path = try ChunkedOrderFileTests.write(text, extension: "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var simulator = Simulator(menu: SimulationSupport.menu)
        do throws(OrderSourceError) {
            _ = try simulator.runValidated(try FileOrders(path: path, menu: SimulationSupport.menu), stock: SimulationSupport.stock)
            Issue.record("no problem found in \(text)")
        } catch {
            let korean = String(error.description(in: .korean).dropFirst(path.count + 1))
            #expect(korean == expected)
            #expect(!korean.contains("libyaml") && !korean.contains("while") && !korean.contains("found"))
        }
    }

    /// CSV and JSON Lines problems name their column too: the name, or the count.
    @Test(
        "CSV and JSON Lines problems name their column",
        arguments: [
            ("csv", "banana-juice,1\n\"bananna juice\",2\n", "2:2: unknown juice 'bananna juice'; did you mean 'Banana Juice'?"),
            ("csv", "juice,count\n딸바쥬스,x2\n", "2:6: the count must be a whole number from 1 to 100000000, not 'x2'"),
            ("csv", "kiwi-juice,0\n", "1:12: the count must be a whole number from 1 to 100000000, not '0'"),
            ("jsonl", "{\"count\": 2, \"juice\": \"kiwi-jiuce\"}\n", "1:24: unknown juice 'kiwi-jiuce'; did you mean 'kiwi-juice'?"),
            ("jsonl", "{\"juice\": \"kiwi-juice\", \"count\": 0}\n", "1:25: the count must be a whole number from 1 to 100000000"),
            ("jsonl", "{\"juice\": \"kiwi-juice\"\n", "1:1: expected a JSON object like {\"juice\": \"banana-juice\", \"count\": 2}"),
        ])
    func lineFormatColumns(ext: String, text: String, expected: String) throws {
        let problem = try Self.problem(in: text, extension: ext)
        #expect(problem == expected)
    }

    @Test func aMissingFileIsUnreadable() throws {
        var orders = try FileOrders(path: "/nonexistent/orders.yaml", menu: SimulationSupport.menu)
        let expected = OrderSourceError.unreadable(path: "/nonexistent/orders.yaml", reason: SystemReason(code: ENOENT))
        #expect(throws: expected) {
            try Self.report(&orders)
        }
        #expect(expected.description(in: .english) == "/nonexistent/orders.yaml: cannot be read: No such file or directory")
        #expect(expected.description(in: .korean) == "/nonexistent/orders.yaml: 읽을 수 없어요: 그런 파일이나 디렉터리가 없어요")
    }
}
