/// A scalar typed by the YAML 1.2 core schema: `010` is 10, `no` is a string, `1:30` is a string.
public enum CoreScalar: Hashable, Sendable {
    /// `~`, `null`, `Null`, `NULL` or nothing.
    case null
    /// `true`/`false` in any of the core spellings.
    case bool(Bool)
    /// A decimal, `0o` octal or `0x` hexadecimal integer that fits in 64 bits.
    case int(Int)
    /// An integer literal outside the 64-bit range.
    case intOutOfRange
    /// A floating-point number, `.inf` or `.nan`.
    case float(Double)
    /// Anything else, and every quoted or block scalar.
    case string

    /// Types `bytes` written in `style`: only plain scalars can be anything but strings.
    public static func resolve(_ bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle) -> CoreScalar {
        guard style == .plain else { return .string }
        let count = bytes.count
        if count == 0 { return .null }
        let first = bytes[0]
        // Fast path: plain decimal digits.
        if first >= 0x30 && first <= 0x39 || first == 0x2B || first == 0x2D {
            if let value = decimalInteger(bytes) { return value }
        }
        // Fast path: only these first bytes can start a null, boolean, number or special float.
        switch first {
        case 0x30...0x39, 0x2B, 0x2D, 0x2E, 0x7E, 0x6E, 0x4E, 0x74, 0x54, 0x66, 0x46: break
        default: return .string
        }
        if count > 5 && first != 0x2B && first != 0x2D && first != 0x2E && !(first >= 0x30 && first <= 0x39) { return .string }
        // Starting with a letter or `~`, only a null or boolean spelling can be anything but a string: match bytes.
        if !(first >= 0x30 && first <= 0x39) && first != 0x2B && first != 0x2D && first != 0x2E {
            return keyword(bytes) ?? .string
        }
        let text = String(decoding: bytes, as: UTF8.self)
        switch text {
        case "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        let digits = UnsafeBufferPointer(rebasing: bytes[min(2, count)...])
        if text.hasPrefix("0o"), count > 2, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
            return Int(text.dropFirst(2), radix: 8).map(CoreScalar.int) ?? .intOutOfRange
        }
        let isHex: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
        if text.hasPrefix("0x"), count > 2, digits.allSatisfy(isHex) {
            return Int(text.dropFirst(2), radix: 16).map(CoreScalar.int) ?? .intOutOfRange
        }
        if isCoreFloat(bytes), let value = Double(text) { return .float(value) }
        return .string
    }

    /// The null or boolean a scalar spells, if any.
    private static func keyword(_ bytes: UnsafeBufferPointer<UInt8>) -> CoreScalar? {
        // Every spelling is 1, 4 or 5 bytes: compare the bytes as one number.
        guard bytes.count == 1 || bytes.count == 4 || bytes.count == 5 else { return nil }
        var word: UInt64 = 0
        for byte in bytes { word = word << 8 | UInt64(byte) }
        switch word {
        case spelled("~"), spelled("null"), spelled("Null"), spelled("NULL"): return .null
        case spelled("true"), spelled("True"), spelled("TRUE"): return .bool(true)
        case spelled("false"), spelled("False"), spelled("FALSE"): return .bool(false)
        default: return nil
        }
    }

    /// `text`'s bytes as one number, first byte highest (as `keyword` reads a scalar).
    private static func spelled(_ text: StaticString) -> UInt64 {
        UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `[-+]?[0-9]+` as an integer, `.intOutOfRange` when it has too many digits, nil when not of that form.
    static func decimalInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> CoreScalar? {
        var index = 0
        var negative = false
        if bytes[0] == 0x2B || bytes[0] == 0x2D {
            negative = bytes[0] == 0x2D
            index = 1
        }
        guard index < bytes.count else { return nil }
        var value = 0
        var overflow = false
        while index < bytes.count {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            if !overflow {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = negative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
                if o1 || o2 { overflow = true } else { value = sum }
            }
            index += 1
        }
        return overflow ? .intOutOfRange : .int(value)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    static func isCoreFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        let integral = digits()
        var fraction = 0
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            fraction = digits()
        }
        guard integral > 0 || fraction > 0 else { return false }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}

/// How a YAML 1.1 tool (PyYAML, older go-yaml, many CI tools) would read a plain scalar differently.
public enum YAML11Reading: Hashable, Sendable, CustomStringConvertible {
    /// `yes`, `no`, `on`, `off`, `y`, `n` and their capitalisations: a boolean in YAML 1.1.
    case boolean(Bool)
    /// `010`: octal 8 in YAML 1.1.
    case octal(Int)
    /// `1:30`: base-60 90 in YAML 1.1.
    case sexagesimal(Int)
    /// `1_000`: the integer 1000 in YAML 1.1.
    case underscoredInteger(Int)
    /// `0b101`: binary 5 in YAML 1.1.
    case binary(Int)

