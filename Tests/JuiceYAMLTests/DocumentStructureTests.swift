import JuiceYAML
import Testing

/// One document per file: a second is reported; an empty or comment-only file is an error.
@Suite struct MultipleDocumentTests {
    private func loc(_ line: Int, _ column: Int) -> YAMLLocation {
        YAMLLocation(file: "test.yaml", line: line, column: column)
    }

    @Test func implicitThenExplicitDocument() throws {
        let result = parse("a: 1\n---\nb: 2\n")
        let error = try onlyError(result)
        #expect(error == .multipleDocuments(at: loc(2, 1), first: loc(1, 1)))
        #expect(!error.isFatal)
        #expect(error.message == "more than one YAML document in the file; put each in its own file")
        // The first document is kept.
        let document = try #require(result.document)
        #expect(document.keys(of: try rootMapping(document)) == ["a"])
    }

    @Test func twoExplicitDocuments() throws {
        let result = parse("# header\n---\na: 1\n---\nb: 2\n---\nc: 3\n")
        #expect(try onlyError(result) == .multipleDocuments(at: loc(4, 1), first: loc(2, 1)))
    }

    @Test func secondDocumentAfterEndMarker() throws {
        let result = parse("a: 1\n...\n---\nb: 2\n")
        #expect(try onlyError(result) == .multipleDocuments(at: loc(3, 1), first: loc(1, 1)))
    }

    @Test func documentEndMarkerAloneIsOneDocument() throws {
        let document = try cleanDocument("---\na: 1\n...\n")
        #expect(document.keys(of: try rootMapping(document)) == ["a"])
    }
}

@Suite struct EmptyFileTests {
    @Test(arguments: [
        "",
        "# only a comment",
        "# one\n# two\n",
        "\n\n   \n",
        "  # indented comment\r\n\r\n",
        "\u{FEFF}",
        "\u{FEFF}# comment after a byte order mark\n",
    ])
    func emptyOrCommentOnly(text: String) throws {
        let result = parse(text)
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .emptyFile(at: origin()))
        #expect(error.isFatal)
        #expect(At(error.location) == At(1, 1))
    }

    @Test func emptyByteArray() throws {
        #expect(try onlyError(parse(bytes: [])) == .emptyFile(at: origin()))
    }
}

/// The document's accessors: root, kind, style, string, entries, items, describe.
@Suite struct DocumentAccessorTests {
    @Test func kindsAndChildrenInSourceOrder() throws {
        let document = try cleanDocument("z: 1\ny: [a, b, c]\nx: {q: r}\n")
        let root = try rootMapping(document)
        #expect(document.keys(of: root) == ["z", "y", "x"])
        let list = try #require(document.value("y", in: root))
        #expect(document.kind(of: list) == .sequence)
        #expect(document.items(of: list).map { document.string($0) } == ["a", "b", "c"])
        let map = try #require(document.value("x", in: root))
        #expect(document.kind(of: map) == .mapping)
        #expect(document.entries(of: map).count == 1)
        #expect(document.nodeCount == 12)
    }

    @Test func accessorsOnTheWrongKindAreEmpty() throws {
        let document = try cleanDocument("a: [1]\nb: text\n")
        let root = try rootMapping(document)
        let list = try #require(document.value("a", in: root))
        let text = try #require(document.value("b", in: root))
        #expect(document.string(root) == "")
        #expect(document.string(list) == "")
        #expect(document.items(of: root).isEmpty)
        #expect(document.entries(of: list).isEmpty)
        #expect(document.entries(of: text).isEmpty)
        #expect(document.items(of: text).isEmpty)
        #expect(document.style(of: root) == .plain)
        #expect(document.style(of: list) == .plain)
    }

    @Test func scalarRoot() throws {
        let document = try cleanDocument("just text\n")
        let root = try #require(document.root)
        #expect(document.kind(of: root) == .scalar)
        #expect(document.string(root) == "just text")
        #expect(document.nodeCount == 1)
    }

    @Test func sequenceRoot() throws {
        let document = try cleanDocument("- a\n- b\n")
        let root = try #require(document.root)
        #expect(document.kind(of: root) == .sequence)
        #expect(document.items(of: root).map { At(document.location(of: $0)) } == [At(1, 3), At(2, 3)])
    }

