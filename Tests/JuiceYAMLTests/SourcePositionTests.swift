import JuiceYAML
import Testing

/// `SourcePosition` turns byte offsets into the same 1-based line and scalar column libyaml reports.
@Suite struct SourcePositionTests {
    private func position(_ offset: Int, in text: String) -> At {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            let (line, column) = SourcePosition.lineAndColumn(ofByteOffset: offset, in: bytes)
            return At(line, column)
        }
    }

    private func line(_ number: Int, of text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            String(decoding: SourcePosition.lineText(number, in: bytes), as: UTF8.self)
        }
    }

    @Test func startOfText() {
        #expect(position(0, in: "abc") == At(1, 1))
    }

    @Test func afterEmojiAColumnPerScalar() {
        // "a🍓b": 🍓 takes bytes 1..<5, so b is at byte 5.
        #expect(position(5, in: "a🍓b") == At(1, 3))
    }

    @Test func afterKoreanAColumnPerSyllable() {
        // Each syllable is three bytes.
        #expect(position(9, in: "딸기바나나") == At(1, 4))
    }

    @Test(arguments: [
        ("a\nb", 2, At(2, 1)),
        ("a\r\nb", 3, At(2, 1)),
        ("a\rb", 2, At(2, 1)),
        ("a🍓b\r\n한글c", 14, At(2, 3)),
        ("x\r\n\r\n  y", 7, At(3, 3)),
    ])
    func afterLineBreaks(text: String, offset: Int, expected: At) {
        #expect(position(offset, in: text) == expected)
    }

    @Test func offsetPastTheEndStopsAtTheEnd() {
        #expect(position(100, in: "ab\ncd") == At(2, 3))
    }

    @Test func lineTextWithoutBreaks() {
        let text = "first\r\n두 번째\rthird\nlast"
        #expect(line(1, of: text) == "first")
        #expect(line(2, of: text) == "두 번째")
        #expect(line(3, of: text) == "third")
        #expect(line(4, of: text) == "last")
        #expect(line(5, of: text) == "")
    }
}
