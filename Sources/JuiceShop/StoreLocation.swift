import Logging

/// The store a `--state` / `JUICE_STATE` value names: a `postgres://` (or `postgresql://`) URL is a PostgreSQL
/// database, anything else the path of an SQLite file. Nothing is opened until the store is first used (or
/// `prepare()`d); a malformed URL is an error at once. PostgreSQL support is the `PostgreSQL` package trait
/// (`swift build --traits PostgreSQL`): without it, a URL is refused with `StateError.postgresNotBuiltIn`.
/// `logger` receives what the store's database client logs (postgres-nio's warnings about its connections, say).
/// Call the store's `close()` when done with it, or run it in a service group. An SQLite store reads its journal's
/// times from `clock`; a PostgreSQL store from the database's clock, so that every counter sharing it agrees.
public func makeStore(location: String, logger: Logger = defaultStoreLogger, clock: ShopClock = .system()) throws(ShopError) -> any ShopStore {
    guard PostgresLocation.isPostgresURL(location) else { return SQLiteStore(path: location, logger: logger, clock: clock) }
    #if PostgreSQL
    do throws(StateError) { return try PostgresStore(url: location, logger: logger) } catch { throw .state(error) }
    #else
    do throws(StateError) {
        throw .postgresNotBuiltIn(location: try PostgresLocation(url: location).description)
    } catch { throw .state(error) }
    #endif
}

/// The logger a store uses when its caller gives none: label `juice.store`, warnings and worse, through whatever
/// logging backend the process bootstrapped.
public var defaultStoreLogger: Logger {
    var logger = Logger(label: "juice.store")
    logger.logLevel = .warning
    return logger
}
