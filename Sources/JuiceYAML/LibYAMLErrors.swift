import CYAML

/// Translates libyaml's parser errors into `YAMLError`s with 1-based positions.
enum LibYAMLErrors {
    /// `bytes` is the whole file; libyaml read it from `bodyStart` (past a byte order mark).
    static func translate(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, bodyStart: Int, file: String) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            let offset = parser.problem_offset + bodyStart
            return EncodingCheck.classify(byteOffset: offset, in: bytes, file: file)
                ?? .syntax(message: problem, at: position(ofByteOffset: offset, in: bytes, file: file))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let mark = parser.problem_mark
            let at = SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
            if let tab = tabInIndentation(line: at.line, in: bytes, file: file) {
                return .tabIndentation(at: tab)
            }
            var message = problem
            if let context = parser.context.map({ String(cString: $0) }) {
                let where_ = parser.context_mark
                message += " (\(context) at line \(where_.line + 1), column \(where_.column + 1))"
            }
            return .syntax(message: message, at: at)
        case YAML_MEMORY_ERROR:
            return .syntax(message: "libyaml ran out of memory", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return .syntax(message: problem, at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// The location of a byte offset, skipping a leading byte order mark as libyaml does.
    static func position(ofByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        let skip = EncodingCheck.hasUTF8ByteOrderMark(bytes) ? 3 : 0
        let body = UnsafeBufferPointer(rebasing: bytes[min(skip, bytes.count)...])
        let (line, column) = SourcePosition.lineAndColumn(ofByteOffset: max(0, offset - skip), in: body)
        return SourceLocation(file: file, line: line, column: column, byteOffset: offset)
    }

    /// The first tab in the leading whitespace of `line`, if any.
    static func tabInIndentation(line: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation? {
        var text = SourcePosition.lineText(line, in: bytes)
        if line == 1, EncodingCheck.hasUTF8ByteOrderMark(bytes) { text = text.dropFirst(3) }
        var column = 1
        for byte in text {
            if byte == 0x09 { return SourceLocation(file: file, line: line, column: column) }
            if byte != 0x20 { return nil }
            column += 1
        }
        return nil
    }
}
