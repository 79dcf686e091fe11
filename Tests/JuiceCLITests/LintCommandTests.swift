import Foundation
import JuiceCommandLine
import juice
import JuiceCore
import JuiceTestSupport
import JuiceRecipes
import Testing

/// `juice lint` and `juice schema`, run as the real binary.
@Suite("juice lint (end to end)")
struct LintCommandTests {
    @Test("the default recipes lint with one warning and exit 0")
    func defaultRecipes() async throws {
        let outcome = try await JuiceBinary.run(["lint"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(
            outcome.stdout == """
                recipes/juices.yaml:9:14: warning: juice 'strawberry-juice' needs 16 'strawberry' but the store starts with 10; it cannot be made until restocked [exceeds-initial-stock]
                 9 |     recipe: {strawberry: 16}
                   |              ^~~~~~~~~~
                   = fix: raise the initial stock of 'strawberry' to 16
                0 errors, 1 warning in 3 files

                """)
    }

    @Test("--strict makes the warning fail")
    func strict() async throws {
        #expect(try await JuiceBinary.run(["lint", "--strict"]).status == 1)
    }

    @Test("errors exit 1 and print file:line:col: error: message [rule]")
    func errors() async throws {
        let outcome = try await JuiceBinary.run(["lint", "Tests/JuiceRecipesTests/Fixtures/broken"], in: JuiceBinary.packageRoot)
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "Tests/JuiceRecipesTests/Fixtures/broken/menu.yaml:12:14: error: unknown fruit 'bananna' in juice 'banana-juice'; did you mean 'banana'? [unknown-fruit]\n"
            ))
        #expect(outcome.stdout.hasSuffix("8 errors, 0 warnings in 1 file\n"))
    }

