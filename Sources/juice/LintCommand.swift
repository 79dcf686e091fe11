import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes

extension DiagnosticFormat: ExpressibleByArgument {}

/// When to colour output.
package enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// The language `juice lint --lang` takes.
package enum LintLanguageChoice: String, ExpressibleByArgument, CaseIterable {
    /// Korean.
    case ko
    /// English.
    case en
}

/// The language of lint's text output: Korean only when Korean is asked for (`--lang ko`, or LC_ALL, LC_MESSAGES or
/// LANG naming a Korean locale, as `Language.from(environment:)` reads them); English otherwise, for CI logs, even
/// where the other commands default to Korean because no locale is set at all.
package enum LintLanguage {
    /// The language for `--lang` as given (nil when not given) and the locale variables in `environment`.
    package static func of(_ option: LintLanguageChoice?, environment: [String: String]) -> Language {
        if let option { return option == .ko ? .korean : .english }
        let named = ["LC_ALL", "LC_MESSAGES", "LANG"].contains { !(environment[$0] ?? "").isEmpty }
        return named ? Language.from(environment: environment) : .english
    }
}

/// `juice lint`: checks recipe files and reports every problem at file:line:column.
package struct LintCommand: ParsableCommand {
    /// The command's name, help and discussion.
    package static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: HelpLanguage.text(
            "Check recipe files: every problem at file:line:column.",
            ko: "레시피 파일을 검사해요: 문제마다 파일:줄:열."),
        discussion: HelpLanguage.text(
            """
            Rules can be turned off or given another severity with --disable and --severity, and in a file named \(RuleConfiguration.fileName) \
            in the directory linted (in recipes/ when no path is given; files named directly bring none), holding for example:
              rules: {exceeds-initial-stock: off, missing-stock: error}
            Settings on the command line win over the file's. They change lint output and exit status only (every format, --strict).

            Text output is in Korean when Korean is asked for (--lang ko, or a ko locale in LC_ALL, LC_MESSAGES or LANG), else \
            in English; the json, github and sarif formats are always English, for tools and CI.

            Exit status: 0 clean (warnings allowed), 1 errors found (or warnings with --strict), 2 usage error or unreadable path.
            """,
            ko: """
                규칙은 --disable과 --severity로, 그리고 검사하는 디렉터리의 \(RuleConfiguration.fileName) 파일로 끄거나 \
                심각도를 바꿀 수 있어요 (경로를 주지 않으면 recipes/의 파일; 파일을 직접 주면 설정 파일은 읽지 않아요). 예:
                  rules: {exceeds-initial-stock: off, missing-stock: error}
                명령줄 설정이 파일보다 우선해요. 설정은 검사 출력과 종료 코드만 바꿔요 (모든 형식, --strict 포함).
                text 형식은 한국어를 고를 때(--lang ko, 또는 LC_ALL, LC_MESSAGES, LANG의 ko 로캘) 한국어로, 그 밖에는 영어로 나와요. \
                json, github, sarif 형식은 도구와 CI를 위해 늘 영어예요.

                종료 코드: 0 깨끗함 (경고는 괜찮아요), 1 오류 있음 (--strict면 경고도), 2 사용법 오류나 읽을 수 없는 경로.
                """)
    )

    @Argument(
        help: ArgumentHelp(
            "Recipe files or directories (default: $JUICE_RECIPES, else recipes/, else the built-in set).",
            ko: "레시피 파일이나 디렉터리 (기본값: $JUICE_RECIPES, 없으면 recipes/, 그것도 없으면 기본 내장 레시피)."))
    var paths: [String] = []

    @Option(help: ArgumentHelp("Output format: text, json, github or sarif.", ko: "출력 형식: text, json, github, sarif."))
    var format: DiagnosticFormat = .text

    @Option(
        help: ArgumentHelp(
            "Language of text output: ko or en (default: Korean only for a ko locale, else English).",
            ko: "text 출력의 언어: ko나 en (기본값: ko 로캘이면 한국어, 아니면 영어).", valueName: "ko|en"))
    var lang: LintLanguageChoice?

    @Flag(help: ArgumentHelp("Fail on warnings too.", ko: "경고가 있어도 실패해요."))
    var strict = false

    @Option(
        help: ArgumentHelp(
            "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.",
            ko: "색: auto (터미널에서, NO_COLOR가 없을 때), always, never."))
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Explain a rule: what it checks, with examples.", ko: "규칙을 설명해요: 무엇을 검사하는지, 예와 함께.", valueName: "rule"))
    var explain: String?

    @Flag(
        help: ArgumentHelp(
            "List every rule with its severity (as configured) and what it checks.",
            ko: "모든 규칙을 (설정된) 심각도와 검사 내용과 함께 보여 줘요."))
    var listRules = false

    @Option(help: ArgumentHelp("Turn a rule off. Repeatable.", ko: "규칙을 꺼요. 여러 번 쓸 수 있어요.", valueName: "rule"))
    var disable: [String] = []

    @Option(
        help: ArgumentHelp(
            "Give a rule another severity: RULE=error, RULE=warning or RULE=off. Repeatable.",
            ko: "규칙의 심각도를 바꿔요: 규칙=error, 규칙=warning, 규칙=off. 여러 번 쓸 수 있어요.", valueName: "rule=level"))
    var severity: [String] = []

    /// The command as parsed, before its arguments are checked.
    package init() {}

    /// Checks `--explain`, `--disable` and `--severity` name known rules and levels.
    package func validate() throws {
        do {
            if let explain { _ = try RuleID(named: explain) }
            _ = try commandLineRules()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The settings given by --disable and --severity, in that order.
    private func commandLineRules() throws(RuleSettingError) -> RuleConfiguration {
        var rules = RuleConfiguration()
        for name in disable { rules.set(try RuleID(named: name), to: .off) }
        for text in severity { try rules.set(text) }
        return rules
    }

    /// The language of the text output and of errors (see `LintLanguage`).
    private var language: Language { LintLanguage.of(lang, environment: Environment.languageVariables) }

    /// Lints the recipe files and writes the report.
    package func run() throws {
        if let explain, let rule = RuleID(rawValue: explain) {
            Terminal.write(rule.explanation(in: language))
            return
        }
        let paths = InputLocations.recipePaths(paths)
        let rules: LoadedRuleConfiguration
        let result: RecipeLoadResult
        do {
            rules = try configuration(for: paths)
            if listRules { return try list(rules) }
            result = try RecipeSet.load(paths: paths)
        } catch let error as RecipeSourceError {
            // In lint's language (English unless Korean is asked for); the error style is the one every command uses.
            Terminal.writeError(CommandMessage.errorPrefix.text(in: language) + error.description(in: language))
            throw ExitCode(ExitStatus.usage)
        }
        let colored = color == .always || (color == .auto && Terminal.wantsColor)
        let report = LintReport(result, format: format, strict: strict, colored: colored, rules: rules, language: language)
        Terminal.write(report.output)
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    /// The rules for linting `paths`: the set's `.juicelint.yaml`, then `--disable` and `--severity` over it.
    private func configuration(for paths: [String]) throws -> LoadedRuleConfiguration {
        var rules = try RuleConfiguration.load(forLinting: paths)
        rules.configuration = rules.configuration.merging(try commandLineRules())
        return rules
    }

    /// `--list-rules`: every rule as `rules` set it; a configuration file with problems sets nothing, so say why
    /// (exit 1) rather than list defaults silently.
    private func list(_ rules: LoadedRuleConfiguration) throws {
        Terminal.write(rules.configuration.listing(in: language))
        guard rules.diagnostics.isEmpty else {
            Terminal.writeError(rules.diagnostics.map { $0.description(in: language) }.joined(separator: "\n"))
            throw ExitCode(ExitStatus.failure)
        }
    }
}
