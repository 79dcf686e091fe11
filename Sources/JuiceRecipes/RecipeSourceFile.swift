import JuiceCore

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
    case unreadable(String, reason: SystemReason)
    /// A directory holds no `*.yaml` or `*.yml` files.
    case noRecipeFiles(String)
    /// A directory was expected but the path is a file (or the other way round).
    case notADirectory(String)

    /// A readable explanation naming the path, in English.
    public var description: String { description(in: .english) }

    /// A readable explanation naming the path, in `language`.
    public func description(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .notFound(let path):
            return ko ? "\(path): 그런 파일이나 디렉터리가 없어요" : "\(path): no such file or directory"
        case .unreadable(let path, let reason):
            return ko ? "\(path): 읽을 수 없어요: \(reason.text(in: language))" : "\(path): cannot be read: \(reason)"
        case .noRecipeFiles(let path):
            return ko ? "\(path): 레시피 파일 (*.yaml, *.yml)이 없어요" : "\(path): no recipe files (*.yaml, *.yml) found"
        case .notADirectory(let path):
            return ko ? "\(path): 디렉터리가 아니에요. 레시피 파일이 든 디렉터리를 주세요" : "\(path): not a directory; expected a directory of recipe files"
        }
    }
}
