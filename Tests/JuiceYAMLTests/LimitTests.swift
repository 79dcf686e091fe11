import JuiceYAML
import Testing

/// Limits stop parsing with a fatal error at the node that crosses them.
@Suite struct DepthLimitTests {
    private let ten = YAMLLimits(maxDepth: 10)

    private func flow(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    /// `depth` mappings nested in block style; the innermost starts at line `depth`, column `2 * depth - 1`.
    private func block(_ depth: Int) -> String {
        (1...depth).map { level in
            String(repeating: "  ", count: level - 1) + "k\(level):" + (level == depth ? " v" : "")
        }.joined(separator: "\n") + "\n"
    }

    @Test func flowNestingAtTheLimitIsAccepted() throws {
        _ = try cleanDocument(flow(10), limits: ten)
    }

    @Test func flowNestingOneDeeperIsRefused() throws {
        let result = parse(flow(11), limits: ten)
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .tooDeep(limit: 10, at: YAMLLocation(file: "test.yaml", line: 1, column: 11)))
        #expect(error.isFatal)
        #expect(error.message == "nesting deeper than 10 levels")
        #expect(error.suggestion == "split or simplify the file")
    }

    @Test func mixedFlowNestingOneDeeperIsRefused() throws {
        let text = "{a: [{b: [{c: [{d: [{e: [{f: 1}]}]}]}]}]}"
        _ = try cleanDocument(text, limits: YAMLLimits(maxDepth: 11))
        let error = try onlyError(parse(text, limits: ten))
        #expect(error == .tooDeep(limit: 10, at: YAMLLocation(file: "test.yaml", line: 1, column: 26)))
    }

    @Test func blockNestingAtTheLimitIsAccepted() throws {
        _ = try cleanDocument(block(10), limits: ten)
    }

    @Test func blockNestingOneDeeperIsRefused() throws {
        let result = parse(block(11), limits: ten)
        #expect(result.document == nil)
        #expect(try onlyError(result) == .tooDeep(limit: 10, at: YAMLLocation(file: "test.yaml", line: 11, column: 21)))
    }

    @Test func blockSequencesCountToo() throws {
        let text = (0..<11).map { String(repeating: "  ", count: $0) + "-" }.joined(separator: "\n") + " x\n"
        let error = try onlyError(parse(text, limits: ten))
        #expect(error == .tooDeep(limit: 10, at: YAMLLocation(file: "test.yaml", line: 11, column: 21)))
    }

    @Test(.timeLimit(.minutes(1)))
    func hundredThousandUnclosedBracketsFailQuicklyWithDefaultLimits() throws {
        let result = parse(String(repeating: "[", count: 100_000))
        #expect(result.document == nil)
        #expect(try onlyError(result) == .tooDeep(limit: 64, at: YAMLLocation(file: "test.yaml", line: 1, column: 65)))
    }

    @Test(.timeLimit(.minutes(1)))
    func hundredThousandNestedBlockSequencesFailWithDefaultLimits() throws {
        let result = parse(String(repeating: "- ", count: 100_000) + "x\n")
        #expect(result.document == nil)
        #expect(try onlyError(result) == .tooDeep(limit: 64, at: YAMLLocation(file: "test.yaml", line: 1, column: 129)))
    }

    @Test(.timeLimit(.minutes(1)))
    func hundredThousandUnclosedBracesFailWithDefaultLimits() throws {
        let result = parse(String(repeating: "{a: ", count: 100_000))
        #expect(result.document == nil)
        #expect(try onlyError(result) == .tooDeep(limit: 64, at: YAMLLocation(file: "test.yaml", line: 1, column: 257)))
    }
}

@Suite struct SizeLimitTests {
    @Test func nodeCountAtTheLimitIsAccepted() throws {
        // A sequence and four scalars: five nodes.
        _ = try cleanDocument("[1, 2, 3, 4]", limits: YAMLLimits(maxNodes: 5))
    }

    @Test func nodeCountOverTheLimitIsRefusedAtTheNodeThatCrossesIt() throws {
        let result = parse("[1, 2, 3, 4, 5]", limits: YAMLLimits(maxNodes: 5))
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .tooManyNodes(limit: 5, at: YAMLLocation(file: "test.yaml", line: 1, column: 14)))
        #expect(error.isFatal)
        #expect(error.message == "more than 5 YAML nodes in one file")
    }

    @Test func containersCountAsNodes() throws {
        // The root mapping, "a", the mapping under it and "b" are four nodes; the mapping under "b" is the fifth.
        let error = try onlyError(parse("a:\n  b:\n    c: 1\n", limits: YAMLLimits(maxNodes: 4)))
        #expect(error == .tooManyNodes(limit: 4, at: YAMLLocation(file: "test.yaml", line: 3, column: 5)))
    }

    @Test func aliasesCountAsNodes() throws {
        let result = parse("[*a, *b, *c]", limits: YAMLLimits(maxNodes: 3))
        #expect(result.document == nil)
        #expect(result.errors.last == .tooManyNodes(limit: 3, at: YAMLLocation(file: "test.yaml", line: 1, column: 10)))
    }

    @Test func scalarAtTheLimitIsAccepted() throws {
        _ = try cleanDocument("a: 12345678\n", limits: YAMLLimits(maxScalarBytes: 8))
    }

    @Test func scalarOverTheLimitIsRefused() throws {
        let result = parse("a: 1\nlong: 123456789\n", limits: YAMLLimits(maxScalarBytes: 8))
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .scalarTooLong(bytes: 9, limit: 8, at: YAMLLocation(file: "test.yaml", line: 2, column: 7)))
        #expect(error.isFatal)
        #expect(error.message == "a value of 9 bytes; the limit is 8")
    }

    @Test func scalarLengthIsCountedInBytes() throws {
        // Four syllables, twelve bytes.
        let error = try onlyError(parse("키: 딸기딸기\n", limits: YAMLLimits(maxScalarBytes: 8)))
        #expect(error == .scalarTooLong(bytes: 12, limit: 8, at: YAMLLocation(file: "test.yaml", line: 1, column: 4)))
    }

    @Test func longKeysAreScalarsToo() throws {
        let error = try onlyError(parse("\"abcdefghi\": 1\n", limits: YAMLLimits(maxScalarBytes: 8)))
        #expect(error == .scalarTooLong(bytes: 9, limit: 8, at: YAMLLocation(file: "test.yaml", line: 1, column: 1)))
    }

    @Test func fileAtTheLimitIsAccepted() throws {
        _ = try cleanDocument("a: 1234567", limits: YAMLLimits(maxFileBytes: 10))
    }

    @Test func fileOverTheLimitIsRefused() throws {
        let result = parse("a: 12345678", limits: YAMLLimits(maxFileBytes: 10))
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .fileTooLarge(bytes: 11, limit: 10, at: origin()))
        #expect(error.isFatal)
        #expect(error.message == "file is 11 bytes; the limit is 10")
    }

    @Test func fileSizeIsCheckedBeforeAnythingElse() throws {
        // Even bytes that are not UTF-8 are not looked at once the file is too large.
        let error = try onlyError(parse(bytes: [0xFF, 0xFE, 0x00, 0x61, 0x00], limits: YAMLLimits(maxFileBytes: 4)))
        #expect(error == .fileTooLarge(bytes: 5, limit: 4, at: origin()))
    }
}
