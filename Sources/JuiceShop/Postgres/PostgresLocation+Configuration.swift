#if PostgreSQL
import PostgresNIO

extension PostgresLocation {
    /// The settings for one connection (migrations, listening).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: try connectionTLS())
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

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
