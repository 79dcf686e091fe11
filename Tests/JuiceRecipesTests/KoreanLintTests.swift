import JuiceCore
import JuiceRecipes
import JuiceYAML
import Testing

/// Every lint finding, fix and note reads in Korean, in words of its own; English stays what it was.
@Suite("Lint messages in Korean")
struct KoreanLintTests {
    static let at = JuiceYAML.SourceLocation(file: "f.yaml", line: 1, column: 1, byteOffset: 0)
    static let kiwi = RecipeEntry(.fruit, "kiwi")
    static let juice = RecipeEntry(.juice, "kiwi-juice")

    static let findings: [LintFinding] = [
        .yaml(.emptyFile(at: at)), .yaml(.unsupportedTag("!Ref", at: at)), .yaml(.tabIndentation(at: at)),
        .yaml(.syntax(YAMLSyntaxError(.expectedKey), at: at)), .yaml(.nonStringKey(.number("1"), at: at)),
        .expectedMapping(.file, found: .list), .expectedMapping(.entry(kiwi), found: .text("x")), .expectedMapping(.entry(juice), found: .empty),
        .expectedMapping(.name(juice), found: .list), .expectedMapping(.recipe(juice: "j"), found: .number("3")),
        .expectedMapping(.fruits, found: .list), .expectedMapping(.juices, found: .list), .expectedMapping(.store, found: .list),
        .expectedMapping(.stock, found: .boolean("true")), .missingVersion, .unsupportedVersion(2, supported: 1),
        .missingName(kiwi), .missingRecipe(juice: "j"), .emptyName(juice), .emptyRecipe(juice: "j"),
        .unknownKey("colour", in: .entry(kiwi), suggestion: nil), .unknownKey("recipie", in: .entry(juice), suggestion: "recipe"),
        .unknownKey("fr", in: .name(juice), suggestion: nil), .unknownKey("x", in: .topLevel, suggestion: nil),
        .unknownKey("x", in: .store, suggestion: nil),
        .invalidID(.fruit, id: "a b"), .onlyDotsID(.juice, id: ".."),
        .idTooLong(.fruit, id: String(repeating: "b", count: 300), length: 300, maximum: 100),
        .wrongType(.aliases(juice: "j"), expected: .listOfNames, found: .text("x")),
        .wrongType(.koreanName(kiwi), expected: .text, found: .number("1")), .wrongType(.price(juice: "j"), expected: .wholeNumber, found: .list),
        .emptyText(.englishName(juice)), .emptyText(.emoji(fruit: "kiwi")), .emptyText(.alias(juice: "j")),
        .octalInYAML11(written: "010", value: 10, octal: 8), .textInYAML11(written: "0o10", value: 8),
        .readDifferentlyInYAML11(written: "no", subject: .id(.fruit), reading: .boolean(false)),
        .readDifferentlyInYAML11(written: "1:30", subject: .field(.koreanName(kiwi)), reading: .sexagesimal(90)),
        .belowMinimum(.amount(fruit: "kiwi", juice: "j"), value: 0, minimum: 1), .belowMinimum(.stockOf(fruit: "kiwi"), value: -1, minimum: 0),
        .aboveMaximum(.capacity, value: 2_000_000_000, maximum: 1_000_000_000),
        .integerOverflow(.capacityOf(fruit: "kiwi"), written: "99999999999999999999"),
        .notWholeNumber(.amount(fruit: "banana", juice: "j"), written: "2.5"), .quotedWhereNumber(.version, text: "1"),
        .numberInYAML11(.price(juice: "j"), written: "1_000", reading: .underscoredInteger(1000)), .unusedFruit("kiwi"),
        .definedTwice(.entry(kiwi)), .definedTwice(.storeCapacity), .definedTwice(.capacity(fruit: "kiwi")), .definedTwice(.stock(fruit: "kiwi")),
        .stockAboveCapacity(fruit: "kiwi", stock: 20, capacity: 10), .missingStock(fruit: "kiwi"),
        .unknownStockFruit(fruit: "mango", stock: true, suggestion: nil), .unknownStockFruit(fruit: "망고", stock: false, suggestion: "mango"),
        .exceedsCapacity(juice: "j", fruit: "kiwi", amount: 200, capacity: 100),
        .exceedsInitialStock(juice: "j", fruit: "kiwi", amount: 20, stock: 10),
        .unknownFruit("bananna", juice: "j", suggestion: "banana"), .unknownFruit("x", juice: "j", suggestion: nil),
        .idIsAnotherName(kiwi, same: NameClaim(.name, of: RecipeEntry(.fruit, "k2"), shownText: "Kiwi"), differs: true),
        .nameTaken(.juice, name: "Kiwi", same: NameClaim(.id, of: juice, shownText: nil), differs: false),
        .aliasTaken(alias: "kj", of: juice, same: NameClaim(.alias, of: RecipeEntry(.juice, "other"), shownText: "KJ"), differs: true),
        .configurationNotAMapping(found: .list), .rulesNotAMapping(found: .text("x")), .badRuleSetting(rule: "unused-fruit", found: .text("loud")),
        .unknownConfigurationKey("rule", suggestion: "rules"), .unknownConfigurationKey("x", suggestion: nil),
        .unknownRule("unused-fruits", suggestion: "unused-fruit"), .unknownRule("x", suggestion: nil),
        .wrongType(.cost(fruit: "kiwi"), expected: .wholeNumber, found: .text("300원")),
        .belowMinimum(.shelfLife(fruit: "kiwi"), value: 0, minimum: 1),
        .priceNotAboveCost(juice: "j", price: 500, cost: Self.kiwiCost), .priceNotAboveCost(juice: "j", price: 600, cost: Self.kiwiCost),
    ]

