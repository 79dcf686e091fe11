import JuiceYAML
import Testing

/// Bad bytes are reported at their true line, scalar column and byte offset.
@Suite struct InvalidUTF8Tests {
    private func loc(_ line: Int, _ column: Int, _ offset: Int) -> YAMLLocation {
        YAMLLocation(file: "test.yaml", line: line, column: column, byteOffset: offset)
    }

    @Test(arguments: [
        // A byte that can never start a character, after an emoji on line 2.
        (Array("name: kiwi\n🍓: caf".utf8) + [0xFF, 0x0A], 2, 7, 20),
        // After Korean text and a CRLF line ending.
        (Array("과일: 바나나\r\n이름: 망고".utf8) + [0xFF], 2, 7, 33),
        // A lone continuation byte.
        (Array("a: x".utf8) + [0x80], 1, 5, 4),
        // An overlong encoding of "/".
        (Array("a: ".utf8) + [0xC0, 0xAF], 1, 4, 3),
        // A UTF-16 surrogate encoded in UTF-8.
        (Array("a: ".utf8) + [0xED, 0xA0, 0x80], 1, 4, 3),
        // A sequence cut off by the end of the file.
        (Array("a: caf".utf8) + [0xC3], 1, 7, 6),
        // Positions skip a leading UTF-8 byte order mark; the offset does not.
        ([0xEF, 0xBB, 0xBF] + Array("a: ".utf8) + [0xFF], 1, 4, 6),
    ])
    func invalidByteIsLocated(bytes: [UInt8], line: Int, column: Int, offset: Int) throws {
        let result = parse(bytes: bytes)
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .invalidUTF8(at: loc(line, column, offset)))
        #expect(error.isFatal)
        #expect(error.message == "invalid UTF-8 byte at offset \(offset); the file must be UTF-8")
        #expect(error.suggestion == "re-save the file as UTF-8 text")
    }

    /// A lead byte followed by a byte that cannot continue it: the sequence is invalid at the lead byte.
    @Test(arguments: [
        (Array("a: ".utf8) + [0xC3, 0x28], 1, 4, 3),  // é's lead byte, then "("
        (Array("🍓: ".utf8) + [0xE2, 0x82, 0x41], 1, 4, 6),  // € cut short by "A"
        (Array("a: ".utf8) + [0xC3, 0xC3, 0xA9], 1, 4, 3),  // a lead byte, then a whole é
    ])
    func truncatedSequenceFollowedByAnotherCharacterIsInvalidUTF8(bytes: [UInt8], line: Int, column: Int, offset: Int) throws {
        let error = try onlyError(parse(bytes: bytes))
        #expect(error == .invalidUTF8(at: loc(line, column, offset)))
    }

    @Test func fixtureWithInvalidByte() throws {
        let error = try onlyError(parse(bytes: try fixture("invalid-utf8.yaml")))
        #expect(error == .invalidUTF8(at: loc(3, 10, 34)))
    }
}

@Suite struct ControlCharacterTests {
    private func loc(_ line: Int, _ column: Int, _ offset: Int) -> YAMLLocation {
        YAMLLocation(file: "test.yaml", line: line, column: column, byteOffset: offset)
    }

    @Test func nulByteInTheMiddle() throws {
        let result = parse(bytes: Array("a: 1\nb: ".utf8) + [0x00] + Array("\n".utf8))
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .nulByte(at: loc(2, 4, 8)))
        #expect(error.isFatal)
        #expect(error.message == "NUL byte at offset 8; the file must be UTF-8 text")
    }

    @Test func nulByteAfterKoreanAndEmoji() throws {
        let error = try onlyError(parse(bytes: Array("딸기: 🍓".utf8) + [0x00]))
        #expect(error == .nulByte(at: loc(1, 6, 12)))
    }

    @Test func nulByteFixture() throws {
        #expect(try onlyError(parse(bytes: try fixture("nul-byte.yaml"))) == .nulByte(at: loc(2, 9, 20)))
    }

    @Test(arguments: [
        (Array("a: \u{7}".utf8), UInt32(0x07), At(1, 4), 3),
        (Array("a: x\nb: \u{1B}[0m".utf8), 0x1B, At(2, 4), 8),
        (Array("a: \u{7F}".utf8), 0x7F, At(1, 4), 3),
        (Array("키: \u{80}".utf8), 0x80, At(1, 4), 5),
    ])
    func controlCharacters(bytes: [UInt8], value: UInt32, at: At, offset: Int) throws {
        let error = try onlyError(parse(bytes: bytes))
        #expect(error == .controlCharacter(value, at: loc(at.line, at.column, offset)))
        #expect(error.isFatal)
    }

    @Test func controlCharacterMessages() {
        let at = loc(1, 1, 0)
        #expect(YAMLError.controlCharacter(0x07, at: at).message == "control character U+0007 is not allowed in YAML")
        #expect(YAMLError.controlCharacter(0x80, at: at).message == "control character U+0080 is not allowed in YAML")
        #expect(YAMLError.controlCharacter(0xFFFE, at: at).message == "control character U+FFFE is not allowed in YAML")
    }
}

