import JuiceShop
import Testing

@Suite("PostgreSQL URLs")
struct PostgresLocationTests {
    @Test("a full URL is read part by part; the description hides the password")
    func fullURL() throws {
        let location = try PostgresLocation(url: "postgres://shop:s3cret@db.example:6543/juicebar?sslmode=require")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.user == "shop")
        #expect(location.password == "s3cret")
        #expect(location.database == "juicebar")
        #expect(location.tls == .require)
        #expect(location.description == "postgres://shop@db.example:6543/juicebar")
    }

    @Test("the port defaults to 5432, the database to the user, TLS to prefer; postgresql:// works too")
    func defaults() throws {
        let location = try PostgresLocation(url: "postgresql://kiosk@10.0.0.5")
        #expect(location.port == 5432)
        #expect(location.database == "kiosk")
        #expect(location.tls == .prefer)
        #expect(location.password == nil)
    }

    @Test(
        "a URL missing its user or host, or with an unknown parameter, is refused with what is wrong",
        arguments: [
            ("postgres://db.example/shop", "no user"),
            ("postgres:///shop", "no host"),
            ("postgres://u@h/a/b", "the path must be just the database name"),
            ("postgres://u@h/shop?sslmode=maybe", "sslmode must be disable, prefer or require"),
            ("postgres://u@h/shop?timeout=3", "unknown parameter 'timeout'"),
            ("postgres://u:pa:ss@/shop", "no host"),
        ])
    func refused(url: String, reason: String) {
        #expect {
            try PostgresLocation(url: url)
        } throws: { error in
            guard case .invalidLocation(let text, let why) = error as? StateError else { return false }
            return text == PostgresLocation.withoutPassword(url) && !text.contains("pa:ss") && why.contains(reason)
        }
    }

    @Test(
        "a password is left out of what messages show, even of a URL that does not parse",
        arguments: [
            ("postgres://u:secret@h:1/db", "postgres://u@h:1/db"),
            ("postgres://u:p@ss@h/db?sslmode=x", "postgres://u@h/db?sslmode=x"),
            ("postgres://u@h/db", "postgres://u@h/db"),
            ("postgres://h/db:x@y", "postgres://h/db:x@y"),
        ])
    func passwordsAreHidden(url: String, shown: String) {
        #expect(PostgresLocation.withoutPassword(url) == shown)
    }
}
