import JuiceYAML
import Testing

/// Node positions are 1-based and count columns in Unicode scalars, whatever the bytes.
@Suite struct NodePositionTests {
    @Test func plainASCIIPositions() throws {
        let document = try cleanDocument("fruit: kiwi\nstock:\n  - 1\n  - 22\n")
        let root = try rootMapping(document)
        #expect(At(document.location(of: root)) == At(1, 1))
        #expect(At(document.location(of: try #require(document.key("fruit", in: root)))) == At(1, 1))
        #expect(At(document.location(of: try #require(document.value("fruit", in: root)))) == At(1, 8))
        let stock = try #require(document.value("stock", in: root))
        #expect(document.kind(of: stock) == .sequence)
        #expect(At(document.location(of: stock)) == At(3, 3))
        #expect(document.items(of: stock).map { At(document.location(of: $0)) } == [At(3, 5), At(4, 5)])
    }

    @Test func columnsAfterEmojiCountOneEach() throws {
        let document = try cleanDocument("🍓🍓🍓: x\nlist: [🥝, 키위]\n")
        let root = try rootMapping(document)
        #expect(At(document.location(of: try #require(document.value("🍓🍓🍓", in: root)))) == At(1, 6))
        let list = try #require(document.value("list", in: root))
        #expect(At(document.location(of: list)) == At(2, 7))
        #expect(document.items(of: list).map { At(document.location(of: $0)) } == [At(2, 8), At(2, 11)])
        #expect(document.items(of: list).map { document.string($0) } == ["🥝", "키위"])
    }

    @Test func columnsAfterKoreanTextCountOneEachSyllable() throws {
        let document = try cleanDocument("딸기바나나: 망고\n  # 주석\n키위: \"파인애플\"\n")
        let root = try rootMapping(document)
        let mango = try #require(document.value("딸기바나나", in: root))
        #expect(At(document.location(of: mango)) == At(1, 8))
        #expect(document.string(mango) == "망고")
        let pineapple = try #require(document.value("키위", in: root))
        #expect(At(document.location(of: pineapple)) == At(3, 5))
        #expect(document.string(pineapple) == "파인애플")
    }

    @Test func zeroWidthJoinerSequencesCountEveryScalar() throws {
        // 👩‍🍳 is three scalars (woman, ZWJ, cooking); "é" written decomposed is two.
        let document = try cleanDocument("👩‍🍳: chef\ne\u{301}: accent\n")
        let root = try rootMapping(document)
        #expect(At(document.location(of: try #require(document.value("👩‍🍳", in: root)))) == At(1, 6))
        #expect(At(document.location(of: try #require(document.value("e\u{301}", in: root)))) == At(2, 5))
    }

    @Test func crlfLineEndingsEndOneLineEach() throws {
        let document = try cleanDocument("a: 1\r\nbb: 2\r\nccc: [x, y]\r\n")
        let root = try rootMapping(document)
        #expect(At(document.location(of: try #require(document.key("bb", in: root)))) == At(2, 1))
        #expect(At(document.location(of: try #require(document.value("bb", in: root)))) == At(2, 5))
        let list = try #require(document.value("ccc", in: root))
        #expect(At(document.location(of: list)) == At(3, 6))
        #expect(document.items(of: list).map { At(document.location(of: $0)) } == [At(3, 7), At(3, 10)])
        #expect(document.items(of: list).map { document.string($0) } == ["x", "y"])
    }

    @Test func crlfWithKoreanAndEmojiOnTheSameLine() throws {
        let document = try cleanDocument("과일:\r\n  🍓 딸기: 10\r\n  망고: [🥭, mango]\r\n")
        let root = try rootMapping(document)
        let fruits = try #require(document.value("과일", in: root))
        #expect(At(document.location(of: fruits)) == At(2, 3))
        #expect(At(document.location(of: try #require(document.value("🍓 딸기", in: fruits)))) == At(2, 9))
        let mango = try #require(document.value("망고", in: fruits))
        #expect(document.items(of: mango).map { At(document.location(of: $0)) } == [At(3, 8), At(3, 11)])
    }

