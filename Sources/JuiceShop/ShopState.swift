import Foundation
import GRDB

/// The shop's state file: live stock and the journal of every change, in SQLite.
///
/// Every command runs in one `BEGIN IMMEDIATE` transaction, so concurrent processes are serialised by SQLite and a
/// process killed mid-command leaves the file as it was before the command.
public struct ShopState: Sendable {
    /// The state file used when neither `--state` nor `JUICE_STATE` says otherwise.
    public static let defaultPath = ".juice/state.sqlite"
    /// The schema version this JuiceMaker writes.
    static let schemaVersion = 1

    /// The file's path.
    public let path: String
    let queue: DatabaseQueue

    /// Opens (creating if needed) the state file at `path`; a file that is not a state database is an error, never reset.
    ///
    /// With `readOnly`, the file must exist and is only read (as `juice simulate --from-state` does).
    public static func open(path: String, readOnly: Bool = false) throws(StateError) -> ShopState {
        if readOnly { return try openReadOnly(path: path) }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                if (directory as NSString).lastPathComponent == ".juice" {
                    try? "*\n".write(toFile: directory + "/.gitignore", atomically: true, encoding: .utf8)
                }
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create directory \(directory)")
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.journalMode = .wal
        configuration.label = "juice-state"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let state = ShopState(path: path, queue: queue)
            try state.migrate()
            return state
        } catch let error as StateError {
            throw error
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    private static func openReadOnly(path: String) throws(StateError) -> ShopState {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .cannotOpen(path: path, reason: "no such file; order or change stock once to create it")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(30)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
            if version > schemaVersion { throw StateError.newerSchema(path: path, version: version) }
            if version < schemaVersion { throw StateError.notADatabase(path: path) }
            return ShopState(path: path, queue: queue)
        } catch {
            throw translate(error, path: path)
        }
    }

    private func migrate() throws {
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if version > Self.schemaVersion { throw StateError.newerSchema(path: path, version: version) }
                if version == 0 {
                    let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                    // An SQLite file of some other program is not ours to add tables to.
                    if !tables.isEmpty { throw StateError.notADatabase(path: path) }
                    try db.execute(sql: """
                        CREATE TABLE IF NOT EXISTS stock (
                            fruit TEXT PRIMARY KEY NOT NULL,
                            count INTEGER NOT NULL CHECK (count >= 0),
                            initial INTEGER NOT NULL CHECK (initial >= 0)
                        );
                        CREATE TABLE IF NOT EXISTS journal (
                            id INTEGER PRIMARY KEY AUTOINCREMENT,
                            time TEXT NOT NULL,
                            kind TEXT NOT NULL,
                            command TEXT NOT NULL,
                            juice TEXT,
                            count INTEGER,
                            undoes INTEGER REFERENCES journal(id),
                            undone_by INTEGER REFERENCES journal(id)
                        );
                        CREATE TABLE IF NOT EXISTS journal_delta (
                            entry INTEGER NOT NULL REFERENCES journal(id),
                            fruit TEXT NOT NULL,
                            delta INTEGER NOT NULL,
                            PRIMARY KEY (entry, fruit)
                        );
                        PRAGMA user_version = \(Self.schemaVersion);
                        """)
                }
                return .commit
            }
        }
    }

    /// Runs `body` in one immediate (write-locking) transaction; on any error nothing is written.
    func write<T>(_ body: @escaping (Database) throws -> T) throws -> T {
        nonisolated(unsafe) var result: T?
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
            }
        }
        guard let result else { throw StateError.failed(path: path, message: "the transaction returned nothing") }
        return result
    }

    /// Runs `body` in a read transaction.
    func read<T>(_ body: @escaping (Database) throws -> T) throws -> T {
        try queue.read { db in try body(db) }
    }

    /// The state error for a database error.
    static func translate(_ error: any Error, path: String) -> StateError {
        if let error = error as? StateError { return error }
        guard let error = error as? DatabaseError else { return .failed(path: path, message: "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM: return .readOnly(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_AUTH: return .cannotOpen(path: path, reason: error.message ?? "permission denied or missing directory")
        case .SQLITE_IOERR: return .ioError(path: path, detail: error.message ?? "I/O error")
        default:
            if let message = error.message, message.contains("no such table") || message.contains("no such column") {
                return .notADatabase(path: path)
            }
            return .failed(path: path, message: error.message ?? "\(error)")
        }
    }
}