    /// `reading(of:)` for a scalar's UTF-8 bytes; makes a string only for the few texts that could have a reading.
    public static func reading(of bytes: UnsafeBufferPointer<UInt8>) -> YAML11Reading? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x79, 0x59, 0x6E, 0x4E, 0x6F, 0x4F:
            if bytes.count > 5 { return nil }
        case 0x2B, 0x2D, 0x30...0x39:
            // A plain decimal without a leading zero (or a lone 0) reads the same in both: the common case, settled here.
            let digits = first == 0x2B || first == 0x2D ? 1 : 0
            if digits < bytes.count, bytes[digits] != 0x30 || digits + 1 == bytes.count,
                bytes[digits...].allSatisfy({ $0 &- 0x30 < 10 })
            {
                return nil
            }
        default:
            return nil
        }
        return reading(of: String(decoding: bytes, as: UTF8.self))
    }

    /// Where a plain scalar is read differently by YAML 1.1 than by the 1.2 core schema, how; nil otherwise.
    public static func reading(of text: String) -> YAML11Reading? {
        // Fast exit: every YAML 1.1 reading starts with one of y Y n N o O + - or a digit.
        guard let first = text.utf8.first else { return nil }
        switch first {
        case 0x79, 0x59, 0x6E, 0x4E, 0x6F, 0x4F:
            if text.utf8.count > 5 { return nil }
        case 0x2B, 0x2D, 0x30...0x39: break
        default: return nil
        }
        switch text {
        case "y", "Y", "yes", "Yes", "YES", "on", "On", "ON": return .boolean(true)
        case "n", "N", "no", "No", "NO", "off", "Off", "OFF": return .boolean(false)
        default: break
        }
        var body = Substring(text)
        var sign = 1
        if let first = body.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        guard let first = body.first, first.isASCII, first.isNumber else { return nil }
        if body.hasPrefix("0b"), body.count > 2, body.dropFirst(2).allSatisfy({ $0 == "0" || $0 == "1" || $0 == "_" }) {
            return Int(body.dropFirst(2).filter { $0 != "_" }, radix: 2).map { .binary(sign * $0) }
        }
        if body.count > 1, first == "0", body.allSatisfy({ ("0"..."7").contains($0) || $0 == "_" }) {
            return Int(body.filter { $0 != "_" }, radix: 8).map { .octal(sign * $0) }
        }
        if body.contains(":") {
            let parts = body.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 2, let head = Int(parts[0].filter { $0 != "_" }), !parts[0].isEmpty else { return nil }
            var total = head
            for part in parts.dropFirst() {
                guard (1...2).contains(part.count), let digit = Int(part), digit < 60 else { return nil }
                let (times, o1) = total.multipliedReportingOverflow(by: 60)
                let (sum, o2) = times.addingReportingOverflow(digit)
                guard !o1, !o2 else { return nil }
                total = sum
            }
            return .sexagesimal(sign * total)
        }
        if body.contains("_"), first != "_", body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "_") }) {
            return Int(body.filter { $0 != "_" }).map { .underscoredInteger(sign * $0) }
        }
        return nil
    }

    /// "the boolean false", "octal 8", …
    public var description: String {
        switch self {
        case .boolean(let value): return "the boolean \(value)"
        case .octal(let value): return "octal \(value)"
        case .sexagesimal(let value): return "the base-60 number \(value)"
        case .underscoredInteger(let value): return "the number \(value)"
        case .binary(let value): return "binary \(value)"
        }
    }
}