    /// Only CR and LF end lines (YAML 1.2, and `SourcePosition`); NEL, LS and PS inside a quoted value do not.
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func unicodeLineSeparatorsInsideAValueDoNotEndLines(separator: String) throws {
        let result = parse("a: \"x\(separator)y\"\nb: 1\n")
        let document = try #require(result.document)
        let root = try rootMapping(document)
        #expect(At(document.location(of: try #require(document.key("b", in: root)))) == At(2, 1))
        #expect(At(document.location(of: try #require(document.value("b", in: root)))) == At(2, 4))
    }

    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func unicodeLineSeparatorsCountAsOneColumn(separator: String) throws {
        let result = parse("a: \"x\(separator)y\"\nb: c: d\n")
        // The syntax error is on the true line 2, not 3.
        guard case .syntax(_, let at) = try onlyError(result) else {
            Issue.record("expected a syntax error, got \(result.errors)")
            return
        }
        #expect(At(at) == At(2, 5))
        let document = try cleanDocument("{a: \"x\(separator)y\", b: 1}\n")
        let root = try rootMapping(document)
        #expect(At(document.location(of: try #require(document.key("b", in: root)))) == At(1, 12))
        #expect(At(document.location(of: try #require(document.value("b", in: root)))) == At(1, 15))
    }

    @Test func lonelyCarriageReturnEndsALine() throws {
        let document = try cleanDocument("a: 1\rb: 2\r")
        let root = try rootMapping(document)
        #expect(At(document.location(of: try #require(document.value("b", in: root)))) == At(2, 4))
    }

    @Test func leadingByteOrderMarkDoesNotShiftColumns() throws {
        let document = try cleanDocument("\u{FEFF}a: 1\nb: 2\n")
        let root = try rootMapping(document)
        #expect(At(document.location(of: root)) == At(1, 1))
        #expect(At(document.location(of: try #require(document.value("a", in: root)))) == At(1, 4))
        #expect(At(document.location(of: try #require(document.value("b", in: root)))) == At(2, 4))
    }

    @Test func blockScalarsStartAtTheirIndicator() throws {
        let document = try cleanDocument("note: |\n  한 줄\n  두 줄\nfolded: >\n  a\n  b\n")
        let root = try rootMapping(document)
        let note = try #require(document.value("note", in: root))
        #expect(At(document.location(of: note)) == At(1, 7))
        #expect(document.string(note) == "한 줄\n두 줄\n")
        let folded = try #require(document.value("folded", in: root))
        #expect(At(document.location(of: folded)) == At(4, 9))
        #expect(document.string(folded) == "a b\n")
    }

    @Test func locationsCarryTheFileName() throws {
        let result = YAMLParser().parse("a: 1\n", file: "recipes/fruits.yaml")
        let document = try #require(result.document)
        let root = try #require(document.root)
        #expect(document.file == "recipes/fruits.yaml")
        #expect(document.location(of: root).file == "recipes/fruits.yaml")
        #expect(document.location(of: root).description == "recipes/fruits.yaml:1:1")
    }

    @Test func unicodeFixturePositions() throws {
        let document = try #require(parse(bytes: try fixture("unicode-menu.yaml")).document)
        let root = try rootMapping(document)
        #expect(At(document.location(of: root)) == At(2, 1))
        let fruits = try #require(document.value("fruits", in: root))
        #expect(At(document.location(of: fruits)) == At(3, 3))
        let strawberry = try #require(document.value("🍓 딸기", in: fruits))
        #expect(At(document.location(of: strawberry)) == At(3, 9))
        let banana = try #require(document.value("바나나", in: fruits))
        #expect(At(document.location(of: banana)) == At(4, 8))
        #expect(document.string(banana) == "🍌 banana")
        let juices = try #require(document.value("juices", in: root))
        #expect(document.items(of: juices).map { At(document.location(of: $0)) } == [At(5, 10), At(5, 16)])
    }

    @Test func crlfFixturePositions() throws {
        let result = parse(bytes: try fixture("crlf-menu.yaml"))
        #expect(result.errors.isEmpty)
        let document = try #require(result.document)
        let root = try rootMapping(document)
        let fruits = try #require(document.value("fruits", in: root))
        #expect(At(document.location(of: fruits)) == At(2, 3))
        #expect(At(document.location(of: try #require(document.value("딸기", in: fruits)))) == At(2, 7))
        let kiwi = try #require(document.value("kiwi", in: fruits))
        #expect(At(document.location(of: kiwi)) == At(3, 9))
        #expect(document.items(of: kiwi).map { At(document.location(of: $0)) } == [At(3, 10), At(3, 13)])
    }
}
