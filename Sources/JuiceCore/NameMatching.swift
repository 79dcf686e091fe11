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

    /// The Levenshtein distance between two scalar sequences.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
