import JuiceShop
import Logging

/// The server's record of why the shop's state could not be used. Clients get a generic 503 (the reason names the
/// database's host, user and name, or a file path); the full reason goes to the server's log here instead, at most
/// once per `interval` however many requests fail, each line saying how many failures went unlogged before it.
package actor StateFailureLog {
    /// The shortest time between two log lines.
    let interval: Duration
    private var lastLogged: ContinuousClock.Instant?
    private var unlogged = 0

    /// A log that writes at most one line per `interval`.
    package init(interval: Duration) {
        self.interval = interval
    }

    /// Notes that a request on `path` was answered 503 because of `error`; logs it with its full reason unless a line
    /// was logged less than `interval` ago.
    func record(_ error: StateError, path: String, logger: Logger) {
        let now = ContinuousClock.now
        if let lastLogged, now - lastLogged < interval {
            unlogged += 1
            return
        }
        logger.error(
            "the shop's state cannot be used; requests get 503 until it can: \(error.description)",
            metadata: ["kind": "\(error.kind)", "path": "\(path)", "unlogged_since_last": "\(unlogged)"])
        lastLogged = now
        unlogged = 0
    }
}
