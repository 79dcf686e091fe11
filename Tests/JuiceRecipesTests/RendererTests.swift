import Foundation
import JuiceRecipes
import JuiceTestSupport
import Testing

/// Output formats are pinned by golden files in Fixtures/golden (regenerate with JUICE_UPDATE_GOLDEN=1).
@Suite("Diagnostic output formats")
struct RendererTests {
    static func brokenResult() throws -> RecipeLoadResult {
        RecipeLoader().load(files: [RecipeSourceFile(name: "broken/menu.yaml", bytes: try TestSupport.fixture("broken/menu.yaml"))])
    }

    @Test("each format matches its golden file", arguments: DiagnosticFormat.allCases)
    func golden(format: DiagnosticFormat) throws {
        let output = DiagnosticRenderer().render(try Self.brokenResult(), as: format)
        let golden = TestSupport.packageRoot.appendingPathComponent("Tests/JuiceRecipesTests/Fixtures/golden/broken.\(format.rawValue)")
        #expect(output == (try Golden.expected(for: output, at: golden)))
    }

    @Test("the text format in Korean matches its golden file; the machine formats stay English")
    func koreanGolden() throws {
        let output = DiagnosticRenderer(language: .korean).render(try Self.brokenResult(), as: .text)
        let golden = TestSupport.packageRoot.appendingPathComponent("Tests/JuiceRecipesTests/Fixtures/golden/broken.ko.text")
        #expect(output == (try Golden.expected(for: output, at: golden)))
        for format in [DiagnosticFormat.json, .github, .sarif] {
            #expect(
                DiagnosticRenderer(language: .korean).render(try Self.brokenResult(), as: format)
                    == DiagnosticRenderer().render(try Self.brokenResult(), as: format))
        }
    }

    @Test("price-below-cost and a bad shelf life, in every format and in Korean, match their golden files", arguments: DiagnosticFormat.allCases)
    func costsGolden(format: DiagnosticFormat) throws {
        let result = RecipeLoader().load(files: [RecipeSourceFile(name: "costs/menu.yaml", bytes: try TestSupport.fixture("costs/menu.yaml"))])
        #expect(result.diagnostics.map(\.rule) == [.invalidQuantity, .priceBelowCost, .priceBelowCost])
        let folder = TestSupport.packageRoot.appendingPathComponent("Tests/JuiceRecipesTests/Fixtures/golden")
        let output = DiagnosticRenderer().render(result, as: format)
        #expect(output == (try Golden.expected(for: output, at: folder.appendingPathComponent("costs.\(format.rawValue)"))))
        guard format == .text else { return }
        let korean = DiagnosticRenderer(language: .korean).render(result, as: .text)
        #expect(korean == (try Golden.expected(for: korean, at: folder.appendingPathComponent("costs.ko.text"))))
    }

    @Test("JSON is an array of objects with file, line, column, severity, rule and message")
    func jsonShape() throws {
        let data = Data(DiagnosticRenderer().render(try Self.brokenResult(), as: .json).utf8)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.count == 8)
        for object in array {
            for key in ["file", "line", "column", "severity", "rule", "message"] { #expect(object[key] != nil, "missing \(key)") }
        }
        #expect(array.first?["line"] as? Int == 8)
    }

    @Test("SARIF names every rule and points each result at its region")
    func sarifShape() throws {
        let data = Data(DiagnosticRenderer().render(try Self.brokenResult(), as: .sarif).utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 8)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleID.allCases.count)
        #expect(driver["version"] as? String == JuiceVersion.current)
        #expect(run["columnKind"] as? String == "unicodeCodePoints", "columns count Unicode scalars")
    }

    @Test("SARIF lists each rule at its configured level, and a rule turned off as not enabled")
    func sarifConfiguredRules() throws {
        var settings = RuleConfiguration()
        settings.set(.unknownFruit, to: .warning)
        settings.set(.unusedFruit, to: .off)
        let data = Data(DiagnosticRenderer().render(try Self.brokenResult(), as: .sarif, rules: settings).utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        func configuration(of id: String) -> [String: Any]? {
            rules.first { $0["id"] as? String == id }?["defaultConfiguration"] as? [String: Any]
        }
        #expect(configuration(of: "unknown-fruit")?["level"] as? String == "warning")
        #expect(configuration(of: "unused-fruit")?["enabled"] as? Bool == false)
        #expect(configuration(of: "missing-stock")?["enabled"] == nil)
    }

    @Test("text output stops at 100 findings per file and says how many more")
    func perFileLimit() {
        let recipe = (0..<150).map { "f\($0): 1" }.joined(separator: ", ")
        let result = TestSupport.load("version: 1\njuices:\n  j: {name: {en: J}, recipe: {\(recipe)}}\n", name: "many.yaml")
        #expect(result.errorCount == 150)
        let text = DiagnosticRenderer().render(result, as: .text)
        #expect(text.components(separatedBy: "[unknown-fruit]").count - 1 == 100)
        #expect(text.contains("many.yaml: and 50 more\n"))
        let json = DiagnosticRenderer().render(result, as: .json)
        #expect(json.components(separatedBy: "\"unknown-fruit\"").count - 1 == 150, "JSON keeps every finding")
    }

    @Test("colour codes appear only when asked for")
    func colour() throws {
        let result = try Self.brokenResult()
        #expect(!DiagnosticRenderer(colored: false).render(result, as: .text).contains("\u{1B}["))
        #expect(DiagnosticRenderer(colored: true).render(result, as: .text).contains("\u{1B}[1;31merror:"))
    }

    @Test("strict mode fails on warnings; errors always fail")
    func exitCodes() {
        let clean = RecipeLoader().load(files: RuleID.unknownFruit.passingExamples[0].files)
        #expect(LintReport(clean, format: .text).exitCode == 0)
        let warned = RecipeLoader().load(files: RuleID.unusedFruit.triggeringExamples[0].files)
        #expect(LintReport(warned, format: .text).exitCode == 0)
        #expect(LintReport(warned, format: .text, strict: true).exitCode == 1)
        let failed = RecipeLoader().load(files: RuleID.unknownFruit.triggeringExamples[0].files)
        #expect(LintReport(failed, format: .text).exitCode == 1)
    }
}
