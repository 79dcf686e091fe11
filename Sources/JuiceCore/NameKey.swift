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
        let ascii: String? = name.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for byte in bytes where !Self.isIgnoredASCII(byte) {
                out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return String(decoding: out, as: UTF8.self)
        }
        if let ascii {
            text = ascii
            return
        }
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x00...0x7F:
                let byte = UInt8(scalar.value)
                if !Self.isIgnoredASCII(byte) { scalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)) }
            case 0xAC00...0xD7A3, 0x3040...0x30FF, 0x4E00...0x9FFF:
                // Hangul syllables, kana and CJK ideographs have no case and are not white space.
                scalars.append(scalar)
            default:
                if scalar.properties.isWhitespace { continue }
                if scalar.properties.changesWhenLowercased {
                    scalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                } else {
                    scalars.append(scalar)
                }
            }
        }
        text = String(scalars)
    }

    /// White space, '-' and '_'.
    private static func isIgnoredASCII(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte == 0x2D || byte == 0x5F
    }

    /// The key's text.
    public var description: String { text }
}
