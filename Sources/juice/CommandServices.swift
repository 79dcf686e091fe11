import JuiceCommandLine
import JuiceShop
import Logging
import Synchronization

/// What a command's run shares with the process around it: one logging path (swift-log to standard error, the level
/// from `LOG_LEVEL`) and the stores it opened, closed when the command ends.
enum CommandServices {
    private static let bootstrapped = Mutex(false)
    private static let openStores = Mutex<[any ShopStore]>([])

    /// Sends every log record of the process (the server's, the stores', postgres-nio's own) to standard error, where
    /// operators and service managers read it and where it never mixes with a command's output. Called once, before an
    /// async command runs.
    static func bootstrapLogging() {
        let first = bootstrapped.withLock { done in
            defer { done = true }
            return !done
        }
        if first { LoggingSystem.bootstrap { StandardErrorLogHandler(label: $0) } }
    }

    /// A logger labelled `label`, at the level `LOG_LEVEL` names, else `level`.
    static func logger(_ label: String, level: Logger.Level) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = Environment.value("LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? level
        return logger
    }

    /// Opens the store at `location` with the stores' logger, to be closed when the command ends.
    static func openStore(location: String) throws(ShopError) -> any ShopStore {
        let store = try makeStore(location: location, logger: logger("juice.store", level: .warning))
        openStores.withLock { $0.append(store) }
        return store
    }

    /// Closes every store the command opened (a PostgreSQL store's connections end gracefully).
    static func closeStores() async {
        let stores = openStores.withLock { stores in
            defer { stores = [] }
            return stores
        }
        for store in stores { await store.close() }
    }
}
