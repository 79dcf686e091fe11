import JuiceYAML
import Testing

/// Positions stay exact deep into a file, past libyaml's internal buffers.
@Suite struct LargeFileTests {
    /// 5,000 lines of `fruitN: 🍓 딸기` with CRLF line endings (each line 21–24 bytes).
    private static let lines = (1...5_000).map { "fruit\($0): 🍓 딸기" }
    private static var text: String { lines.joined(separator: "\r\n") + "\r\n" }
    private static var byteCount: Int { text.utf8.count }

    @Test func lastNodeIsPlacedExactly() throws {
        let document = try cleanDocument(Self.text)
        let root = try rootMapping(document)
        #expect(document.entries(of: root).count == 5_000)
        let last = try #require(document.value("fruit5000", in: root))
        #expect(At(document.location(of: last)) == At(5_000, 12))
        #expect(document.string(last) == "🍓 딸기")
    }

    @Test func duplicateFarDown() throws {
        let result = parse(Self.text + "fruit17: again\r\n")
        let error = try onlyError(result)
        #expect(
            error
                == .duplicateKey(
                    "fruit17", at: YAMLLocation(file: "test.yaml", line: 5_001, column: 1),
                    first: YAMLLocation(file: "test.yaml", line: 17, column: 1)))
    }

    @Test func syntaxErrorFarDown() throws {
        let error = try onlyError(parse(Self.text + "🍓: a: b\r\n"))
        guard case .syntax(_, let at) = error else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(At(at) == At(5_001, 5))
    }

    @Test func invalidByteFarDown() throws {
        let bytes = Array(Self.text.utf8) + Array("딸기: ".utf8) + [0xFF]
        let error = try onlyError(parse(bytes: bytes))
        #expect(error == .invalidUTF8(at: YAMLLocation(file: "test.yaml", line: 5_001, column: 5, byteOffset: Self.byteCount + 8)))
    }

    @Test func byteOrderMarkFarDown() throws {
        let error = try onlyError(parse(Self.text + "딸기: \u{FEFF}\r\n"))
        #expect(error == .byteOrderMarkInside(at: YAMLLocation(file: "test.yaml", line: 5_001, column: 5, byteOffset: Self.byteCount + 8)))
    }

    @Test func tabFarDown() throws {
        let error = try onlyError(parse(Self.text + "nested:\r\n\t딸기: 1\r\n"))
        #expect(error == .tabIndentation(at: YAMLLocation(file: "test.yaml", line: 5_002, column: 1)))
    }
}
