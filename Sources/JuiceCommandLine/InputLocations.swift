import JuiceRecipes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's inputs are, decided once here from its options and the environment, and handed down as values:
/// nothing below the command line reads `JUICE_RECIPES` or `JUICE_STATE`, or looks for `recipes/` by itself.
package enum InputLocations {
    /// The variable naming the recipe directory when `--recipes` is not given.
    package static let recipesVariable = "JUICE_RECIPES"
    /// The variable naming the state file or URL when `--state` is not given.
    package static let stateVariable = "JUICE_STATE"
    /// The recipe paths a command reads: `given` (files or directories named on the command line), else
    /// `JUICE_RECIPES`, else `recipes/` in the working directory when it exists; empty for the built-in set.
    ///
    /// One existence rule: anything at `recipes/` counts (a file there is reported as not a directory, never passed
    /// over silently for the built-in set).
    package static func recipePaths(_ given: [String]) -> [String] {
        if !given.isEmpty { return given }
        if let path = Environment.value(recipesVariable), !path.isEmpty { return [path] }
        return exists(RecipeSet.defaultDirectory) ? [RecipeSet.defaultDirectory] : []
    }

    /// The recipe directory a shop command reads (`--recipes`, else as `recipePaths`); nil for the built-in set.
    package static func recipeDirectory(_ given: String?) -> String? {
        recipePaths(given.map { [$0] } ?? []).first
    }

    /// The state's location: `given` (`--state`), else `JUICE_STATE`, else `defaultLocation`; and whether a person
    /// chose it (`--state` or `JUICE_STATE`) rather than the default.
    package static func state(_ given: String?, default defaultLocation: String) -> (location: String, isExplicit: Bool) {
        if let given { return (given, true) }
        if let path = Environment.value(stateVariable), !path.isEmpty { return (path, true) }
        return (defaultLocation, false)
    }

    /// Whether anything is at `path` (following symbolic links).
    private static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
