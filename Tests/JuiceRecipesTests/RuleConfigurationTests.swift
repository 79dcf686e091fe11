import Foundation
import JuiceRecipes
import Testing

/// Turning rules off or changing their severity: from `.juicelint.yaml` and from the command line's settings.
@Suite("Rule configuration")
struct RuleConfigurationTests {
    static func parse(_ text: String) -> (RuleConfiguration, [Diagnostic]) {
        RuleConfiguration.parse(RecipeSourceFile(name: "recipes/.juicelint.yaml", text: text))
    }

    /// The built-in set: one warning (strawberry juice needs 16 of the 10 in stock).
    static let builtIn = RecipeLoader().load(files: DefaultRecipes.files)

    @Test("a valid file sets each rule it names; others keep their own severity")
    func valid() {
        let (rules, problems) = Self.parse("rules:\n  exceeds-initial-stock: off\n  missing-stock: error\n  unused-fruit: warning\n")
        #expect(problems.isEmpty)
        #expect(rules.severity(of: .exceedsInitialStock) == nil)
        #expect(rules.severity(of: .missingStock) == .error)
        #expect(rules.severity(of: .unusedFruit) == .warning)
        #expect(rules.severity(of: .unknownFruit) == .error)
        #expect(Self.parse("rules: {exceeds-initial-stock: off}").0.settings == [.exceedsInitialStock: .off], "flow style reads the same")
    }

    @Test(
        "the file's own mistakes are errors at their line and column, with a suggestion; the file then sets nothing",
        arguments: [
            (
                "rules:\n  exceeds-intial-stock: off\n",
                "recipes/.juicelint.yaml:2:3: error: unknown rule 'exceeds-intial-stock'; did you mean 'exceeds-initial-stock'? [unknown-key]"
            ),
            (
                "rules:\n  missing-stock: eror\n",
                "recipes/.juicelint.yaml:2:18: error: rule 'missing-stock' must be off, warning or error, not 'eror' [wrong-type]"
            ),
            (
                "rules:\n  missing-stock: false\n",
                "recipes/.juicelint.yaml:2:18: error: rule 'missing-stock' must be off, warning or error, not the boolean false [wrong-type]"
            ),
            ("rulez: {}\n", "recipes/.juicelint.yaml:1:1: error: unknown key 'rulez' in .juicelint.yaml; did you mean 'rules'? [unknown-key]"),
            (
                "rules: [missing-stock]\n",
                "recipes/.juicelint.yaml:1:8: error: 'rules' must map rule ids to off, warning or error, like 'rules: {exceeds-initial-stock: off}', not a list [wrong-type]"
            ),
            (
                "- rules\n",
                "recipes/.juicelint.yaml:1:1: error: expected a mapping with 'rules', like 'rules: {exceeds-initial-stock: off}', not a list [wrong-type]"
            ),
            (
                "rules:\n  missing-stock: off\n  missing-stock: error\n",
                "recipes/.juicelint.yaml:3:3: error: duplicate key 'missing-stock' [duplicate-key]"
            ),
            (
                "rules: {missing-stock: off\n",
                "recipes/.juicelint.yaml:2:1: error: YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 8) [yaml-syntax]"
            ),
        ])
    func mistakes(text: String, expected: String) {
        let (rules, problems) = Self.parse(text)
        #expect(problems.map(\.description) == [expected])
        #expect(rules == RuleConfiguration(), "a file with problems sets nothing")
    }

    @Test("a bad severity suggests the closest one")
    func severitySuggestion() {
        #expect(Self.parse("rules: {missing-stock: eror}").1.first?.fix == "write 'error'")
    }

    @Test("settings apply to every finding: off removes it, a severity replaces the rule's")
    func applied() {
        #expect(Self.builtIn.warningCount == 1)
        var off = RuleConfiguration()
        off.set(.exceedsInitialStock, to: .off)
        #expect(off.applied(to: Self.builtIn).diagnostics.isEmpty)
        var error = RuleConfiguration()
        error.set(.exceedsInitialStock, to: .error)
        let raised = error.applied(to: Self.builtIn)
        #expect(raised.errorCount == 1 && raised.warningCount == 0)
    }

