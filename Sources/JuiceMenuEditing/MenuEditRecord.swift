import Foundation

/// One write of the menu, as the edit record lists it: when, by which staff session, what, and the text diff.
package struct MenuEditRecord: Sendable, Hashable, Codable {
    /// Its number, from 1, in the order written.
    package var id: Int
    /// When it was written.
    package var at: Date
    /// The staff session that asked for it (what the page sends as `X-Staff-Session`, else the client's address).
    package var session: String
    /// What was asked, in a few words (`change juice mango-juice: price`).
    package var summary: String
    /// The files written, relative to the recipe directory.
    package var files: [String]
    /// The unified diff of every file written.
    package var diff: String
    /// The menu version before it.
    package var versionBefore: String
    /// The menu version after it.
    package var versionAfter: String
    /// The edit this one undid, if it is an undo.
    package var undoes: Int?
    /// The undo that undid this one, if any.
    package var undoneBy: Int?
    /// What undoing it needs: each file's bytes before (nil: it did not exist) and a hash of its bytes after.
    var restore: [FileRestore]

    /// One file as an edit found and left it.
    struct FileRestore: Sendable, Hashable, Codable {
        var name: String
        var before: Data?
        var afterDigest: String
    }
}

/// The edit record: in memory, newest last, and appended to a JSON Lines file when one is given (one record per
/// line, `fsync`ed; an undo is a record of its own, and `undoneBy` is rebuilt from the undos when the file is read).
struct MenuEditLog: Sendable {
    /// The records kept in memory (the newest `limit`).
    private(set) var records: [MenuEditRecord] = []
    /// The file the records are appended to, if any.
    let file: String?
    /// How many records are kept in memory.
    let limit: Int

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// The log kept in `file` (read when it exists; a line that cannot be read is skipped).
    init(file: String?, limit: Int = 200) {
        self.file = file
        self.limit = limit
        guard let file, let bytes = AtomicFileWrite.contents(of: file) else { return }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for line in bytes.split(separator: 0x0A) {
            guard let record = try? decoder.decode(MenuEditRecord.self, from: Data(line)) else { continue }
            append(record)
        }
    }

    /// The number the next record gets.
    var nextID: Int { (records.last?.id ?? 0) + 1 }

    /// Adds `record` (marking the edit it undoes).
    private mutating func append(_ record: MenuEditRecord) {
        if let undone = record.undoes, let index = records.firstIndex(where: { $0.id == undone }) { records[index].undoneBy = record.id }
        records.append(record)
        if records.count > limit { records.removeFirst(records.count - limit) }
    }

    /// Adds `record` and appends it to the file (a failure to persist is returned, the record kept in memory).
    mutating func record(_ record: MenuEditRecord) -> Int32? {
        append(record)
        guard let file, var line = try? Self.encoder.encode(record) else { return nil }
        line.append(0x0A)
        var descriptor = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == ENOENT {
            // The state's directory is made on the shop's first change; a menu edit may come first.
            let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            descriptor = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let failed = line.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return write(descriptor, base, buffer.count) != buffer.count
        }
        if failed || fsync(descriptor) != 0 { return errno }
        return nil
    }

    /// The newest edit that can still be undone: not an undo, not undone.
    var undoable: MenuEditRecord? { records.last { $0.undoes == nil && $0.undoneBy == nil } }
}
