/// A unified diff (`diff -u`) of two texts of one file, with three lines of context: what an edit record shows.
enum UnifiedDiff {
    /// One line's fate.
    private enum Step: Equatable {
        case same(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// The diff of `old` to `new` for the file `name` (`/dev/null` for a file that did not exist or no longer
    /// does); empty when they are equal.
    static func of(_ old: [UInt8]?, _ new: [UInt8]?, name: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let before = lines(old ?? [])
        let after = lines(new ?? [])
        let steps = script(before, after)
        var out = "--- \(old == nil ? "/dev/null" : "a/" + name)\n+++ \(new == nil ? "/dev/null" : "b/" + name)\n"
        // Hunks: runs of changes with up to `context` unchanged lines around them, merged when they touch.
        var changed: [Int] = []
        for (position, step) in steps.enumerated() {
            if case .same = step { continue }
            changed.append(position)
        }
        var hunks: [Range<Int>] = []
        for position in changed {
            let range = max(0, position - context)..<min(steps.count, position + context + 1)
            if let last = hunks.last, range.lowerBound <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        for hunk in hunks {
            var oldStart = 0
            var newStart = 0
            // The line numbers where the hunk starts, from the steps before it.
            for step in steps[..<hunk.lowerBound] {
                switch step {
                case .same:
                    oldStart += 1
                    newStart += 1
                case .removed: oldStart += 1
                case .added: newStart += 1
                }
            }
            var oldCount = 0
            var newCount = 0
            var body = ""
            for step in steps[hunk] {
                switch step {
                case .same(let line, _):
                    oldCount += 1
                    newCount += 1
                    body += " " + before[line] + "\n"
                case .removed(let line):
                    oldCount += 1
                    body += "-" + before[line] + "\n"
                case .added(let line):
                    newCount += 1
                    body += "+" + after[line] + "\n"
                }
            }
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    /// The lines of `bytes`, without their breaks (a last line without a break counts).
    private static func lines(_ bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The steps from `a` to `b`: common lines at both ends first, a longest common subsequence in between (a menu
    /// edit changes a few lines, so the middle is small; a large one is taken as replaced whole).
    private static func script(_ a: [String], _ b: [String]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var steps = (0..<prefix).map { Step.same($0, $0) }
        let middleA = Array(prefix..<(a.count - suffix))
        let middleB = Array(prefix..<(b.count - suffix))
        if middleA.count * middleB.count > 4_000_000 {
            steps += middleA.map(Step.removed) + middleB.map(Step.added)
        } else {
            // Lengths of the longest common subsequences of the suffixes.
            let n = middleA.count
            let m = middleB.count
            var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] = a[middleA[i]] == b[middleB[j]] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < n || j < m {
                if i < n, j < m, a[middleA[i]] == b[middleB[j]] {
                    steps.append(.same(middleA[i], middleB[j]))
                    i += 1
                    j += 1
                } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                    steps.append(.removed(middleA[i]))
                    i += 1
                } else {
                    steps.append(.added(middleB[j]))
                    j += 1
                }
            }
        }
        steps += (0..<suffix).map { Step.same(a.count - suffix + $0, b.count - suffix + $0) }
        return steps
    }
}
