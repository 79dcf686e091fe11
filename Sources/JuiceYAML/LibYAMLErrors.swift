internal import CYAML

/// Translates libyaml's parser errors into `YAMLError`s with 1-based positions.
enum LibYAMLErrors {
    /// `bytes` is the whole file; libyaml read it from `bodyStart` (past a byte order mark).
    static func translate(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, bodyStart: Int, lineMap: LineMap?, file: String) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            var offset = parser.problem_offset + bodyStart
            if problem.contains("UTF-8") {
                // libyaml points at the bad trailing byte; report the sequence's lead byte.
                var lead = offset
                while lead > max(bodyStart, offset - 3), lead - 1 < bytes.count, bytes[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
                if lead > bodyStart, lead - 1 < bytes.count, bytes[lead - 1] >= 0xC0 { lead -= 1 }
                if lead < bytes.count, bytes[lead] >= 0xC0 {
                    let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
                    if lead + length > offset { offset = lead }
                }
                return .invalidUTF8(at: position(ofByteOffset: offset, in: bytes, file: file))
            }
            return EncodingCheck.classify(byteOffset: offset, in: bytes, file: file)
                ?? .syntax(YAMLSyntaxError(LibYAMLProblem(libyaml: problem)), at: position(ofByteOffset: offset, in: bytes, file: file))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let mark = parser.problem_mark
            let (line, column) = lineMap?.position(mark) ?? (UInt32(truncatingIfNeeded: mark.line + 1), UInt32(truncatingIfNeeded: mark.column + 1))
            let at = SourceLocation(file: file, line: Int(line), column: Int(column))
            // Blame a tab only when libyaml's error is about one or sits on one.
            let typed = LibYAMLProblem(libyaml: problem)
            if typed == .tabWhereIndentationSpaceExpected || typed == .tabViolatesIndentation
                || character(atLine: at.line, column: at.column, in: bytes) == 0x09,
                let tab = tabInIndentation(line: at.line, in: bytes, file: file)
            {
                return .tabIndentation(at: tab)
            }
            var context: YAMLSyntaxContext?
            if let words = parser.context.map({ String(cString: $0) }) {
                let (contextLine, contextColumn) =
                    lineMap?.position(parser.context_mark)
                    ?? (UInt32(truncatingIfNeeded: parser.context_mark.line + 1), UInt32(truncatingIfNeeded: parser.context_mark.column + 1))
                context = YAMLSyntaxContext(
                    LibYAMLContext(libyaml: words), at: SourceLocation(file: file, line: Int(contextLine), column: Int(contextColumn)))
            }
            var error = YAMLSyntaxError(typed, context: context)
            if typed == .mappingValuesNotAllowed || typed == .expectedColon,
                keyLength(beforeLine: at.line, column: at.column, in: bytes) > maxSimpleKeyLength
            {
                error.hint = .keyTooLong
            }
            return .syntax(error, at: at)
        case YAML_MEMORY_ERROR:
            return .syntax(YAMLSyntaxError(.outOfMemory), at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return .syntax(YAMLSyntaxError(LibYAMLProblem(libyaml: problem)), at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// The location of a byte offset, skipping a leading byte order mark as libyaml does.
    static func position(ofByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        let skip = EncodingCheck.hasUTF8ByteOrderMark(bytes) ? 3 : 0
        let body = UnsafeBufferPointer(rebasing: bytes[min(skip, bytes.count)...])
        let (line, column) = SourcePosition.lineAndColumn(ofByteOffset: max(0, offset - skip), in: body)
        return SourceLocation(file: file, line: line, column: column, byteOffset: offset)
    }

    /// The byte at a 1-based line and scalar column, if it is ASCII.
    static func character(atLine line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var text = SourcePosition.lineText(line, in: bytes)
        if line == 1, EncodingCheck.hasUTF8ByteOrderMark(bytes) { text = text.dropFirst(3) }
        var current = 1
        for byte in text where byte & 0xC0 != 0x80 {
            if current == column { return byte < 0x80 ? byte : nil }
            current += 1
        }
        return nil
    }

    /// The longest key libyaml reads without `?`: a plain or quoted key must end, with its `:`, within 1,024
    /// characters of its start, on one line.
    static let maxSimpleKeyLength = 1024

    /// How many characters of the key that ends at `column` of `line` stand before it: from the start of the line's
    /// text, or from the last `: `, `{`, `[` or `,` before it, spaces and a `- ` skipped.
    static func keyLength(beforeLine line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var text = SourcePosition.lineText(line, in: bytes)
        if line == 1, EncodingCheck.hasUTF8ByteOrderMark(bytes) { text = text.dropFirst(3) }
        var current = 1
        var start: Int?
        var previous: UInt8 = 0x20
        for byte in text where byte & 0xC0 != 0x80 {
            guard current < column else { break }
            if (previous == 0x3A && byte == 0x20) || [0x7B, 0x5B, 0x2C].contains(byte) {
                start = nil
            } else if start == nil, byte != 0x20, byte != 0x2D {
                start = current
            }
            previous = byte
            current += 1
        }
        return start.map { current - $0 } ?? 0
    }

    /// The first tab in the leading whitespace of `line`, if any.
    static func tabInIndentation(line: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation? {
        var text = SourcePosition.lineText(line, in: bytes)
        if line == 1, EncodingCheck.hasUTF8ByteOrderMark(bytes) { text = text.dropFirst(3) }
        // A tab among the leading spaces, or after the '-', '?' or ':' indicators that open a block on the line.
        var column = 1
        var previous: UInt8 = 0x20
        for byte in text {
            if byte == 0x09 && (previous == 0x20 || previous == 0x2D || previous == 0x3F || previous == 0x3A) {
                return SourceLocation(file: file, line: line, column: column)
            }
            if byte != 0x20 && byte != 0x2D && byte != 0x3F { return nil }
            previous = byte
            column += 1
        }
        return nil
    }
}
