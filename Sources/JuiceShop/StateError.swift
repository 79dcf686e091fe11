/// Why the shop's state file could not be used; the file is never reset or changed when one is thrown.
public enum StateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or its directory) cannot be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file is not a JuiceMaker state database (or it is corrupt).
    case notADatabase(path: String)
    /// The file or its directory is read-only.
    case readOnly(path: String)
    /// The disk is full.
    case diskFull(path: String)
    /// Reading or writing the file failed (a full disk, a quota or file-size limit, a failing device).
    case ioError(path: String, detail: String)
    /// Another process held the database for too long.
    case busy(path: String)
    /// The file was written by a newer JuiceMaker.
    case newerSchema(path: String, version: Int)
    /// Stock no longer equals initial stock plus the journal's changes (the state was damaged or edited by hand), so
    /// nothing is changed until someone looks.
    case invariantBroken(path: String, fruits: [String])
    /// Any other SQLite failure.
    case failed(path: String, message: String)
    /// A `--state` / `JUICE_STATE` value that looks like a database URL but cannot be read as one.
    case invalidLocation(String, reason: String)
    /// A `postgres://` URL given to a `juice` built without the `PostgreSQL` package trait.
    case postgresNotBuiltIn(location: String)
    /// The database server did not answer at `host`:`port` (down, wrong address, or a firewall).
    case unreachable(location: String, host: String, port: Int, reason: String)
    /// The server refused the user name or password.
    case authenticationFailed(location: String, user: String)
    /// The server has no database of that name.
    case noSuchDatabase(location: String, database: String)
    /// The role may not do what the command needs (create the tables, or read or change them).
    case permissionDenied(location: String, detail: String)
    /// The connection to the server was lost or the server is not accepting connections; a change in flight was
    /// applied entirely or not at all.
    case connectionLost(location: String, detail: String)
    /// The connection was lost, or the deadline passed, after the change's `COMMIT` may have been sent: it may have
    /// been applied or not, and only the journal can tell. `request` is the id it was journaled under if it was
    /// applied (look it up: `GET /api/orders/{request}`, `juice history --json`); never reported as refused.
    case outcomeUnknown(location: String, request: String?, detail: String)
    /// Other transactions kept conflicting with this one (serialization failures or deadlocks) after every retry.
    case conflict(location: String, attempts: Int)

    /// A readable explanation naming the file.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open the state file \(path): \(reason)"
        case .notADatabase(let path):
            return "the state file \(path) is not a JuiceMaker state database or is corrupt; it was left untouched (move it away to start afresh)"
        case .readOnly(let path):
            return "the state file \(path) is read-only; nothing was changed"
        case .diskFull(let path):
            return "the disk holding \(path) is full; nothing was changed"
        case .ioError(let path, let detail):
            return
                "the state file \(path) could not be written or read (is the disk full, or a quota or file-size limit reached?): \(detail); nothing was changed"
        case .busy(let path):
            return "the state file \(path) stayed locked by another process; nothing was changed, try again"
        case .newerSchema(let path, let version):
            return "the state file \(path) was written by a newer JuiceMaker (schema \(version)); nothing was changed"
        case .invariantBroken(let path, let fruits):
            return
                "the state \(path) is inconsistent: the stock of \(fruits.joined(separator: ", ")) differs from its initial stock plus the journal's changes (damaged, or edited by hand); nothing was changed. Run 'juice doctor' to see the figures, then restore a backup or put the stock back as the journal says"
        case .failed(let path, let message):
            return "the state file \(path) could not be used: \(message)"
        case .invalidLocation(let text, let reason):
            return "cannot read the state location '\(text)': \(reason)"
        case .postgresNotBuiltIn(let location):
            return
                "this juice was built without PostgreSQL support, so it cannot use \(location); build it with the PostgreSQL trait (swift build -c release --traits PostgreSQL) or give --state an SQLite file"
        case .unreachable(let location, let host, let port, let reason):
            return "cannot reach the PostgreSQL server at \(host):\(port) (\(location)): \(reason); is it running, and are host and port right?"
        case .authenticationFailed(let location, let user):
            return
                "PostgreSQL refused the login of '\(user)' (\(location)): wrong password or no such role; check the URL's user and password (and pg_hba.conf)"
        case .noSuchDatabase(let location, let database):
            return "the PostgreSQL server has no database '\(database)' (\(location)); create it (createdb \(database)) or fix the URL"
        case .permissionDenied(let location, let detail):
            return
                "PostgreSQL denied permission (\(location)): \(detail); grant the role the rights (CREATE on the schema for the first run, then SELECT, INSERT, UPDATE on JuiceMaker's tables); nothing was changed"
        case .connectionLost(let location, let detail):
            return
                "lost the connection to PostgreSQL (\(location)): \(detail); a change in flight was applied entirely or not at all (see `juice history`); try again"
        case .outcomeUnknown(let location, let request, let detail):
            let lookUp = request.map { "look up request \($0) (GET /api/orders/\($0), or juice history --json)" } ?? "see juice history"
            return
                "lost the connection to PostgreSQL (\(location)) while the change was being committed: \(detail); it may or may not have been applied. Before ordering again, \(lookUp)"
        case .conflict(let location, let attempts):
            return "the change kept conflicting with other transactions on \(location) (\(attempts) attempts); nothing was changed, try again"
        }
    }

    /// A stable name for the failure, for scripts (the `kind` of a JSON error); never translated.
    public var kind: String {
        switch self {
        case .cannotOpen: return "state-cannot-open"
        case .notADatabase: return "state-not-a-database"
        case .readOnly: return "state-read-only"
        case .diskFull: return "state-disk-full"
        case .ioError: return "state-io-error"
        case .busy: return "state-busy"
        case .newerSchema: return "state-newer-schema"
        case .invariantBroken: return "state-inconsistent"
        case .failed: return "state-failed"
        case .invalidLocation: return "state-invalid-location"
        case .postgresNotBuiltIn: return "state-postgres-not-built-in"
        case .unreachable: return "state-unreachable"
        case .authenticationFailed: return "state-authentication-failed"
        case .noSuchDatabase: return "state-no-such-database"
        case .permissionDenied: return "state-permission-denied"
        case .connectionLost: return "state-connection-lost"
        case .outcomeUnknown: return "state-outcome-unknown"
        case .conflict: return "state-conflict"
        }
    }

    /// The location named in the error.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .notADatabase(let path), .readOnly(let path), .diskFull(let path), .ioError(let path, _),
            .busy(let path), .newerSchema(let path, _), .invariantBroken(let path, _), .failed(let path, _),
            .invalidLocation(let path, _), .postgresNotBuiltIn(let path), .unreachable(let path, _, _, _), .authenticationFailed(let path, _),
            .noSuchDatabase(let path, _), .permissionDenied(let path, _), .connectionLost(let path, _), .conflict(let path, _),
            .outcomeUnknown(let path, _, _):
            return path
        }
    }
}
