/// A syntax error libyaml reported, in typed parts: what it found wrong, what it was reading then and where that
/// started, and a hint chosen where the cause is known. Each consumer words the parts in its own language.
public struct YAMLSyntaxError: Hashable, Sendable {
    /// What libyaml found wrong (at the error's own location, libyaml's problem mark).
    public var problem: LibYAMLProblem
    /// What libyaml was reading, and where that started (its context mark), when it says.
    public var context: YAMLSyntaxContext?
    /// The likely cause, where the problem (or its context) makes it clear.
    public var hint: YAMLSyntaxHint?

    /// The error for `problem` in `context`, its hint chosen from both.
    public init(_ problem: LibYAMLProblem, context: YAMLSyntaxContext? = nil) {
        self.problem = problem
        self.context = context
        hint = YAMLSyntaxHint(problem: problem, context: context?.what)
    }

    /// libyaml's words: `PROBLEM (CONTEXT at line L, column C)`.
    public var libyamlText: String {
        guard let context else { return problem.libyamlText }
        return "\(problem.libyamlText) (\(context.what.libyamlText) at line \(context.start.line), column \(context.start.column))"
    }
}

/// What libyaml was reading when it found a problem, and where that started.
public struct YAMLSyntaxContext: Hashable, Sendable {
    /// What libyaml was reading.
    public var what: LibYAMLContext
    /// Where it started (libyaml's context mark, 1-based).
    public var start: SourceLocation

    /// A context `what` starting at `start`.
    public init(_ what: LibYAMLContext, at start: SourceLocation) {
        self.what = what
        self.start = start
    }
}

/// The likely cause of a syntax error, where libyaml's problem (or its context) makes it clear.
public enum YAMLSyntaxHint: Hashable, Sendable, CaseIterable {
    /// `mapping values are not allowed`: a value holding `: ` unquoted, a key above without its `:`, or a nested
    /// mapping started on its key's line.
    case colonInValue
    /// `could not find expected ':'`: a key without its colon, or a line indented wrongly.
    case missingColon
    /// `did not find expected key`: a mapping's keys not in one column, or a key without its `:`.
    case keyIndentation
    /// `did not find expected '-' indicator`: a list's items not in one column.
    case itemIndentation
    /// `block sequence entries are not allowed`: a list started on its key's line.
    case listOnKeyLine
    /// `did not find expected ',' or ']'`: a `[` not closed, or items without `, ` between them.
    case unclosedBracket
    /// `did not find expected ',' or '}'`: a `{` not closed, or entries without `, ` between them.
    case unclosedBrace
    /// Anything while reading a quoted value: the quote is not closed.
    case unclosedQuote
    /// `found character that cannot start any token`: a plain value starting with `@`, `` ` `` or a tab.
    case valueNeedsQuotes
    /// A key longer than libyaml reads (1,024 characters): it never finds the key's `:`.
    case keyTooLong

    /// The hint for `problem` read in `context`, or nil when the cause is not clear.
    public init?(problem: LibYAMLProblem, context: LibYAMLContext?) {
        switch problem {
        case .mappingValuesNotAllowed: self = .colonInValue
        case .expectedColon: self = .missingColon
        case .expectedKey: self = .keyIndentation
        case .expectedSequenceIndicator: self = .itemIndentation
        case .blockSequenceEntriesNotAllowed: self = .listOnKeyLine
        case .expectedFlowSequenceEnd: self = .unclosedBracket
        case .expectedFlowMappingEnd: self = .unclosedBrace
        default:
            if context == .scanningQuotedScalar {
                self = .unclosedQuote
            } else if problem == .cannotStartToken {
                self = .valueNeedsQuotes
            } else {
                return nil
            }
        }
    }

    /// The hint in English.
    public var english: String {
        switch self {
        case .colonInValue:
            return
                "a value holding ': ' must be quoted; a key on the line above needs a ':' after it; a nested mapping starts on a new, deeper-indented line"
        case .missingColon: return "write a colon and a space after each key ('key: value'), or check the indentation of this line"
        case .keyIndentation: return "check the indentation (the keys of one mapping start in the same column) and that each key has a ':' after it"
        case .itemIndentation: return "check the indentation: the items of one list start in the same column"
        case .listOnKeyLine: return "start a list on the line after its key, with each '- ' indented under it"
        case .unclosedBracket: return "close the '[' with ']', and put ', ' between the items"
        case .unclosedBrace: return "close the '{' with '}', and put ', ' between the entries"
        case .unclosedQuote: return "close the quote: a value opened with a quote must end with the same quote"
        case .valueNeedsQuotes: return "quote the value: plain values cannot start with '@', '`' or a tab"
        case .keyTooLong: return "this key is longer than the 1,024 characters YAML reads in a key (an id holds at most 100): shorten it"
        }
    }
}
