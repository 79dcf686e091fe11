#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recipe set commands use: the paths given, else `recipes/` in the working directory, else the built-in default.
public enum RecipeSet {
    /// The directory used when no path is given.
    public static let defaultDirectory = "recipes"

    /// Whether `path` is a directory (following symbolic links).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Loads `paths`; with none, `recipes/` if it exists, else the embedded default recipes.
    public static func load(paths: [String], loader: RecipeLoader = RecipeLoader()) throws(RecipeSourceError) -> RecipeLoadResult {
        if !paths.isEmpty { return try loader.load(paths: paths) }
        if access(defaultDirectory, F_OK) == 0 { return try loader.load(paths: [defaultDirectory]) }
        return loader.load(files: DefaultRecipes.files)
    }
}
