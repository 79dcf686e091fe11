import JuiceCore
import JuiceYAML

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Something that must be fixed: the recipe set cannot be used.
    case error
    /// Something probably wrong, which does not stop the recipe set from being used.
    case warning

    /// Errors sort before warnings.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }

    /// 오류 or 경고, as Korean text output says it.
    package var koreanName: String { self == .error ? "오류" : "경고" }
}

/// What a note of a diagnostic says, with its values.
public enum NoteMessage: Hashable, Sendable {
    /// Where the first YAML document of a file starts.
    case firstDocumentStartsHere
    /// Where a key given twice was first defined.
    case keyFirstDefinedHere(String)
    /// Where the fruits are defined.
    case fruitsDefinedHere
    /// Where something defined twice was first defined.
    case firstDefinedHere
    /// The other fruit or juice with the same name.
    case otherWithThatName(RecipeKind)
    /// Where a name an alias repeats is already used.
    case alreadyUsedHere
    /// Where a fruit's cost is given: the cost of one unit and how many units a juice takes.
    case unitCost(fruit: String, cost: Int, amount: Int)
    /// Where a fruit's pack price is given, when that is what its unit cost comes from (no `cost` written).
    case packUnitCost(fruit: String, cost: Int, pack: Int, price: Int, amount: Int)
    /// Where a supplier's lead time is given.
    case leadTimeHere(supplier: String, days: Int)

    /// The note in `language`.
    public func text(in language: Language) -> String {
        switch language {
        case .english:
            switch self {
            case .firstDocumentStartsHere: return "the first document starts here"
            case .keyFirstDefinedHere(let key): return "'\(key)' was first defined here"
            case .fruitsDefinedHere: return "fruits are defined here"
            case .firstDefinedHere: return "first defined here"
            case .otherWithThatName(let kind): return "the other \(kind.text(in: .english)) with that name"
            case .alreadyUsedHere: return "already used here"
            case .unitCost(let fruit, let cost, let amount): return "'\(fruit)' costs \(cost) a unit; the juice takes \(amount)"
            case .packUnitCost(let fruit, let cost, let pack, let price, let amount):
                return "'\(fruit)' costs \(cost) a unit (a pack of \(pack) for \(price)); the juice takes \(amount)"
            case .leadTimeHere(let supplier, let days): return "supplier '\(supplier)' delivers \(days) days after an order"
            }
        case .korean:
            switch self {
            case .firstDocumentStartsHere: return "첫 문서는 여기서 시작해요"
            case .keyFirstDefinedHere(let key): return "'\(key)'은(는) 여기서 처음 정의됐어요"
            case .fruitsDefinedHere: return "과일은 여기서 정의돼요"
            case .firstDefinedHere: return "여기서 처음 정의됐어요"
            case .otherWithThatName(let kind): return "이름이 같은 다른 \(kind.text(in: .korean))"
            case .alreadyUsedHere: return "여기서 이미 쓰였어요"
            case .unitCost(let fruit, let cost, let amount): return "'\(fruit)'은(는) 하나에 \(cost)이고, 이 쥬스에 \(amount)개 들어가요"
            case .packUnitCost(let fruit, let cost, let pack, let price, let amount):
                return "\(KoreanParticle.topic.after("'\(fruit)'")) \(pack)개 한 묶음에 \(price)이라 하나에 \(cost)이고, 이 쥬스에 \(amount)개 들어가요"
            case .leadTimeHere(let supplier, let days): return "거래처 '\(supplier)'은(는) 주문하고 \(days)일 뒤에 가져와요"
            }
        }
    }
}

/// A secondary location that explains a diagnostic (for example where a duplicate was first defined).
public struct DiagnosticNote: Hashable, Sendable {
    /// What the note says, typed.
    public var said: NoteMessage
    /// Where it points.
    public var location: SourceLocation

    /// Creates a note.
    public init(_ said: NoteMessage, at location: SourceLocation) {
        self.said = said
        self.location = location
    }

    /// What the note says, in English.
    public var message: String { said.text(in: .english) }

    /// What the note says, in `language`.
    public func message(in language: Language) -> String { said.text(in: language) }
}

/// One problem found in a recipe set: what, where, which rule, and how to fix it.
public struct Diagnostic: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// How serious it is.
    public var severity: Severity
    /// The rule that found it.
    public var rule: RuleID
    /// What was found, typed: worded by `message(in:)`.
    public var finding: LintFinding
    /// Where it is.
    public var location: SourceLocation
    /// How many columns the offending text spans (for underlining), at least 1.
    public var length: Int
    /// Related locations.
    public var notes: [DiagnosticNote]
    /// A suggested fix, typed: worded by `fix(in:)`.
    public var suggestedFix: LintFix?

    /// Creates a diagnostic; `severity` defaults to the rule's.
    public init(
        _ rule: RuleID, _ finding: LintFinding, at location: SourceLocation, length: Int = 1,
        severity: Severity? = nil, notes: [DiagnosticNote] = [], fix: LintFix? = nil
    ) {
        self.rule = rule
        self.finding = finding
        self.location = location
        self.length = max(1, length)
        self.severity = severity ?? rule.severity
        self.notes = notes
        self.suggestedFix = fix
    }

    /// A one-line explanation, in English.
    public var message: String { finding.message(in: .english) }

    /// A one-line explanation in `language`.
    public func message(in language: Language) -> String { finding.message(in: language) }

    /// A suggested fix in words, in English ("replace 'bananna' with 'banana'").
    public var fix: String? { suggestedFix?.text(in: .english) }

    /// A suggested fix in words, in `language`.
    public func fix(in language: Language) -> String? { suggestedFix?.text(in: language) }

    /// Orders diagnostics by location, then severity, then rule.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        return lhs.rule.rawValue < rhs.rule.rawValue
    }

    /// `file:line:column: severity: message [rule]`, in English.
    public var description: String { description(in: .english) }

    /// `file:line:column: severity: message [rule]` in `language` (the severity too: 오류, 경고).
    public func description(in language: Language) -> String {
        let severity = language == .english ? self.severity.rawValue : self.severity.koreanName
        return "\(location): \(severity): \(message(in: language)) [\(rule.rawValue)]"
    }
}

extension Diagnostic {
    /// The diagnostic for a problem the YAML layer found, worded for a recipe file.
    public init(_ error: YAMLError) {
        var notes: [DiagnosticNote] = []
        let rule: RuleID
        switch error {
        case .syntax: rule = .yamlSyntax
        case .tabIndentation: rule = .tabIndentation
        case .invalidUTF8, .nulByte, .controlCharacter, .unsupportedEncoding, .byteOrderMarkInside: rule = .encoding
        case .emptyFile: rule = .emptyFile
        case .multipleDocuments(_, let first):
            rule = .multipleDocuments
            notes.append(DiagnosticNote(.firstDocumentStartsHere, at: first))
        case .alias, .anchor: rule = .alias
        case .mergeKey: rule = .mergeKey
        case .duplicateKey(let key, _, let first):
            rule = .duplicateKey
            notes.append(DiagnosticNote(.keyFirstDefinedHere(key), at: first))
        case .nonStringKey: rule = .nonStringKey
        case .unsupportedTag: rule = .unsupportedTag
        case .tooDeep, .fileTooLarge, .tooManyNodes, .scalarTooLong, .itemTooLarge: rule = .limitExceeded
        case .notAList: rule = .wrongType
        }
        self.init(rule, .yaml(error), at: error.location, notes: notes, fix: error.suggestion == nil ? nil : .yaml(error))
    }
}
