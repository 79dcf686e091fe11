import ArgumentParser
import JuiceCore
import JuiceRecipes

extension DiagnosticFormat: ExpressibleByArgument {}

/// When to colour output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// `juice lint`: checks recipe files and reports every problem at file:line:column.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check recipe files and report every problem at file:line:column.",
        discussion: "Exit status: 0 clean (warnings allowed), 1 errors found (or warnings with --strict), 2 usage error or unreadable path."
    )

    @Argument(help: "Recipe files or directories (default: recipes, or the built-in default set when there is none).")
    var paths: [String] = []

    @Option(help: "Output format: text, json, github or sarif.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Explain a rule: what it checks, with examples.", valueName: "rule"))
    var explain: String?

    func validate() throws {
        if let explain, RuleID(rawValue: explain) == nil {
            let suggestion = NameMatching.suggestion(for: explain, among: RuleID.allCases.map(\.rawValue))
            throw ValidationError("unknown rule '\(explain)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see 'juice lint --explain' with one of: " + RuleID.allCases.map(\.rawValue).joined(separator: ", ")))
        }
    }

    func run() throws {
        if let explain, let rule = RuleID(rawValue: explain) {
            Terminal.write(rule.explanation)
            return
        }
        let result: RecipeLoadResult
        do {
            result = try RecipeSet.load(paths: paths)
        } catch {
            Terminal.writeError("juice lint: error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        let colored = color == .always || (color == .auto && Terminal.wantsColor)
        let report = LintReport(result, format: format, strict: strict, colored: colored)
        Terminal.write(report.output)
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
