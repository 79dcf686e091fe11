#if canImport(Glibc)
import Glibc
#endif
import JuiceCore

/// An open file, closed when the last reference to it goes: on every path, an error's included.
package final class OpenFile: Sendable {
    /// The file descriptor.
    package let descriptor: Int32

    /// Opens `path` for reading.
    package init(path: String) throws(FileReadError) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: SystemReason(code: errno)) }
    }

    deinit {
        _ = Glibc.close(descriptor)
    }
}
