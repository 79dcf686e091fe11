import ArgumentParser
import JuiceCommandLine
import JuiceRecipes

extension Reporter {
    /// Reports recipes that cannot be read (kind `recipes-unreadable`, exit 2), naming `path`.
    func recipesUnreadable(_ error: RecipeSourceError, path: String) -> ExitCode {
        failure(
            kind: "recipes-unreadable", message: CommandMessage.recipesUnreadable(error.description(in: language)).text(in: language),
            details: [("recipes", .string(path))], status: ExitStatus.usage)
    }

    /// Reports a recipe set with lint errors (kind `recipes-invalid`, exit 1): `message` on the first line, then every
    /// diagnostic at its file:line:column in the chosen language; with `--json`, the count and the diagnostics (in
    /// English) as details.
    func recipesInvalid(_ result: RecipeLoadResult, message: CommandMessage) -> ExitCode {
        let text = message.text(in: language)
        // In the chosen language on standard error; in English in the JSON, as lint's machine formats are.
        let shown = DiagnosticRenderer(colored: false, language: language).render(result, as: .text)
        // Rendered a second time only when JSON is asked for and the language is not English.
        let english = !json || language == .english ? shown : DiagnosticRenderer(colored: false).render(result, as: .text)
        return failure(
            kind: "recipes-invalid", message: text,
            details: [
                ("errors", .int(result.errorCount)),
                ("diagnostics", .array(english.split(separator: "\n").map { .string(String($0)) })),
            ],
            status: ExitStatus.failure,
            lines: [CommandMessage.errorPrefix.text(in: language) + text, shown.hasSuffix("\n") ? String(shown.dropLast()) : shown])
    }
}
