#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import JuiceCore

/// One file written the safe way: the new bytes in a hidden temporary file beside it (`fsync`ed), then renamed over
/// it (or, for a new file, linked into place, so a file that appeared meanwhile is never replaced) and the directory
/// `fsync`ed. Until `commit()` the file is untouched; `abort()` removes the temporary file.
struct AtomicFileWrite {
    /// The file written (a symbolic link is followed: its target is replaced, the link kept).
    let target: String
    /// The name the edit record and errors use.
    let name: String
    /// Whether the file is new.
    let isNew: Bool
    private let temporary: String
    private let directory: String

    /// Writes `bytes` to a temporary file beside `path` (named `name` in messages).
    init(_ bytes: [UInt8], to path: String, name: String) throws(MenuEditError) {
        self.name = name
        var info = stat()
        let exists = lstat(path, &info) == 0
        isNew = !exists
        var target = path
        if exists, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        self.target = target
        var mode: mode_t = 0o644
        if exists, stat(target, &info) == 0 { mode = info.st_mode & 0o7777 }
        let slash = target.lastIndex(of: "/")
        directory = slash.map { String(target[..<$0]) } ?? "."
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        temporary = "\(directory.isEmpty ? "" : directory)/.\(base).juice-edit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .writeFailed(file: name, reason: SystemReason(code: errno)) }
        var written = 0
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while written < buffer.count {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            throw .writeFailed(file: name, reason: SystemReason(code: failure))
        }
    }

    /// Puts the new bytes in place and flushes the directory.
    func commit() throws(MenuEditError) {
        if isNew {
            guard link(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                throw code == EEXIST ? .changedOnDisk(file: name, current: "") : .writeFailed(file: name, reason: SystemReason(code: code))
            }
            unlink(temporary)
        } else {
            guard rename(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                throw .writeFailed(file: name, reason: SystemReason(code: code))
            }
        }
        Self.syncDirectory(directory)
    }

    /// Removes the temporary file.
    func abort() { unlink(temporary) }

    /// Flushes `directory`'s entries (a rename or a removal is durable only then).
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The bytes of the file at `path` now, or nil when there is none.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
