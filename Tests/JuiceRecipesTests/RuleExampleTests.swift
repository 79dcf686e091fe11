import JuiceRecipes
import Testing

/// One generic test runs every rule's documented examples: triggering ones must report the rule, near misses must not.
@Suite("Lint rule examples")
struct RuleExampleTests {
    @Test("triggering examples report the rule", arguments: RuleID.allCases)
    func triggeringExamplesReportTheRule(rule: RuleID) {
        #expect(!rule.triggeringExamples.isEmpty, "every rule needs a triggering example")
        for example in rule.triggeringExamples {
            let result = RecipeLoader().load(files: example.files)
            let found = result.diagnostics.filter { $0.rule == rule }
            #expect(!found.isEmpty, "\(rule.rawValue) not reported; got \(result.diagnostics.map(\.description))")
            #expect(found.allSatisfy { $0.severity == rule.severity })
        }
    }

    @Test("near-miss examples do not report the rule", arguments: RuleID.allCases)
    func passingExamplesDoNotReportTheRule(rule: RuleID) {
        #expect(!rule.passingExamples.isEmpty)
        for example in rule.passingExamples {
            let result = RecipeLoader().load(files: example.files)
            let found = result.diagnostics.filter { $0.rule == rule }
            #expect(found.isEmpty, "\(rule.rawValue) reported on a near miss: \(found.map(\.description))")
        }
    }

    @Test("the base example is clean")
    func baseExampleIsClean() {
        let result = RecipeLoader().load(files: RuleID.unknownFruit.passingExamples[0].files)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
    }

    @Test("explanations name the rule, its severity and its examples", arguments: RuleID.allCases)
    func explanationShowsExamples(rule: RuleID) {
        let text = rule.explanation
        #expect(text.hasPrefix("\(rule.rawValue) (\(rule.severity.rawValue))"))
        #expect(text.contains(rule.summary))
        #expect(text.contains("Triggers it, example 1:"))
        #expect(text.contains("Does not trigger it, example 1:"))
    }

    @Test("rule ids are unique kebab-case")
    func ruleIDsAreKebabCase() {
        let ids = RuleID.allCases.map(\.rawValue)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } })
    }
}
