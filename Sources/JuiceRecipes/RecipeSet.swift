#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JuiceYAML

/// The recipe set commands use: the paths given, else the built-in default. (Which paths a command reads, `recipes/`
/// or `$JUICE_RECIPES` when none is named, is the command line's decision: `InputLocations`.)
public enum RecipeSet {
    /// The directory the command line reads when no path is given and it exists.
    public static let defaultDirectory = "recipes"

    /// Whether `path` is a directory (following symbolic links).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Loads `paths`; with none, the embedded default recipes.
    public static func load(paths: [String], loader: RecipeLoader = RecipeLoader()) throws(RecipeSourceError) -> RecipeLoadResult {
        if !paths.isEmpty { return try loader.load(paths: paths) }
        return loader.load(files: DefaultRecipes.files)
    }
}

extension RecipeSet {
    /// The recipe files at `paths` (files, or directories searched recursively as the loader does), read; a file
    /// over the limit is read as its size only (the loader reports it).
    public static func readFiles(at paths: [String], limits: YAMLLimits = .default) throws(RecipeSourceError) -> [RecipeSourceFile] {
        try RecipeFileCollector.read(paths: paths, maxBytes: limits.maxFileBytes)
    }
}
