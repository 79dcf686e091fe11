import Foundation
import JuiceTestSupport
import Testing

/// The kinds `juice --help` lists, with their exit statuses, are exactly the command line's rows of docs/errors.md.
@Suite("error kinds: one table")
struct ErrorKindTableTests {
    @Test("juice --help lists every kind the table gives an exit status, with that status, in both languages")
    func helpAgreesWithTheTable() async throws {
        let text = try String(contentsOf: JuiceBinary.packageRoot.appendingPathComponent("docs/errors.md"), encoding: .utf8)
        var table: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count >= 3, let exit = Int(cells[1]) { table[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = exit }
        }
        #expect(table.count > 30)
        for (language, exitWord) in [("en", "exit"), ("ko", "종료 코드")] {
            let help = try await JuiceBinary.run(["--help", "--lang", language]).stdout
            let flat = help.replacingOccurrences(of: "\n", with: " ").split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            var listed: [String: Int] = [:]
            for status in [2, 1, 3] {
                let marker = "(\(exitWord) \(status))"
                let end = try #require(flat.range(of: marker), "\(language): no \(marker) in the help")
                let start =
                    status == 2
                    ? try #require(flat.range(of: "usage,", options: .backwards, range: flat.startIndex..<end.lowerBound)).lowerBound
                    : try #require(flat.range(of: "(\(exitWord) \(status == 1 ? 2 : 1));")).upperBound
                for kind in flat[start..<end.lowerBound].split(separator: ",") {
                    listed[kind.trimmingCharacters(in: .whitespaces)] = status
                }
            }
            #expect(listed == table, "\(language): juice --help and docs/errors.md disagree")
        }
    }
}
