import JuiceYAML
import Testing

/// Only `!!str` (and the default `!!map`/`!!seq` on their own kinds) are accepted; other tags are reported.
@Suite struct TagTests {
    private func loc(_ line: Int, _ column: Int) -> YAMLLocation {
        YAMLLocation(file: "test.yaml", line: line, column: column)
    }

    @Test(arguments: [
        ("a: !!python/object:os.system ls\n", "!!python/object:os.system", At(1, 4)),
        ("a: !!python/object {b: 1}\n", "!!python/object", At(1, 4)),
        ("a: !Ref MyBucket\n", "!Ref", At(1, 4)),
        ("a:\n  - !Ref [x]\n", "!Ref", At(2, 5)),
        ("a: !!int 10\n", "!!int", At(1, 4)),
        ("a: !!binary aGVsbG8=\n", "!!binary", At(1, 4)),
        ("딸기🍓: !Sub x\n", "!Sub", At(1, 6)),
        ("a: !!str {b: 1}\n", "!!str", At(1, 4)),
        ("a: !!map [1]\n", "!!map", At(1, 4)),
        ("a: !!seq {b: 1}\n", "!!seq", At(1, 4)),
    ])
    func unsupportedTagsAreReported(text: String, tag: String, at: At) throws {
        let result = parse(text)
        let error = try onlyError(result)
        #expect(error == .unsupportedTag(tag, at: loc(at.line, at.column)))
        #expect(!error.isFatal)
        #expect(error.message == "unsupported tag '\(tag)'; only plain YAML values are read")
        #expect(result.document != nil)
    }

    @Test func strTagMakesATaggedString() throws {
        let document = try cleanDocument("a: !!str 10\nb: !!str true\nc: !!str\nd: !<tag:yaml.org,2002:str> 0x1F\n")
        let root = try rootMapping(document)
        for key in ["a", "b", "c", "d"] {
            let node = try #require(document.value(key, in: root))
            #expect(document.style(of: node) == .taggedString, "\(key)")
            #expect(document.coreValue(of: node) == .string, "\(key)")
        }
        #expect(document.string(try #require(document.value("a", in: root))) == "10")
        #expect(document.string(try #require(document.value("c", in: root))) == "")
    }

    @Test func strTagOnAKeyMakesItAStringKey() throws {
        let document = try cleanDocument("!!str 1: one\n!!str true: yes\n")
        #expect(document.keys(of: try rootMapping(document)) == ["1", "true"])
    }

    @Test func defaultContainerTagsAreAccepted() throws {
        let document = try cleanDocument("a: !!map {b: 1}\nc: !!seq [1, 2]\n")
        let root = try rootMapping(document)
        #expect(document.kind(of: try #require(document.value("a", in: root))) == .mapping)
        #expect(document.kind(of: try #require(document.value("c", in: root))) == .sequence)
    }

    @Test func everyUnsupportedTagIsReported() {
        let result = parse("a: !One 1\nb: !Two 2\nc: !!set {x: 1}\n")
        #expect(
            result.errors == [
                .unsupportedTag("!One", at: loc(1, 4)),
                .unsupportedTag("!Two", at: loc(2, 4)),
                .unsupportedTag("!!set", at: loc(3, 4)),
            ])
    }
}

/// Mapping keys must be strings; other keys are reported (describing what they are) and dropped.
@Suite struct NonStringKeyTests {
    @Test(arguments: [
        ("{a: 1}: x\nok: 1\n", "a mapping", At(1, 1)),
        ("? [a]\n: x\nok: 1\n", "a list", At(1, 3)),
        ("? {a: 1}\n: x\nok: 1\n", "a mapping", At(1, 3)),
        ("[a, b]: x\nok: 1\n", "a list", At(1, 1)),
        ("~: x\nok: 1\n", "null", At(1, 1)),
        ("null: x\nok: 1\n", "null", At(1, 1)),
        ("ok: 1\nNULL: x\n", "null", At(2, 1)),
        ("1: x\nok: 1\n", "the number 1", At(1, 1)),
        ("0x1F: x\nok: 1\n", "the number 0x1F", At(1, 1)),
        ("1.5: x\nok: 1\n", "the number 1.5", At(1, 1)),
        ("ok: 1\n99999999999999999999: x\n", "the number 99999999999999999999", At(2, 1)),
        ("true: x\nok: 1\n", "the boolean true", At(1, 1)),
        ("ok: 1\nFalse: x\n", "the boolean False", At(2, 1)),
        ("{ok: 1, 2: x}\n", "the number 2", At(1, 9)),
        ("ok:\r\n  딸기: 1\r\n  3: x\r\n", "the number 3", At(3, 3)),
    ])
    func nonStringKeyIsReportedAndDropped(text: String, what: String, at: At) throws {
        let result = parse(text)
        let error = try onlyError(result)
        guard case .nonStringKey(let described, let location) = error else {
            Issue.record("expected nonStringKey, got \(error)")
            return
        }
        #expect(described.description == what)
        #expect(At(location) == at)
        #expect(!error.isFatal)
        #expect(error.message == "mapping key must be a string, not \(what)")
        #expect(error.suggestion == "use a name as the key; quote it if it looks like a number")
        let document = try #require(result.document)
        let root = try rootMapping(document)
        #expect(document.entries(of: root).count == 1)
    }

    @Test func emptyExplicitKeyIsANullKey() throws {
        let result = parse("ok: 1\n? \n: x\n")
        let error = try onlyError(result)
        guard case .nonStringKey(.null, let at) = error else {
            Issue.record("expected a null key, got \(error)")
            return
        }
        // libyaml places an empty key just after its `?` indicator.
        #expect(at.line == 2)
        let document = try #require(result.document)
        #expect(document.keys(of: try rootMapping(document)) == ["ok"])
    }

    @Test func quotedLookalikesAreStringKeys() throws {
        let document = try cleanDocument("\"1\": a\n'true': b\n\"~\": c\n'null': d\n\"{a: 1}\": e\nno: f\n1:30: g\n")
        #expect(document.keys(of: try rootMapping(document)) == ["1", "true", "~", "null", "{a: 1}", "no", "1:30"])
    }
}
