/// Fuzzy matching of names: normalisation for look-ups and "did you mean" suggestions.
public enum NameMatching {
    /// `text` lowercased with all whitespace removed, so "Banana Juice" and "bananajuice" match.
    public static func normalize(_ text: String) -> String {
        var text = text
        let ascii: String? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for byte in bytes where byte != 0x20 && !(0x09...0x0D).contains(byte) {
                out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return String(decoding: out, as: UTF8.self)
        }
        if let ascii { return ascii }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: scalars.append(Unicode.Scalar(scalar.value | 0x20) ?? scalar)
            case 0x00...0x7F, 0xAC00...0xD7A3, 0x3040...0x30FF, 0x4E00...0x9FFF:
                // ASCII, Hangul syllables, kana and CJK ideographs: no case, no whitespace beyond ASCII's.
                if !(scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)) { scalars.append(scalar) }
            default:
                if scalar.properties.isWhitespace { continue }
                scalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(scalars)
    }

    /// The candidate closest to `text` by edit distance, if it is close enough to be a likely typo.
    public static func suggestion(for text: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(normalize(text).unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(normalize(candidate).unicodeScalars))
            if distance < (best?.distance ?? Int.max) || (distance == best?.distance && candidate < (best?.candidate ?? "")) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        let allowed = max(1, min(3, target.count / 3))
        return best.distance <= allowed ? best.candidate : nil
    }

    /// The edit distance between two scalar sequences: insertions, deletions, substitutions and swaps of two
    /// neighbours ("cuont" for "count") each count one (optimal string alignment).
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension NameMatching {
    /// The hash of `normalize(text)` for a "simple" text, from its UTF-8 bytes without making a string; nil when
    /// the text is not simple.
    ///
    /// A simple text holds only ASCII, Hangul syllables (U+AC00–D7A3), CJK unified ideographs (U+4E00–9FFF) and kana
    /// (U+3040–30FF but the combining sound marks U+3099 and U+309A). Those characters have no case beyond ASCII's, are
    /// left alone by Unicode normalisation and never combine with their neighbours, so two simple texts have equal
    /// `normalize` results (as strings, which compare by canonical equivalence) exactly when `simpleKeysEqual` holds.
    package static func simpleKeyHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { continue }
                let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                hash = (hash ^ UInt64(folded)) &* 0x100_0000_01b3
                continue
            }
            guard byte & 0xF0 == 0xE0, index + 2 < count else { return nil }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            let scalar = UInt32(byte & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            guard isSimple(scalar) else { return nil }
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            hash = (hash ^ UInt64(second)) &* 0x100_0000_01b3
            hash = (hash ^ UInt64(third)) &* 0x100_0000_01b3
            index += 3
        }
        return hash ^ (hash >> 31)
    }

    /// Whether two simple texts (see `simpleKeyHash`) have the same `normalize` result.
    package static func simpleKeysEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        var j = 0
        while true {
            while i < a.count, a[i] == 0x20 || (a[i] >= 0x09 && a[i] <= 0x0D) { i += 1 }
            while j < b.count, b[j] == 0x20 || (b[j] >= 0x09 && b[j] <= 0x0D) { j += 1 }
            guard i < a.count, j < b.count else { return i == a.count && j == b.count }
            let left = a[i] >= 0x41 && a[i] <= 0x5A ? a[i] | 0x20 : a[i]
            let right = b[j] >= 0x41 && b[j] <= 0x5A ? b[j] | 0x20 : b[j]
            guard left == right else { return false }
            i += 1
            j += 1
        }
    }

    /// Whether the UTF-8 `bytes` hold only simple characters (see `simpleKeyHash`), so that two such texts are equal
    /// as strings exactly when their bytes are equal.
    package static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            guard byte & 0xF0 == 0xE0, index + 2 < bytes.count else { return false }
            let scalar = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            guard isSimple(scalar) else { return false }
            index += 3
        }
        return true
    }

    private static func isSimple(_ scalar: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
            || ((0x3040...0x30FF).contains(scalar) && scalar != 0x3099 && scalar != 0x309A)
    }
}
