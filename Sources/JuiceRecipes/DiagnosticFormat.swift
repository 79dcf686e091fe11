import JuiceCore
import JuiceYAML

/// The output formats `juice lint` can write diagnostics in.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// Compiler-style lines with the source line and a caret.
    case text
    /// A JSON array of objects with file, line, column, severity, rule and message.
    case json
    /// GitHub Actions workflow commands (`::error file=…`).
    case github
    /// SARIF 2.1.0, for code-scanning tools.
    case sarif
}

/// Writes diagnostics in each `DiagnosticFormat`.
public struct DiagnosticRenderer: Sendable {
    /// After this many findings in one file, text and GitHub output say "and N more".
    public static let perFileLimit = 100

    /// Whether to use ANSI colours (text format only).
    public var colored: Bool
    /// The language of the text format (messages, fixes, notes, severities and the summary line); the JSON, GitHub
    /// and SARIF formats, read by machines and CI, are always in English.
    public var language: Language

    /// Creates a renderer.
    public init(colored: Bool = false, language: Language = .english) {
        self.colored = colored
        self.language = language
    }

    /// The whole report for `result` in `format`, ending with a newline; SARIF lists each rule at its severity
    /// under `rules` (off where `rules` turns it off).
    public func render(_ result: RecipeLoadResult, as format: DiagnosticFormat, rules: RuleConfiguration = RuleConfiguration()) -> String {
        switch format {
        case .text: return text(result)
        case .json: return JSONValue.array(result.diagnostics.map(json)).rendered(pretty: true) + "\n"
        case .github: return github(result)
        case .sarif: return sarif(result, rules: rules).rendered(pretty: true) + "\n"
        }
    }

    // MARK: Text