    static let broken = "Tests/JuiceRecipesTests/Fixtures/broken"
    static let noLocale = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""]

    @Test("text output in Korean when Korean is asked for (--lang ko, before or after lint, or a ko locale): the golden file")
    func korean() async throws {
        let golden = try String(
            contentsOf: JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceRecipesTests/Fixtures/golden/broken.ko.text"), encoding: .utf8)
        for (arguments, environment) in [
            (["lint", "--lang", "ko", Self.broken], Self.noLocale), (["--lang", "ko", "lint", Self.broken], Self.noLocale),
            (["lint", "--lang=ko", Self.broken], ["LANG": "en_US.UTF-8"]),
            (["lint", Self.broken], ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"]),
            (["lint", Self.broken], ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]),
        ] {
            let outcome = try await JuiceBinary.run(arguments, in: JuiceBinary.packageRoot, environment: environment)
            #expect(outcome.status == 1, "\(arguments) \(environment)")
            #expect(outcome.stdout.replacingOccurrences(of: Self.broken + "/", with: "broken/") == golden, "\(arguments) \(environment)")
        }
    }

    @Test("lint's language: --lang wins; else Korean only for a ko locale, the first of LC_ALL, LC_MESSAGES, LANG that is set")
    func languageRule() {
        #expect(LintLanguage.of(nil, environment: [:]) == .english, "no locale at all: English, for CI logs")
        #expect(LintLanguage.of(nil, environment: ["LANG": ""]) == .english)
        #expect(LintLanguage.of(nil, environment: ["LANG": "ko_KR.UTF-8"]) == .korean)
        #expect(LintLanguage.of(nil, environment: ["LC_MESSAGES": "ko", "LANG": "en_US.UTF-8"]) == .korean)
        #expect(LintLanguage.of(nil, environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"]) == .english)
        #expect(LintLanguage.of(.ko, environment: ["LC_ALL": "C"]) == .korean)
        #expect(LintLanguage.of(.en, environment: ["LANG": "ko_KR.UTF-8"]) == .english)
    }

    @Test("English without a locale (lint output is for CI logs), with an English one, or with --lang en; machine formats always English")
    func englishUnlessAsked() async throws {
        for (arguments, environment) in [
            (["lint", Self.broken], Self.noLocale), (["lint", Self.broken], ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"]),
            (["lint", "--lang", "en", Self.broken], ["LC_ALL": "ko_KR.UTF-8"]),
        ] {
            let outcome = try await JuiceBinary.run(arguments, in: JuiceBinary.packageRoot, environment: environment)
            #expect(outcome.stdout.hasSuffix("8 errors, 0 warnings in 1 file\n"), "\(arguments) \(environment)")
        }
        let json = try await JuiceBinary.run(["lint", "--lang", "ko", "--format", "json", Self.broken], in: JuiceBinary.packageRoot)
        let english = try await JuiceBinary.run(["lint", "--format", "json", Self.broken], in: JuiceBinary.packageRoot, environment: Self.noLocale)
        #expect(json.stdout == english.stdout)
        let missing = try await JuiceBinary.run(["lint", "--lang", "ko", "no/such/dir"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "juice: 오류: no/such/dir: 그런 파일이나 디렉터리가 없어요\n")
    }

    @Test("--format json prints an array of findings")
    func json() async throws {
        let outcome = try await JuiceBinary.run(["lint", "--format", "json", "Tests/JuiceRecipesTests/Fixtures/broken"], in: JuiceBinary.packageRoot)
        #expect(outcome.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 8)
        #expect(array.compactMap { $0["rule"] as? String }.contains("unknown-fruit"))
    }

    @Test("--format github prints workflow commands")
    func github() async throws {
        let outcome = try await JuiceBinary.run(["lint", "--format", "github"])
        #expect(outcome.stdout.hasPrefix("::warning file=recipes/juices.yaml,line=9,col=14,"))
    }

    @Test("colour only when asked or on a terminal, never with NO_COLOR")
    func colour() async throws {
        #expect(!(try await JuiceBinary.run(["lint"]).stdout.contains("\u{1B}[")))
        #expect(try await JuiceBinary.run(["lint", "--color", "always"]).stdout.contains("\u{1B}["))
    }

    @Test("an unreadable path exits 2 naming it on stderr")
    func missingPath() async throws {
        let outcome = try await JuiceBinary.run(["lint", "no/such/dir"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "juice: error: no/such/dir: no such file or directory\n", "the error style every command uses")
    }

    @Test("usage errors exit 2")
    func usageErrors() async throws {
        let badFormat = try await JuiceBinary.run(["lint", "--format", "xml"])
        #expect(badFormat.status == 2)
        #expect(badFormat.stderr.contains("xml"))
        let badRule = try await JuiceBinary.run(["lint", "--explain", "unknwn-fruit"])
        #expect(badRule.status == 2)
        #expect(badRule.stderr.contains("did you mean 'unknown-fruit'?"))
    }

    @Test("--explain prints the rule with examples")
    func explain() async throws {
        let outcome = try await JuiceBinary.run(["lint", "--explain", "unknown-fruit"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("unknown-fruit (error)\n"))
        #expect(outcome.stdout.contains("{bananna: 2, banana: 1}"))
        // In Korean when Korean is asked for: the severity, what the rule checks and the examples' titles; the
        // examples are the files as written.
        let korean = try await JuiceBinary.run(["lint", "--explain", "unknown-fruit", "--lang", "ko"])
        #expect(korean.status == 0)
        #expect(korean.stdout.hasPrefix("unknown-fruit (오류)\n\n레시피에는 정의된 과일만 쓸 수 있어요.\n"), "\(korean.stdout)")
        #expect(korean.stdout.contains("걸리는 예 1:") && korean.stdout.contains("걸리지 않는 예 1:"))
        #expect(korean.stdout.contains("{bananna: 2, banana: 1}") && !korean.stdout.contains("Triggers it"))
    }

    @Test("every rule says what it checks in Korean too, in words of its own")
    func koreanSummaries() {
        for rule in RuleID.allCases {
            let korean = rule.summary(in: .korean)
            #expect(korean != rule.summary && korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(rule)")
            #expect(rule.summary(in: .english) == rule.summary)
        }
    }

    @Test("outside a project the built-in default recipes are used")
    func embeddedDefault() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await JuiceBinary.run(["lint"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("recipes/juices.yaml:9:14: warning:"))
    }

    @Test("juice schema prints valid JSON Schema")
    func schema() async throws {
        let outcome = try await JuiceBinary.run(["schema"])
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test("an orange fruit and juice added by YAML alone lint clean")
    func addOrangeByYAMLAlone() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipes = directory.appendingPathComponent("recipes")
        try JuiceBinary.writeBuiltInRecipes(into: directory)
        try """
        version: 1
        fruits:
          orange:
            name: {ko: 오렌지, en: Orange}
            emoji: 🍊
        juices:
          orange-juice:
            name: {ko: 오렌지쥬스, en: Orange Juice}
            aliases: [오렌지주스]
            price: 4000
            recipe: {orange: 3}

        """.write(to: recipes.appendingPathComponent("orange.yaml"), atomically: true, encoding: .utf8)
        let store = recipes.appendingPathComponent("store.yaml")
        let text = try String(contentsOf: store, encoding: .utf8) + "    orange: 10\n"
        try text.write(to: store, atomically: true, encoding: .utf8)

        let lint = try await JuiceBinary.run(["lint", "--format", "json"], in: directory)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        #expect(findings.compactMap { $0["rule"] as? String } == ["exceeds-initial-stock"], "only the original strawberry warning")
        let text2 = try await JuiceBinary.run(
            ["lint", "--strict", "recipes/orange.yaml", "recipes/fruits.yaml", "recipes/store.yaml", "recipes/juices.yaml"], in: directory)
        #expect(text2.stdout.contains("in 4 files"))
    }

    @Test("--strict passes on the shipped set with its deliberate warning turned off on the command line")
    func strictWithDisable() async throws {
        let outcome = try await JuiceBinary.run(["lint", "--strict", "--disable", "exceeds-initial-stock"])
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout == "0 errors, 0 warnings in 3 files\n")
        let raised = try await JuiceBinary.run(["lint", "--severity", "exceeds-initial-stock=error", "--format", "github"])
        #expect(raised.status == 1)
        #expect(raised.stdout.hasPrefix("::error file=recipes/juices.yaml,line=9,col=14,"))
    }

    @Test("--strict passes on the shipped set with its deliberate warning turned off in recipes/.juicelint.yaml")
    func strictWithConfigFile() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try JuiceBinary.writeBuiltInRecipes(into: directory)
        let config = directory.appendingPathComponent("recipes/.juicelint.yaml")
        try "# CI: the strawberry juice needs a restock first, on purpose\nrules:\n  exceeds-initial-stock: off\n".write(
            to: config, atomically: true, encoding: .utf8)
        let outcome = try await JuiceBinary.run(["lint", "--strict"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout == "0 errors, 0 warnings in 3 files\n", "the configuration file is not a recipe file")
        let sarif = try await JuiceBinary.run(["lint", "--strict", "--format", "sarif", "recipes"], in: directory)
        #expect(sarif.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == 0)
        // The command line wins over the file.
        let listed = try await JuiceBinary.run(["lint", "--list-rules", "--severity", "missing-stock=error"], in: directory)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("\nexceeds-initial-stock   off       "))
        #expect(
            listed.stdout.contains(
                "\nmissing-stock           error     Every fruit should have a stock entry (it counts as 0 otherwise). (warning by default)\n"))
        let back = try await JuiceBinary.run(["lint", "--strict", "--severity", "exceeds-initial-stock=warning"], in: directory)
        #expect(back.status == 1)
    }

    @Test("a mistake in .juicelint.yaml is an error at its line and column with a suggestion; nothing of it is applied")
    func configFileMistake() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try JuiceBinary.writeBuiltInRecipes(into: directory)
        try "rules:\n  exceeds-initial-stok: off\n  missing-stock: loud\n".write(
            to: directory.appendingPathComponent("recipes/.juicelint.yaml"), atomically: true, encoding: .utf8)
        let outcome = try await JuiceBinary.run(["lint"], in: directory)
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "recipes/.juicelint.yaml:2:3: error: unknown rule 'exceeds-initial-stok'; did you mean 'exceeds-initial-stock'? [unknown-key]\n"))
        #expect(
            outcome.stdout.contains(
                "recipes/.juicelint.yaml:3:18: error: rule 'missing-stock' must be off, warning or error, not 'loud' [wrong-type]\n"))
        #expect(outcome.stdout.contains("[exceeds-initial-stock]"))
        let listed = try await JuiceBinary.run(["lint", "--list-rules"], in: directory)
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("recipes/.juicelint.yaml:2:3: error: unknown rule"))
    }

    @Test("--list-rules prints every rule with its severity and summary")
    func listRules() async throws {
        let outcome = try await JuiceBinary.run(["lint", "--list-rules", "--disable", "unused-fruit"])
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == RuleID.allCases.count + 1)
        #expect(lines.first == "rule                    severity  checks")
        #expect(lines.contains { $0.hasPrefix("price-below-cost        warning   A juice's price should be above what its fruits cost") })
        #expect(lines.contains("unknown-fruit           error     A recipe may use only fruits that are defined."))
        #expect(lines.contains("unused-fruit            off       Every fruit should be used by at least one juice. (warning by default)"))
        let korean = try await JuiceBinary.run(["lint", "--list-rules", "--disable", "unused-fruit", "--lang", "ko"])
        let koreanLines = korean.stdout.split(separator: "\n")
        #expect(koreanLines.count == RuleID.allCases.count + 1)
        #expect(koreanLines.first == "규칙                    수준      검사", "the columns line up as the rules' do")
        #expect(koreanLines.contains("unused-fruit            off       과일마다 적어도 한 쥬스에 쓰여야 해요. (기본은 warning)"))
        let bad = try await JuiceBinary.run(["lint", "--disable", "unused-fruits"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown rule 'unused-fruits'; did you mean 'unused-fruit'?"))
        let badLevel = try await JuiceBinary.run(["lint", "--severity", "unused-fruit=loud"])
        #expect(badLevel.status == 2)
        #expect(badLevel.stderr.contains("expected RULE=error, RULE=warning or RULE=off"))
    }

    @Test("juice --version prints the version SARIF names")
    func version() async throws {
        let outcome = try await JuiceBinary.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == JuiceVersion.current + "\n")
        let sarif = try await JuiceBinary.run(["lint", "--format", "sarif"])
        #expect(sarif.stdout.contains("\"version\": \"\(JuiceVersion.current)\""))
        #expect(sarif.stdout.contains("unicodeCodePoints"))
    }
}
