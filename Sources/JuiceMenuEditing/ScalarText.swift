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
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return doubleQuoted(text) }
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
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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
