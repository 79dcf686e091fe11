import Foundation
import JuiceTestSupport
import Testing

/// One hostile or broken input and what `juice lint` must say about it.
struct HostileCase: CustomTestStringConvertible, Sendable {
    var file: String
    var rule: String
    var line: Int
    var column: Int
    var status: Int32 = 1

    var testDescription: String { file }
}

/// The hostile-input regression suite: every input gives its diagnostic at its position, never a crash or a hang.
/// Each run has a guard timeout; the timings themselves live in `juice-bench hostile`, not here.
@Suite("Hostile inputs through the built binary")
struct HostileInputTests {
    static let directory = "Tests/JuiceCLITests/Fixtures/hostile"

    static let cases: [HostileCase] = [
        HostileCase(file: "alias-bomb.yaml", rule: "alias", line: 2, column: 4),
        HostileCase(file: "self-alias.yaml", rule: "alias", line: 2, column: 19),
        HostileCase(file: "anchor-only.yaml", rule: "alias", line: 10, column: 10),
        HostileCase(file: "merge-key.yaml", rule: "merge-key", line: 8, column: 5),
        HostileCase(file: "dup-key-plain.yaml", rule: "duplicate-key", line: 11, column: 1),
        HostileCase(file: "dup-key-quoted.yaml", rule: "duplicate-key", line: 8, column: 25),
        HostileCase(file: "dup-key-single-quoted.yaml", rule: "duplicate-key", line: 8, column: 25),
        HostileCase(file: "dup-key-escaped.yaml", rule: "duplicate-key", line: 8, column: 25),
        HostileCase(file: "dup-key-block.yaml", rule: "duplicate-key", line: 12, column: 5),
        HostileCase(file: "dup-juice-id.yaml", rule: "duplicate-key", line: 9, column: 3),
        HostileCase(file: "yaml11-boolean.yaml", rule: "yaml11-ambiguity", line: 8, column: 15, status: 0),
        HostileCase(file: "octal-looking.yaml", rule: "yaml11-ambiguity", line: 8, column: 22, status: 0),
        HostileCase(file: "sexagesimal.yaml", rule: "wrong-type", line: 8, column: 22),
        HostileCase(file: "yams-sexagesimal.yaml", rule: "unknown-key", line: 1, column: 1),
        HostileCase(file: "thirty-digits.yaml", rule: "integer-overflow", line: 8, column: 22),
        HostileCase(file: "huge-version.yaml", rule: "integer-overflow", line: 1, column: 10),
        HostileCase(file: "nan-quantity.yaml", rule: "invalid-quantity", line: 8, column: 22),
        HostileCase(file: "inf-quantity.yaml", rule: "invalid-quantity", line: 8, column: 22),
        HostileCase(file: "string-version.yaml", rule: "wrong-type", line: 1, column: 10),
        HostileCase(file: "invalid-utf8.yaml", rule: "encoding", line: 4, column: 18),
        HostileCase(file: "nul-byte.yaml", rule: "encoding", line: 2, column: 8),
        HostileCase(file: "control-character.yaml", rule: "encoding", line: 2, column: 9),
        HostileCase(file: "utf16le-bom.yaml", rule: "encoding", line: 1, column: 1),
        HostileCase(file: "utf16be-bom.yaml", rule: "encoding", line: 1, column: 1),
        HostileCase(file: "utf16-no-bom.yaml", rule: "encoding", line: 1, column: 1),
        HostileCase(file: "bom-mid-file.yaml", rule: "encoding", line: 2, column: 1),
        HostileCase(file: "truncated-mid-utf8.yaml", rule: "encoding", line: 7, column: 17),
        HostileCase(file: "crlf-before-error.yaml", rule: "unknown-fruit", line: 8, column: 14),
        HostileCase(file: "emoji-before-error.yaml", rule: "unknown-key", line: 7, column: 38),
        HostileCase(file: "korean-before-error.yaml", rule: "unknown-key", line: 4, column: 36),
        HostileCase(file: "tab-indent.yaml", rule: "tab-indentation", line: 3, column: 1),
        HostileCase(file: "multiple-documents.yaml", rule: "multiple-documents", line: 11, column: 1),
        HostileCase(file: "python-tag.yaml", rule: "unsupported-tag", line: 8, column: 13),
        HostileCase(file: "ref-tag.yaml", rule: "unsupported-tag", line: 10, column: 10),
        HostileCase(file: "int-key.yaml", rule: "non-string-key", line: 10, column: 23),
        HostileCase(file: "null-key.yaml", rule: "non-string-key", line: 10, column: 23),
        HostileCase(file: "complex-key.yaml", rule: "non-string-key", line: 1, column: 1),
        HostileCase(file: "sequence-key.yaml", rule: "non-string-key", line: 2, column: 3),
        HostileCase(file: "truncated-mid-write.yaml", rule: "yaml-syntax", line: 9, column: 1),
        HostileCase(file: "unclosed-flow.yaml", rule: "yaml-syntax", line: 3, column: 1),
        HostileCase(file: "empty.yaml", rule: "empty-file", line: 1, column: 1),
        HostileCase(file: "comment-only.yaml", rule: "empty-file", line: 1, column: 1),
    ]

