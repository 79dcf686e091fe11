import Foundation
import JuiceTestSupport
import Testing

/// The kinds `juice help errors` lists, with their exit statuses, are exactly the command line's rows of docs/errors.md;
/// `juice --help` points there instead of listing them, and fits a screen.
@Suite("error kinds: one table")
struct ErrorKindTableTests {
    static let environment = ["LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "80"]

    @Test("juice help errors lists every kind the table gives an exit status, with that status, in both languages")
    func helpAgreesWithTheTable() async throws {
        let text = try String(contentsOf: JuiceBinary.packageRoot.appendingPathComponent("docs/errors.md"), encoding: .utf8)
        var table: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count >= 3, let exit = Int(cells[1]) { table[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = exit }
        }
        #expect(table.count > 30)
        for (arguments, heading) in [(["help", "errors", "--lang", "en"], "Exit "), (["--lang", "ko", "help", "errors"], "종료 코드 ")] {
            let outcome = try await JuiceBinary.run(arguments, environment: Self.environment)
            #expect(outcome.status == 0)
            #expect(outcome.stderr.isEmpty)
            var listed: [String: Int] = [:]
            var status: Int?
            for line in outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(heading) {
                    status = Int(line.dropFirst(heading.count).prefix { $0.isNumber })
                } else if line.hasPrefix("  "), let status {
                    for kind in line.split(separator: ",") { listed[kind.trimmingCharacters(in: .whitespaces)] = status }
                } else if line.isEmpty {
                    status = nil
                }
            }
            #expect(listed == table, "\(arguments): juice help errors and docs/errors.md disagree")
            #expect(outcome.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        }
    }

    @Test("juice --help groups the commands, points to juice help errors, and fits 47 lines of 80 columns in both languages")
    func theOverviewFitsAScreen() async throws {
        for (language, groups) in [
            ("en", ["RECIPES SUBCOMMANDS:", "SHOP SUBCOMMANDS:", "STOCK ROOM SUBCOMMANDS:", "PLANNING SUBCOMMANDS:"]),
            ("ko", ["레시피 하위 명령:", "가게 하위 명령:", "창고 하위 명령:", "계획 하위 명령:"]),
        ] {
            let outcome = try await JuiceBinary.run(["--help", "--lang", language], environment: Self.environment)
            #expect(outcome.status == 0)
            let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            // 41 lines before the stock room's group (its heading, a blank line and three commands).
            #expect(lines.count <= 48, "\(language): \(lines.count) lines")
            for group in groups { #expect(lines.contains { $0 == group }, "\(language): \(group)") }
            let flat = outcome.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flat.contains("'juice help errors'"))
            #expect(!outcome.stdout.contains("insufficient-stock"), "the kinds are in juice help errors, not the overview")
            // Each command on one line: its abstract fits beside its name.
            #expect(lines.filter { $0.hasPrefix("  ") && $0.dropFirst(2).first != " " }.count >= 21)
            #expect(!lines.contains { $0.hasPrefix(String(repeating: " ", count: 26)) })
        }
    }
}