/// Other encodings are named; a byte order mark inside the file is reported where it is.
@Suite struct EncodingDetectionTests {
    @Test(arguments: [
        ("utf16le-bom.yaml", "UTF-16 (little-endian)"),
        ("utf16be-bom.yaml", "UTF-16 (big-endian)"),
    ])
    func utf16WithByteOrderMark(name: String, encoding: String) throws {
        let result = parse(bytes: try fixture(name))
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .unsupportedEncoding(encoding, at: origin()))
        #expect(error.isFatal)
        #expect(error.message == "the file is \(encoding); save it as UTF-8")
    }

    @Test(
        arguments: [
            ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x61], "UTF-32 (big-endian)"),
            ([0xFF, 0xFE, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"),
        ] as [([UInt8], String)])
    func utf32WithByteOrderMark(bytes: [UInt8], encoding: String) throws {
        #expect(try onlyError(parse(bytes: bytes)) == .unsupportedEncoding(encoding, at: origin()))
    }

    /// Without a byte order mark the encoding is still recognised; the problem is the whole file's, so it is at 1:1.
    @Test(arguments: [
        Array("fruit: kiwi\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
        Array("fruit: kiwi\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
    ])
    func utf16WithoutByteOrderMark(bytes: [UInt8]) throws {
        let result = parse(bytes: bytes)
        #expect(result.document == nil)
        let error = try onlyError(result)
        guard case .unsupportedEncoding(let name, let at) = error else {
            Issue.record("expected unsupportedEncoding, got \(error)")
            return
        }
        #expect(name == "UTF-16 (no byte order mark)")
        #expect(At(at) == At(1, 1))
    }

    @Test func utf16WithoutByteOrderMarkFixture() throws {
        let error = try onlyError(parse(bytes: try fixture("utf16le-no-bom.yaml")))
        guard case .unsupportedEncoding("UTF-16 (no byte order mark)", _) = error else {
            Issue.record("expected UTF-16 without a byte order mark, got \(error)")
            return
        }
    }

    @Test func byteOrderMarkAtALineStart() throws {
        let result = parse("a: 1\n\u{FEFF}b: 2\n")
        #expect(result.document == nil)
        let error = try onlyError(result)
        #expect(error == .byteOrderMarkInside(at: YAMLLocation(file: "test.yaml", line: 2, column: 1, byteOffset: 5)))
        #expect(error.isFatal)
        #expect(error.suggestion == "delete the invisible U+FEFF character")
    }

    @Test func byteOrderMarkInsideAfterALeadingOne() throws {
        let error = try onlyError(parse("\u{FEFF}a: 1\nb: \u{FEFF}x\n"))
        #expect(error == .byteOrderMarkInside(at: YAMLLocation(file: "test.yaml", line: 2, column: 4, byteOffset: 11)))
    }

    @Test func byteOrderMarkAfterKoreanOnACRLFLine() throws {
        let error = try onlyError(parse("x: 1\r\n과일: \u{FEFF}바나나\r\n"))
        #expect(error == .byteOrderMarkInside(at: YAMLLocation(file: "test.yaml", line: 2, column: 5, byteOffset: 14)))
    }

    @Test func twoConcatenatedFiles() throws {
        let error = try onlyError(parse("\u{FEFF}a: 1\n\u{FEFF}b: 2\n"))
        #expect(error == .byteOrderMarkInside(at: YAMLLocation(file: "test.yaml", line: 2, column: 1, byteOffset: 8)))
    }

    @Test func leadingByteOrderMarkAloneIsFine() throws {
        let document = try cleanDocument("\u{FEFF}a: 1\n")
        #expect(document.keys(of: try rootMapping(document)) == ["a"])
    }
}
