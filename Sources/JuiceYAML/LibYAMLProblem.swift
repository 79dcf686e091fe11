/// What libyaml found wrong: one case per problem its scanner and parser write (`scanner.c`, `parser.c`), typed so
/// that each consumer words it in its own language; `.other` keeps words a later libyaml may add, as it wrote them.
public enum LibYAMLProblem: Hashable, Sendable {
    // The scanner's.
    /// A block scalar's indentation indicator is 0.
    case indentationIndicatorZero
    /// Something else where whitespace or a line break must come.
    case expectedWhitespaceOrLineBreak
    /// Something else after a value where only a comment or a line break may come.
    case expectedCommentOrLineBreak
    /// A tag handle without its closing `!`.
    case expectedTagHandleEnd
    /// A simple key without its `:`.
    case expectedColon
    /// A `: ` where a mapping value cannot start (inside a plain value, or after a key on the same line).
    case mappingValuesNotAllowed
    /// A `? ` where a mapping key cannot start.
    case mappingKeysNotAllowed
    /// An unknown character after `\` in a double-quoted value.
    case unknownEscape
    /// A `%` directive libyaml does not know.
    case unknownDirective
    /// A character other than a letter, digit, `-` or `_` in a directive, anchor or alias name.
    case unexpectedNonAlphabetical
    /// The file ends inside a value.
    case unexpectedEndOfStream
    /// `---` or `...` inside a quoted value.
    case unexpectedDocumentIndicator
    /// A `:` where none can stand.
    case unexpectedColon
    /// A `\u` or `\U` escape that is not a Unicode scalar.
    case invalidUnicodeEscape
    /// A `%YAML` version number that is too long.
    case versionNumberTooLong
    /// A character that cannot start any token (`@`, `` ` ``, a tab…).
    case cannotStartToken
    /// A bad UTF-8 trailing byte in a `%`-escaped URI.
    case incorrectTrailingOctet
    /// A bad UTF-8 leading byte in a `%`-escaped URI.
    case incorrectLeadingOctet
    /// A tab where an indentation space must stand.
    case tabWhereIndentationSpaceExpected
    /// A tab that breaks the indentation.
    case tabViolatesIndentation
    /// A verbatim tag `!<…` without its `>`.
    case expectedVerbatimTagEnd
    /// Something else where whitespace must come.
    case expectedWhitespace
    /// A `%YAML` directive without a version number.
    case expectedVersionNumber
    /// A tag without its URI.
    case expectedTagURI
    /// Something else where a hexadecimal digit must come.
    case expectedHexadecimal
    /// A version number with characters other than digits and `.`.
    case expectedDigitOrDot
    /// Something else where a letter or digit must come.
    case expectedAlphanumeric
    /// A `%` in a URI without two hexadecimal digits after it.
    case expectedURIEscapedOctet
    /// A `%` without a directive name.
    case expectedDirectiveName
    /// A `- ` where a list cannot start (on a key's line).
    case blockSequenceEntriesNotAllowed
    // The parser's.
    /// A tag handle that no `%TAG` directive defines.
    case undefinedTagHandle
    /// A `%YAML` version libyaml cannot read.
    case incompatibleDocument
    /// Two `%YAML` directives.
    case duplicateYAMLDirective
    /// Two `%TAG` directives for one handle.
    case duplicateTagDirective
    /// No value where one must stand.
    case expectedNodeContent
    /// No key where a mapping's next key must stand (often a wrongly indented line).
    case expectedKey
    /// The stream could not start.
    case expectedStreamStart
    /// No `---` where a document must start.
    case expectedDocumentStart
    /// No `- ` where a list's next item must stand (often a wrongly indented line).
    case expectedSequenceIndicator
    /// A `{` not closed by `}` (or entries without `, ` between them).
    case expectedFlowMappingEnd
    /// A `[` not closed by `]` (or items without `, ` between them).
    case expectedFlowSequenceEnd
    /// libyaml's own nesting limit.
    case nestingLimit
    // Not libyaml's words: its memory error.
    /// libyaml ran out of memory.
    case outOfMemory
    /// Words this list does not know, as libyaml wrote them.
    case other(String)

