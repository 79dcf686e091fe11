import JuiceCore
import JuiceRecipeText
import Testing

import JuiceLSP

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

@Suite struct LineIndexPropertyTests {
    /// Random lines of ASCII, Hangul, emoji and line breaks of every kind: every scalar boundary converts to a position
    /// in each encoding and back to itself, and positions grow with offsets.
    @Test(arguments: 1...40)
    func positionsRoundTripInEveryEncoding(seed: Int) {
        var generator = SeededRandom(seed: UInt64(seed))
        let pieces = ["a", "-", " ", ":", "딸", "기", "🍓", "🥭", "\n", "\r\n", "\r", "é", "\u{301}"]
        let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        let index = LineIndex(text)
        var boundaries: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            boundaries.append(offset)
            offset += String(scalar).utf8.count
        }
        boundaries.append(offset)
        for encoding in PositionEncoding.allCases {
            var previous: TextPosition?
            for boundary in boundaries {
                let position = index.position(ofByteOffset: boundary, in: encoding)
                let back = index.byteOffset(of: position, in: encoding)
                // A boundary inside CR LF maps to the end of its line, as editors count it.
                let isInsideLineBreak =
                    boundary > 0 && boundary < index.bytes.count && index.bytes[boundary - 1] == 0x0D && index.bytes[boundary] == 0x0A
                if !isInsideLineBreak { #expect(back == boundary, "\(encoding) \(position) in \(Array(text.utf8))") }
                if let previous { #expect(previous <= position) }
                previous = position
            }
        }
    }
}
