/// Fuzzy matching of names: normalisation for look-ups and "did you mean" suggestions.
public enum NameMatching {
    /// `text` lowercased with all whitespace removed, so "Banana Juice" and "bananajuice" match.
    public static func normalize(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }))
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
