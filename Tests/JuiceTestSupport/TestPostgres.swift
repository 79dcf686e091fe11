import Foundation

/// The private PostgreSQL server tests use (`scripts/postgres.sh start`, which `.ci/run` always runs): its superuser
/// URL is in `JUICE_TEST_POSTGRES_URL`, its data directory in `JUICE_TEST_POSTGRES_DIR`. Each test makes a database
/// of its own.
public enum TestPostgres {
    /// The server's superuser URL, nil when no server was started.
    public static let url = ProcessInfo.processInfo.environment["JUICE_TEST_POSTGRES_URL"]

    /// The server's data directory (for `scripts/postgres.sh down|up|stop`), when known.
    public static let directory = ProcessInfo.processInfo.environment["JUICE_TEST_POSTGRES_DIR"]

    /// Whether the PostgreSQL tests can run.
    public static var isAvailable: Bool { url != nil }

    /// Why the PostgreSQL tests are skipped when there is no server (shown by `swift test`).
    public static let skipReason = """
        JUICE_TEST_POSTGRES_URL is unset, so the PostgreSQL tests are SKIPPED: start a private server with \
        eval "$(scripts/postgres.sh start)" (.ci/run always does)
        """

    /// Why `freshDatabase` failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What psql said.
        public var description: String
    }

    /// The server's URL with its database replaced by `database`, and `user` when given.
    public static func url(database: String, user: String? = nil) -> String {
        let base = (url ?? "").components(separatedBy: "?")[0].components(separatedBy: "/").dropLast().joined(separator: "/")
        var withDatabase = base + "/" + database + "?sslmode=disable"
        if let user, let at = withDatabase.range(of: "@"), let scheme = withDatabase.range(of: "://") {
            withDatabase.replaceSubrange(scheme.upperBound..<at.lowerBound, with: user)
        }
        return withDatabase
    }

    /// Runs `sql` with psql as the superuser in `database` (default: `postgres`), on a thread of its own.
    public static func execute(_ sql: String, database: String = "postgres") async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url(database: database), "-c", sql]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = try await offThePool {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        guard process.terminationStatus == 0 else { throw Failure(description: "psql: \(sql): \(message)") }
    }

    /// A new, empty database named `prefix_…`; returns its URL (as `user`, the superuser by default).
    public static func freshDatabase(prefix: String = "juice_test", user: String? = nil) async throws -> String {
        let name = prefix + "_" + UUID().uuidString.prefix(8).lowercased()
        try await execute("CREATE DATABASE \(name)")
        return url(database: name, user: user)
    }
}
