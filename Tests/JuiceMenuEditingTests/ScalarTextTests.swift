import JuiceRecipes
import Testing

@testable import JuiceMenuEditing

/// Values are written so that YAML reads back the same text, in the style the file used.
@Suite struct ScalarTextTests {
    @Test(arguments: ["망고", "Mango Juice", "Strawberry-Banana Juice", "🍓", "망고_2", "(big)", "it's"])
    func plainTextStaysPlain(_ text: String) {
        #expect(ScalarText.render(text) == text)
    }

    @Test(arguments: [
        " lead", "trail ", "true", "No", "null", "~", "123", "-1", "1.5", "a: b", "a #b", "[x]", "{x}", "x, y", "*ref", "&a", "!tag", "'q", "\"q\"",
        "%", "@", "`",
    ])
    func textYAMLWouldReadOtherwiseIsDoubleQuotedAndReadsBackTheSame(_ text: String) throws {
        let written = ScalarText.render(text)
        #expect(written.hasPrefix("\""))
        let result = RecipeLoader().load(text: "version: 1\nfruits:\n  kiwi:\n    name: {ko: \(written), en: \(written)}\n")
        #expect(result.book.fruits.first?.name.korean == text, "\(written)")
    }

    /// Characters YAML does not allow raw in a file (lint's encoding rule refuses them) or reads as a line break, as
    /// the menu-edit fuzzer found them: escaped, so the file lints and reads back the same text.
    @Test(arguments: ["\u{FEFF}bom", "del\u{7F}", "c1\u{80}\u{9F}", "nel\u{85}", "ls\u{2028}ps\u{2029}", "\u{FFFE}\u{FFFF}"])
    func charactersYAMLDoesNotAllowRawAreEscapedInEveryStyle(_ text: String) throws {
        for style in [ScalarText.Style.plain, .singleQuoted, .doubleQuoted] {
            let written = ScalarText.render(text, like: style)
            #expect(written.hasPrefix("\""))
            let result = RecipeLoader().load(text: "version: 1\nfruits:\n  kiwi:\n    name: {ko: \(written), en: \(written)}\n")
            #expect(!result.diagnostics.contains { $0.severity == .error }, "\(written): \(result.diagnostics)")
            #expect(result.book.fruits.first?.name.korean == text, "\(written)")
        }
    }

    @Test func anEmptyTextIsQuoted() {
        #expect(ScalarText.render("") == "\"\"")
    }

    @Test func aQuotedValueKeepsItsQuotes() {
        #expect(ScalarText.render("바나나", like: .doubleQuoted) == "\"바나나\"")
        #expect(ScalarText.render("it's", like: .singleQuoted) == "'it''s'")
        #expect(ScalarText.render("line\nbreak", like: .singleQuoted) == "\"line\\nbreak\"")
        #expect(ScalarText.render("tab\there \\ \"q\"") == "\"tab\\there \\\\ \\\"q\\\"\"")
    }
}