    @Test("--strict passes on the built-in set once its deliberate warning is off, in every format")
    func strictBuiltIn() {
        #expect(LintReport(Self.builtIn, format: .text, strict: true).exitCode == 1)
        var loaded = LoadedRuleConfiguration()
        loaded.configuration.set(.exceedsInitialStock, to: .off)
        for format in DiagnosticFormat.allCases {
            let report = LintReport(Self.builtIn, format: format, strict: true, rules: loaded)
            #expect(report.exitCode == 0, "\(format)")
            #expect(!report.output.contains("strawberry-juice"), "\(format)")
        }
    }

    @Test("a configuration file's problems are reported with the recipes' and fail the run")
    func problemsReported() {
        var loaded = LoadedRuleConfiguration()
        let file = RecipeSourceFile(name: "recipes/.juicelint.yaml", text: "rules: {exceeds-intial-stock: off}\n")
        (loaded.configuration, loaded.diagnostics) = RuleConfiguration.parse(file)
        loaded.files = [file]
        let report = LintReport(Self.builtIn, format: .text, rules: loaded)
        #expect(report.exitCode == 1)
        #expect(
            report.output.contains(
                """
                recipes/.juicelint.yaml:1:9: error: unknown rule 'exceeds-intial-stock'; did you mean 'exceeds-initial-stock'? [unknown-key]
                 1 | rules: {exceeds-intial-stock: off}
                   |         ^~~~~~~~~~~~~~~~~~~~
                """))
        #expect(report.output.contains("[exceeds-initial-stock]"), "nothing from a broken file is applied")
    }

    @Test("command-line settings: RULE=LEVEL, unknown rules and levels refused with a suggestion")
    func commandLine() throws {
        var rules = RuleConfiguration()
        try rules.set("missing-stock=error")
        #expect(rules.severity(of: .missingStock) == .error)
        #expect(throws: RuleSettingError.badSetting("missing-stock=loud")) { try rules.set("missing-stock=loud") }
        #expect(throws: RuleSettingError.badSetting("missing-stock")) { try rules.set("missing-stock") }
        #expect(throws: RuleSettingError.unknownRule("missing-stok")) { try rules.set("missing-stok=off") }
        #expect(RuleSettingError.unknownRule("missing-stok").description == "unknown rule 'missing-stok'; did you mean 'missing-stock'?")
    }

    @Test("the listing shows every rule at its configured severity, and its own where changed")
    func listing() {
        var rules = RuleConfiguration()
        rules.set(.exceedsInitialStock, to: .off)
        rules.set(.missingStock, to: .warning)
        let lines = rules.listing.split(separator: "\n")
        #expect(lines.count == RuleID.allCases.count + 1)
        #expect(lines[0] == "rule                    severity  checks")
        #expect(lines.contains("exceeds-initial-stock   off       \(RuleID.exceedsInitialStock.summary) (warning by default)"))
        #expect(lines.contains("missing-stock           warning   \(RuleID.missingStock.summary)"), "set to its own severity: nothing to add")
        #expect(lines.contains("unknown-fruit           error     \(RuleID.unknownFruit.summary)"))
    }

    @Test("the configuration file is found in the directory linted, and is never read as a recipe file")
    func lookup() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in DefaultRecipes.files {
            try Data(file.bytes).write(to: directory.appendingPathComponent((file.name as NSString).lastPathComponent))
        }
        try "rules: {exceeds-initial-stock: off}\n".write(
            to: directory.appendingPathComponent(RuleConfiguration.fileName), atomically: true, encoding: .utf8)
        #expect(RuleConfiguration.files(forLinting: [directory.path]) == [directory.path + "/.juicelint.yaml"])
        #expect(RuleConfiguration.files(forLinting: [directory.appendingPathComponent("juices.yaml").path]).isEmpty, "a file brings none")
        let loaded = try RuleConfiguration.load(forLinting: [directory.path])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.configuration.severity(of: .exceedsInitialStock) == nil)
        let result = try RecipeLoader().load(paths: [directory.path])
        #expect(result.sources.count == 3, "the dotfile is not a recipe file")
        #expect(LintReport(result, format: .text, strict: true, rules: loaded).exitCode == 0)
    }
}
