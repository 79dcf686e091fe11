import JuiceYAML

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Something that must be fixed: the recipe set cannot be used.
    case error
    /// Something probably wrong, which does not stop the recipe set from being used.
    case warning

    /// Errors sort before warnings.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
}

/// A secondary location that explains a diagnostic (for example where a duplicate was first defined).
public struct DiagnosticNote: Hashable, Sendable {
    /// What the note says.
    public var message: String
    /// Where it points.
    public var location: SourceLocation

    /// Creates a note.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

/// One problem found in a recipe set: what, where, which rule, and how to fix it.
public struct Diagnostic: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// How serious it is.
    public var severity: Severity
    /// The rule that found it.
    public var rule: RuleID
    /// A one-line explanation.
    public var message: String
    /// Where it is.
    public var location: SourceLocation
    /// How many columns the offending text spans (for underlining), at least 1.
    public var length: Int
    /// Related locations.
    public var notes: [DiagnosticNote]
    /// A suggested fix, in words ("replace 'bananna' with 'banana'").
    public var fix: String?

    /// Creates a diagnostic; `severity` defaults to the rule's.
    public init(
        _ rule: RuleID, _ message: String, at location: SourceLocation, length: Int = 1,
        severity: Severity? = nil, notes: [DiagnosticNote] = [], fix: String? = nil
    ) {
        self.rule = rule
        self.message = message
        self.location = location
        self.length = max(1, length)
        self.severity = severity ?? rule.severity
        self.notes = notes
        self.fix = fix
    }

    /// Orders diagnostics by location, then severity, then rule.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        return lhs.rule.rawValue < rhs.rule.rawValue
    }

    /// `file:line:column: severity: message [rule]`.
    public var description: String { "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]" }
}

extension Diagnostic {
    /// The diagnostic for a problem the YAML layer found, worded for a recipe file.
    public init(_ error: YAMLError) {
        var notes: [DiagnosticNote] = []
        var message = error.message
        let rule: RuleID
        switch error {
        case .syntax: rule = .yamlSyntax
        case .tabIndentation: rule = .tabIndentation
        case .invalidUTF8, .nulByte, .controlCharacter, .unsupportedEncoding, .byteOrderMarkInside: rule = .encoding
        case .emptyFile:
            rule = .emptyFile
            message += "; expected a mapping starting with 'version: 1'"
        case .multipleDocuments(_, let first):
            rule = .multipleDocuments
            notes.append(DiagnosticNote("the first document starts here", at: first))
        case .alias, .anchor: rule = .alias
        case .mergeKey: rule = .mergeKey
        case .duplicateKey(let key, _, let first):
            rule = .duplicateKey
            notes.append(DiagnosticNote("'\(key)' was first defined here", at: first))
        case .nonStringKey: rule = .nonStringKey
        case .unsupportedTag(let tag, _):
            rule = .unsupportedTag
            message = "unsupported tag '\(tag)'; recipe files use plain YAML values only"
        case .tooDeep, .fileTooLarge, .tooManyNodes, .scalarTooLong, .itemTooLarge: rule = .limitExceeded
        case .notAList: rule = .wrongType
        }
        self.init(rule, message, at: error.location, notes: notes, fix: error.suggestion)
    }
}