    private func text(_ result: RecipeLoadResult) -> String {
        var out = ""
        let sources = Dictionary(result.sources.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        forEachShown(result) { diagnostic in
            let korean = language == .korean
            let severity = korean ? diagnostic.severity.koreanName : diagnostic.severity.rawValue
            out += headline(
                diagnostic.location, severity: severity, color: diagnostic.severity == .error ? "1;31" : "1;33",
                message: diagnostic.message(in: language), rule: diagnostic.rule.rawValue)
            out += excerpt(diagnostic.location, length: diagnostic.length, sources: sources)
            if let fix = diagnostic.fix(in: language) {
                let gutter = String(repeating: " ", count: String(diagnostic.location.line).count)
                out += " \(gutter) " + paint(korean ? "= 고치는 법:" : "= fix:", "36") + " " + fix + "\n"
            }
            for note in diagnostic.notes {
                out += headline(note.location, severity: korean ? "참고" : "note", color: "1;36", message: note.message(in: language), rule: nil)
                out += excerpt(note.location, length: 1, sources: sources)
            }
        } more: { file, count in
            out += language == .korean ? "\(file): 그 밖에 \(count)개 더 있어요\n" : "\(file): and \(count) more\n"
        }
        let files = result.sources.count
        let summary =
            language == .korean
            ? "파일 \(files)개에서 오류 \(result.errorCount)개, 경고 \(result.warningCount)개를 찾았어요"
            : "\(plural(result.errorCount, "error")), \(plural(result.warningCount, "warning")) in \(plural(files, "file"))"
        out += paint(summary, "1") + "\n"
        return out
    }

    private func headline(_ location: SourceLocation, severity: String, color: String, message: String, rule: String?) -> String {
        paint("\(location):", "1") + " " + paint("\(severity):", color) + " " + message + (rule.map { " [\($0)]" } ?? "") + "\n"
    }

    private func excerpt(_ location: SourceLocation, length: Int, sources: [String: [UInt8]]) -> String {
        guard let bytes = sources[location.file], location.line > 0 else { return "" }
        let line = bytes.withUnsafeBufferPointer { SourcePosition.lineText(location.line, in: $0) }
        guard !line.isEmpty else { return "" }
        let lineText = String(decoding: line, as: UTF8.self)
        let number = String(location.line)
        let gutter = String(repeating: " ", count: number.count)
        // Columns count Unicode scalars; keep tabs so the caret lines up under them.
        let prefix = lineText.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        let available = max(1, lineText.unicodeScalars.count - (location.column - 1))
        let marker = "^" + String(repeating: "~", count: max(0, min(length, available) - 1))
        return " \(number) | \(lineText)\n \(gutter) | \(prefix)\(paint(marker, "1;32"))\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    /// Calls `show` for each diagnostic up to the per-file limit, and `more` once per file past it.
    private func forEachShown(_ result: RecipeLoadResult, show: (Diagnostic) -> Void, more: (String, Int) -> Void) {
        var perFile: [String: Int] = [:]
        var order: [String] = []
        for diagnostic in result.diagnostics {
            let file = diagnostic.location.file
            if perFile[file] == nil { order.append(file) }
            perFile[file, default: 0] += 1
            if perFile[file, default: 0] <= Self.perFileLimit { show(diagnostic) }
        }
        for file in order where perFile[file, default: 0] > Self.perFileLimit {
            more(file, perFile[file, default: 0] - Self.perFileLimit)
        }
    }

    // MARK: JSON

    private func json(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("file", .string(diagnostic.location.file)),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
            ("endColumn", .int(diagnostic.location.column + diagnostic.length)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("rule", .string(diagnostic.rule.rawValue)),
            ("message", .string(diagnostic.message)),
        ]
        if let offset = diagnostic.location.byteOffset { members.append(("byteOffset", .int(offset))) }
        if let fix = diagnostic.fix { members.append(("fix", .string(fix))) }
        if !diagnostic.notes.isEmpty {
            members.append(
                (
                    "notes",
                    .array(
                        diagnostic.notes.map { note in
                            .object([
                                ("file", .string(note.location.file)), ("line", .int(note.location.line)),
                                ("column", .int(note.location.column)), ("message", .string(note.message)),
                            ])
                        })
                ))
        }
        return .object(members)
    }

    // MARK: GitHub

    private func github(_ result: RecipeLoadResult) -> String {
        var out = ""
        forEachShown(result) { diagnostic in
            let location = diagnostic.location
            var message = diagnostic.message
            if let fix = diagnostic.fix { message += "\nfix: \(fix)" }
            for note in diagnostic.notes { message += "\nnote: \(note.location): \(note.message)" }
            out +=
                "::\(diagnostic.severity.rawValue) file=\(escapeProperty(location.file)),line=\(location.line),col=\(location.column),"
                + "endColumn=\(location.column + diagnostic.length),title=\(escapeProperty(diagnostic.rule.rawValue))::\(escapeData(message))\n"
        } more: { file, count in
            out += "::warning file=\(escapeProperty(file))::\(escapeData("and \(count) more findings in this file"))\n"
        }
        return out
    }

    private func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }

    // MARK: SARIF

    private func sarif(_ result: RecipeLoadResult, rules configuration: RuleConfiguration) -> JSONValue {
        let rules = RuleID.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let results: [JSONValue] = result.diagnostics.map { diagnostic in
            var members: [(String, JSONValue)] = [
                ("ruleId", .string(diagnostic.rule.rawValue)),
                ("ruleIndex", .int(ruleIndex[diagnostic.rule] ?? 0)),
                ("level", .string(diagnostic.severity.rawValue)),
                ("message", .object([("text", .string(diagnostic.message + (diagnostic.fix.map { " (fix: \($0))" } ?? "")))])),
                ("locations", .array([sarifLocation(diagnostic.location, length: diagnostic.length, message: nil)])),
            ]
            if !diagnostic.notes.isEmpty {
                members.append(("relatedLocations", .array(diagnostic.notes.map { sarifLocation($0.location, length: 1, message: $0.message) })))
            }
            return .object(members)
        }
        let driver: JSONValue = .object([
            ("name", "juice lint"),
            ("version", .string(JuiceVersion.current)),
            ("informationUri", "https://github.com/juicemaker/juicemaker/blob/main/docs/recipe-format.md"),
            (
                "rules",
                .array(
                    rules.map { rule -> JSONValue in
                        let severity = configuration.severity(of: rule)
                        return .object([
                            ("id", .string(rule.rawValue)),
                            ("shortDescription", .object([("text", .string(rule.summary))])),
                            (
                                "defaultConfiguration",
                                .object(
                                    [("level", .string((severity ?? rule.severity).rawValue))] + (severity == nil ? [("enabled", .bool(false))] : [])
                                )
                            ),
                        ])
                    })
            ),
        ])
        return .object([
            ("$schema", "https://json.schemastore.org/sarif-2.1.0.json"),
            ("version", "2.1.0"),
            (
                "runs",
                .array([
                    .object([
                        ("tool", .object([("driver", driver)])),
                        // Columns count Unicode scalars, as everywhere in juice.
                        ("columnKind", "unicodeCodePoints"),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
    }

    private func sarifLocation(_ location: SourceLocation, length: Int, message: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", .object([("uri", .string(location.file))])),
                    (
                        "region",
                        .object([
                            ("startLine", .int(location.line)), ("startColumn", .int(location.column)),
                            ("endColumn", .int(location.column + length)),
                        ])
                    ),
                ])
            )
        ]
        if let message { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
    }
}

extension String {
    /// This string with every occurrence of `target` replaced by `replacement`.
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
