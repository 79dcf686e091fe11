extension OrderRequest {
    /// The order in `bytes` when they are the plain JSON every client sends (`{"juice": "banana-juice", "count": 2}`:
    /// an object of `juice`, a string without escapes, and optionally `count`, a decimal integer of at most 18
    /// digits, each once); nil for anything else, which `JSONDecoder` then reads, or rejects naming the problem.
    ///
    /// An order body read this way costs a tenth of what `JSONDecoder` costs; both read every body this accepts
    /// alike (`OrderRequestPlainJSONTests` compares them).
    init?(plainJSON bytes: some Collection<UInt8>) {
        var reader = PlainJSONReader(bytes: Array(bytes))
        var juice: String?
        var count: Int?
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = reader.plainString() else { return nil }
            guard reader.take(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "juice" where juice == nil:
                guard let value = reader.plainString() else { return nil }
                juice = value
            case "count" where count == nil:
                guard let value = reader.smallInteger() else { return nil }
                count = value
            default:
                return nil
            }
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")), reader.atEnd, let juice else { return nil }
        self.juice = juice
        self.count = count ?? 1
    }
}

/// Reads the few JSON tokens of a plain order body, skipping whitespace before each.
private struct PlainJSONReader {
    let bytes: [UInt8]
    var index = 0

    /// Skips whitespace, then takes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Whether only whitespace is left.
    var atEnd: Bool {
        mutating get {
            skipWhitespace()
            return index == bytes.count
        }
    }

    /// A string with no escape and no control character, as valid UTF-8; nil for anything else.
    mutating func plainString() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return String(validating: bytes[start..<index], as: UTF8.self)
    }

    /// `0` or a positive decimal integer of at most 18 digits, not followed by a fraction or an exponent.
    mutating func smallInteger() -> Int? {
        skipWhitespace()
        let start = index
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            guard index - start < 18 else { return nil }  // more digits than an Int surely holds: the decoder's case
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard (1...18).contains(digits), digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
