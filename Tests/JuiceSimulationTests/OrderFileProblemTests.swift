import JuiceCore
import JuiceRecipes
import JuiceYAML
import Testing
import JuiceSimulation

@Suite("Order-file problems in both languages")
struct OrderFileProblemTests {
    static let at = SourceLocation(file: "f.yaml", line: 1, column: 1, byteOffset: 0)

    static let problems: [OrderFileProblem] = [
        .unclosedQuotedField, .textAfterClosingQuote, .unclosedQuotedCount, .badCount(limit: 10, found: .number("0")),
        .badCount(limit: 10, found: nil), .notAJSONOrder, .duplicateKey("juice", firstColumn: 2),
        .unknownKey("cuont", suggestion: "count"), .unknownKey("note", suggestion: nil), .missingJuice,
        .notAJuiceName(found: .list), .noOrders, .notAList(found: .mapping), .noDemandSection,
        .badWeight(found: .boolean("true")),
        .yaml(.syntax(YAMLSyntaxError(.expectedKey), at: at)), .yaml(.tabIndentation(at: at)),
        .yaml(.invalidUTF8(at: at)), .yaml(.nulByte(at: at)), .yaml(.controlCharacter(7, at: at)),
        .yaml(.unsupportedEncoding("UTF-16", at: at)), .yaml(.byteOrderMarkInside(at: at)), .yaml(.emptyFile(at: at)),
        .yaml(.multipleDocuments(at: at, first: at)), .yaml(.alias(name: "a", at: at)), .yaml(.anchor(name: "a", at: at)),
        .yaml(.mergeKey(at: at)), .yaml(.duplicateKey("juice", at: at, first: at)), .yaml(.nonStringKey(.number("1"), at: at)),
        .yaml(.unsupportedTag("!x", at: at)), .yaml(.tooDeep(limit: 64, at: at)),
        .yaml(.fileTooLarge(bytes: 9, limit: 8, at: at)), .yaml(.tooManyNodes(limit: 8, at: at)),
        .yaml(.scalarTooLong(bytes: 9, limit: 8, at: at)), .yaml(.notAList(found: .mapping, at: at)),
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
        let new = YAMLSyntaxError(LibYAMLProblem(libyaml: "something new"))
        #expect(OrderFileProblem.yaml(.syntax(new, at: Self.at)).text(in: .korean) == "YAML 문법 오류 (libyaml: something new)")
        // A known problem in a context libyaml may add later: the whole message stays libyaml's.
        let newContext = YAMLSyntaxError(
            .unknownEscape, context: YAMLSyntaxContext(LibYAMLContext(libyaml: "while scanning something new"), at: Self.mark(1, 3)))
        #expect(
            OrderFileProblem.yaml(.syntax(newContext, at: Self.at)).text(in: .korean)
                == "YAML 문법 오류 (libyaml: found unknown escape character (while scanning something new at line 1, column 3))")
    }

    /// Every problem libyaml's scanner and parser write (`scanner.c`, `parser.c`), and every context.
    static let libyamlProblems = [
        "found an indentation indicator equal to 0", "did not find expected whitespace or line break",
        "did not find expected comment or line break", "did not find expected '!'", "could not find expected ':'",
        "mapping values are not allowed in this context", "mapping keys are not allowed in this context",
        "found unknown escape character", "found unknown directive name", "found unexpected non-alphabetical character",
        "found unexpected end of stream", "found unexpected document indicator", "found unexpected ':'",
        "found invalid Unicode character escape code", "found extremely long version number",
        "found character that cannot start any token", "found an incorrect trailing UTF-8 octet",
        "found an incorrect leading UTF-8 octet", "found a tab character where an indentation space is expected",
        "found a tab character that violates indentation", "did not find the expected '>'", "did not find expected whitespace",
        "did not find expected version number", "did not find expected tag URI", "did not find expected hexdecimal number",
        "did not find expected digit or '.' character", "did not find expected alphabetic or numeric character",
        "did not find URI escaped octet", "could not find expected directive name",
        "block sequence entries are not allowed in this context", "found undefined tag handle",
        "found incompatible YAML document", "found duplicate %YAML directive", "found duplicate %TAG directive",
        "did not find expected node content", "did not find expected key", "did not find expected <stream-start>",
        "did not find expected <document start>", "did not find expected '-' indicator", "did not find expected ',' or '}'",
        "did not find expected ',' or ']'", "Maximum nesting level reached, set with yaml_set_max_nest_level())",
    ]
    static let libyamlContexts = [
        "while scanning a directive", "while scanning a block scalar", "while parsing a tag", "while parsing a %TAG directive",
        "while scanning a tag", "while scanning a %YAML directive", "while parsing a quoted scalar", "while scanning a simple key",
        "while scanning a quoted scalar", "while scanning a plain scalar", "while scanning a %TAG directive",
        "while scanning for the next token", "while scanning an anchor", "while scanning an alias", "while scanning a tag directive",
        "while parsing a tag directive", "while parsing", "while parsing a node", "while parsing a flow sequence",
        "while parsing a flow node", "while parsing a flow mapping", "while parsing a block node", "while parsing a block mapping",
        "while parsing a block collection",
    ]

    static func mark(_ line: Int, _ column: Int) -> JuiceYAML.SourceLocation { JuiceYAML.SourceLocation(file: "f.yaml", line: line, column: column) }

    @Test("every problem libyaml writes, in every context it names, reads in Korean: a plain hint or its Korean words")
    func libyamlVocabulary() {
        let problems = Self.libyamlProblems.map { LibYAMLProblem(libyaml: $0) }
        let contexts = Self.libyamlContexts.map { LibYAMLContext(libyaml: $0) }
        #expect(!problems.contains { if case .other = $0 { true } else { false } }, "every problem libyaml writes is typed")
        #expect(!contexts.contains { if case .other = $0 { true } else { false } }, "every context libyaml names is typed")
        let errors =
            problems.map { YAMLSyntaxError($0) }
            + problems.flatMap { problem in
                contexts.map { YAMLSyntaxError(problem, context: YAMLSyntaxContext($0, at: Self.mark(2, 5))) }
            }
        for error in errors {
            // As an order-file error (a hint where the cause is clear), and as lint words it (the words, the hint apart).
            for korean in [
                OrderFileProblem.yaml(.syntax(error, at: Self.at)).text(in: .korean), YAMLError.syntax(error, at: Self.at).message(in: .korean),
            ] {
                #expect(korean.hasPrefix("YAML 문법 오류: "), "\(error.libyamlText): \(korean)")
                for word in ["libyaml", "found", "expected", "while", "not allowed", "scanning", "parsing"] {
                    #expect(!korean.contains(word), "'\(word)' in \(korean)")
                }
            }
        }
        let error = YAMLSyntaxError(.expectedNodeContent, context: YAMLSyntaxContext(.parsingFlowNode, at: Self.mark(2, 5)))
        #expect(error.libyamlText == "did not find expected node content (while parsing a flow node at line 2, column 5)")
        #expect(
            OrderFileProblem.yaml(.syntax(error, at: Self.at)).text(in: .korean)
                == "YAML 문법 오류: 값이 있어야 할 자리에 값이 없어요 ('[ ]'나 '{ }' 안의 값을 읽다가, 2번째 줄 5번째 칸에서 시작)")
    }

    @Test("the error keeps FILE:L:C in both languages; English is the description")
    func position() {
        let error = OrderSourceError.malformed(path: "o.csv", line: 3, column: 14, problem: .badCount(limit: 5, found: .text("0")))
        #expect(error.description == "o.csv:3:14: the count must be a whole number from 1 to 5, not '0'")
        #expect(error.description(in: .korean) == "o.csv:3:14: 수량은 1부터 5까지의 정수여야 해요 (지금: '0')")
    }

    @Test(
        "every --mix and --restock problem has a Korean text of its own",
        arguments: [
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