    /// Every problem but `.other`.
    public static let known: [LibYAMLProblem] = [
        .indentationIndicatorZero, .expectedWhitespaceOrLineBreak, .expectedCommentOrLineBreak, .expectedTagHandleEnd,
        .expectedColon, .mappingValuesNotAllowed, .mappingKeysNotAllowed, .unknownEscape, .unknownDirective,
        .unexpectedNonAlphabetical, .unexpectedEndOfStream, .unexpectedDocumentIndicator, .unexpectedColon,
        .invalidUnicodeEscape, .versionNumberTooLong, .cannotStartToken, .incorrectTrailingOctet, .incorrectLeadingOctet,
        .tabWhereIndentationSpaceExpected, .tabViolatesIndentation, .expectedVerbatimTagEnd, .expectedWhitespace,
        .expectedVersionNumber, .expectedTagURI, .expectedHexadecimal, .expectedDigitOrDot, .expectedAlphanumeric,
        .expectedURIEscapedOctet, .expectedDirectiveName, .blockSequenceEntriesNotAllowed, .undefinedTagHandle,
        .incompatibleDocument, .duplicateYAMLDirective, .duplicateTagDirective, .expectedNodeContent, .expectedKey,
        .expectedStreamStart, .expectedDocumentStart, .expectedSequenceIndicator, .expectedFlowMappingEnd,
        .expectedFlowSequenceEnd, .nestingLimit, .outOfMemory,
    ]

    /// The problem libyaml's words `text` name, or `.other(text)`.
    public init(libyaml text: String) {
        self = Self.known.first { $0.libyamlText == text } ?? .other(text)
    }

    /// libyaml's own words for the problem.
    public var libyamlText: String {
        switch self {
        case .indentationIndicatorZero: return "found an indentation indicator equal to 0"
        case .expectedWhitespaceOrLineBreak: return "did not find expected whitespace or line break"
        case .expectedCommentOrLineBreak: return "did not find expected comment or line break"
        case .expectedTagHandleEnd: return "did not find expected '!'"
        case .expectedColon: return "could not find expected ':'"
        case .mappingValuesNotAllowed: return "mapping values are not allowed in this context"
        case .mappingKeysNotAllowed: return "mapping keys are not allowed in this context"
        case .unknownEscape: return "found unknown escape character"
        case .unknownDirective: return "found unknown directive name"
        case .unexpectedNonAlphabetical: return "found unexpected non-alphabetical character"
        case .unexpectedEndOfStream: return "found unexpected end of stream"
        case .unexpectedDocumentIndicator: return "found unexpected document indicator"
        case .unexpectedColon: return "found unexpected ':'"
        case .invalidUnicodeEscape: return "found invalid Unicode character escape code"
        case .versionNumberTooLong: return "found extremely long version number"
        case .cannotStartToken: return "found character that cannot start any token"
        case .incorrectTrailingOctet: return "found an incorrect trailing UTF-8 octet"
        case .incorrectLeadingOctet: return "found an incorrect leading UTF-8 octet"
        case .tabWhereIndentationSpaceExpected: return "found a tab character where an indentation space is expected"
        case .tabViolatesIndentation: return "found a tab character that violates indentation"
        case .expectedVerbatimTagEnd: return "did not find the expected '>'"
        case .expectedWhitespace: return "did not find expected whitespace"
        case .expectedVersionNumber: return "did not find expected version number"
        case .expectedTagURI: return "did not find expected tag URI"
        case .expectedHexadecimal: return "did not find expected hexdecimal number"
        case .expectedDigitOrDot: return "did not find expected digit or '.' character"
        case .expectedAlphanumeric: return "did not find expected alphabetic or numeric character"
        case .expectedURIEscapedOctet: return "did not find URI escaped octet"
        case .expectedDirectiveName: return "could not find expected directive name"
        case .blockSequenceEntriesNotAllowed: return "block sequence entries are not allowed in this context"
        case .undefinedTagHandle: return "found undefined tag handle"
        case .incompatibleDocument: return "found incompatible YAML document"
        case .duplicateYAMLDirective: return "found duplicate %YAML directive"
        case .duplicateTagDirective: return "found duplicate %TAG directive"
        case .expectedNodeContent: return "did not find expected node content"
        case .expectedKey: return "did not find expected key"
        case .expectedStreamStart: return "did not find expected <stream-start>"
        case .expectedDocumentStart: return "did not find expected <document start>"
        case .expectedSequenceIndicator: return "did not find expected '-' indicator"
        case .expectedFlowMappingEnd: return "did not find expected ',' or '}'"
        case .expectedFlowSequenceEnd: return "did not find expected ',' or ']'"
        case .nestingLimit: return "Maximum nesting level reached, set with yaml_set_max_nest_level())"
        case .outOfMemory: return "libyaml ran out of memory"
        case .other(let text): return text
        }
    }
}

