import JuiceYAML
import Testing

/// Every error case knows its location, whether it is fatal, its message and its suggestion.
@Suite struct YAMLErrorTests {
    static let at = YAMLLocation(file: "menu.yaml", line: 3, column: 7, byteOffset: 42)
    static let other = YAMLLocation(file: "menu.yaml", line: 1, column: 1)

    static let fatal: [YAMLError] = [
        .syntax(YAMLSyntaxError(.other("m")), at: at),
        .tabIndentation(at: at),
        .invalidUTF8(at: at),
        .nulByte(at: at),
        .controlCharacter(7, at: at),
        .unsupportedEncoding("UTF-16 (big-endian)", at: at),
        .byteOrderMarkInside(at: at),
        .emptyFile(at: at),
        .tooDeep(limit: 64, at: at),
        .fileTooLarge(bytes: 10, limit: 5, at: at),
        .tooManyNodes(limit: 5, at: at),
        .scalarTooLong(bytes: 10, limit: 5, at: at),
        .notAList(found: .mapping, at: at),
        .itemTooLarge(limit: 5, at: at),
    ]

    static let recoverable: [YAMLError] = [
        .multipleDocuments(at: at, first: other),
        .alias(name: "a", at: at),
        .anchor(name: "a", at: at),
        .mergeKey(at: at),
        .duplicateKey("k", at: at, first: other),
        .nonStringKey(.null, at: at),
        .unsupportedTag("!Ref", at: at),
    ]

    @Test(arguments: fatal)
    func fatalErrors(error: YAMLError) {
        #expect(error.isFatal)
        #expect(error.location == Self.at)
    }

    @Test(arguments: recoverable)
    func recoverableErrors(error: YAMLError) {
        #expect(!error.isFatal)
        #expect(error.location == Self.at)
    }

    @Test(arguments: fatal + recoverable)
    func descriptionIsLocationThenMessage(error: YAMLError) {
        #expect(error.description == "menu.yaml:3:7: " + error.message)
        #expect(!error.message.isEmpty)
    }

    @Test func messagesNameTheDetails() {
        #expect(YAMLError.invalidUTF8(at: Self.at).message == "invalid UTF-8 byte at offset 42; the file must be UTF-8")
        #expect(YAMLError.nulByte(at: Self.at).message == "NUL byte at offset 42; the file must be UTF-8 text")
        #expect(YAMLError.tabIndentation(at: Self.at).message == "tab character used for indentation; YAML allows only spaces")
        #expect(
            YAMLError.byteOrderMarkInside(at: Self.at).message == "byte order mark (U+FEFF) in the middle of the file; were two files concatenated?")
        #expect(YAMLError.emptyFile(at: Self.at).message == "the file is empty or holds only comments")
        #expect(YAMLError.duplicateKey("딸기", at: Self.at, first: Self.other).message == "duplicate key '딸기'")
        #expect(YAMLError.tooManyNodes(limit: 9, at: Self.at).message == "more than 9 YAML nodes in one file")
        #expect(YAMLError.fileTooLarge(bytes: 10, limit: 5, at: Self.at).message == "file is 10 bytes; the limit is 5")
        #expect(YAMLError.controlCharacter(0x1F600, at: Self.at).message == "control character U+1F600 is not allowed in YAML")
    }

    @Test func suggestions() {
        #expect(YAMLError.tabIndentation(at: Self.at).suggestion == "replace the tab with spaces")
        #expect(YAMLError.duplicateKey("k", at: Self.at, first: Self.other).suggestion == "remove one of the entries or rename it")
        #expect(YAMLError.nonStringKey(.null, at: Self.at).suggestion == "use a name as the key; quote it if it looks like a number")
        for error in [YAMLError.invalidUTF8(at: Self.at), .unsupportedEncoding("UTF-16", at: Self.at), .nulByte(at: Self.at)] {
            #expect(error.suggestion == "re-save the file as UTF-8 text")
        }
        #expect(YAMLError.byteOrderMarkInside(at: Self.at).suggestion == "delete the invisible U+FEFF character")
        for error in [
            YAMLError.tooDeep(limit: 1, at: Self.at), .fileTooLarge(bytes: 2, limit: 1, at: Self.at),
            .tooManyNodes(limit: 1, at: Self.at), .scalarTooLong(bytes: 2, limit: 1, at: Self.at),
        ] {
            #expect(error.suggestion == "split or simplify the file")
        }
        for error in [
            YAMLError.syntax(YAMLSyntaxError(.other("m")), at: Self.at), .alias(name: "a", at: Self.at), .mergeKey(at: Self.at),
            .unsupportedTag("!x", at: Self.at),
            .emptyFile(at: Self.at), .multipleDocuments(at: Self.at, first: Self.other),
        ] {
            #expect(error.suggestion == nil)
        }
    }

    @Test func fatalParsesHaveNoDocumentAndRecoverableOnesDo() {
        #expect(parse("a: [").document == nil)
        #expect(parse("a: *x").document != nil)
    }
}

/// `SourceLocation` prints as `file:line:column` and orders by file, line, column.
@Suite struct SourceLocationTests {
    @Test func description() {
        #expect(YAMLLocation(file: "recipes/juices.yaml", line: 12, column: 5).description == "recipes/juices.yaml:12:5")
    }

    @Test func byteOffsetIsOptional() {
        #expect(YAMLLocation(file: "f", line: 1, column: 1).byteOffset == nil)
        #expect(YAMLLocation(file: "f", line: 1, column: 1, byteOffset: 9).byteOffset == 9)
    }

    @Test func ordering() {
        let a1 = YAMLLocation(file: "a.yaml", line: 2, column: 9)
        let a2 = YAMLLocation(file: "a.yaml", line: 10, column: 1)
        let a3 = YAMLLocation(file: "a.yaml", line: 10, column: 2)
        let b1 = YAMLLocation(file: "b.yaml", line: 1, column: 1)
        #expect([b1, a3, a2, a1].sorted() == [a1, a2, a3, b1])
        #expect(!(a1 < a1))
    }
}
