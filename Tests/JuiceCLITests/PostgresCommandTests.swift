#if PostgreSQL
import Foundation
import JuiceTestSupport
import Testing

/// `juice` against the private PostgreSQL server (`scripts/postgres.sh start`; `.ci/run` always starts one).
@Suite(
    "juice on PostgreSQL (end to end)",
    .enabled(if: TestPostgres.isAvailable, Comment(rawValue: TestPostgres.skipReason)))
struct PostgresCommandTests {
    static let server = TestPostgres.url ?? ""

    /// A new database on the test server; its URL.
    static func freshDatabase() async throws -> String {
        try await TestPostgres.freshDatabase(prefix: "juice_cli")
    }

    @Test("every shop command works on a postgres:// URL, given by --state or JUICE_STATE")
    func commands() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let url = try await Self.freshDatabase()
        func juice(_ arguments: [String]) async throws -> JuiceBinary.Outcome {
            try await JuiceBinary.run(arguments, in: shop.directory, environment: ["JUICE_STATE": url, "LANG": "en_US.UTF-8", "LC_ALL": ""])
        }
        #expect(try await juice(["order", "banana-juice", "--count", "2"]).stdout.contains("are ready"))
        #expect(try await juice(["stock", "add", "kiwi", "3"]).status == 0)
        #expect(try await JuiceBinary.run(["stock", "set", "mango=4", "--state", url], in: shop.directory).status == 0)
        let refused = try await juice(["order", "strawberry-juice"])
        #expect(refused.status == 1 && refused.stderr.contains("Strawberry"))
        let history = try await juice(["history", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 3)
        #expect(try await juice(["undo"]).status == 0)
        let stock = try await juice(["stock", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stock.stdout.utf8)) as? [String: Any])
        #expect(
            object["stock"] as? [String: Int] == ["strawberry": 10, "banana": 6, "pineapple": 10, "kiwi": 13, "mango": 10],
            "the undo put mango back")
        #expect(try await juice(["menu"]).status == 0)
        let doctor = try await juice(["doctor"])
        #expect(doctor.status == 0 && doctor.stdout.contains("healthy"))
        try "banana-juice,4\n".write(to: shop.directory.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        let plan = try await juice(["plan", "--from-state", "orders.csv"])
        #expect(plan.status == 1, "4 banana juices need 8 bananas, the database has 6: \(plan.stdout)")
        #expect(try await juice(["simulate", "--from-state", "--orders", "orders.csv"]).stdout.contains("1 order: 0 served, 1 refused"))
        #expect(!FileManager.default.fileExists(atPath: shop.statePath.path), "no SQLite file is made beside it")
    }

    @Test("a database that is not there at start: exit 2, naming host and port")
    func unreachable() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        for arguments in [["order", "banana-juice"], ["stock"], ["doctor"]] {
            let outcome = try await shop.run(arguments + ["--state", "postgres://juice@127.0.0.1:1/shop"])
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stderr.contains("cannot reach the PostgreSQL server at 127.0.0.1:1"), "\(arguments): \(outcome.stderr)")
        }
        let malformed = try await shop.run(["stock", "--state", "postgres://127.0.0.1/shop"])
        #expect(malformed.status == 2 && malformed.stderr.contains("no user"))
    }
}
#endif