/// What libyaml was reading when it found a problem: one case per context its scanner and parser name; `.other`
/// keeps words a later libyaml may add, as it wrote them.
public enum LibYAMLContext: Hashable, Sendable {
    /// A `%` directive.
    case scanningDirective
    /// A block scalar (`|` or `>`).
    case scanningBlockScalar
    /// A tag (the parser).
    case parsingTag
    /// A `%TAG` directive (the parser).
    case parsingPercentTagDirective
    /// A tag (the scanner).
    case scanningTag
    /// A `%YAML` directive.
    case scanningYAMLDirective
    /// A quoted value (the parser).
    case parsingQuotedScalar
    /// A key.
    case scanningSimpleKey
    /// A quoted value (the scanner).
    case scanningQuotedScalar
    /// A value without quotes.
    case scanningPlainScalar
    /// A `%TAG` directive (the scanner).
    case scanningPercentTagDirective
    /// Looking for the next token.
    case scanningForNextToken
    /// An anchor.
    case scanningAnchor
    /// An alias.
    case scanningAlias
    /// A tag directive (the scanner).
    case scanningTagDirective
    /// A tag directive (the parser).
    case parsingTagDirective
    /// Parsing, unnamed.
    case parsing
    /// A node.
    case parsingNode
    /// A `[ ]` list.
    case parsingFlowSequence
    /// A value inside `[ ]` or `{ }`.
    case parsingFlowNode
    /// A `{ }` mapping.
    case parsingFlowMapping
    /// A block node.
    case parsingBlockNode
    /// A block mapping.
    case parsingBlockMapping
    /// A block list or mapping.
    case parsingBlockCollection
    /// Words this list does not know, as libyaml wrote them.
    case other(String)

    /// Every context but `.other`.
    public static let known: [LibYAMLContext] = [
        .scanningDirective, .scanningBlockScalar, .parsingTag, .parsingPercentTagDirective, .scanningTag,
        .scanningYAMLDirective, .parsingQuotedScalar, .scanningSimpleKey, .scanningQuotedScalar, .scanningPlainScalar,
        .scanningPercentTagDirective, .scanningForNextToken, .scanningAnchor, .scanningAlias, .scanningTagDirective,
        .parsingTagDirective, .parsing, .parsingNode, .parsingFlowSequence, .parsingFlowNode, .parsingFlowMapping,
        .parsingBlockNode, .parsingBlockMapping, .parsingBlockCollection,
    ]

    /// The context libyaml's words `text` name, or `.other(text)`.
    public init(libyaml text: String) {
        self = Self.known.first { $0.libyamlText == text } ?? .other(text)
    }

    /// libyaml's own words for the context.
    public var libyamlText: String {
        switch self {
        case .scanningDirective: return "while scanning a directive"
        case .scanningBlockScalar: return "while scanning a block scalar"
        case .parsingTag: return "while parsing a tag"
        case .parsingPercentTagDirective: return "while parsing a %TAG directive"
        case .scanningTag: return "while scanning a tag"
        case .scanningYAMLDirective: return "while scanning a %YAML directive"
        case .parsingQuotedScalar: return "while parsing a quoted scalar"
        case .scanningSimpleKey: return "while scanning a simple key"
        case .scanningQuotedScalar: return "while scanning a quoted scalar"
        case .scanningPlainScalar: return "while scanning a plain scalar"
        case .scanningPercentTagDirective: return "while scanning a %TAG directive"
        case .scanningForNextToken: return "while scanning for the next token"
        case .scanningAnchor: return "while scanning an anchor"
        case .scanningAlias: return "while scanning an alias"
        case .scanningTagDirective: return "while scanning a tag directive"
        case .parsingTagDirective: return "while parsing a tag directive"
        case .parsing: return "while parsing"
        case .parsingNode: return "while parsing a node"
        case .parsingFlowSequence: return "while parsing a flow sequence"
        case .parsingFlowNode: return "while parsing a flow node"
        case .parsingFlowMapping: return "while parsing a flow mapping"
        case .parsingBlockNode: return "while parsing a block node"
        case .parsingBlockMapping: return "while parsing a block mapping"
        case .parsingBlockCollection: return "while parsing a block collection"
        case .other(let text): return text
        }
    }
}
