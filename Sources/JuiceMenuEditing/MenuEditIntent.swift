import Foundation
import JuiceCore

#if canImport(Glibc)
import Glibc
#endif

/// What an edit is about to put in place, written into the recipe directory (`fsync`ed) before its first file is
/// replaced and removed after its last. A process killed in between leaves it behind, and the next start puts every
/// file back as it was before the edit (`MenuEditor.recoverInterruptedEdits()`): that edit was neither answered nor
/// recorded, so the set must not keep half of it.
struct MenuEditIntent: Codable, Equatable {
    /// One file of the edit.
    struct File: Codable, Equatable {
        /// The file's name relative to the recipe directory.
        var name: String
        /// Its bytes before the edit; nil when the edit creates it.
        var before: Data?
        /// The digest of what the edit writes (`FileDigest`; "" when it removes the file).
        var afterDigest: String
        /// The edit's hidden file beside it: relative to the directory when inside it.
        var temporary: String
    }

    /// The host of the process making the edit.
    var host: String
    /// That process.
    var process: Int32
    /// The edit's files, in the order they are put in place.
    var files: [File]

    /// An intent for an edit by this process.
    init(files: [File]) {
        host = Self.hostName
        process = getpid()
        self.files = files
    }

    private static let prefix = ".juice-menu-edit-"
    private static let suffix = ".intent"

    /// Writes the intent into `directory` durably, returning its path (for `end(at:)`).
    func begin(in directory: String) throws(MenuEditError) -> String {
        let name = "\(Self.prefix)\(process)-\(UInt32.random(in: 0...UInt32.max))\(Self.suffix)"
        let bytes: [UInt8]
        do { bytes = Array(try JSONEncoder().encode(self)) } catch { throw .writeFailed(file: name, reason: SystemReason(code: EINVAL)) }
        let write = try AtomicFileWrite(bytes, to: directory + "/" + name, name: name)
        try write.commit(expecting: nil)
        return write.target
    }

    /// Removes the intent at `path` once its edit is wholly in place, or wholly taken back.
    static func end(at path: String) {
        unlink(path)
        let slash = path.lastIndex(of: "/")
        AtomicFileWrite.syncDirectory(slash.map { String(path[..<$0]) } ?? ".")
    }

    /// The intents left in `directory`, by path: nil for one that cannot be read.
    static func left(in directory: String) -> [(path: String, intent: MenuEditIntent?)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.sorted().map { name in
            let path = directory + "/" + name
            let intent = AtomicFileWrite.contents(of: path).flatMap { try? JSONDecoder().decode(MenuEditIntent.self, from: Data($0)) }
            return (path, intent)
        }
    }

    /// Whether the process that wrote the intent may still be making its edit: another process on this host that is
    /// alive, or a process on another host (which cannot be asked).
    var mayBeInProgress: Bool { host != Self.hostName || Self.isAnotherLiveProcess(process) }

    private static func isAnotherLiveProcess(_ process: Int32) -> Bool {
        process != getpid() && (kill(process, 0) == 0 || errno == EPERM)
    }

    /// The names of the hidden temporary files (`.NAME.juice-edit-PID-N`, see `AtomicFileWrite`) in `directory` that
    /// are over a minute old (an edit holds one for milliseconds; the process may be on another host sharing the
    /// directory) and whose process on this host has ended, or is this one (which runs no edit while it recovers).
    static func temporaryFilesOfEndedProcesses(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let now = time(nil)
        return names.filter { name in
            guard name.hasPrefix("."), let marker = name.range(of: ".juice-edit-") else { return false }
            let parts = name[marker.upperBound...].split(separator: "-")
            guard parts.count == 2, let process = Int32(parts[0]), UInt32(parts[1]) != nil else { return false }
            var info = stat()
            guard lstat(directory + "/" + name, &info) == 0, now - info.st_mtim.tv_sec > 60 else { return false }
            return !isAnotherLiveProcess(process)
        }.sorted()
    }

    /// The path of `temporary` (as written in a `File`) in `directory`.
    static func path(of temporary: String, in directory: String) -> String {
        temporary.hasPrefix("/") ? temporary : directory + "/" + temporary
    }

    /// `path` relative to `directory` when inside it.
    static func name(of path: String, in directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What `MenuEditor.recoverInterruptedEdits()` found of edits a killed process left half made, and did.
package struct MenuEditRecovery: Sendable, Equatable {
    /// Files put back as they were before an interrupted edit.
    package var restored: [String] = []
    /// Files an interrupted edit had not replaced yet: as before already.
    package var untouched: [String] = []
    /// Files someone changed after the interrupted edit: left as they are.
    package var changedSince: [String] = []
    /// Files that could not be put back: the intent is kept, and the next start tries again.
    package var failed: [String] = []
    /// Intents left alone: another live process's edit in progress, another host's, or an unreadable file.
    package var leftAlone: [String] = []
    /// Hidden temporary files of edits whose process ended before it put anything in place: removed.
    package var temporaryFilesRemoved: [String] = []

    /// Nothing found.
    package init() {}

    /// Whether any interrupted edit was found.
    package var isEmpty: Bool { self == MenuEditRecovery() }
}