    @Test(arguments: [
        ("plain", ScalarStyle.plain, "plain"),
        ("'it''s'", .singleQuoted, "it's"),
        ("\"a\\tb\\u00e9\"", .doubleQuoted, "a\tbé"),
        ("|\n  line1\n  line2\n", .literal, "line1\nline2\n"),
        (">\n  one\n  two\n", .folded, "one two\n"),
        ("!!str 10", .taggedString, "10"),
    ])
    func scalarStylesAndText(value: String, style: ScalarStyle, text: String) throws {
        let document = try cleanDocument("v: " + value)
        let node = try #require(document.value("v", in: try rootMapping(document)))
        #expect(document.style(of: node) == style)
        #expect(document.style(of: node).isPlain == (style == .plain))
        #expect(document.string(node) == text)
        #expect(document.withBytes(of: node) { Array($0) } == Array(text.utf8))
    }

    @Test func scalarEqualsLiteral() throws {
        let document = try cleanDocument("a: kiwi\n")
        let node = try #require(document.value("a", in: try rootMapping(document)))
        #expect(document.scalar(node, equals: "kiwi"))
        #expect(!document.scalar(node, equals: "kiw"))
        #expect(!document.scalar(node, equals: "kiwis"))
    }

    @Test(arguments: [
        ("{a: 1}", "a mapping"),
        ("[1]", "a list"),
        ("", "an empty value"),
        ("~", "an empty value"),
        ("true", "the boolean true"),
        ("3", "the number 3"),
        ("2.5", "the number 2.5"),
        ("99999999999999999999", "the number 99999999999999999999"),
        ("kiwi", "'kiwi'"),
        ("\"3\"", "'3'"),
    ])
    func describe(value: String, expected: String) throws {
        let document = try cleanDocument("v: " + value + "\n")
        let node = try #require(document.value("v", in: try rootMapping(document)))
        #expect(document.describe(node) == expected)
    }

    @Test func lineAndColumnMatchLocation() throws {
        let document = try cleanDocument("딸기🍓:\r\n  - 망고\r\n")
        let root = try rootMapping(document)
        let list = try #require(document.value("딸기🍓", in: root))
        let item = try #require(document.items(of: list).first)
        #expect(document.line(of: item) == 2)
        #expect(document.column(of: item) == 5)
        #expect(At(document.line(of: item), document.column(of: item)) == At(document.location(of: item)))
    }

    @Test func scalarCountCountsUnicodeScalars() throws {
        let document = try cleanDocument("a: 딸기🍓x\nb: \"\"\nc: [1]\n")
        let root = try rootMapping(document)
        #expect(document.scalarCount(of: try #require(document.value("a", in: root))) == 4)
        #expect(document.scalarCount(of: try #require(document.value("b", in: root))) == 0)
        #expect(document.scalarCount(of: try #require(document.value("c", in: root))) == 0)
    }

    @Test func indexOfANameAmongLiterals() throws {
        let document = try cleanDocument("a: juices\nb: store\nc: fruit\nd: [fruits]\n")
        let root = try rootMapping(document)
        let names: [StaticString] = ["fruits", "juices", "store"]
        #expect(document.index(of: try #require(document.value("a", in: root)), in: names) == 1)
        #expect(document.index(of: try #require(document.value("b", in: root)), in: names) == 2)
        #expect(document.index(of: try #require(document.value("c", in: root)), in: names) == nil)
        #expect(document.index(of: try #require(document.value("d", in: root)), in: names) == nil)
    }

    @Test func parseOverloadsAgree() throws {
        let text = "딸기: [1, 2]\n🍌: {a: b}\n"
        let parser = YAMLParser()
        let fromString = try #require(parser.parse(text, file: "x").document)
        let fromArray = try #require(parser.parse(Array(text.utf8), file: "x").document)
        let fromBuffer = try #require(Array(text.utf8).withUnsafeBufferPointer { parser.parse($0, file: "x") }.document)
        for document in [fromArray, fromBuffer] {
            let root = try rootMapping(document)
            #expect(document.nodeCount == fromString.nodeCount)
            #expect(document.keys(of: root) == ["딸기", "🍌"])
            let list = try #require(document.value("딸기", in: root))
            #expect(At(document.location(of: list)) == At(1, 5))
        }
    }

    @Test func defaultLimits() {
        #expect(YAMLParser().limits == .default)
        #expect(YAMLLimits.default == YAMLLimits(maxFileBytes: 32 << 20, maxDepth: 64, maxNodes: 4_000_000, maxScalarBytes: 64 << 10))
    }
}
