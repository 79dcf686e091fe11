import Foundation

/// Where a PostgreSQL store lives, parsed from a `postgres://user:password@host:port/database?sslmode=…` URL.
public struct PostgresLocation: Hashable, Sendable, CustomStringConvertible {
    /// Whether to talk TLS to the server, as libpq's `sslmode` says.
    public enum TLSMode: String, Hashable, Sendable {
        /// Never (the only choice that needs no server certificate; a private network or a Unix socket).
        case disable
        /// When the server offers it (libpq's default).
        case prefer
        /// Always; the connection fails if the server has no TLS.
        case require
    }

    /// The server's host name or address.
    public var host: String
    /// The server's port (5432 when the URL gives none).
    public var port: Int
    /// The role to log in as.
    public var user: String
    /// The password, if the URL gives one (never shown in messages).
    public var password: String?
    /// The database (the user's name when the URL gives none, as libpq does).
    public var database: String
    /// Whether to use TLS.
    public var tls: TLSMode

    /// Whether `text` names a PostgreSQL database (starts with `postgres://` or `postgresql://`).
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses a `postgres://` or `postgresql://` URL; the error names the part that is wrong.
    public init(url given: String) throws(StateError) {
        let text = Self.withoutPassword(given)
        guard Self.isPostgresURL(given), let components = URLComponents(string: given) else {
            throw .invalidLocation(text, reason: "expected postgres://user[:password]@host[:port]/database")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidLocation(text, reason: "no host; expected postgres://user@host:port/database")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .invalidLocation(text, reason: "no user; expected postgres://user@\(host)/database")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.contains("/") else {
            throw .invalidLocation(text, reason: "the path must be just the database name, not '\(path)'")
        }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw .invalidLocation(text, reason: "unknown parameter '\(item.name)'; only sslmode is understood")
            }
            guard let mode = TLSMode(rawValue: item.value ?? "") else {
                throw .invalidLocation(text, reason: "sslmode must be disable, prefer or require, not '\(item.value ?? "")'")
            }
            tls = mode
        }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password
        self.database = path.isEmpty ? user : path
        self.tls = tls
    }

    /// `text` with any password between `user:` and `@` left out, for messages about a URL that may not parse.
    public static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let authority = text[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + String(text[at...])
    }

    /// The URL without its password, for messages.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
