/// How wide text is on a terminal, for tables that line up in Korean and English.
public enum DisplayWidth {
    /// How many terminal columns `text` takes: two for Hangul, CJK and emoji, none for combining marks and
    /// variation selectors, one for the rest.
    public static func of(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            switch value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return width
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
                0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
                return width + 2
            default:
                return scalar.properties.generalCategory == .nonspacingMark ? width : width + 1
            }
        }
    }

    /// `text` followed by spaces up to `width` columns (at least `minimumGap`).
    public static func padded(_ text: String, to width: Int, minimumGap: Int = 0) -> String {
        text + String(repeating: " ", count: max(minimumGap, width - of(text)))
    }
}
