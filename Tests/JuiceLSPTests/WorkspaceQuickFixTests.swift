import JuiceCore
import JuiceRecipes
import Testing

@testable import JuiceLSP

/// A mistake made in one of the built-in files, and the rule that reports it.
struct Mistake: CustomTestStringConvertible, Sendable {
    var rule: RuleID
    var file: String
    var target: String
    var replacement: String
    var testDescription: String { "\(rule.rawValue): '\(target)' → '\(replacement)'" }
}

@Suite struct WorkspaceQuickFixTests {
    static let mistakes: [Mistake] = [
        Mistake(rule: .unknownFruit, file: "juices.yaml", target: "{banana: 2}", replacement: "{bananna: 2}"),
        Mistake(rule: .unknownKey, file: "juices.yaml", target: "    recipe: {kiwi: 3}", replacement: "    recipe: {kiwi: 3}\n    prise: 3000"),
        Mistake(rule: .missingStock, file: "store.yaml", target: "    mango: 10\n", replacement: ""),
        Mistake(rule: .stockExceedsCapacity, file: "store.yaml", target: "mango: 10", replacement: "mango: 200"),
        Mistake(rule: .exceedsCapacity, file: "juices.yaml", target: "{mango: 3}", replacement: "{mango: 300}"),
        Mistake(rule: .exceedsInitialStock, file: "juices.yaml", target: "{mango: 3}", replacement: "{mango: 30}"),
        Mistake(rule: .missingField, file: "store.yaml", target: "version: 1\n", replacement: ""),
        Mistake(rule: .wrongType, file: "juices.yaml", target: "    recipe: {kiwi: 3}", replacement: "    recipe: {kiwi: \"3\"}"),
        Mistake(rule: .invalidID, file: "fruits.yaml", target: "  mango:", replacement: "  green mango!:"),
        Mistake(rule: .unusedFruit, file: "fruits.yaml", target: "  mango:", replacement: "  apple:\n    name: {ko: 사과, en: Apple}\n  mango:"),
        Mistake(rule: .unknownStockFruit, file: "store.yaml", target: "    mango: 10", replacement: "    mango: 10\n    papaya: 3"),
        Mistake(
            rule: .duplicateID, file: "store.yaml", target: "version: 1\n",
            replacement: "version: 1\njuices:\n  kiwi-juice:\n    name: {ko: 키위, en: Kiwi Two}\n    recipe: {kiwi: 1}\n"),
        Mistake(
            rule: .duplicateKey, file: "juices.yaml", target: "  mango-juice:",
            replacement: "  kiwi-juice:\n    name: {ko: 키위, en: Kiwi Two}\n    recipe: {kiwi: 1}\n  mango-juice:"),
        Mistake(rule: .duplicateAlias, file: "juices.yaml", target: "aliases: [망고주스]", replacement: "aliases: [망고주스, 키위주스]"),
        Mistake(rule: .missingField, file: "juices.yaml", target: "    name: {ko: 키위쥬스, en: Kiwi Juice}\n", replacement: ""),
        Mistake(rule: .missingField, file: "juices.yaml", target: "    recipe: {kiwi: 3}\n", replacement: ""),
        Mistake(rule: .emptyRecipe, file: "juices.yaml", target: "{kiwi: 3}", replacement: "{}"),
        Mistake(rule: .missingField, file: "juices.yaml", target: "{ko: 키위쥬스, en: Kiwi Juice}", replacement: "{}"),
        Mistake(rule: .yaml11Ambiguity, file: "juices.yaml", target: "{kiwi: 3}", replacement: "{kiwi: 03}"),
        Mistake(rule: .tabIndentation, file: "store.yaml", target: "    mango: 10", replacement: "\t\tmango: 10"),
        Mistake(rule: .unsupportedVersion, file: "store.yaml", target: "version: 1", replacement: "version: 2"),
        Mistake(rule: .duplicateName, file: "juices.yaml", target: "en: Kiwi Juice}", replacement: "en: Mango Juice}"),
        Mistake(rule: .wrongType, file: "juices.yaml", target: "{ko: 키위쥬스, en: Kiwi Juice}", replacement: "{ko: \"\", en: Kiwi Juice}"),
        Mistake(rule: .nonStringKey, file: "fruits.yaml", target: "  mango:", replacement: "  2024:\n    name: {ko: 이공, en: Twenty}\n  mango:"),
        Mistake(rule: .yamlSyntax, file: "juices.yaml", target: "recipe: {kiwi: 3}", replacement: "recipe: {kiwi: 3"),
        Mistake(rule: .closedTwice, file: "store.yaml", target: "version: 1\n", replacement: "version: 1\ncalendar:\n  closed: [sun, mon, sun]\n"),
        Mistake(
            rule: .closedTwice, file: "store.yaml", target: "version: 1\n",
            replacement: "version: 1\ncalendar:\n  closed:\n    - 2026-02-16\n    - 2026-02-16\n"),
        Mistake(rule: .unknownWeekday, file: "store.yaml", target: "version: 1\n", replacement: "version: 1\ncalendar:\n  closed: [Sunday]\n"),
    ]

