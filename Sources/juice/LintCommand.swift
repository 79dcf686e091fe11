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
        discussion: """
            Rules can be turned off or given another severity with --disable and --severity, and in a file named \(RuleConfiguration.fileName) \
            in the directory linted (in recipes/ when no path is given; files named directly bring none), holding for example:
              rules: {exceeds-initial-stock: off, missing-stock: error}
            Settings on the command line win over the file's. They change lint output and exit status only (every format, --strict).

            Exit status: 0 clean (warnings allowed), 1 errors found (or warnings with --strict), 2 usage error or unreadable path.
            """
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

    @Flag(help: "List every rule with its severity (as configured) and what it checks.")
    var listRules = false

    @Option(help: ArgumentHelp("Turn a rule off. Repeatable.", valueName: "rule"))
    var disable: [String] = []

    @Option(help: ArgumentHelp("Give a rule another severity: RULE=error, RULE=warning or RULE=off. Repeatable.", valueName: "rule=level"))
    var severity: [String] = []

    func validate() throws {
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

    func run() throws {
        if let explain, let rule = RuleID(rawValue: explain) {
            Terminal.write(rule.explanation)
            return
        }
        var rules: LoadedRuleConfiguration
        let result: RecipeLoadResult
        do {
            rules = try RuleConfiguration.load(forLinting: paths)
            rules.configuration = rules.configuration.merging(try commandLineRules())
            if listRules {
                Terminal.write(rules.configuration.listing)
                // A configuration file with problems sets nothing: say why rather than list defaults silently.
                guard rules.diagnostics.isEmpty else {
                    Terminal.writeError(rules.diagnostics.map(\.description).joined(separator: "\n"))
                    throw ExitCode(ExitStatus.failure)
                }
                return
            }
            result = try RecipeSet.load(paths: paths)
        } catch let error as RecipeSourceError {
            Terminal.writeError("juice lint: error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        let colored = color == .always || (color == .auto && Terminal.wantsColor)
        let report = LintReport(result, format: format, strict: strict, colored: colored, rules: rules)
        Terminal.write(report.output)
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
