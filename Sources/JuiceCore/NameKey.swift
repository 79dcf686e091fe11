/// The one definition of when two names are the same: what `juice order`, `juice stock` and the lint rules compare.
///
/// Two names are the same when they are equal once case, white space, hyphens and underscores are taken out, under
/// Unicode canonical equivalence (a precomposed "é" and "e" with a combining accent are one letter, as `String`
/// compares them). "Mango Kiwi", "mango-kiwi" and "MANGO_KIWI" are one name; "망고 주스" and "망고주스" are one name.
public struct NameKey: Hashable, Sendable, CustomStringConvertible {
    /// The name reduced to what is compared: lowercased, without white space, hyphens and underscores.
    public let text: String

    /// The key of `name`.
    public init(_ name: String) {
        var name = name
        // Most names hold only ASCII and Hangul, kana or CJK ideographs (which have no case); they are reduced
        // byte by byte, and kept as they are when nothing is to be taken out or lowercased.
        let simple: String?? = name.withUTF8 { bytes in
            var changes = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if Self.isIgnoredASCII(byte) || (byte >= 0x41 && byte <= 0x5A) { changes = true }
                    index += 1
                } else if byte & 0xF0 == 0xE0, index + 2 < bytes.count,
                    Self.isCaseless(UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F))
                {
                    index += 3
                } else {
                    return nil
                }
            }
            guard changes else { return .some(nil) }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                for byte in bytes where !Self.isIgnoredASCII(byte) {
                    out[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        switch simple {
        case .some(.none): text = name
        case .some(.some(let reduced)): text = reduced
        case .none: text = Self.reduce(name.unicodeScalars)
        }
    }

    /// The key of any text, scalar by scalar.
    private static func reduce(_ name: String.UnicodeScalarView) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if !isIgnoredASCII(byte) { scalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)) }
            } else if isCaseless(scalar.value) || !scalar.properties.changesWhenLowercased {
                if !scalar.properties.isWhitespace { scalars.append(scalar) }
            } else {
                scalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(scalars)
    }

    /// Hangul syllables, kana and CJK ideographs: no case, not white space, and never changed by normalization
    /// (but the combining kana sound marks U+3099 and U+309A, which compose with the kana before them).
    private static func isCaseless(_ scalar: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
            || ((0x3040...0x30FF).contains(scalar) && scalar != 0x3099 && scalar != 0x309A)
    }

    /// White space, '-' and '_'.
    private static func isIgnoredASCII(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte == 0x2D || byte == 0x5F
    }

    /// The key's text.
    public var description: String { text }
}
