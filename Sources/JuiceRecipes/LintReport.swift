/// What `juice lint` prints and how it exits, decided from a loaded recipe set.
public struct LintReport: Sendable {
    /// The rendered diagnostics.
    public var output: String
    /// 0 when clean (warnings allowed unless strict), 1 when errors (or, strict, warnings) were found.
    public var exitCode: Int32

    /// Builds the report for `result`: rendered in `format`, failing on warnings too when `strict`.
    public init(_ result: RecipeLoadResult, format: DiagnosticFormat, strict: Bool = false, colored: Bool = false) {
        output = DiagnosticRenderer(colored: colored).render(result, as: format)
        let failing = result.hasErrors || (strict && result.warningCount > 0)
        exitCode = failing ? 1 : 0
    }
}
