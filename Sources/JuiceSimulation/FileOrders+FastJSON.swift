extension FileOrders {
    /// A JSON Lines order in its plain shape, as byte ranges of the line: `{"juice": "NAME", "count": DIGITS}`,
    /// keys in either order, `count` optional, spaces, tabs and carriage returns anywhere between tokens.
    struct PlainJSONOrder {
        /// The juice's name, between its quotes.
        var name: Range<Int>
        /// The count, if the line gives one.
        var count: Int?
        /// Where the `"count"` key starts, if the line gives one.
        var countKey: Int?
    }

    /// The order `line` holds when it has the plain shape with no escapes in its strings; nil for anything else (other
    /// keys, a key twice, escapes, numbers that are not plain digits, a syntax error), which `JSONSerialization` then
    /// reads, so that this changes nothing but speed.
    static func plainJSONOrder(_ line: UnsafeBufferPointer<UInt8>) -> PlainJSONOrder? {
        var index = 0
        let end = line.count
        func skipSpace() {
            while index < end, line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D { index += 1 }
        }
        /// A string without escapes or control characters: the range between its quotes.
        func string() -> Range<Int>? {
            guard index < end, line[index] == 0x22 else { return nil }
            let start = index + 1
            index = start
            while index < end, line[index] != 0x22 {
                if line[index] == 0x5C || line[index] < 0x20 { return nil }
                index += 1
            }
            guard index < end else { return nil }
            index += 1
            return start..<(index - 1)
        }
        skipSpace()
        guard index < end, line[index] == 0x7B else { return nil }
        index += 1
        var order = PlainJSONOrder(name: 0..<0)
        var hasName = false
        while true {
            skipSpace()
            let keyStart = index
            guard let key = string() else { return nil }
            skipSpace()
            guard index < end, line[index] == 0x3A else { return nil }
            index += 1
            skipSpace()
            let keyBytes = UnsafeBufferPointer(rebasing: line[key])
            if keyBytes.elementsEqual("juice".utf8) {
                guard !hasName, let name = string() else { return nil }
                order.name = name
                hasName = true
            } else if keyBytes.elementsEqual("count".utf8) {
                guard order.countKey == nil, index < end else { return nil }
                // Plain digits only, no leading zero before another digit (invalid JSON), at most 18 of them.
                let start = index
                var value = 0
                while index < end, line[index] >= 0x30, line[index] <= 0x39, index - start < 18 {
                    value = value * 10 + Int(line[index] - 0x30)
                    index += 1
                }
                guard index > start, !(line[start] == 0x30 && index - start > 1) else { return nil }
                if index < end, line[index] == 0x2E || line[index] | 0x20 == 0x65 || (line[index] >= 0x30 && line[index] <= 0x39) { return nil }
                order.count = value
                order.countKey = keyStart
            } else {
                return nil
            }
            skipSpace()
            guard index < end else { return nil }
            if line[index] == 0x2C {
                index += 1
                continue
            }
            guard line[index] == 0x7D else { return nil }
            index += 1
            skipSpace()
            return index == end && hasName ? order : nil
        }
    }
}
