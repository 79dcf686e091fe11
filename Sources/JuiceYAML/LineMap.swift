internal import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps libyaml's positions to true ones where they differ.
///
/// libyaml (YAML 1.1) also ends lines at NEL (U+0085), LS (U+2028) and PS (U+2029); editors and YAML 1.2 end
/// them only at LF, CR and CR LF. For the rare file holding those characters this table records each of them (so it
/// grows with those characters, not with the file) and translates libyaml's lines into true lines and columns.
struct LineMap {
    /// One NEL, LS or PS: the 0-based libyaml line it starts, and the true 1-based line and 0-based column after it.
    private struct Break {
        var libyamlLine: UInt32
        var line: UInt32
        var column: UInt32
    }

    private var breaks: [Break] = []

    /// The map for `body`, or nil when libyaml's positions are already right.
    init?(_ body: UnsafeBufferPointer<UInt8>) {
        guard LineMap.hasUnicodeBreak(body, in: body.indices) else { return nil }
        self.init(mapping: body, releasing: { _ in })
    }

    /// The map for `body`, which holds a NEL, LS or PS; every few megabytes, `release` is told how far it has read.
    init(mapping body: UnsafeBufferPointer<UInt8>, releasing release: (Int) -> Void) {
        var line: UInt32 = 1
        var libyamlLine: UInt32 = 0
        var column: UInt32 = 1
        var index = 0
        var nextRelease = Self.releaseInterval
        while index < body.count {
            let byte = body[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < body.count && body[index + 1] == 0x0A)) {
                line += 1
                libyamlLine += 1
                column = 1
            } else if byte == 0xC2, index + 1 < body.count, body[index + 1] == 0x85 {
                libyamlLine += 1
                breaks.append(Break(libyamlLine: libyamlLine, line: line, column: column))
                column += 1
                index += 1
            } else if byte == 0xE2, index + 2 < body.count, body[index + 1] == 0x80, body[index + 2] == 0xA8 || body[index + 2] == 0xA9 {
                libyamlLine += 1
                breaks.append(Break(libyamlLine: libyamlLine, line: line, column: column))
                column += 1
                index += 2
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            index += 1
            if index >= nextRelease {
                release(index)
                nextRelease += Self.releaseInterval
            }
        }
    }

    private static let releaseInterval = 1 << 20

    /// The true 1-based (line, column) of a libyaml mark.
    func position(_ mark: yaml_mark_t) -> (line: UInt32, column: UInt32) {
        let libyamlLine = UInt32(truncatingIfNeeded: mark.line)
        let column = UInt32(truncatingIfNeeded: mark.column) + 1
        // How many breaks start a libyaml line up to this one.
        var low = 0
        var high = breaks.count
        while low < high {
            let middle = (low + high) / 2
            if breaks[middle].libyamlLine <= libyamlLine { low = middle + 1 } else { high = middle }
        }
        if low > 0, breaks[low - 1].libyamlLine == libyamlLine {
            return (breaks[low - 1].line, breaks[low - 1].column + column)
        }
        // A line that starts at a true line break: every NEL, LS or PS before it added a libyaml line.
        return (libyamlLine + 1 - UInt32(low), column)
    }

    /// Whether `body[range]` holds a NEL, LS or PS (one may run past the range's end).
    static func hasUnicodeBreak(_ body: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        guard let base = body.baseAddress else { return false }
        for lead: Int32 in [0xC2, 0xE2] {
            var offset = range.lowerBound
            while offset < range.upperBound, let found = memchr(base + offset, lead, range.upperBound - offset) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if lead == 0xC2, index + 1 < body.count, body[index + 1] == 0x85 { return true }
                if lead == 0xE2, index + 2 < body.count, body[index + 1] == 0x80, body[index + 2] == 0xA8 || body[index + 2] == 0xA9 { return true }
                offset = index + 1
            }
        }
        return false
    }
}
