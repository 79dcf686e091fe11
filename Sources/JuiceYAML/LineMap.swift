import CYAML

/// Maps libyaml's positions to true ones where they differ.
///
/// libyaml (YAML 1.1) also ends lines at NEL (U+0085), LS (U+2028) and PS (U+2029); editors and YAML 1.2 end
/// them only at LF, CR and CR LF. For the rare file holding those characters this table translates each libyaml
/// line into the true line and the column at which it starts.
struct LineMap {
    private var starts: [(line: UInt32, column: UInt32)] = []

    /// The map for `body`, or nil when libyaml's positions are already right.
    init?(_ body: UnsafeBufferPointer<UInt8>) {
        guard LineMap.hasUnicodeBreak(body) else { return nil }
        var line: UInt32 = 1
        var column: UInt32 = 1
        starts.append((1, 0))
        var index = 0
        while index < body.count {
            let byte = body[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < body.count && body[index + 1] == 0x0A)) {
                line += 1
                column = 1
                starts.append((line, 0))
            } else if byte == 0xC2, index + 1 < body.count, body[index + 1] == 0x85 {
                column += 1
                starts.append((line, column - 1))
                index += 1
            } else if byte == 0xE2, index + 2 < body.count, body[index + 1] == 0x80, body[index + 2] == 0xA8 || body[index + 2] == 0xA9 {
                column += 1
                starts.append((line, column - 1))
                index += 2
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            index += 1
        }
    }

    /// The true 1-based (line, column) of a libyaml mark.
    func position(_ mark: yaml_mark_t) -> (line: UInt32, column: UInt32) {
        let index = min(Int(mark.line), starts.count - 1)
        let start = starts[index]
        return (start.line, start.column + UInt32(truncatingIfNeeded: mark.column) + 1)
    }

    private static func hasUnicodeBreak(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = body.baseAddress else { return false }
        for lead: Int32 in [0xC2, 0xE2] {
            var offset = 0
            while offset < body.count, let found = memchr(base + offset, lead, body.count - offset) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if lead == 0xC2, index + 1 < body.count, body[index + 1] == 0x85 { return true }
                if lead == 0xE2, index + 2 < body.count, body[index + 1] == 0x80, body[index + 2] == 0xA8 || body[index + 2] == 0xA9 { return true }
                offset = index + 1
            }
        }
        return false
    }
}
