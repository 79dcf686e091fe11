#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes frames to the output; once a write fails (the client went away) it stays broken and writes nothing more.
struct OutputChannel {
    private let descriptor: Int32
    /// Whether a write failed.
    private(set) var isBroken = false

    /// A channel writing to `descriptor`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `bytes`; false when the output is broken.
    @discardableResult
    mutating func write(_ bytes: [UInt8]) -> Bool {
        guard !isBroken else { return false }
        let done = bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var written = 0
            while written < raw.count {
                let count = systemWrite(descriptor, base + written, raw.count - written)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 { return false }
                written += count
            }
            return true
        }
        if !done { isBroken = true }
        return done
    }
}
