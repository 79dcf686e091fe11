/// The store a `--state` / `JUICE_STATE` value names: a `postgres://` (or `postgresql://`) URL is a PostgreSQL
/// database, anything else the path of an SQLite file. Nothing is opened until the store is first used (or
/// `prepare()`d); a malformed URL is an error at once. PostgreSQL support is the `PostgreSQL` package trait
/// (`swift build --traits PostgreSQL`): without it, a URL is refused with `StateError.postgresNotBuiltIn`.
public func makeStore(location: String) throws(ShopError) -> any ShopStore {
    guard PostgresLocation.isPostgresURL(location) else { return SQLiteStore(path: location) }
    #if PostgreSQL
    do throws(StateError) { return try PostgresStore(url: location) } catch { throw .state(error) }
    #else
    do throws(StateError) {
        throw .postgresNotBuiltIn(location: try PostgresLocation(url: location).description)
    } catch { throw .state(error) }
    #endif
}
