#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CFileExchange
import JuiceCore

/// One file of an edit written the safe way: the new bytes in a hidden temporary file beside it (`fsync`ed), then
/// swapped with the file in one step (`renameat2` with `RENAME_EXCHANGE`), so that what was replaced can be checked
/// afterwards and a save that landed at the last moment is swapped back, kept; a new file is linked into place, so a
/// file that appeared meanwhile is never replaced; a removed file is renamed aside and checked the same way. The
/// directory is `fsync`ed after each. Until `commit(expecting:)` the file is untouched; `abort()` removes the
/// temporary file, `finish()` the bytes a commit replaced.
struct AtomicFileWrite {
    /// The file written (a symbolic link is followed: its target is replaced, the link kept; a removal removes the link).
    let target: String
    /// The name the edit record and errors use.
    let name: String
    /// Whether the file is new.
    let isNew: Bool
    /// Whether the file is removed rather than written.
    let isRemoval: Bool
    /// The hidden file beside the target: the new bytes until the commit, the replaced (or removed) bytes after it.
    let temporary: String
    private let directory: String

    /// Writes `bytes` to a temporary file beside `path` (named `name` in messages).
    init(_ bytes: [UInt8], to path: String, name: String) throws(MenuEditError) {
        self.init(path: path, name: name, isRemoval: false)
        var info = stat()
        var mode: mode_t = 0o644
        if !isNew, stat(target, &info) == 0 { mode = info.st_mode & 0o7777 }
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

    /// The removal of the file at `path` (named `name` in messages): nothing is written until the commit.
    static func removal(of path: String, name: String) -> AtomicFileWrite { AtomicFileWrite(path: path, name: name, isRemoval: true) }

    private init(path: String, name: String, isRemoval: Bool) {
        self.name = name
        self.isRemoval = isRemoval
        var info = stat()
        let exists = lstat(path, &info) == 0
        isNew = !exists
        var target = path
        // A file written goes through a link to its target; a removed one is the link itself.
        if !isRemoval, exists, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        self.target = target
        let slash = target.lastIndex(of: "/")
        directory = slash.map { String(target[..<$0]) } ?? "."
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        temporary = "\(directory)/.\(base).juice-edit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Puts the new bytes in place (or removes the file) if the file holds `expected` (nil: there is none) at that
    /// moment, and flushes the directory; otherwise leaves what is there, removes the temporary file and throws
    /// `changedOnDisk`.
    func commit(expecting expected: [UInt8]?) throws(MenuEditError) {
        if isRemoval {
            try commitRemoval(expecting: expected)
        } else if isNew {
            guard link(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                throw code == EEXIST ? .changedOnDisk(file: name, current: "") : .writeFailed(file: name, reason: SystemReason(code: code))
            }
            unlink(temporary)
        } else {
            try commitReplacement(expecting: expected)
        }
        Self.syncDirectory(directory)
    }

    private func commitReplacement(expecting expected: [UInt8]?) throws(MenuEditError) {
        guard juice_exchange_files(temporary, target) == 0 else {
            let code = errno
            guard code == EINVAL || code == ENOSYS || code == EOPNOTSUPP else {
                unlink(temporary)
                throw code == ENOENT ? .changedOnDisk(file: name, current: "") : .writeFailed(file: name, reason: SystemReason(code: code))
            }
            // No swap on this file system: compare, then rename (a save in between cannot be seen).
            guard Self.contents(of: target) == expected else {
                unlink(temporary)
                throw .changedOnDisk(file: name, current: "")
            }
            guard rename(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                throw .writeFailed(file: name, reason: SystemReason(code: code))
            }
            return
        }
        // The temporary name now holds what was in place: if that is not what the edit read, someone saved at the
        // last moment, and their bytes go back.
        guard Self.contents(of: temporary) == expected else {
            _ = juice_exchange_files(temporary, target)
            unlink(temporary)
            throw .changedOnDisk(file: name, current: "")
        }
    }

    private func commitRemoval(expecting expected: [UInt8]?) throws(MenuEditError) {
        guard rename(target, temporary) == 0 else {
            let code = errno
            throw code == ENOENT ? .changedOnDisk(file: name, current: "") : .writeFailed(file: name, reason: SystemReason(code: code))
        }
        guard Self.contents(of: temporary) == expected else {
            // A file saved meanwhile goes back, unless yet another appeared at its name.
            if link(temporary, target) == 0 { unlink(temporary) }
            throw .changedOnDisk(file: name, current: "")
        }
    }

    /// Removes the temporary file before a commit.
    func abort() { unlink(temporary) }

    /// Removes what a commit replaced (kept until the whole edit is in place).
    func finish() { unlink(temporary) }

    /// Puts `before` (nil: no file) back at `path` if the file there holds the bytes of digest `afterDigest` (what an
    /// edit wrote; "" for no file), and says what it found.
    static func restore(_ before: [UInt8]?, at path: String, name: String, ifDigestIs afterDigest: String) -> RestoreOutcome {
        let current = contents(of: path)
        if current == before { return .alreadyBefore }
        guard FileDigest.of(current) == afterDigest else { return .changedSince }
        var written = path
        if let before {
            guard let write = try? AtomicFileWrite(before, to: path, name: name) else { return .failed }
            guard rename(write.temporary, write.target) == 0 else {
                write.abort()
                return .failed
            }
            written = write.target
        } else {
            guard unlink(path) == 0 else { return .failed }
        }
        let slash = written.lastIndex(of: "/")
        syncDirectory(slash.map { String(written[..<$0]) } ?? ".")
        return .restored
    }

    /// What `restore(_:at:name:ifDigestIs:)` found and did.
    enum RestoreOutcome: Equatable {
        /// The edit's bytes were there and the file is as before the edit again.
        case restored
        /// The file was as before the edit already.
        case alreadyBefore
        /// The file holds neither: someone changed it since, and it was left alone.
        case changedSince
        /// The bytes could not be put back.
        case failed
    }

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
