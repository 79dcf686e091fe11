import JuiceCore

/// A file that could not be opened or read: its path and the system's reason.
package struct FileReadError: Error, Hashable, Sendable {
    /// The file's path, as given.
    package let path: String
    /// Why the system refused (`errno`).
    package let reason: SystemReason

    /// The failure to read `path`, for `reason`.
    package init(path: String, reason: SystemReason) {
        self.path = path
        self.reason = reason
    }
}
