#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be opened for reading.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// The system's reason, e.g. "No such file or directory".
    public var reason: String
    /// The system's error number behind `reason`; nil for a reason of ours (a path that is not a regular file).
    public var code: Int32?

    /// The error for `path`, unreadable for `reason` (with no error number).
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for `path`, unreadable for the system's error number `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.reason = String(cString: strerror(code))
        self.code = code
    }

    /// `path: cannot be read: reason`.
    public var description: String { "\(path): cannot be read: \(reason)" }
}

/// A regular file mapped read-only into memory, unmapped when the last reference to it goes.
///
/// Reading a mapped page brings it into memory; `release(before:)` gives pages back once read, so that a file of
/// any size can be read front to back in constant memory. The file must not be truncated while it is mapped
/// (reading a page past its new end would stop the process), as with any mapped file.
public final class MappedFile: @unchecked Sendable {
    /// The file's path.
    public let path: String
    /// The file's bytes (empty, with no base address, for an empty file).
    public let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the file at `path`.
    public init(path: String) throws(FileReadError) {
        self.path = path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileReadError(path: path, code: errno) }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadError(path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw FileReadError(path: path, reason: "not a regular file") }
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw FileReadError(path: path, code: errno)
        }
        _ = madvise(address, size, MADV_SEQUENTIAL)
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit {
        if let base = bytes.baseAddress { _ = munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// Gives back the memory of the pages wholly before byte `offset`; reading them again reads them from the file.
    public func release(before offset: Int) {
        Self.release(bytes, before: offset)
    }

    /// Gives back the memory of the pages of the mapping `bytes` wholly before byte `offset`.
    static func release(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let length = min(offset, bytes.count) & ~(pageSize - 1)
        if length > 0 { _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED) }
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}
