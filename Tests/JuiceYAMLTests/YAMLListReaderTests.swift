import Foundation
import JuiceYAML
import Testing

/// `YAMLListReader` hands over a top-level list item by item, with true positions, and stops at the first problem.
@Suite struct YAMLListReaderTests {
    /// One item as the tests see it: its position and its text (a scalar's, or a mapping's entries).
    struct Item: Equatable, CustomStringConvertible {
        var at: At
        var text: String
        var description: String { "\(at) \(text)" }
    }

    /// The items of `text` (written to a file) and the problem that stopped reading (as `line:column message`), read
    /// with `readAll` or `readSome`.
    static func read(_ text: String, limits: YAMLLimits? = nil, piecewise: Bool = false) throws -> (items: [Item], problem: String?) {
        try read(bytes: Array(text.utf8), limits: limits, piecewise: piecewise)
    }

    static func read(
        bytes: [UInt8], limits: YAMLLimits? = nil, piecewise: Bool = false, stopAfter: Int = .max
    ) throws -> (items: [Item], problem: String?) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString).yaml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = YAMLListReader(file: try MappedFile(path: path), limits: limits ?? YAMLListReader.defaultLimits)
        var items: [Item] = []
        let visit = { (item: YAMLNodeID, document: borrowing YAMLDocument) -> Bool in
            let text =
                document.kind(of: item) == .mapping
                ? document.entries(of: item).map { "\(document.string($0.key))=\(document.string($0.value))" }.joined(separator: ",")
                : document.string(item)
            items.append(Item(at: At(document.location(of: item)), text: text))
            return items.count < stopAfter
        }
        var problem: YAMLError?
        if piecewise {
            while list.readSome(visit) {}
            problem = list.problem
        } else {
            problem = list.readAll(visit)
        }
        return (items, problem.map { "\($0.location.line):\($0.location.column) \($0.message)" })
    }

    @Test func itemsComeInOrderWithTheirPositions() throws {
        let text = "# orders\n- banana-juice\n- {juice: kiwi-juice, count: 2}\n-   \"딸기쥬스\"\n- juice: mango-juice\n  count: 3\n"
        for piecewise in [false, true] {
            let (items, problem) = try Self.read(text, piecewise: piecewise)
            #expect(problem == nil)
            #expect(
                items == [
                    Item(at: At(2, 3), text: "banana-juice"),
                    Item(at: At(3, 3), text: "juice=kiwi-juice,count=2"),
                    Item(at: At(4, 5), text: "딸기쥬스"),
                    Item(at: At(5, 3), text: "juice=mango-juice,count=3"),
                ])
        }
    }

    @Test func anEmptyListHasNoItems() throws {
        let (items, problem) = try Self.read("[]\n")
        #expect(items.isEmpty)
        #expect(problem == nil)
    }

    @Test(arguments: [
        ("banana: 1\n", "1:1 expected a list (lines starting with '- '), found a mapping"),
        ("banana-juice\n", "1:1 expected a list (lines starting with '- '), found 'banana-juice'"),
        ("\n\n  42\n", "3:3 expected a list (lines starting with '- '), found the number 42"),
    ])
    func aTopLevelOtherThanAListIsRefused(text: String, expected: String) throws {
        let (items, problem) = try Self.read(text)
        #expect(items.isEmpty)
        #expect(problem == expected)
    }

    @Test(arguments: ["", "# nothing but a comment\n", "\u{FEFF}"])
    func anEmptyFileIsReported(text: String) throws {
        let (items, problem) = try Self.read(text)
        #expect(items.isEmpty)
        #expect(problem?.hasPrefix("1:1 the file is empty") == true, "\(String(describing: problem))")
    }

    /// Items before a problem are handed over; the item holding it and everything after are not.
    @Test func readingStopsAtTheFirstProblem() throws {
        let cases: [(text: String, before: Int, problem: String)] = [
            ("- a\n- b\n- *x\n- c\n", 2, "3:3 alias '*x' is not supported"),
            ("- a\n- {juice: b, juice: c}\n- d\n", 1, "2:14 duplicate key 'juice'"),
            ("- a\n- b\n- [c\n- d\n", 2, "5:1 YAML syntax error"),
            ("- a\n- !!python/object b\n- c\n", 1, "2:3 unsupported tag '!!python/object'"),
            ("- a\n- {<<: {b: 1}}\n", 1, "2:4 merge key '<<' is not supported"),
            ("- a\n---\n- b\n", 1, "2:1 more than one YAML document"),
            ("- a\n- {1: b}\n", 1, "2:4 mapping key must be a string"),
        ]
        for (text, before, expected) in cases {
            for piecewise in [false, true] {
                let (items, problem) = try Self.read(text, piecewise: piecewise)
                #expect(items.count == before, "\(text.debugDescription)")
                #expect(problem?.hasPrefix(expected) == true, "\(text.debugDescription): \(String(describing: problem))")
            }
        }
    }

    @Test func encodingProblemsAreFoundBeforeAnyItem() throws {
        let (items, problem) = try Self.read(bytes: Array("- a\n- b\u{FEFF}c\n".utf8))
        #expect(items.isEmpty)
        #expect(problem?.hasPrefix("2:4 byte order mark (U+FEFF) in the middle of the file") == true, "\(String(describing: problem))")
        let (_, utf16) = try Self.read(bytes: [0xFF, 0xFE, 0x2D, 0x00, 0x20, 0x00, 0x61, 0x00])
        #expect(utf16 == "1:1 the file is UTF-16 (little-endian); save it as UTF-8")
        let (before, invalid) = try Self.read(bytes: Array("- a\n- b".utf8) + [0xC3, 0x28] + Array("\n- c\n".utf8))
        #expect(before.count <= 1)
        #expect(invalid?.hasPrefix("2:4 invalid UTF-8 byte at offset 7") == true, "\(String(describing: invalid))")
    }

    @Test func aTabInTheIndentationIsNamed() throws {
        let (_, problem) = try Self.read("- juice: a\n\tcount: 2\n")
        #expect(problem == "2:1 tab character used for indentation; YAML allows only spaces")
    }

    /// The node limit bounds one item: a list of many small items passes, one large item fails where it passes it.
    @Test func theNodeLimitBoundsOneItem() throws {
        let limits = YAMLLimits(maxFileBytes: .max, maxDepth: 8, maxNodes: 6, maxScalarBytes: 64)
        let many = String(repeating: "- {juice: a, count: 2}\n", count: 1_000)
        let (items, problem) = try Self.read(many, limits: limits)
        #expect(problem == nil)
        #expect(items.count == 1_000)
        let (before, tooLarge) = try Self.read("- a\n- {juice: a, count: 2, extra: 3}\n- b\n", limits: limits)
        #expect(before.count == 1)
        #expect(tooLarge == "2:24 an item of the list holds more than 6 YAML nodes")
        let (_, long) = try Self.read("- \(String(repeating: "x", count: 65))\n", limits: limits)
        #expect(long == "1:3 a value of 65 bytes; the limit is 64")
        let (_, deep) = try Self.read(
            "- [[[[[[[[[x]]]]]]]]]\n", limits: YAMLLimits(maxFileBytes: .max, maxDepth: 8, maxNodes: 100, maxScalarBytes: 64))
        #expect(deep == "1:10 nesting deeper than 8 levels")
    }

    /// The document seen during a visit holds the list and the current item only.
    @Test func eachItemIsDroppedOnceVisited() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString).yaml").path
        try Data(String(repeating: "- {juice: banana-juice, count: 2}\n", count: 50_000).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = YAMLListReader(file: try MappedFile(path: path))
        var largest = 0
        var count = 0
        let problem = list.readAll { _, document in
            largest = max(largest, document.nodeCount)
            count += 1
            return true
        }
        #expect(problem == nil)
        #expect(count == 50_000)
        #expect(largest == 6, "the list, the item's mapping and its two keys and two values")
    }

    /// A large file is read on two threads (`readAll`) or piece by piece (`readSome`); both see the same items.
    @Test func largeFilesReadTheSameEitherWay() throws {
        var text = ""
        for index in 0..<40_000 { text += index % 3 == 1 ? "- {juice: j\(index), count: \(index % 7 + 1)}\n" : "- j\(index)\n" }
        let whole = try Self.read(text)
        let pieces = try Self.read(text, piecewise: true)
        #expect(whole.problem == nil)
        #expect(whole.items.count == 40_000)
        #expect(whole.items == pieces.items)
        #expect(whole.items.last == Item(at: At(40_000, 3), text: "j39999"))
        // A problem deep in a large file stops both at the same place.
        let broken = text + "- [oops\n" + text
        let wholeBroken = try Self.read(broken)
        let piecesBroken = try Self.read(broken, piecewise: true)
        #expect(wholeBroken.items.count == 40_000)
        #expect(piecesBroken.items.count == 40_000)
        #expect(wholeBroken.problem == piecesBroken.problem)
        #expect(
            wholeBroken.problem?.hasPrefix("40003:3 YAML syntax error: did not find expected") == true, "\(String(describing: wholeBroken.problem))")
    }

    @Test func theVisitorCanStopReading() throws {
        let (items, problem) = try Self.read(bytes: Array("- a\n- b\n- c\n- [broken\n".utf8), stopAfter: 2)
        #expect(items.map(\.text) == ["a", "b"])
        #expect(problem == nil)
    }

    /// NEL, LS and PS inside quoted values do not end lines, however many there are (the sparse line map).
    @Test func unicodeSeparatorsKeepPositionsTrue() throws {
        let text = "- \"a\u{85}b\"\n- \"c\u{2028}d\u{2029}e\" \n- x\n- {juice: \"\u{85}\u{85}\", count: 2}\n- y\n"
        let (items, problem) = try Self.read(text)
        #expect(problem == nil)
        #expect(items.map(\.at) == [At(1, 3), At(2, 3), At(3, 3), At(4, 3), At(5, 3)])
        let (_, late) = try Self.read("- \"a\u{2028}b\"\n- \"c\u{85}d\" ]\n")
        #expect(late?.hasPrefix("2:9 YAML syntax error") == true, "\(String(describing: late))")
    }

    /// The README's example: an item's location prints as `file:line:column`, and `describe` names it.
    @Test func itemsPrintAsInTheREADME() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString).yaml").path
        try Data("# today\n- banana-juice\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = YAMLListReader(file: try MappedFile(path: path))
        var printed: [String] = []
        let problem = list.readAll { item, document in
            printed.append("\(document.location(of: item)) \(document.describe(item))")
            return true
        }
        #expect(problem == nil)
        #expect(printed == ["\(path):2:3 'banana-juice'"])
    }

    @Test func aMissingFileIsAReadError() {
        #expect(throws: FileReadError.self) { try MappedFile(path: "/nonexistent/orders.yaml") }
        #expect(throws: FileReadError(path: "/tmp", reason: "not a regular file")) { try MappedFile(path: "/tmp") }
    }
}
