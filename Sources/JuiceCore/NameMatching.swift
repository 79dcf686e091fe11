/// "Did you mean" suggestions for names that match nothing (names are compared by `NameKey`).
public enum NameMatching {
    /// The candidate closest to `text` by edit distance between their keys (`NameKey`), if it is close enough to be a
    /// likely typo. Of candidates as close, the one closest as written (lowercased) wins, then the alphabetically first.
    public static func suggestion(for text: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(NameKey(text).text.unicodeScalars)
        let written = Array(text.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int, asWritten: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(NameKey(candidate).text.unicodeScalars))
            guard distance <= (best?.distance ?? Int.max) else { continue }
            let asWritten = editDistance(written, Array(candidate.lowercased().unicodeScalars))
            if let best, distance == best.distance, (asWritten, candidate) >= (best.asWritten, best.candidate) { continue }
            best = (candidate, distance, asWritten)
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
