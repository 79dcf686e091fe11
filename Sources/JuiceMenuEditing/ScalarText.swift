/// Values written as YAML scalars the way the file already writes them: a quoted value keeps its quotes, a plain one
/// stays plain when it can be read back as the same text, else it is double-quoted.
enum ScalarText {
    /// How a scalar is written.
    enum Style: Sendable {
        case plain, singleQuoted, doubleQuoted
    }

    /// The style of the scalar whose text starts with `first`.
    static func style(ofFirstByte first: UInt8?) -> Style {
        switch first {
        case UInt8(ascii: "'"): return .singleQuoted
        case UInt8(ascii: "\""): return .doubleQuoted
        default: return .plain
        }
    }

    /// `text` as a scalar in `style` (or double-quoted when plain would not read back as the same text, or a single
    /// quote cannot hold it).
    static func render(_ text: String, like style: Style = .plain) -> String {
        switch style {
        case .plain: return isPlainSafe(text) ? text : doubleQuoted(text)
        case .singleQuoted:
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || needsEscape($0) }) else { return doubleQuoted(text) }
            return "'" + text.replacing("'", with: "''") + "'"
        case .doubleQuoted: return doubleQuoted(text)
        }
    }

    /// `text` double-quoted, with `\`, `"` and control characters escaped.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let digits = scalar.value <= 0xFF ? 2 : 4
                    out += (digits == 2 ? "\\x" : "\\u") + String(repeating: "0", count: max(0, digits - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whether `scalar` (other than a C0 control) must be escaped in a double-quoted scalar: outside YAML's printable
    /// set (DEL, the C1 controls, U+FEFF, U+FFFE, U+FFFF), which lint refuses in a file, or a line break YAML would
    /// fold into a space (U+0085, U+2028, U+2029).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// Words YAML would read as something other than text.
    private static let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]

    /// Whether `text` written plain, in block or flow context, reads back as the same text: letters, digits, marks,
    /// emoji and a few punctuation marks, not starting like a number or an indicator, not a reserved word.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard first != " ", last != " ", !reserved.contains(text.lowercased()) else { return false }
        if first.properties.numericType != nil || "-.+'".unicodeScalars.contains(first) { return false }
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == " " { continue }
            if "-_.()/'".unicodeScalars.contains(scalar) { continue }
            if scalar.properties.isEmoji && scalar.value > 0xFF { continue }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .otherSymbol: continue
            case .format where scalar.value == 0x200D: continue
            default: return false
            }
        }
        return true
    }
}
