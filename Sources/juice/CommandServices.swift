import JuiceCommandLine
import JuiceShop
import Logging
import Synchronization

/// What a command's run shares with the process around it: one logging path (swift-log to standard error, the level
/// from `LOG_LEVEL`) and the stores it opened, each running (its `run()`, as a service group runs a service) beside
/// the command and closed when the command ends.
enum CommandServices {
    private static let bootstrapped = Mutex(false)
    private static let openStores = Mutex<[any ShopStore]>([])
    /// Where `openStore` hands each store it opens to be run, while `runningStores` runs a command.
    private static let runs = Mutex<AsyncStream<any ShopStore>.Continuation?>(nil)

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

    /// Opens the store at `location` with the stores' logger: it runs beside the command (a PostgreSQL store's
    /// connection pool lives in its `run()`) and is closed when the command ends.
    static func openStore(location: String, clock: ShopClock = .system()) throws(ShopError) -> any ShopStore {
        let store = try makeStore(location: location, logger: logger("juice.store", level: .warning), clock: clock)
        openStores.withLock { $0.append(store) }
        runs.withLock { _ = $0?.yield(store) }
        return store
    }

    /// Runs `body` (a command) with every store it opens running beside it, each store's `run()` in a child task of
    /// this one; when `body` ends, whether it succeeded or not, closes every store (which ends its `run()`) and
    /// returns once all have ended, rethrowing what `body` threw.
    static func runningStores(_ body: () async throws -> Void) async throws {
        let (opened, run) = AsyncStream.makeStream(of: (any ShopStore).self)
        runs.withLock { $0 = run }
        var failure: (any Error)?
        await withDiscardingTaskGroup { group in
            group.addTask {
                await withDiscardingTaskGroup { stores in
                    for await store in opened { stores.addTask { try? await store.run() } }
                }
            }
            do { try await body() } catch { failure = error }
            runs.withLock { $0 = nil }
            run.finish()
            await closeStores()
            // A store whose `run()` waits for a graceful shutdown (SQLite, memory) ends with the cancellation.
            group.cancelAll()
        }
        if let failure { throw failure }
    }

    /// Closes every store the command opened (a PostgreSQL store's connections end gracefully).
    private static func closeStores() async {
        let stores = openStores.withLock { stores in
            defer { stores = [] }
            return stores
        }
        for store in stores { await store.close() }
    }
}
