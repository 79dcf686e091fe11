import Testing

@testable import JuiceLSP

@Suite struct LineIndexTests {
    /// The protocol notes' example: on `# 🍓🍓 망고X` the token starts at scalar 5, UTF-16 7, byte 11.
    @Test func countsHangulAndEmojiInEachEncoding() {
        let index = LineIndex("version: 1\n# 🍓🍓 망고X\n")
        let offset = index.byteOffset(line: 2, scalarColumn: 6)
        #expect(offset - index.byteRange(ofLine: 1).lowerBound == 11)
        #expect(index.position(ofByteOffset: offset, in: .utf16) == TextPosition(line: 1, character: 7))
        #expect(index.position(ofByteOffset: offset, in: .utf8) == TextPosition(line: 1, character: 11))
        #expect(index.position(ofByteOffset: offset, in: .utf32) == TextPosition(line: 1, character: 5))
        for encoding in PositionEncoding.allCases {
            #expect(index.byteOffset(of: index.position(ofByteOffset: offset, in: encoding), in: encoding) == offset)
        }
    }

    @Test func clampsPastTheLineAndInsideASurrogatePair() {
        let index = LineIndex("🍓a\r\nb")
        #expect(index.byteOffset(of: TextPosition(line: 0, character: 1), in: .utf16) == 0)
        #expect(index.byteOffset(of: TextPosition(line: 0, character: 99), in: .utf16) == 5)
        #expect(index.byteOffset(of: TextPosition(line: 1, character: 0), in: .utf16) == 7)
        #expect(index.byteOffset(of: TextPosition(line: 5, character: 0), in: .utf16) == 8)
        #expect(index.lineCount == 2)
    }
}
