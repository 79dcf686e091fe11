import JuiceYAML
import Testing

/// Aliases are refused (and never expanded), anchors reported, so alias bombs cannot cost anything.
@Suite struct AliasAndAnchorTests {
    private func loc(_ line: Int, _ column: Int) -> YAMLLocation {
        YAMLLocation(file: "test.yaml", line: line, column: column)
    }

    @Test func aliasAndAnchorAreBothReported() throws {
        let result = parse("a: &x 1\nb: *x\n")
        #expect(result.errors == [.anchor(name: "x", at: loc(1, 4)), .alias(name: "x", at: loc(2, 4))])
        #expect(result.errors.allSatisfy { !$0.isFatal })
        let document = try #require(result.document)
        let root = try rootMapping(document)
        let b = try #require(document.value("b", in: root))
        #expect(document.kind(of: b) == .invalid)
        #expect(document.string(b) == "")
        #expect(document.describe(b) == "an alias")
        #expect(document.string(try #require(document.value("a", in: root))) == "1")
    }

    @Test func aliasMessages() {
        #expect(YAMLError.alias(name: "x", at: loc(1, 1)).message == "alias '*x' is not supported; write the value out in full")
        #expect(YAMLError.anchor(name: "x", at: loc(1, 1)).message == "anchor '&x' is not supported (aliases are refused); remove it")
    }

    @Test func anchorsOnContainersAreReported() {
        let result = parse("list: &l [1, 2]\nmap: &m {a: 1}\nblock: &b\n  c: 1\n")
        #expect(
            result.errors == [
                .anchor(name: "l", at: loc(1, 7)),
                .anchor(name: "m", at: loc(2, 6)),
                .anchor(name: "b", at: loc(3, 8)),
            ])
    }

    @Test func anchorPositionAfterKoreanAndEmoji() {
        let result = parse("딸기🍓: &s 1\n바나나: *s\n")
        #expect(result.errors == [.anchor(name: "s", at: loc(1, 6)), .alias(name: "s", at: loc(2, 6))])
    }

    @Test func aliasWithoutAnchorIsStillRefused() throws {
        let result = parse("a: *nowhere\n")
        #expect(result.errors == [.alias(name: "nowhere", at: loc(1, 4))])
        #expect(result.document != nil)
    }

    @Test func aliasUsedAsKeyIsRefusedAndDropped() throws {
        let result = parse("a: &k key\n*k : v\nb: 1\n")
        #expect(result.errors.contains(.alias(name: "k", at: loc(2, 1))))
        let document = try #require(result.document)
        #expect(document.keys(of: try rootMapping(document)) == ["a", "b"])
    }

    @Test func billionLaughsFailsWithAliasErrorsNotExpansion() throws {
        var lines = ["lol0: &lol0 [" + Array(repeating: "\"lol\"", count: 9).joined(separator: ", ") + "]"]
        for level in 1...9 {
            lines.append("lol\(level): &lol\(level) [" + Array(repeating: "*lol\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        let result = parse(lines.joined(separator: "\n") + "\n")
        let anchors = result.errors.filter { if case .anchor = $0 { true } else { false } }
        let aliases = result.errors.filter { if case .alias = $0 { true } else { false } }
        #expect(anchors.count == 10)
        #expect(aliases.count == 81)
        #expect(anchors.count + aliases.count == result.errors.count)
        #expect(result.errors.first == .anchor(name: "lol0", at: loc(1, 7)))
        #expect(result.errors.contains(.alias(name: "lol8", at: loc(10, 14))))
        // Nothing was expanded: the tree holds only what is written.
        let document = try #require(result.document)
        #expect(document.nodeCount == 1 + 10 * 2 + 10 * 9)
    }

    @Test func selfReferencingAliasDoesNotHang() throws {
        let result = parse("a: &a [*a]\n")
        #expect(result.errors == [.anchor(name: "a", at: loc(1, 4)), .alias(name: "a", at: loc(1, 8))])
        let document = try #require(result.document)
        let a = try #require(document.value("a", in: try rootMapping(document)))
        #expect(document.items(of: a).map { document.kind(of: $0) } == [.invalid])
    }

    @Test func selfReferencingRootDoesNotHang() throws {
        let result = parse("&r {self: *r, again: [*r]}\n")
        #expect(
            result.errors == [
                .anchor(name: "r", at: loc(1, 1)),
                .alias(name: "r", at: loc(1, 11)),
                .alias(name: "r", at: loc(1, 23)),
            ])
    }
}

/// Merge keys (`<<`) are refused; the entry is dropped.
@Suite struct MergeKeyTests {
    private func loc(_ line: Int, _ column: Int) -> YAMLLocation {
        YAMLLocation(file: "test.yaml", line: line, column: column)
    }

    @Test func mergeKeyWithAlias() throws {
        let result = parse("base: &base\n  x: 1\nderived:\n  <<: *base\n  y: 2\n")
        #expect(
            result.errors == [
                .anchor(name: "base", at: loc(1, 7)),
                .alias(name: "base", at: loc(4, 7)),
                .mergeKey(at: loc(4, 3)),
            ])
        let document = try #require(result.document)
        let derived = try #require(document.value("derived", in: try rootMapping(document)))
        #expect(document.keys(of: derived) == ["y"])
    }

    @Test func mergeKeyWithInlineMapping() throws {
        let result = parse("<<: {x: 1}\ny: 2\n")
        #expect(result.errors == [.mergeKey(at: loc(1, 1))])
        let error = try #require(result.errors.first)
        #expect(!error.isFatal)
        #expect(error.message == "merge key '<<' is not supported; write the entries out in full")
        let document = try #require(result.document)
        #expect(document.keys(of: try rootMapping(document)) == ["y"])
    }

    @Test func mergeKeyInFlowMapping() {
        #expect(parse("a: {<<: {x: 1}, y: 2}\n").errors == [.mergeKey(at: loc(1, 5))])
    }

    @Test func quotedLessLessIsAnOrdinaryKey() throws {
        let document = try cleanDocument("\"<<\": 1\n'<<<': 2\n")
        #expect(document.keys(of: try rootMapping(document)) == ["<<", "<<<"])
    }
}