    /// Runs `juice lint --format json` on `path` with a guard timeout; returns the findings and the exit status.
    static func lint(
        _ path: String, in directory: URL = JuiceBinary.packageRoot
    ) async throws -> (findings: [[String: Any]], status: Int32, stderr: String) {
        let outcome = try await JuiceBinary.run(["lint", "--format", "json", path], in: directory, timeout: 60)
        let findings = (try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]]) ?? []
        return (findings, outcome.status, outcome.stderr)
    }

    @Test("each fixture gives its diagnostic at its line and column, and its exit status", arguments: cases)
    func fixture(_ hostile: HostileCase) async throws {
        let (findings, status, stderr) = try await Self.lint("\(Self.directory)/\(hostile.file)")
        #expect(status == hostile.status, "\(stderr)")
        let matching = findings.filter { $0["rule"] as? String == hostile.rule }
        #expect(
            matching.contains { $0["line"] as? Int == hostile.line && $0["column"] as? Int == hostile.column },
            "expected \(hostile.rule) at \(hostile.line):\(hostile.column); got \(findings.map { "\($0["rule"] ?? "") \($0["line"] ?? ""):\($0["column"] ?? "")" })"
        )
    }

    @Test("there are at least 40 distinct fixtures, and every file in the folder is covered")
    func coverage() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: JuiceBinary.packageRoot.appendingPathComponent(Self.directory).path)
        #expect(Set(files) == Set(Self.cases.map(\.file)))
        #expect(Self.cases.count + GeneratedHostileInputTests.generatedCount >= 40)
    }
}

/// Inputs too big to commit, made at test time: deep nesting, huge files and scalars, a million keys.
@Suite("Generated hostile inputs", .serialized)
struct GeneratedHostileInputTests {
    static let generatedCount = 5

    func check(_ name: String, _ contents: Data, rule: String, line: Int, column: Int) async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try contents.write(to: directory.appendingPathComponent(name))
        let (findings, status, stderr) = try await HostileInputTests.lint(name, in: directory)
        #expect(status == 1, "\(stderr)")
        #expect(
            findings.contains { $0["rule"] as? String == rule && $0["line"] as? Int == line && $0["column"] as? Int == column },
            "\(findings.prefix(3))")
    }

    @Test("100,000-deep nesting, closed and unclosed, stops at the depth limit")
    func deepNesting() async throws {
        let open = String(repeating: "[", count: 100_000)
        try await check("deep-unclosed.yaml", Data(("version: 1\nx: " + open + "\n").utf8), rule: "limit-exceeded", line: 2, column: 67)
        try await check(
            "deep-closed.yaml", Data(("version: 1\nx: " + open + String(repeating: "]", count: 100_000) + "\n").utf8),
            rule: "limit-exceeded", line: 2, column: 67)
    }

    @Test("a 50 MB file and a 64 MB scalar are refused by size without being parsed")
    func hugeFiles() async throws {
        var big = Data("version: 1\n# ".utf8)
        big.append(Data(repeating: 0x78, count: 50_000_000))
        try await check("fifty-megabytes.yaml", big, rule: "limit-exceeded", line: 1, column: 1)
        var scalar = Data("version: 1\nx: ".utf8)
        scalar.append(Data(repeating: 0x61, count: 64 << 20))
        try await check("huge-scalar.yaml", scalar, rule: "limit-exceeded", line: 1, column: 1)
    }

    @Test("a million keys are parsed without exhausting anything")
    func millionKeys() async throws {
        var text = "version: 1\nx:\n"
        text.reserveCapacity(14_000_000)
        for index in 0..<1_000_000 { text += "  k\(index): 1\n" }
        try await check("million-keys.yaml", Data(text.utf8), rule: "unknown-key", line: 2, column: 1)
    }
}

