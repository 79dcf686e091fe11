#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JuiceYAML
import JuiceCore

/// What a lint rule does in a run: nothing, or report at a severity.
public enum RuleSetting: String, Sendable, Hashable, CaseIterable {
    /// The rule reports nothing.
    case off
    /// The rule's findings are warnings.
    case warning
    /// The rule's findings are errors.
    case error

    /// The severity findings get, or nil when the rule is off.
    public var severity: Severity? {
        switch self {
        case .off: return nil
        case .warning: return .warning
        case .error: return .error
        }
    }
}

/// Which lint rules are off and which report at another severity than their own: from a `.juicelint.yaml` file next to
/// the recipes and from the command line. Lint output only: loading a recipe set for use is not affected.
public struct RuleConfiguration: Sendable, Hashable {
    /// The name of the configuration file `juice lint` reads in a directory it lints.
    public static let fileName = ".juicelint.yaml"

    /// The settings given, by rule; a rule not here keeps its own severity.
    public private(set) var settings: [RuleID: RuleSetting] = [:]

    /// A configuration that changes nothing.
    public init() {}

    /// Sets `rule` to `setting` (a later setting of the same rule wins).
    public mutating func set(_ rule: RuleID, to setting: RuleSetting) {
        settings[rule] = setting
    }

    /// This configuration with `other`'s settings on top.
    public func merging(_ other: RuleConfiguration) -> RuleConfiguration {
        var merged = self
        merged.settings.merge(other.settings) { _, new in new }
        return merged
    }

    /// The severity `rule` reports at, or nil when it is off.
    public func severity(of rule: RuleID) -> Severity? {
        settings[rule].map(\.severity) ?? rule.severity
    }

    /// `result` with the findings of rules that are off removed and the others at their configured severity.
    public func applied(to result: RecipeLoadResult) -> RecipeLoadResult {
        guard !settings.isEmpty else { return result }
        var applied = result
        applied.diagnostics = result.diagnostics.compactMap { diagnostic in
            guard let setting = settings[diagnostic.rule] else { return diagnostic }
            guard let severity = setting.severity else { return nil }
            var changed = diagnostic
            changed.severity = severity
            return changed
        }
        applied.diagnostics.sort()
        return applied
    }

    // MARK: The configuration file

    /// The configuration files that apply when linting `paths` (as `juice lint` takes them): `.juicelint.yaml` in each
    /// directory given (none for the built-in set, `paths` empty); files given directly bring none.
    public static func files(forLinting paths: [String]) -> [String] {
        let directories = paths.filter(RecipeSet.isDirectory)
        return directories.map { $0.hasSuffix("/") ? $0 + fileName : $0 + "/" + fileName }.filter { access($0, F_OK) == 0 }
    }

