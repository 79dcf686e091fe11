/// Finds a key that a JSON object holds twice. `JSONDecoder` keeps one of two equal keys without a word (so
/// `{"juice": "banana-juice", "juice": "kiwi-juice"}` would be served as one of them): every request body is checked
/// here as well, at any depth (`changes[0].add`, `recipe.banana`), as `juice lint` refuses a key twice in YAML.
///
/// Keys compare as the decoder compares them: with their escapes decoded (`"ju\u0069ce"` is `juice`), as Swift
/// strings. The text is meant to be JSON the decoder has read: anything the scan cannot follow to its end gives no
/// finding, and nesting deeper than the decoder's own limit is not followed.
struct DuplicateKeyScanner {
    private let bytes: [UInt8]
    private var index = 0
    /// The path to the value being read.
    private var path: [AnyKey] = []
    /// The full path of the first key found twice.
    private var duplicate: [AnyKey]?

    /// Why the scan ended early: not JSON the scan can follow (the decoder's to report).
    private struct Unreadable: Error {}

    /// The full path (`changes[0].add`) of the first key that an object in `bytes` holds twice, nil when none does.
    static func firstDuplicate(in bytes: some Collection<UInt8>) -> String? {
        var scanner = DuplicateKeyScanner(bytes: Array(bytes))
        do throws(Unreadable) {
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            guard scanner.index == scanner.bytes.count else { return nil }
            return scanner.duplicate.map(fieldPath)
        } catch {
            return nil
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value(depth: Int) throws(Unreadable) {
        guard depth < 512 else { throw Unreadable() }
        skipWhitespace()
        guard index < bytes.count else { throw Unreadable() }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            if take(UInt8(ascii: "}")) { return }
            var keys = Set<String>()
            repeat {
                skipWhitespace()
                let key = try string()
                path.append(AnyKey(key))
                if !keys.insert(key).inserted && duplicate == nil { duplicate = path }
                guard take(UInt8(ascii: ":")) else { throw Unreadable() }
                try value(depth: depth + 1)
                path.removeLast()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { throw Unreadable() }
        case UInt8(ascii: "["):
            index += 1
            if take(UInt8(ascii: "]")) { return }
            var element = 0
            repeat {
                path.append(AnyKey(intValue: element) ?? AnyKey(String(element)))
                try value(depth: depth + 1)
                path.removeLast()
                element += 1
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { throw Unreadable() }
        case UInt8(ascii: "\""):
            try skipString()
        default:
            // A number, true, false or null: up to the next delimiter.
            let start = index
            while index < bytes.count, !Self.delimiters.contains(bytes[index]) { index += 1 }
            guard index > start else { throw Unreadable() }
        }
    }

    private static let delimiters: Set<UInt8> = [
        UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D,
    ]

    /// Skips whitespace, then takes `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Skips a string value (not needed decoded).
    private mutating func skipString() throws(Unreadable) {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { throw Unreadable() }
        index += 1
    }

    /// A key, its escapes decoded.
    private mutating func string() throws(Unreadable) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unreadable() }
        index += 1
        let start = index
        var escaped = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            index += 1
        }
        guard index < bytes.count else { throw Unreadable() }
        let raw = bytes[start..<index]
        index += 1
        return escaped ? try Self.unescaped(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// The text of a string's contents with escapes (`\n`, `\"`, `\u00e9`, surrogate pairs) decoded.
    private static func unescaped(_ raw: ArraySlice<UInt8>) throws(Unreadable) -> String {
        var scalars = String.UnicodeScalarView()
        var plain: [UInt8] = []
        var index = raw.startIndex
        func flush() {
            scalars.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars)
            plain.removeAll(keepingCapacity: true)
        }
        func hex(at position: Int) throws(Unreadable) -> UInt32 {
            guard position + 4 <= raw.endIndex, let value = UInt32(String(decoding: raw[position..<position + 4], as: UTF8.self), radix: 16)
            else { throw Unreadable() }
            return value
        }
        while index < raw.endIndex {
            guard raw[index] == UInt8(ascii: "\\") else {
                plain.append(raw[index])
                index += 1
                continue
            }
            guard index + 1 < raw.endIndex else { throw Unreadable() }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): plain.append(escape)
            case UInt8(ascii: "b"): plain.append(0x08)
            case UInt8(ascii: "f"): plain.append(0x0C)
            case UInt8(ascii: "n"): plain.append(0x0A)
            case UInt8(ascii: "r"): plain.append(0x0D)
            case UInt8(ascii: "t"): plain.append(0x09)
            case UInt8(ascii: "u"):
                flush()
                var code = try hex(at: index)
                index += 4
                if (0xD800..<0xDC00).contains(code), index + 6 <= raw.endIndex, raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u")
                {
                    let low = try hex(at: index + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw Unreadable()
            }
        }
        flush()
        return String(scalars)
    }
}