    @Test(arguments: mistakes)
    func everyFixMakesItsDiagnosticGoAway(_ mistake: Mistake) throws {
        let workspace = defaultWorkspace(replacing: mistake.target, with: mistake.replacement, in: mistake.file)
        let found = workspace.result.diagnostics.filter { $0.rule == mistake.rule }
        try #require(!found.isEmpty, "no \(mistake.rule.rawValue) in \(workspace.result.diagnostics.map(\.description))")
        for diagnostic in found {
            let fixes = workspace.quickFixes(for: diagnostic)
            #expect(!fixes.isEmpty, "no quick fix for \(diagnostic)")
            for fix in fixes {
                let after = RecipeWorkspace(files: workspace.applying(fix.edits))
                let same = after.result.diagnostics.filter { $0.rule == diagnostic.rule && $0.finding == diagnostic.finding }
                let before = workspace.result.diagnostics.filter { $0.rule == diagnostic.rule && $0.finding == diagnostic.finding }
                #expect(same.count < before.count, "'\(fix.title)' left \(diagnostic)")
                // No fix adds an error.
                #expect(after.result.errorCount <= workspace.result.errorCount, "'\(fix.title)' added errors: \(after.result.diagnostics)")
            }
            #expect(fixes.first?.isPreferred == true)
        }
    }

    @Test func aFixChangesOnlyTheBytesItMust() throws {
        let workspace = defaultWorkspace(replacing: "{banana: 2}", with: "{bananna: 2}  # 🍌 바나나 두 개")
        let diagnostic = try #require(workspace.result.diagnostics.first { $0.rule == .unknownFruit })
        let fix = try #require(workspace.quickFixes(for: diagnostic).first)
        #expect(fix.title == "replace 'bananna' with 'banana'")
        #expect(fix.edits.count == 1)
        #expect(fix.edits.first.map { text(of: $0.span, in: workspace) } == "bananna")
        let fixed = RecipeWorkspace(files: workspace.applying(fix.edits))
        let juices = fixed.files.first { $0.name == "juices.yaml" }.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(juices?.contains("recipe: {banana: 2}  # 🍌 바나나 두 개") == true)
        let korean = RecipeWorkspace(files: workspace.files, language: .korean)
        #expect(korean.quickFixes(for: diagnostic).first?.title == "'bananna'을(를) 'banana'(으)로 바꾸세요")
    }

    @Test func aFixThatWouldAddAnErrorIsNotOffered() throws {
        let workspace = defaultWorkspace(replacing: "    mango: 10", with: "    mango: 10\n    mangoo: 5", in: "store.yaml")
        let diagnostic = try #require(workspace.result.diagnostics.first { $0.rule == .unknownStockFruit })
        // "replace 'mangoo' with 'mango'" would make a duplicate key; removing the entry is still offered.
        let fixes = workspace.quickFixes(for: diagnostic)
        #expect(!fixes.contains { $0.title.contains("'mango'") && $0.edits.contains { $0.newText == "mango" } })
        for fix in fixes {
            #expect(RecipeWorkspace(files: workspace.applying(fix.edits)).result.errorCount < workspace.result.errorCount)
        }
    }

    @Test func adviceRatherThanAnEditHasNoFix() throws {
        let workspace = RecipeWorkspace(files: [RecipeSourceFile(name: "bad.yaml", bytes: [0x76, 0x65, 0xFF, 0xFE, 0x0A])])
        let diagnostic = try #require(workspace.result.diagnostics.first { $0.rule == .encoding })
        #expect(diagnostic.suggestedFix != nil)
        #expect(workspace.quickFixes(for: diagnostic).isEmpty)
    }

}

@Suite struct ConfigurationQuickFixTests {
    @Test(arguments: ["rules: {unused-frut: off}\n", "rules:\n  unused-fruit: of\n", "rulez: {}\n"])
    func fixesInTheConfigurationFileWorkToo(_ text: String) throws {
        let file = RecipeSourceFile(name: ".juicelint.yaml", text: text)
        var rules = LoadedRuleConfiguration()
        (rules.configuration, rules.diagnostics) = RuleConfiguration.parse(file)
        rules.files = [file]
        let workspace = RecipeWorkspace(files: defaultWorkspace().files, rules: rules)
        let diagnostic = try #require(workspace.diagnosticsByFile[".juicelint.yaml"]?.first)
        let fix = try #require(workspace.quickFixes(for: diagnostic).first)
        #expect(fix.edits.allSatisfy { $0.span.file == ".juicelint.yaml" })
        let edited = RecipeWorkspace.applying(fix.edits, to: [file])[0]
        #expect(RuleConfiguration.parse(edited).1.isEmpty, "\(String(decoding: edited.bytes, as: UTF8.self))")
    }
}
