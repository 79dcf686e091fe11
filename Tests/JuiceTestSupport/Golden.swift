import Foundation

/// Golden files: output people read, pinned in a file next to the tests. `JUICE_UPDATE_GOLDEN=1` rewrites them from
/// the output first (read the diff before committing it).
public enum Golden {
    /// Whether this run rewrites golden files.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["JUICE_UPDATE_GOLDEN"] == "1" }

    /// The golden file's text at `url`, for comparing with `actual` (written there first when updating).
    public static func expected(for actual: String, at url: URL) throws -> String {
        if isUpdating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
