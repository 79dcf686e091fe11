/// One recipe file's name and bytes, read from disk or given in memory.
public struct RecipeSourceFile: Sendable, Hashable {
    /// The name locations use (a path, or any name for in-memory text).
    public var name: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The file's size when it was too large to read (then `bytes` is empty).
    public var oversizedBy: Int?

    /// A file with `name` holding `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// A file with `name` holding `text`.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    init(name: String, tooLarge size: Int) {
        self.name = name
        self.bytes = []
        self.oversizedBy = size
    }
}

/// Why a recipe path could not be read; these are usage problems, not problems in a file's content.
public enum RecipeSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case notFound(String)
    /// The path exists but cannot be read.
    case unreadable(String, reason: String)
    /// A directory holds no `*.yaml` or `*.yml` files.
    case noRecipeFiles(String)
    /// A directory was expected but the path is a file (or the other way round).
    case notADirectory(String)

    /// A readable explanation naming the path.
    public var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or directory"
        case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .noRecipeFiles(let path): return "\(path): no recipe files (*.yaml, *.yml) found"
        case .notADirectory(let path): return "\(path): not a directory; expected a directory of recipe files"
        }
    }
}
