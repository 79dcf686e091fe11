#if PostgreSQL
import PostgresNIO

extension PostgresLocation {
    /// The settings for one connection (migrations, listening).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: try connectionTLS())
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = Self.sessionSettings
        return configuration
    }

    /// Settings for every session: a transaction whose client goes silent (a cut network) is ended by the server
    /// after 2 s, so its row locks do not hold up the other counters, and a change whose caller was answered
    /// "outcome unknown" is decided (committed, or rolled back for good) within 2 s of the cut.
    static let sessionSettings = [("idle_in_transaction_session_timeout", "2000")]

    /// The settings for the connection pool.
    func clientConfiguration() -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(.makeClientConfiguration())
        case .require: tls = .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = Self.sessionSettings
        return configuration
    }

    private func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        switch tls {
        case .disable: return .disable
        case .prefer: return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }

    /// The shop error for a failure connecting to this location (and migrating).
    func connectionError(_ error: any Error) -> ShopError {
        switch translate(error, connecting: true) {
        case .retry: return .state(.conflict(location: description, attempts: 1))
        case .shop(let error): return error
        case .state(let error): return .state(error)
        }
    }
}
#endif
