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

    /// The id of the candidate `text` most likely means, by its id (as `suggestion(for:among:)`) or, failing that, by
    /// one of its names: the same name, one name holding the other (가락시장 for 가락시장 청과), or a likely typo of one.
    /// For things people know by name and files name by id (a supplier written 가락시장 청과 for garak-market).
    public static func suggestion(for text: String, amongIDs candidates: [(id: String, names: [String])]) -> String? {
        if let id = suggestion(for: text, among: candidates.map(\.id)) { return id }
        let key = NameKey(text).text
        guard !key.isEmpty else { return nil }
        for candidate in candidates {
            for name in candidate.names {
                let other = NameKey(name).text
                guard !other.isEmpty else { continue }
                if other == key || (min(key.count, other.count) >= 2 && (other.contains(key) || key.contains(other))) {
                    return candidate.id
                }
            }
        }
        guard let name = suggestion(for: text, among: candidates.flatMap(\.names)) else { return nil }
        return candidates.first { $0.names.contains(name) }?.id
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