/// Paths that cannot be read: a clear message naming the path, exit 2.
@Suite("Unreadable recipe paths")
struct UnreadablePathTests {
    @Test("a symlink loop, a directory named like a recipe file, and a recipe 'directory' that is a file")
    func paths() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipes = directory.appendingPathComponent("recipes")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: recipes.appendingPathComponent("a.yaml").path, withDestinationPath: "b.yaml")
        try FileManager.default.createSymbolicLink(atPath: recipes.appendingPathComponent("b.yaml").path, withDestinationPath: "a.yaml")
        let loop = try await JuiceBinary.run(["lint", "recipes"], in: directory, timeout: 30)
        #expect(loop.status == 2)
        #expect(loop.stderr.contains("recipes/a.yaml"))
        #expect(loop.stderr.contains("symbolic links"))

        try FileManager.default.removeItem(at: recipes)
        try FileManager.default.createDirectory(at: recipes.appendingPathComponent("menu.yaml"), withIntermediateDirectories: true)
        let named = try await JuiceBinary.run(["lint", "recipes/menu.yaml"], in: directory, timeout: 30)
        #expect(named.status == 2)
        #expect(named.stderr.contains("recipes/menu.yaml"))

        let file = directory.appendingPathComponent("store.yaml")
        try "version: 1\n".write(to: file, atomically: true, encoding: .utf8)
        let notADirectory = try await JuiceBinary.run(["menu", "--recipes", "store.yaml"], in: directory, timeout: 30)
        #expect(notADirectory.status == 2)
        #expect(notADirectory.stderr.contains("store.yaml: not a directory"))
    }

    @Test("unreadable files and directories (checked as an unprivileged user when run as root)")
    func permissions() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer {
            _ = chmod(directory.appendingPathComponent("locked").path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        _ = chmod(directory.path, 0o755)
        let locked = directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let secret = directory.appendingPathComponent("secret.yaml")
        try "version: 1\n".write(to: secret, atomically: true, encoding: .utf8)
        _ = chmod(secret.path, 0o000)
        _ = chmod(locked.path, 0o000)
        for path in ["secret.yaml", "locked"] {
            let outcome = try await JuiceBinary.run(["lint", path], in: directory, timeout: 30, asUnprivilegedUser: true)
            #expect(outcome.status == 2, "\(path): \(outcome.stderr)")
            #expect(outcome.stderr.contains("\(path): cannot be read: Permission denied"), "\(outcome.stderr)")
        }
        // The system's reason follows the language too: the shop's commands in Korean, in both languages.
        let recipes = directory.appendingPathComponent("recipes")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        try "version: 1\n".write(to: recipes.appendingPathComponent("fruits.yaml"), atomically: true, encoding: .utf8)
        _ = chmod(recipes.appendingPathComponent("fruits.yaml").path, 0o000)
        let korean = try await JuiceBinary.run(
            ["menu", "--lang", "ko", "--recipes", "recipes"], in: directory, timeout: 30, asUnprivilegedUser: true)
        #expect(korean.status == 2)
        #expect(korean.stderr == "juice: 오류: 레시피를 읽을 수 없어요: recipes/fruits.yaml: 읽을 수 없어요: 읽을 권한이 없어요\n", "\(korean.stderr)")
        let english = try await JuiceBinary.run(
            ["menu", "--lang", "en", "--recipes", "recipes"], in: directory, timeout: 30, asUnprivilegedUser: true)
        #expect(english.stderr == "juice: error: recipes/fruits.yaml: cannot be read: Permission denied\n", "\(english.stderr)")
    }

    @Test("a missing order or recipe path is told in the user's language, the system's reason included")
    func missingPathsInKorean() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(arguments: [String], korean: String, english: String)] = [
            (
                ["simulate", "--orders", "missing.csv"],
                "juice: 오류: missing.csv: 읽을 수 없어요: 그런 파일이나 디렉터리가 없어요\n",
                "juice: error: missing.csv: cannot be read: No such file or directory\n"
            ),
            (
                ["simulate", "--orders", "missing.yaml"],
                "juice: 오류: missing.yaml: 읽을 수 없어요: 그런 파일이나 디렉터리가 없어요\n",
                "juice: error: missing.yaml: cannot be read: No such file or directory\n"
            ),
            (
                ["menu", "--recipes", "no-such-recipes"],
                "juice: 오류: 레시피를 읽을 수 없어요: no-such-recipes: 그런 파일이나 디렉터리가 없어요\n",
                "juice: error: no-such-recipes: no such file or directory\n"
            ),
        ]
        for (arguments, korean, english) in cases {
            let ko = try await JuiceBinary.run(arguments + ["--lang", "ko"], in: directory)
            #expect(ko.status == 2, "\(arguments)")
            #expect(ko.stderr == korean, "\(arguments): \(ko.stderr)")
            let en = try await JuiceBinary.run(arguments + ["--lang", "en"], in: directory)
            #expect(en.stderr == english, "\(arguments): \(en.stderr)")
        }
    }
}
