/// A JSON object whose values are strings, numbers, booleans or null (what a history record is), read without
/// Foundation: its members as text, with the byte offset (in the line) of each key.
enum FlatJSONObject {
    /// The members of the object on `line`, or nil when it is not such an object.
    static func parse(_ line: ArraySlice<UInt8>) -> [(key: String, value: String, offset: Int)]? {
        var parser = Parser(bytes: line, index: line.startIndex)
        return parser.object()
    }

    private struct Parser {
        let bytes: ArraySlice<UInt8>
        var index: Int

        mutating func skipSpace() {
            while index < bytes.endIndex, [0x20, 0x09, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func object() -> [(key: String, value: String, offset: Int)]? {
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            var members: [(String, String, Int)] = []
            skipSpace()
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    let offset = index - bytes.startIndex
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    skipSpace()
                    guard let value = value() else { return nil }
                    members.append((key, value, offset))
                    skipSpace()
                    guard index < bytes.endIndex else { return nil }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "}") else { return nil }
                    index += 1
                    break
                }
            }
            skipSpace()
            return index == bytes.endIndex ? members : nil
        }

        mutating func value() -> String? {
            guard index < bytes.endIndex else { return nil }
            if bytes[index] == UInt8(ascii: "\"") { return string() }
            let start = index
            while index < bytes.endIndex, ![UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09].contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !text.isEmpty, text == "true" || text == "false" || text == "null" || Double(text) != nil else { return nil }
            return text == "null" ? "" : text
        }

        mutating func string() -> String? {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var out: [UInt8] = []
            while index < bytes.endIndex {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.endIndex else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        out += Array(String(Character(scalar)).utf8)
                    default: return nil
                    }
                case 0..<0x20: return nil
                default: out.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (a surrogate pair as two escapes), the `\u` read already.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.endIndex else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
                value = value * 16 + UInt32(digit)
            }
            index += 4
            return value
        }
    }
}
