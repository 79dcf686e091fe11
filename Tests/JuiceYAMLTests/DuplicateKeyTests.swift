import JuiceYAML
import Testing

/// A key repeated in one mapping is reported at the repeat, pointing back at the first.
@Suite struct DuplicateKeyTests {
    private func duplicates(_ result: YAMLParseResult) -> [(key: String, at: At, first: At)] {
        result.errors.compactMap { error in
            guard case .duplicateKey(let key, let at, let first) = error else { return nil }
            return (key, At(at), At(first))
        }
    }

    @Test func repeatedPlainKey() throws {
        let result = parse("a: 1\nb: 2\na: 3\n")
        let error = try onlyError(result)
        #expect(
            error
                == .duplicateKey(
                    "a", at: YAMLLocation(file: "test.yaml", line: 3, column: 1),
                    first: YAMLLocation(file: "test.yaml", line: 1, column: 1)))
        #expect(!error.isFatal)
        #expect(error.message == "duplicate key 'a'")
        #expect(error.suggestion == "remove one of the entries or rename it")
        // The first entry is kept, the repeat dropped.
        let document = try #require(result.document)
        let root = try rootMapping(document)
        #expect(document.keys(of: root) == ["a", "b"])
        #expect(document.string(try #require(document.value("a", in: root))) == "1")
    }

    @Test(arguments: [
        "a: 1\n\"a\": 2\n",
        "\"a\": 1\na: 2\n",
        "'a': 1\na: 2\n",
        "a: 1\n'a': 2\n",
        "\"\\x61\": 1\na: 2\n",
        "a: 1\n!!str a: 2\n",
    ])
    func quotedAndPlainSpellingsAreTheSameKey(text: String) throws {
        let found = duplicates(parse(text))
        try #require(found.count == 1, "errors: \(parse(text).errors)")
        #expect(found[0].key == "a")
        #expect(found[0].at == At(2, 1))
        #expect(found[0].first == At(1, 1))
    }

    @Test func everyRepeatPointsAtTheFirst() {
        let found = duplicates(parse("a: 1\na: 2\na: 3\n"))
        #expect(found.map(\.at) == [At(2, 1), At(3, 1)])
        #expect(found.map(\.first) == [At(1, 1), At(1, 1)])
    }

    @Test func repeatInAFlowMapping() {
        let found = duplicates(parse("{a: 1, b: 2, a: 3}\n"))
        #expect(found.count == 1)
        #expect(found.first?.at == At(1, 14))
        #expect(found.first?.first == At(1, 2))
    }

    @Test func repeatAfterKoreanAndEmojiKeys() {
        let found = duplicates(parse("🍓: 1\n딸기: 2\n  \n🍓: 3\n"))
        #expect(found.map(\.key) == ["🍓"])
        #expect(found.first?.at == At(4, 1))
        #expect(found.first?.first == At(1, 1))
    }

    @Test func repeatInANestedMappingWithCRLF() {
        let found = duplicates(parse("outer:\r\n  kiwi: 1\r\n  mango: 2\r\n  kiwi: 3\r\n"))
        #expect(found.map(\.key) == ["kiwi"])
        #expect(found.first?.at == At(4, 3))
        #expect(found.first?.first == At(2, 3))
    }

    @Test func sameKeyInDifferentMappingsIsFine() throws {
        _ = try cleanDocument("x:\n  a: 1\ny:\n  a: 2\nz: [{a: 1}, {a: 2}]\n")
    }

    @Test func similarButDifferentKeysAreFine() throws {
        let document = try cleanDocument("a: 1\nA: 2\nab: 3\n\"a \": 4\n")
        #expect(document.keys(of: try rootMapping(document)) == ["a", "A", "ab", "a "])
    }

    /// Mappings with more than 12 keys switch to hashing; repeats must still be caught.
    @Test(arguments: [13, 20, 200])
    func bigMappingsStillDetectRepeats(size: Int) throws {
        var lines = (1...size).map { "key\($0): \($0)" }
        lines.append("key3: again")  // a key from before the switch to hashing
        lines.append("key\(size): again")  // the most recent key
        lines.append("\"key\(size - 1)\": again")  // quoted spelling of a late key
        let result = parse(lines.joined(separator: "\n") + "\n")
        let found = duplicates(result)
        #expect(found.map(\.key) == ["key3", "key\(size)", "key\(size - 1)"])
        #expect(found.map(\.at) == [At(size + 1, 1), At(size + 2, 1), At(size + 3, 1)])
        #expect(found.map(\.first) == [At(3, 1), At(size, 1), At(size - 1, 1)])
        let document = try #require(result.document)
        #expect(document.entries(of: try rootMapping(document)).count == size)
    }

    @Test func bigMappingWithoutRepeatsIsClean() throws {
        let text = (1...500).map { "fruit-\($0): \($0)" }.joined(separator: "\n")
        let document = try cleanDocument(text)
        #expect(document.entries(of: try rootMapping(document)).count == 500)
    }
}
