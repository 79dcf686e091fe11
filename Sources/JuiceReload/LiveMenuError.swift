import JuiceRecipes

/// Why a live menu could not start: there must be a good menu to serve before anything else happens.
package enum LiveMenuError: Error, Sendable, CustomStringConvertible {
    /// The recipe path could not be read (missing, not a directory, no recipe files).
    case unreadable(RecipeSourceError)
    /// The recipe set has errors; the result holds them with the sources, for rendering with excerpts.
    case invalid(RecipeLoadResult)

    /// A readable explanation: the path, or every error at file:line:column.
    package var description: String {
        switch self {
        case .unreadable(let error):
            return "cannot read the recipes: \(error)"
        case .invalid(let result):
            let errors = result.diagnostics.filter { $0.severity == .error }
            return
                (["the recipe files have \(errors.count) error\(errors.count == 1 ? "" : "s"); fix them (juice lint) and start again:"]
                + errors.map(\.description)).joined(separator: "\n")
        }
    }
}
