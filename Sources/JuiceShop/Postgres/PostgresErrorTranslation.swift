#if PostgreSQL
import PostgresNIO

/// What a PostgreSQL failure means for the store: try again, or a `StateError` to report.
enum PostgresFailure: Error {
    /// A serialization failure or deadlock (SQLSTATE 40001, 40P01): the transaction was rolled back; retry it.
    case retry
    /// The shop's own answer (a refusal decided by the stock rules, a broken invariant): nothing was written.
    case shop(ShopError)
    /// Report this.
    case state(StateError)
}

extension PostgresLocation {
    /// The meaning of `error` from a first connection attempt (`connecting`: a network failure means the server is
    /// unreachable) or from an operation (it means the connection was lost).
    func translate(_ error: any Error, connecting: Bool = false) -> PostgresFailure {
        if let error = error as? PostgresFailure { return error }
        if let error = error as? StateError { return .state(error) }
        if let error = error as? ShopError { return .shop(error) }
        if error is DeadlineExceeded || error is TransactionAbandoned {
            return .state(.connectionLost(location: description, detail: "the database did not answer in time"))
        }
        if error is CommitOutcomeUnknown {
            return .state(.outcomeUnknown(location: description, request: nil, detail: "the database did not answer in time"))
        }
        if let error = error as? PostgresTransactionError {
            // The first failure is the cause (a failed rollback after it says nothing new).
            if let cause = error.beginError ?? error.closureError {
                return translate(cause, connecting: connecting)
            }
            if let cause = error.commitError {
                // The server answered the COMMIT with an error (a serialization failure, say): it rolled back. Any
                // other failure (the connection) leaves the COMMIT's fate unknown.
                if let psql = cause as? PSQLError, psql.serverInfo?[.sqlState] != nil { return translate(cause, connecting: connecting) }
                if case .state(.connectionLost(_, let detail)) = translate(cause, connecting: connecting) {
                    return .state(.outcomeUnknown(location: description, request: nil, detail: detail))
                }
                return .state(.outcomeUnknown(location: description, request: nil, detail: "\(cause)"))
            }
            return .state(.failed(path: description, message: "\(error)"))
        }
        if String(describing: type(of: error)) == "ConnectionPoolError" {
            // The pool gave up making connections (its circuit breaker, after 15 s of failures; it keeps trying in
            // the background) or was shut down.
            let reason =
                "\(error)".contains("CircuitBreaker")
                ? "no connection could be made for a while (the pool keeps trying)" : "the connection pool was shut down"
            return .state(.unreachable(location: description, host: host, port: port, reason: reason))
        }
        guard let error = error as? PSQLError else { return .state(.failed(path: description, message: "\(error)")) }
        if let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? state
            switch state {
            case "40001", "40P01": return .retry
            case "28P01", "28000": return .state(.authenticationFailed(location: description, user: user))
            case "3D000": return .state(.noSuchDatabase(location: description, database: database))
            case "42501": return .state(.permissionDenied(location: description, detail: message))
            case "57P01", "57P02", "57P03", "08000", "08003", "08006":
                return .state(.connectionLost(location: description, detail: message))
            default: return .state(.failed(path: description, message: message))
            }
        }
        switch error.code {
        case .connectionError:
            let reason = error.underlying.map { "\($0)" } ?? "connection failed"
            if connecting { return .state(.unreachable(location: description, host: host, port: port, reason: reason)) }
            return .state(.connectionLost(location: description, detail: reason))
        case .authMechanismRequiresPassword:
            return .state(.authenticationFailed(location: description, user: user))
        case .sslUnsupported:
            return .state(.unreachable(location: description, host: host, port: port, reason: "the server does not offer TLS (sslmode=require)"))
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed, .queryCancelled:
            return .state(.connectionLost(location: description, detail: "\(error.code)"))
        default:
            return .state(.failed(path: description, message: "\(error.code)"))
        }
    }
}
#endif
