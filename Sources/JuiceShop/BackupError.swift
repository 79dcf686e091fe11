import Foundation
import JuiceCore

/// Why `juice backup` made no backup; nothing was written at the backup's path when one is thrown.
public enum BackupError: Error, Hashable, Sendable {
    /// The state file does not exist yet: there is nothing to back up.
    case noState(path: String)
    /// A file is already at the backup's path (replacing it takes `--force`).
    case destinationExists(path: String)
    /// The backup's path is a directory.
    case destinationIsDirectory(path: String)
    /// The backup's path is the state file itself.
    case destinationIsState(path: String)
    /// The backup's directory does not exist.
    case destinationDirectoryMissing(path: String, directory: String)
    /// The backup could not be written there, for `reason`.
    case cannotWrite(path: String, reason: SystemReason)
    /// The state is in PostgreSQL, whose own tool takes its backups: `command` is the one to run.
    case postgres(location: String, command: String)
    /// The state file could not be read.
    case state(StateError)

    /// The error's kind, as `--json` and docs/errors.md name it.
    public var kind: String {
        switch self {
        case .noState: "state-cannot-open"
        case .destinationExists: "backup-exists"
        case .destinationIsDirectory, .destinationIsState, .destinationDirectoryMissing: "backup-invalid-destination"
        case .cannotWrite: "backup-write-failed"
        case .postgres: "backup-postgres"
        case .state(let error): error.kind
        }
    }

    /// Whether the request can never work as typed (exit 2) rather than failed this time (exit 1).
    public var isUsageError: Bool {
        switch self {
        case .destinationExists, .destinationIsDirectory, .destinationIsState, .destinationDirectoryMissing, .postgres: true
        case .noState, .cannotWrite: false
        case .state(let error): ShopError.state(error).category == .request
        }
    }

    /// The message in `language`.
    public func message(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .noState(let path):
            return ko
                ? "상태 파일 \(KoreanParticle.subject.after(path)) 없어요. 백업할 것이 없어요" : "the state file \(path) does not exist; there is nothing to back up"
        case .destinationExists(let path):
            return ko
                ? "\(KoreanParticle.subject.after(path)) 이미 있어요. 덮어쓰려면 --force를 붙이거나 다른 이름을 주세요"
                : "\(path) already exists; add --force to replace it, or give another name"
        case .destinationIsDirectory(let path):
            return ko
                ? "\(KoreanParticle.topic.after(path)) 디렉터리예요. state-backup.sqlite 같은 파일 이름을 주세요"
                : "\(path) is a directory; give a file name like state-backup.sqlite"
        case .destinationIsState(let path):
            return ko ? "\(KoreanParticle.topic.after(path)) 상태 파일 자신이에요. 다른 곳에 백업하세요" : "\(path) is the state file itself; back it up somewhere else"
        case .destinationDirectoryMissing(let path, let directory):
            return ko
                ? "\(path): 디렉터리 '\(directory)'이(가) 없어요. 먼저 만드세요"
                : "\(path): no such directory '\(directory)'; create it first"
        case .cannotWrite(let path, let reason):
            return ko
                ? "백업을 \(path)에 쓸 수 없어요: \(reason.text(in: language)). 아무것도 남기지 않았어요"
                : "cannot write the backup to \(path): \(reason.text(in: language)); nothing was left there"
        case .postgres(let location, let command):
            return ko
                ? "상태가 PostgreSQL (\(location))에 있어요. juice backup은 SQLite 상태 파일만 백업해요. PostgreSQL은 pg_dump로 백업하세요: \(command)"
                : "the state is in PostgreSQL (\(location)); juice backup copies SQLite state files only. Back PostgreSQL up with pg_dump: \(command)"
        case .state(let error):
            return ShopText(language: language, book: RecipeBook(fruits: [], juices: [], store: Store()))(.error(.state(error)))
        }
    }
}

extension PostgresLocation {
    /// The `pg_dump` command that backs this database up into `file` in pg_dump's custom format (restored with
    /// `pg_restore`); the password stays out of it (pg_dump reads `PGPASSWORD` or `~/.pgpass`).
    public func dumpCommand(file: String) -> String {
        "pg_dump --format=custom --file=\(Self.shellQuoted(file)) --dbname=\(Self.shellQuoted(description))"
    }

    /// `text` in single quotes for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
