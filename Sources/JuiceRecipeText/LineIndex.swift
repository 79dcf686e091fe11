/// How an editor counts the characters of a line (the protocol's `PositionEncodingKind`).
package enum PositionEncoding: String, Sendable, Hashable, CaseIterable {
    /// Bytes of UTF-8.
    case utf8 = "utf-8"
    /// Code units of UTF-16: the protocol's default, which every client understands.
    case utf16 = "utf-16"
    /// Unicode scalars (what libyaml's columns count, 0-based here).
    case utf32 = "utf-32"

    /// The units `scalar` takes in this encoding.
    func width(of scalar: UInt32) -> Int {
        switch self {
        case .utf8: return scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
        case .utf16: return scalar < 0x10000 ? 1 : 2
        case .utf32: return 1
        }
    }
}

/// A 0-based line and character, characters counted in a `PositionEncoding` (the protocol's `Position`).
package struct TextPosition: Hashable, Sendable, Comparable {
    /// The 0-based line.
    package var line: Int
    /// The 0-based character in the line, in the encoding agreed with the client.
    package var character: Int

    /// The position at `line` and `character`.
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Orders positions by line, then character.
    package static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.character < rhs.character
    }
}

/// Where each line of one UTF-8 text starts, to turn byte offsets, libyaml's 1-based scalar columns and editor
/// positions into one another. CR LF, CR and LF each end a line, as libyaml and the protocol count them.
package struct LineIndex: Sendable {
    /// The text.
    package let bytes: [UInt8]
    /// The byte offset where each line starts (the first is 0).
    private let lineStarts: [Int]

    /// The index of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The index of `text`'s UTF-8.
    package init(_ text: String) { self.init(Array(text.utf8)) }

    /// The number of lines (a text ending in a line break has an empty last line).
    package var lineCount: Int { lineStarts.count }

    /// The byte range of the 0-based `line`, without its line break; an empty range at the end past the last line.
    package func byteRange(ofLine line: Int) -> Range<Int> {
        guard line >= 0 else { return 0..<0 }
        guard line < lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The 0-based line holding `offset` (clamped to the text).
    package func line(ofByteOffset offset: Int) -> Int {
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The byte offset of libyaml's 1-based `line` and 1-based scalar `column` (clamped to the line).
    package func byteOffset(line: Int, scalarColumn column: Int) -> Int {
        byteOffset(of: TextPosition(line: line - 1, character: column - 1), in: .utf32)
    }

    /// The byte offset of `position` counted in `encoding`: clamped to the end of its line (and of the text), and to the
    /// start of a character it falls inside (half of a surrogate pair).
    package func byteOffset(of position: TextPosition, in encoding: PositionEncoding) -> Int {
        if position.line >= lineStarts.count { return bytes.count }
        let range = byteRange(ofLine: position.line)
        var offset = range.lowerBound
        var units = 0
        while offset < range.upperBound {
            let (scalar, length) = decode(at: offset, limit: range.upperBound)
            let width = encoding.width(of: scalar)
            if units + width > position.character { break }
            units += width
            offset += length
        }
        return offset
    }

    /// The position of the byte `offset` counted in `encoding` (an offset inside a character counts as its start).
    package func position(ofByteOffset offset: Int, in encoding: PositionEncoding) -> TextPosition {
        let offset = min(max(0, offset), bytes.count)
        let line = line(ofByteOffset: offset)
        let range = byteRange(ofLine: line)
        var index = range.lowerBound
        var units = 0
        while index < min(offset, range.upperBound) {
            let (scalar, length) = decode(at: index, limit: range.upperBound)
            if index + length > offset { break }
            units += encoding.width(of: scalar)
            index += length
        }
        return TextPosition(line: line, character: units)
    }

    /// The position of libyaml's 1-based `line` and scalar `column`, counted in `encoding`.
    package func position(line: Int, scalarColumn column: Int, in encoding: PositionEncoding) -> TextPosition {
        position(ofByteOffset: byteOffset(line: line, scalarColumn: column), in: encoding)
    }

    /// The byte offset `scalars` Unicode scalars after `offset`, stopping at the end of its line.
    package func byteOffset(_ offset: Int, advancedByScalars scalars: Int) -> Int {
        let end = byteRange(ofLine: line(ofByteOffset: offset)).upperBound
        var index = min(max(0, offset), bytes.count)
        var left = scalars
        while left > 0, index < end {
            index += decode(at: index, limit: end).length
            left -= 1
        }
        return index
    }

    /// The scalar at `offset` and its length in bytes; a byte that starts no valid sequence is U+FFFD, one byte long.
    private func decode(at offset: Int, limit: Int) -> (scalar: UInt32, length: Int) {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, offset + length <= limit else { return (0xFFFD, 1) }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for next in bytes[(offset + 1)..<(offset + length)] {
            guard next & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        return (scalar, length)
    }
}
