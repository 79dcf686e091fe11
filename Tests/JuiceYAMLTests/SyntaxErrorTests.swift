import JuiceYAML
import Testing

/// libyaml's syntax errors come through with libyaml's message and a translated 1-based position.
@Suite struct SyntaxErrorTests {
    private func syntaxError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (message: String, at: At) {
        let result = parse(text)
        #expect(result.document == nil, "a syntax error is fatal", sourceLocation: sourceLocation)
        let error = try onlyError(result, sourceLocation: sourceLocation)
        #expect(error.isFatal, sourceLocation: sourceLocation)
        guard case .syntax(let syntax, let at) = error else {
            Issue.record("expected a syntax error, got \(error)", sourceLocation: sourceLocation)
            return ("", At(0, 0))
        }
        #expect(at.file == "test.yaml", sourceLocation: sourceLocation)
        return (syntax.libyamlText, At(at))
    }

    @Test func mappingValueInsidePlainScalar() throws {
        let error = try syntaxError("a: b: c\n")
        #expect(error.message == "mapping values are not allowed in this context")
        #expect(error.at == At(1, 5))
    }

    @Test func positionAfterEmoji() throws {
        #expect(try syntaxError("🍓: a: b\n").at == At(1, 5))
    }

    @Test func positionAfterKorean() throws {
        #expect(try syntaxError("딸기: 바나나: x\n").at == At(1, 8))
    }

    @Test func positionAfterCRLF() throws {
        #expect(try syntaxError("a: 1\r\nb: c: d\r\n").at == At(2, 5))
    }

    @Test func positionAfterCRLFAndKoreanAndEmoji() throws {
        #expect(try syntaxError("과일: 1\r\n🍓: 🍓: 2\r\n").at == At(2, 5))
    }

    @Test func unclosedFlowSequenceNamesItsContext() throws {
        let error = try syntaxError("a: [1, 2\n")
        #expect(error.message == "did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 4)")
        #expect(error.at == At(2, 1))
    }

    @Test func unterminatedQuotedScalar() throws {
        let error = try syntaxError("a: \"abc\n")
        #expect(error.message == "found unexpected end of stream (while scanning a quoted scalar at line 1, column 4)")
        #expect(error.at == At(2, 1))
    }

    @Test func badIndentation() throws {
        let error = try syntaxError("a:\n    b: 1\n  c: 2\n")
        #expect(error.message.hasPrefix("did not find expected key"))
        #expect(error.at == At(3, 3))
    }

    @Test func syntaxErrorMessageAndDescription() {
        let error = YAMLError.syntax(YAMLSyntaxError(.other("oops")), at: YAMLLocation(file: "f.yaml", line: 2, column: 3))
        #expect(error.message == "YAML syntax error: oops")
        #expect(error.description == "f.yaml:2:3: YAML syntax error: oops")
    }

    @Test("the parts come typed: libyaml's problem, its context and where that started, and the hint")
    func typedParts() throws {
        let error = try onlyError(parse("a: [1, 2\n"))
        guard case .syntax(let syntax, let at) = error else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(At(at) == At(2, 1))
        #expect(syntax.problem == .expectedFlowSequenceEnd)
        #expect(syntax.context?.what == .parsingFlowSequence)
        #expect(syntax.context.map { At($0.start) } == At(1, 4))
        #expect(syntax.hint == .unclosedBracket)
        #expect(error.suggestion == YAMLSyntaxHint.unclosedBracket.english)
    }

    @Test(
        "a hint is chosen where the cause is known",
        arguments: [
            ("a: b: c\n", YAMLSyntaxHint.colonInValue),
            ("a:\n    b: 1\n  c: 2\n", .keyIndentation),
            ("a: \"abc\n", .unclosedQuote),
            ("a: {b: 1\n", .unclosedBrace),
            ("a: @x\n", .valueNeedsQuotes),
            ("a: 1\nb\nc: 2\n", .missingColon),
            ("a:\n  - 1\n  b: 2\n", .itemIndentation),
            ("a: - 1\n", .listOnKeyLine),
            ("a:\n  \(String(repeating: "k", count: 1_025)): 1\n", .keyTooLong),
            ("- \(String(repeating: "k", count: 2_000)): 1\n", .keyTooLong),
            ("a: 1\n\(String(repeating: "k", count: 1_025))\nc: 2\n", .missingColon),
        ])
    func hints(text: String, hint: YAMLSyntaxHint) throws {
        let error = try onlyError(parse(text))
        guard case .syntax(let syntax, _) = error else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(syntax.hint == hint, "\(syntax.libyamlText)")
    }

    @Test("libyaml's words map to typed cases and back; words it may add later stay as written")
    func vocabulary() {
        for problem in LibYAMLProblem.known { #expect(LibYAMLProblem(libyaml: problem.libyamlText) == problem) }
        for context in LibYAMLContext.known { #expect(LibYAMLContext(libyaml: context.libyamlText) == context) }
        #expect(Set(LibYAMLProblem.known.map(\.libyamlText)).count == LibYAMLProblem.known.count)
        #expect(LibYAMLProblem(libyaml: "something new") == .other("something new"))
        #expect(LibYAMLContext(libyaml: "while doing something new") == .other("while doing something new"))
        #expect(YAMLSyntaxError(.other("x")).hint == nil)
    }
}

/// A tab in indentation is named as such, at the tab's own column.
@Suite struct TabIndentationTests {
    @Test(arguments: [
        ("fruits:\n\tbanana: 1\n", At(2, 1)),
        ("a:\n  b: 1\n  \tc: 2\n", At(3, 3)),
        ("a:\r\n\tb: 1\r\n", At(2, 1)),
        ("과일:\n  딸기: 1\n \t키위: 2\n", At(3, 2)),
    ])
    func tabIsReportedAtItsColumn(text: String, expected: At) throws {
        let result = parse(text)
        #expect(result.document == nil)
        let error = try onlyError(result)
        guard case .tabIndentation(let at) = error else {
            Issue.record("expected tabIndentation, got \(error)")
            return
        }
        #expect(At(at) == expected)
        #expect(error.isFatal)
        #expect(error.suggestion == "replace the tab with spaces")
    }

    /// Inside brackets a tab at a line start is separation, not indentation: valid, and not to blame for other errors.
    @Test func tabInFlowContextIsFine() throws {
        let document = try cleanDocument("a: [1,\n\t2]\n")
        let list = try #require(document.value("a", in: try rootMapping(document)))
        #expect(document.items(of: list).map { document.string($0) } == ["1", "2"])
    }

    @Test(arguments: [
        ("a: [1,\n\t2]]\n", "a: [1,\n 2]]\n"),
        ("a: {b: 1,\n\tc: [}\n", "a: {b: 1,\n c: [}\n"),
    ])
    func tabInFlowContextIsNotBlamedForAnotherError(withTab: String, withSpace: String) throws {
        let expected = parse(withSpace).errors
        guard case .syntax = try #require(expected.first) else {
            Issue.record("the space version should be a syntax error: \(expected)")
            return
        }
        #expect(parse(withTab).errors == expected)
    }

    @Test func tabInsideAValueIsFine() throws {
        let document = try cleanDocument("a: x\ty\nb: \"\t\"\n")
        let root = try rootMapping(document)
        #expect(document.string(try #require(document.value("a", in: root))) == "x\ty")
        #expect(document.string(try #require(document.value("b", in: root))) == "\t")
    }
}