    /// Three kiwis at 200.
    static let kiwiCost = RecipeCost(shares: [FruitCostShare(fruit: "kiwi", amount: 3, unitCost: 200)])

    static let englishWords = [
        "expected", "must", "unknown", "did you mean", "missing", "defined", "needs", "given for",
        "the store", " is empty", "not allowed", "a mapping", "a list", "the number", "the boolean",
    ]

    static func hasHangul(_ text: String) -> Bool { text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }

    @Test("every finding has a Korean text of its own, without the English sentence's words", arguments: findings)
    func finding(finding: LintFinding) {
        let korean = finding.message(in: .korean)
        #expect(korean != finding.message(in: .english))
        #expect(Self.hasHangul(korean), "\(korean)")
        for word in Self.englishWords { #expect(!korean.contains(word), "'\(word)' in \(korean)") }
    }

    static let fixes: [LintFix] = [
        .yaml(.tabIndentation(at: at)), .spaceAfterColon, .addVersion, .writeVersion, .addName, .addRecipe, .giveNames, .addFruit,
        .renameKey("recipie", to: "recipe"), .replace("bananna", with: "banana"), .useID("a-b"), .writeText, .quote("no"),
        .dropLeadingZero(10), .writeNumber(90), .removeQuotes, .useOrRemoveFruit, .removeOneDefinition, .lowerStock(to: 10),
        .addStock(fruit: "kiwi"), .defineFruitOrRemoveEntry("mango"), .defineFruit("mango"), .useAtMost(10, fruit: "kiwi"),
        .raiseStock(fruit: "kiwi", to: 20), .renameOne(.fruit), .ownName(.juice), .removeAlias, .writeSetting("error"),
        .turnOff(rule: "missing-stock"), .raisePrice(above: 600, orCheck: ["kiwi", "banana"]),
    ]

    @Test("every fix reads in Korean", arguments: fixes)
    func fix(fix: LintFix) throws {
        let korean = try #require(fix.text(in: .korean))
        #expect(korean != fix.text(in: .english))
        #expect(Self.hasHangul(korean), "\(korean)")
        for word in ["add", "write", "rename", "replace", "remove", "use ", "raise", "lower", "give", "define"] {
            #expect(!korean.contains(word), "'\(word)' in \(korean)")
        }
    }

    @Test(
        "every note reads in Korean",
        arguments: [
            NoteMessage.firstDocumentStartsHere, .keyFirstDefinedHere("a"), .fruitsDefinedHere, .firstDefinedHere,
            .otherWithThatName(.fruit), .alreadyUsedHere, .unitCost(fruit: "kiwi", cost: 200, amount: 3),
        ])
    func note(note: NoteMessage) {
        let diagnosticNote = DiagnosticNote(note, at: Self.at)
        #expect(diagnosticNote.message == note.text(in: .english))
        #expect(Self.hasHangul(diagnosticNote.message(in: .korean)))
    }

    @Test("a loaded diagnostic speaks both languages: English as before, Korean on asking; ids and rule ids stay")
    func loaded() throws {
        let result = RecipeLoader().load(
            text:
                "version: 1\nfruits:\n  banana: {name: {en: Banana}}\njuices:\n  j: {name: {en: J}, recipe: {bananna: 2}}\nstore: {stock: {banana: 5}}\n"
        )
        let problem = try #require(result.diagnostics.first { $0.rule == .unknownFruit })
        #expect(problem.message == "unknown fruit 'bananna' in juice 'j'; did you mean 'banana'?")
        #expect(problem.message(in: .english) == problem.message)
        #expect(problem.message(in: .korean) == "쥬스 'j'에 없는 과일이 있어요: 'bananna'. 'banana'을(를) 말한 건가요?")
        #expect(problem.fix == "replace 'bananna' with 'banana'")
        #expect(problem.fix(in: .korean) == "'bananna'을(를) 'banana'(으)로 바꾸세요")
        #expect(problem.notes.first?.message(in: .korean) == "과일은 여기서 정의돼요")
        #expect(problem.description(in: .korean) == "\(problem.location): 오류: \(problem.message(in: .korean)) [unknown-fruit]")
    }

    @Test("a YAML syntax error in lint: libyaml's words in Korean, the hint as the fix")
    func syntax() throws {
        let result = RecipeLoader().load(text: "version: 1\nfruits: {kiwi: {name: {en: Kiwi}}\n")
        let problem = try #require(result.diagnostics.first { $0.rule == .yamlSyntax })
        #expect(problem.message(in: .korean).hasPrefix("YAML 문법 오류: "))
        #expect(problem.fix(in: .korean) == YAMLSyntaxHint.unclosedBrace.text(in: .korean))
        #expect(problem.fix == YAMLSyntaxHint.unclosedBrace.english)
    }
}
