/// A JSON value with ordered object keys, written deterministically (byte-identical output for equal values).
public enum JSONValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object whose keys keep the order given.
    case object([(String, JSONValue)])

    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// Compares two values; objects compare key by key in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
    /// Hashes the rendered text.
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// The value as JSON text: indented by two spaces when `pretty`, compact otherwise.
    public func rendered(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .string(let text): Self.writeString(text, to: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                Self.newline(to: &out, pretty: pretty, indent: indent + 1)
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            Self.newline(to: &out, pretty: pretty, indent: indent)
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.newline(to: &out, pretty: pretty, indent: indent + 1)
                Self.writeString(key, to: &out)
                out += pretty ? ": " : ":"
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            Self.newline(to: &out, pretty: pretty, indent: indent)
            out += "}"
        }
    }

    /// A line break and `indent` levels of two spaces when `pretty`; nothing otherwise.
    private static func newline(to out: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        out += "\n"
        for _ in 0..<indent { out += "  " }
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        // Most text needs no escape: written whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
