import GRDB

extension StateError {
    /// The state error for a failure while using the SQLite file at `path`.
    init(_ error: any Error, path: String) {
        if let error = error as? StateError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .failed(path: path, message: "\(error)")
            return
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .notADatabase(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM: self = .readOnly(path: path)
        case .SQLITE_FULL: self = .diskFull(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_AUTH: self = .cannotOpen(path: path, reason: error.message ?? "permission denied or missing directory")
        case .SQLITE_IOERR: self = .ioError(path: path, detail: error.message ?? "I/O error")
        default:
            if let message = error.message, message.contains("no such table") || message.contains("no such column") {
                self = .notADatabase(path: path)
            } else {
                self = .failed(path: path, message: error.message ?? "\(error)")
            }
        }
    }
}

extension ShopError {
    /// A shop error as it is, anything else as the state error it means for the SQLite file at `path`.
    init(_ error: any Error, path: String) {
        self = (error as? ShopError) ?? .state(StateError(error, path: path))
    }
}
