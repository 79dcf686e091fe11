/// A problem the YAML layer found in a file, with its position.
public enum YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libyaml could not parse the text: its problem, context and hint, positions translated to 1-based.
    case syntax(YAMLSyntaxError, at: SourceLocation)
    /// A tab character is used for indentation, which YAML forbids.
    case tabIndentation(at: SourceLocation)
    /// The bytes are not valid UTF-8.
    case invalidUTF8(at: SourceLocation)
    /// The file contains a NUL byte.
    case nulByte(at: SourceLocation)
    /// A control character YAML does not allow in a file.
    case controlCharacter(UInt32, at: SourceLocation)
    /// The file is in an encoding other than UTF-8 (for example UTF-16).
    case unsupportedEncoding(String, at: SourceLocation)
    /// A byte order mark appears after the start of the file.
    case byteOrderMarkInside(at: SourceLocation)
    /// The file is empty or holds only comments.
    case emptyFile(at: SourceLocation)
    /// The file holds more than one YAML document.
    case multipleDocuments(at: SourceLocation, first: SourceLocation)
    /// An alias (`*name`) refers to an anchored node; aliases are refused.
    case alias(name: String, at: SourceLocation)
    /// An anchor (`&name`) is defined; anchors are only useful with aliases, which are refused.
    case anchor(name: String, at: SourceLocation)
    /// A merge key (`<<`) is used.
    case mergeKey(at: SourceLocation)
    /// A key appears twice in one mapping.
    case duplicateKey(String, at: SourceLocation, first: SourceLocation)
    /// A mapping key is not a string (a mapping, a sequence, null, a number or a boolean).
    case nonStringKey(YAMLValueDescription, at: SourceLocation)
    /// A tag this layer does not support (for example `!!python/object` or `!Ref`).
    case unsupportedTag(String, at: SourceLocation)
    /// Mappings and sequences nest deeper than the limit.
    case tooDeep(limit: Int, at: SourceLocation)
    /// The file is larger than the limit.
    case fileTooLarge(bytes: Int, limit: Int, at: SourceLocation)
    /// The file has more nodes than the limit.
    case tooManyNodes(limit: Int, at: SourceLocation)
    /// A scalar is longer than the limit.
    case scalarTooLong(bytes: Int, limit: Int, at: SourceLocation)
    /// A file read as a list holds something else at its top (`found` says what, e.g. a mapping).
    case notAList(found: YAMLValueDescription, at: SourceLocation)
    /// One item of a list read item by item holds more nodes than the limit.
    case itemTooLarge(limit: Int, at: SourceLocation)

    /// Where the problem is.
    public var location: SourceLocation {
        switch self {
        case .syntax(_, let at), .tabIndentation(let at), .invalidUTF8(let at), .nulByte(let at),
            .controlCharacter(_, let at), .unsupportedEncoding(_, let at), .byteOrderMarkInside(let at),
            .emptyFile(let at), .multipleDocuments(let at, _), .alias(_, let at), .anchor(_, let at),
            .mergeKey(let at), .duplicateKey(_, let at, _), .nonStringKey(_, let at),
            .unsupportedTag(_, let at), .tooDeep(_, let at), .fileTooLarge(_, _, let at),
            .tooManyNodes(_, let at), .scalarTooLong(_, _, let at), .notAList(_, let at), .itemTooLarge(_, let at):
            return at
        }
    }

    /// Whether parsing stopped at this problem (no usable node tree follows it).
    public var isFatal: Bool {
        switch self {
        case .syntax, .tabIndentation, .invalidUTF8, .nulByte, .controlCharacter, .unsupportedEncoding,
            .byteOrderMarkInside, .emptyFile, .tooDeep, .fileTooLarge, .tooManyNodes, .scalarTooLong, .notAList, .itemTooLarge:
            return true
        case .multipleDocuments, .alias, .anchor, .mergeKey, .duplicateKey, .nonStringKey, .unsupportedTag:
            return false
        }
    }

    /// A one-sentence explanation of the problem, in English (other languages word the typed parts themselves).
    public var message: String {
        switch self {
        case .syntax(let error, _):
            return "YAML syntax error: \(error.libyamlText)"
        case .tabIndentation:
            return "tab character used for indentation; YAML allows only spaces"
        case .invalidUTF8(let at):
            return "invalid UTF-8 byte at offset \(at.byteOffset ?? 0); the file must be UTF-8"
        case .nulByte(let at):
            return "NUL byte at offset \(at.byteOffset ?? 0); the file must be UTF-8 text"
        case .controlCharacter(let value, _):
            let hex = String(value, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) is not allowed in YAML"
        case .unsupportedEncoding(let name, _):
            return "the file is \(name); save it as UTF-8"
        case .byteOrderMarkInside:
            return "byte order mark (U+FEFF) in the middle of the file; were two files concatenated?"
        case .emptyFile:
            return "the file is empty or holds only comments"
        case .multipleDocuments:
            return "more than one YAML document in the file; put each in its own file"
        case .alias(let name, _):
            return "alias '*\(name)' is not supported; write the value out in full"
        case .anchor(let name, _):
            return "anchor '&\(name)' is not supported (aliases are refused); remove it"
        case .mergeKey:
            return "merge key '<<' is not supported; write the entries out in full"
        case .duplicateKey(let key, _, _):
            return "duplicate key '\(key)'"
        case .nonStringKey(let what, _):
            return "mapping key must be a string, not \(what)"
        case .unsupportedTag(let tag, _):
            return "unsupported tag '\(tag)'; only plain YAML values are read"
        case .tooDeep(let limit, _):
            return "nesting deeper than \(limit) levels"
        case .fileTooLarge(let bytes, let limit, _):
            return "file is \(bytes) bytes; the limit is \(limit)"
        case .tooManyNodes(let limit, _):
            return "more than \(limit) YAML nodes in one file"
        case .scalarTooLong(let bytes, let limit, _):
            return "a value of \(bytes) bytes; the limit is \(limit)"
        case .notAList(let found, _):
            return "expected a list (lines starting with '- '), found \(found)"
        case .itemTooLarge(let limit, _):
            return "an item of the list holds more than \(limit) YAML nodes"
        }
    }

    /// How to fix the problem, where there is a general answer, in English.
    public var suggestion: String? {
        switch self {
        case .syntax(let error, _): return error.hint?.english
        case .tabIndentation: return "replace the tab with spaces"
        case .duplicateKey: return "remove one of the entries or rename it"
        case .nonStringKey: return "use a name as the key; quote it if it looks like a number"
        case .invalidUTF8, .unsupportedEncoding, .nulByte: return "re-save the file as UTF-8 text"
        case .byteOrderMarkInside: return "delete the invisible U+FEFF character"
        case .tooDeep, .fileTooLarge, .tooManyNodes, .scalarTooLong: return "split or simplify the file"
        case .itemTooLarge: return "split or simplify the item"
        default: return nil
        }
    }

    /// `file:line:column: message`.
    public var description: String { "\(location): \(message)" }
}
