import JuiceYAML
import Testing

/// A part of a file parsed on its own, behind a header, numbers its lines as in the file.
@Suite struct PartParsingTests {
    /// Records where each entry's key of a streamed section is.
    struct KeyPlaces: YAMLEntryVisitor {
        var places: [String: JuiceYAML.SourceLocation] = [:]
        mutating func streamsEntries(under key: YAMLNodeID, in document: borrowing YAMLDocument) -> Bool { true }
        mutating func visitEntry(key: YAMLNodeID, value: YAMLNodeID, section: YAMLNodeID, in document: borrowing YAMLDocument) {
            places[document.string(key)] = document.location(of: key)
        }
        mutating func visitTopLevelEntry(key: YAMLNodeID, value: YAMLNodeID, streamed: Bool, in document: borrowing YAMLDocument) {
            places[document.string(key)] = document.location(of: key)
        }
    }

    func parse(_ text: String, firstLine: Int, header: String) -> (YAMLParseResult?, KeyPlaces) {
        var visitor = KeyPlaces()
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer in
            YAMLParser().parse(part: buffer, of: "menu.yaml", firstLine: firstLine, after: Array(header.utf8), visitor: &visitor)
        }
        return (result, visitor)
    }

    @Test("lines after the header are numbered from firstLine; columns and CR LF are as in the file")
    func numbering() throws {
        let (result, visitor) = parse("  b: {x: 1}\r\n\r\n  c: [2]\nstore: 3\n", firstLine: 10, header: "juices:\n")
        let parsed = try #require(result)
        #expect(parsed.errors.isEmpty)
        #expect(visitor.places["b"] == JuiceYAML.SourceLocation(file: "menu.yaml", line: 10, column: 3))
        #expect(visitor.places["c"] == JuiceYAML.SourceLocation(file: "menu.yaml", line: 12, column: 3))
        #expect(visitor.places["store"] == JuiceYAML.SourceLocation(file: "menu.yaml", line: 13, column: 1))
        #expect(visitor.places["juices"]?.line == 9)
    }

    @Test("a part whose lines only the whole file can number is refused: NEL, LS or PS, or a byte order mark")
    func refused() {
        #expect(parse("  b: x\u{85}y\n", firstLine: 5, header: "juices:\n").0 == nil)
        #expect(parse("  b: x\u{2028}y\n", firstLine: 5, header: "juices:\n").0 == nil)
        #expect(parse("\u{FEFF}  b: 1\n", firstLine: 5, header: "juices:\n").0 == nil)
        #expect(parse("  b: 1\n", firstLine: 1, header: "juices:\n").0 == nil)
        // From the first line without a header, a part is an ordinary file.
        let text = "a: x\u{85}y\n b: 1\n"
        #expect(parse(text, firstLine: 1, header: "").0?.errors == YAMLParser().parse(text, file: "menu.yaml").errors)
    }
}
