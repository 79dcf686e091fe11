import Foundation
import JuiceRecipes

/// Directories tests work in: the package's root, fresh temporary directories, and the built-in recipe set written out
/// as a checkout's `recipes/`.
public enum TestDirectories {
    /// The package's root directory (where Package.swift is).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A new empty directory under the system's temporary directory, its name starting with `prefix`.
    public static func make(_ prefix: String = "juice-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes the built-in recipe set into `directory/recipes`, as `recipes/` in a checkout holds it.
    public static func writeBuiltInRecipes(into directory: URL) throws {
        for file in DefaultRecipes.files {
            let url = directory.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
    }
}
