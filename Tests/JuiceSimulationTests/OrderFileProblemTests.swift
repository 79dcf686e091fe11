import JuiceCore
import JuiceYAML
import Testing
@testable import JuiceSimulation

@Suite("Order-file problems in both languages")
struct OrderFileProblemTests {
    static let at = SourceLocation(file: "f.yaml", line: 1, column: 1, byteOffset: 0)

    static let problems: [OrderFileProblem] = [
        .unclosedQuotedField, .textAfterClosingQuote, .unclosedQuotedCount, .badCount(limit: 10, found: "the number 0"),
        .badCount(limit: 10, found: nil), .notAJSONOrder, .duplicateKey("juice", firstColumn: 2),
        .unknownKey("cuont", suggestion: "count"), .unknownKey("note", suggestion: nil), .missingJuice,
        .notAJuiceName(found: "a list"), .noOrders, .notAList(found: "a mapping"), .noDemandSection,
        .badWeight(found: "the boolean true"),
        .yaml(.syntax(message: "did not find expected key", at: at)), .yaml(.tabIndentation(at: at)),
        .yaml(.invalidUTF8(at: at)), .yaml(.nulByte(at: at)), .yaml(.controlCharacter(7, at: at)),
        .yaml(.unsupportedEncoding("UTF-16", at: at)), .yaml(.byteOrderMarkInside(at: at)), .yaml(.emptyFile(at: at)),
        .yaml(.multipleDocuments(at: at, first: at)), .yaml(.alias(name: "a", at: at)), .yaml(.anchor(name: "a", at: at)),
        .yaml(.mergeKey(at: at)), .yaml(.duplicateKey("juice", at: at, first: at)), .yaml(.nonStringKey("the number 1", at: at)),
        .yaml(.unsupportedTag("!x", at: at)), .yaml(.tooDeep(limit: 64, at: at)),
        .yaml(.fileTooLarge(bytes: 9, limit: 8, at: at)), .yaml(.tooManyNodes(limit: 8, at: at)),
        .yaml(.scalarTooLong(bytes: 9, limit: 8, at: at)), .yaml(.notAList(found: "a mapping", at: at)),
        .yaml(.itemTooLarge(limit: 8, at: at)),
    ]

    @Test("every problem has a Korean text of its own, without the English sentence's words", arguments: problems)
    func korean(problem: OrderFileProblem) {
        let korean = problem.text(in: .korean)
        #expect(korean != problem.text(in: .english))
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
        for word in ["expected", "must", "found", "not allowed", "did you mean", "a mapping", "a list", "the number", "the boolean"] {
            #expect(!korean.contains(word), "'\(word)' in \(korean)")
        }
    }

    @Test("libyaml's words stay (marked) in Korean only where no explanation of them is known")
    func unknownSyntax() {
        #expect(OrderFileProblem.yaml(.syntax(message: "something new", at: Self.at)).text(in: .korean) == "YAML 문법 오류 (libyaml: something new)")
        // A known problem in a context libyaml may add later: the whole message stays libyaml's.
        let newContext = "found unknown escape character (while scanning something new at line 1, column 3)"
        #expect(OrderFileProblem.yaml(.syntax(message: newContext, at: Self.at)).text(in: .korean) == "YAML 문법 오류 (libyaml: \(newContext))")
    }

    @Test("every problem and context libyaml writes has Korean words of its own")
    func libyamlVocabulary() {
        #expect(LibYAMLKorean.problems.count == 42 && LibYAMLKorean.contexts.count == 24)
        for (english, korean) in Array(LibYAMLKorean.problems) + Array(LibYAMLKorean.contexts) {
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(english)")
            for word in ["found", "expected", "while", "not allowed", "scanning", "parsing"] {
                #expect(!korean.contains(word), "'\(word)' in \(korean)")
            }
        }
        let message = "did not find expected node content (while parsing a flow node at line 2, column 5)"
        #expect(OrderFileProblem.yaml(.syntax(message: message, at: Self.at)).text(in: .korean)
            == "YAML 문법 오류: 값이 있어야 할 자리에 값이 없어요 ('[ ]'나 '{ }' 안의 값을 읽다가, 2번째 줄 5번째 칸에서 시작)")
    }

    @Test("the error keeps FILE:L:C in both languages; English is the description")
    func position() {
        let error = OrderSourceError.malformed(path: "o.csv", line: 3, column: 14, problem: .badCount(limit: 5, found: "'0'"))
        #expect(error.description == "o.csv:3:14: the count must be a whole number from 1 to 5, not '0'")
        #expect(error.description(in: .korean) == "o.csv:3:14: 수량은 1부터 5까지의 정수여야 해요 (지금: '0')")
    }

    @Test("every --mix and --restock problem has a Korean text of its own", arguments: [
        OrderSourceError.badMix(.noWeight), .badMix(.notAWeight("x")), .badMix(.unknownJuice("x", suggestion: "y")),
        .badMix(.unknownJuice("x", suggestion: nil)), .badRestock(.notARule("x", numbers: true)),
        .badRestock(.notARule("x", numbers: false)), .badRestock(.everyNotAlone), .badRestock(.everyZero),
        .badRestock(.toBelowThreshold(below: 5, to: 2)), .badRestock(.aboveCapacity(to: 150, fruit: "kiwi", capacity: 100, most: 100)),
        .unknownFormat(path: "o.txt"), .unknownJuice(path: "o.csv", line: 1, column: 1, name: "x", suggestion: "y"),
    ])
    func runOptions(error: OrderSourceError) {
        let korean = error.description(in: .korean)
        #expect(korean != error.description)
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
        for word in ["expected", "must", "needs", "invalid", "unknown", "did you mean", "stands alone", "above the"] {
            #expect(!korean.contains(word), "'\(word)' in \(korean)")
        }
    }
}
