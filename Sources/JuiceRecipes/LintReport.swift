import JuiceCore

/// What `juice lint` prints and how it exits, decided from a loaded recipe set.
public struct LintReport: Sendable {
    /// The rendered diagnostics.
    public var output: String
    /// 0 when clean (warnings allowed unless strict), 1 when errors (or, strict, warnings) were found.
    public var exitCode: Int32

    /// Builds the report for `result`: rendered in `format`, failing on warnings too when `strict`, with the rules
    /// set as `rules` says (off, or at another severity) and the problems of its files reported with the rest.
    /// The text format is written in `language`; the others are always English.
    public init(
        _ result: RecipeLoadResult, format: DiagnosticFormat, strict: Bool = false, colored: Bool = false,
        rules: LoadedRuleConfiguration = LoadedRuleConfiguration(), language: Language = .english
    ) {
        var shown = rules.configuration.applied(to: result)
        if !rules.diagnostics.isEmpty {
            shown.diagnostics = (shown.diagnostics + rules.diagnostics).sorted()
            shown.sources += rules.files
        }
        output = DiagnosticRenderer(colored: colored, language: language).render(shown, as: format, rules: rules.configuration)
        let failing = shown.hasErrors || (strict && shown.warningCount > 0)
        exitCode = failing ? 1 : 0
    }
}
