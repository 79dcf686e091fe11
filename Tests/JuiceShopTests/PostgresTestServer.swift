#if PostgreSQL
import Foundation
import JuiceShop
import JuiceTestSupport
import PostgresNIO
import Testing

/// The private PostgreSQL server the tests use (`scripts/postgres.sh start`, which `.ci/run` always runs): its URL
/// is in `JUICE_TEST_POSTGRES_URL`. Each test gets a database of its own.
enum PostgresTestServer {
    /// The server's URL (the superuser `juice`), nil when no server was started.
    static var url: String? { TestPostgres.url }

    /// Whether the PostgreSQL tests can run.
    static var isAvailable: Bool { TestPostgres.isAvailable }

    /// Why they are skipped otherwise (shown by `swift test`).
    static var skipReason: Comment { Comment(rawValue: TestPostgres.skipReason) }

    /// The parsed server URL.
    static var location: PostgresLocation {
        get throws { try PostgresLocation(url: url ?? "") }
    }

    static var logger: Logger {
        var logger = Logger(label: "juice.tests.postgres")
        logger.logLevel = .critical
        return logger
    }

    /// Runs `sql` (one statement) as the superuser in `database` (default: the server's `postgres` database).
    static func execute(_ sql: String, database: String = "postgres") async throws {
        let server = try location
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: server.host, port: server.port, username: server.user, password: server.password,
                database: database, tls: .disable),
            id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// The integers the first column of `sql` gives, run as the superuser in the database of the store URL `url`.
    static func integers(_ sql: String, in url: String) async throws -> [Int] {
        let server = try location
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: server.host, port: server.port, username: server.user, password: server.password,
                database: try PostgresLocation(url: url).database, tls: .disable),
            id: 1, logger: logger)
        do {
            var values: [Int] = []
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int.self) {
                values.append(value)
            }
            try await connection.close()
            return values
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs `sql` as the superuser in the database of the store URL `url`.
    static func execute(_ sql: String, in url: String) async throws {
        try await execute(sql, database: try PostgresLocation(url: url).database)
    }

    /// A new, empty database; returns its URL (as `user`, the superuser by default).
    static func freshDatabase(user: String? = nil) async throws -> String {
        try await TestPostgres.freshDatabase(user: user)
    }
}
#endif