    /// The setting `RULE=LEVEL` (as `--severity` takes it) added to this configuration.
    public mutating func set(_ text: String) throws(RuleSettingError) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let level = RuleSetting(rawValue: parts[1]) else { throw .badSetting(text) }
        set(try RuleID(named: parts[0]), to: level)
    }

    /// Every rule, a line each: id, severity as configured, and what it checks (with its own severity where changed).
    public var listing: String { listing(in: .english) }

    /// `listing` in `language` (ids and severities stay as configuration files write them).
    public func listing(in language: Language) -> String {
        let ko = language == .korean
        let width = RuleID.allCases.map(\.rawValue.count).max() ?? 0
        var out = (ko ? "규칙" : "rule").padding(width) + (ko ? "  수준      검사\n" : "  severity  checks\n")
        for rule in RuleID.allCases {
            let level = severity(of: rule)?.rawValue ?? RuleSetting.off.rawValue
            let byDefault = ko ? " (기본은 \(rule.severity.rawValue))" : " (\(rule.severity.rawValue) by default)"
            let changed = settings[rule] != nil && severity(of: rule) != rule.severity ? byDefault : ""
            out += rule.rawValue.padding(width) + "  " + level.padding(8) + "  " + rule.summary(in: language) + changed + "\n"
        }
        return out
    }

    /// Reads the configuration files for linting `paths` (see `files(forLinting:)`), later files' settings on top.
    public static func load(forLinting paths: [String], limits: YAMLLimits = .default) throws(RecipeSourceError) -> LoadedRuleConfiguration {
        var loaded = LoadedRuleConfiguration()
        for path in files(forLinting: paths) {
            let file = try RecipeFileCollector.readFile(path, maxBytes: limits.maxFileBytes)
            let (configuration, problems) = parse(file, limits: limits)
            loaded.configuration = loaded.configuration.merging(configuration)
            loaded.files.append(file)
            loaded.diagnostics += problems
        }
        return loaded
    }

    /// Reads a configuration file: `rules:` mapping rule ids to `off`, `warning` or `error`. Its problems come back as
    /// diagnostics at their line and column; a file with problems sets nothing.
    public static func parse(_ file: RecipeSourceFile, limits: YAMLLimits = .default) -> (RuleConfiguration, [Diagnostic]) {
        var problems: [Diagnostic] = []
        if let size = file.oversizedBy {
            let error = YAMLError.fileTooLarge(bytes: size, limit: limits.maxFileBytes, at: SourceLocation(file: file.name, line: 1, column: 1))
            return (RuleConfiguration(), [Diagnostic(error)])
        }
        let parsed = YAMLParser(limits: limits).parse(file.bytes, file: file.name)
        problems += parsed.errors.map(Diagnostic.init)
        guard let document = parsed.document, let root = document.root else { return (RuleConfiguration(), problems) }
        guard document.kind(of: root) == .mapping else {
            problems.append(Diagnostic(.wrongType, .configurationNotAMapping(found: document.found(root)), at: document.location(of: root)))
            return (RuleConfiguration(), problems)
        }
        var configuration = RuleConfiguration()
        for entry in document.entries(of: root) {
            let key = document.string(entry.key)
            guard key == "rules" else {
                let suggestion = NameMatching.suggestion(for: key, among: ["rules"])
                problems.append(
                    unknown(.unknownConfigurationKey(key, suggestion: suggestion), key, suggestion: suggestion, at: entry.key, in: document))
                continue
            }
            guard document.kind(of: entry.value) == .mapping else {
                problems.append(Diagnostic(.wrongType, .rulesNotAMapping(found: document.found(entry.value)), at: document.location(of: entry.value)))
                continue
            }
            for setting in document.entries(of: entry.value) {
                let name = document.string(setting.key)
                guard let rule = RuleID(rawValue: name) else {
                    let suggestion = NameMatching.suggestion(for: name, among: RuleID.allCases.map(\.rawValue))
                    problems.append(unknown(.unknownRule(name, suggestion: suggestion), name, suggestion: suggestion, at: setting.key, in: document))
                    continue
                }
                let value = document.string(setting.value)
                guard document.kind(of: setting.value) == .scalar, let level = RuleSetting(rawValue: value) else {
                    let choices = RuleSetting.allCases.map(\.rawValue)
                    let hint = document.kind(of: setting.value) == .scalar ? NameMatching.suggestion(for: value, among: choices) : nil
                    problems.append(
                        Diagnostic(
                            .wrongType, .badRuleSetting(rule: name, found: document.found(setting.value)),
                            at: document.location(of: setting.value), length: document.scalarCount(of: setting.value),
                            fix: hint.map { .writeSetting($0) } ?? .turnOff(rule: name)))
                    continue
                }
                configuration.set(rule, to: level)
            }
        }
        return (problems.isEmpty ? configuration : RuleConfiguration(), problems)
    }

    private static func unknown(
        _ finding: LintFinding, _ name: String, suggestion: String?, at node: YAMLNodeID,
        in document: borrowing YAMLDocument
    ) -> Diagnostic {
        Diagnostic(
            .unknownKey, finding, at: document.location(of: node), length: document.scalarCount(of: node),
            fix: suggestion.map { .replace(name, with: $0) })
    }
}

extension String {
    /// This string with spaces after it up to `width` terminal columns (Hangul takes two).
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self))) }
}

/// The rule configuration read for a lint run, with the files it came from and their problems.
public struct LoadedRuleConfiguration: Sendable {
    /// The settings (none from a file with problems).
    public var configuration = RuleConfiguration()
    /// The configuration files read.
    public var files: [RecipeSourceFile] = []
    /// Problems in those files, as errors at their line and column.
    public var diagnostics: [Diagnostic] = []

    /// Creates an empty one.
    public init() {}
}

extension RuleID {
    /// The rule named `name`; throws an explanation naming the closest rule (for command-line arguments).
    public init(named name: String) throws(RuleSettingError) {
        guard let rule = RuleID(rawValue: name) else { throw .unknownRule(name) }
        self = rule
    }
}

/// A rule setting given on the command line that cannot be used.
public enum RuleSettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A name that names no rule.
    case unknownRule(String)
    /// A `RULE=LEVEL` whose level is not off, warning or error (or that has no `=`).
    case badSetting(String)

    /// What is wrong, with the closest rule or the expected form.
    public var description: String {
        switch self {
        case .unknownRule(let name):
            let names = RuleID.allCases.map(\.rawValue)
            return "unknown rule '\(name)'"
                + (NameMatching.suggestion(for: name, among: names).map { "; did you mean '\($0)'?" }
                    ?? "; 'juice lint --list-rules' lists them")
        case .badSetting(let text):
            return "expected RULE=error, RULE=warning or RULE=off, like exceeds-initial-stock=off, not '\(text)'"
        }
    }
}
