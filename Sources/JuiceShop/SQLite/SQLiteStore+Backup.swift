#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB
import JuiceCore

extension SQLiteStore {
    /// Writes a consistent copy of the state file to `destination` while the shop goes on serving.
    ///
    /// The copy is SQLite's `VACUUM INTO`, run on a read-only connection of its own: one read transaction, so it is
    /// the state as of one commit (write-ahead logging lets writers go on meanwhile), compacted into one file in
    /// rollback-journal mode that any JuiceMaker opens like a state file. It is written to a temporary file beside
    /// `destination`, flushed to disk, and only then put in place: linked when `destination` must not exist yet (so a
    /// file that appeared meanwhile is never replaced), renamed over it when `replacing`. A failure or a killed
    /// process never leaves a partial copy at `destination`.
    public nonisolated func backup(to destination: String, replacing: Bool) async throws(BackupError) {
        let source = path
        guard FileManager.default.fileExists(atPath: source) else { throw .noState(path: source) }
        let target = try BackupTarget(destination, state: source, replacing: replacing)
        let temporary = target.temporaryPath()
        do throws(BackupError) {
            try await Self.vacuum(source, into: temporary)
            try BackupTarget.flush(temporary)
            try target.install(temporary)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// `VACUUM INTO temporary` from the state file at `source`, opened read-only (never created, never written).
    private static func vacuum(_ source: String, into temporary: String) async throws(BackupError) {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(30)
            configuration.label = "juice-state-backup"
            let queue = try DatabaseQueue(path: source, configuration: configuration)
            defer { try? queue.close() }
            try await queue.writeWithoutTransaction { db in
                _ = try SQLiteSchema.status(db, path: source)
                try db.execute(sql: "VACUUM INTO ?", arguments: [temporary])
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
            throw .cannotWrite(
                path: temporary, reason: SystemReason(english: "SQLite could not create the file", korean: "SQLite가 파일을 만들 수 없었어요"))
        } catch {
            let state = StateError(error, path: source)
            if case .diskFull = state { throw .cannotWrite(path: temporary, reason: SystemReason(code: ENOSPC)) }
            throw .state(state)
        }
    }
}

/// Where a backup goes, checked before anything is written.
struct BackupTarget {
    /// The backup's path.
    let path: String
    /// Its directory.
    let directory: String
    /// Whether an existing file there is replaced.
    let replacing: Bool

    /// Checks `path`: its directory exists, it is not a directory, not the state file itself, and does not exist
    /// unless `replacing`.
    init(_ path: String, state: String, replacing: Bool) throws(BackupError) {
        let directory = (path as NSString).deletingLastPathComponent
        self.path = path
        self.directory = directory.isEmpty ? "." : directory
        self.replacing = replacing
        guard DirectoryCheck.isDirectory(self.directory) else {
            throw .destinationDirectoryMissing(path: path, directory: self.directory)
        }
        guard access(self.directory, W_OK) == 0 else { throw .cannotWrite(path: path, reason: SystemReason(code: errno)) }
        var existing = stat()
        guard lstat(path, &existing) == 0 else { return }
        if existing.st_mode & S_IFMT == S_IFDIR { throw .destinationIsDirectory(path: path) }
        var live = stat()
        if stat(state, &live) == 0, stat(path, &existing) == 0, live.st_dev == existing.st_dev, live.st_ino == existing.st_ino {
            throw .destinationIsState(path: path)
        }
        if !replacing { throw .destinationExists(path: path) }
    }

    /// A name for the temporary copy beside the backup, unique to this process and call.
    func temporaryPath() -> String {
        let name = (path as NSString).lastPathComponent
        return (directory as NSString).appendingPathComponent(".\(name).juice-backup-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    }

    /// Flushes the file at `path` to disk.
    static func flush(_ path: String) throws(BackupError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: SystemReason(code: errno)) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .cannotWrite(path: path, reason: SystemReason(code: errno)) }
    }

    /// Puts the flushed copy at `temporary` in place, then flushes the directory so that the new name is on disk.
    func install(_ temporary: String) throws(BackupError) {
        if replacing {
            guard rename(temporary, path) == 0 else { throw .cannotWrite(path: path, reason: SystemReason(code: errno)) }
        } else {
            // link(2) never replaces: a file that appeared at `path` since the check is refused, not overwritten.
            guard link(temporary, path) == 0 else {
                let code = errno
                if code == EEXIST { throw .destinationExists(path: path) }
                throw .cannotWrite(path: path, reason: SystemReason(code: code))
            }
            unlink(temporary)
        }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            close(descriptor)
        }
    }
}

/// Whether a path is a directory (following symbolic links).
enum DirectoryCheck {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
