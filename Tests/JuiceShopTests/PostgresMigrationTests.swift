#if PostgreSQL
import JuiceCore
@testable import JuiceShop
import PostgresNIO
import Testing

@Suite("PostgreSQL migrations", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresMigrationTests {
    let book = TestBook.standard

    /// Migrates the new database at `url` to `version` only, as an older JuiceMaker left it.
    func migrate(_ url: String, to version: Int) async throws {
        let location = try PostgresLocation(url: url)
        let connection = try await PostgresConnection.connect(
            configuration: try location.connectionConfiguration(), id: 1, logger: PostgresTestServer.logger)
        do {
            try await PostgresMigrations.migrate(connection, logger: PostgresTestServer.logger, location: location.description, to: version)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    @Test("a database made before the stock rules left the database: it migrates, its journal stays, every change works")
    func fromDecisionFunctions() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        try await migrate(url, to: 2)
        // What the old JuiceMaker wrote: the book's rows, a stock change through juice_apply, two orders through
        // juice_apply_orders (one refused), all with their journal.
        try await PostgresTestServer.execute(
            """
            INSERT INTO stock (fruit, count, initial, capacity)
            VALUES ('banana', 10, 10, 100), ('kiwi', 10, 10, 100), ('mango', 10, 10, 100), ('pineapple', 10, 10, 100),
                   ('strawberry', 10, 10, 100)
            """, in: url)
        _ = try await PostgresTestServer.integers(
            """
            SELECT count(*) FROM juice_apply('add', 'juice stock add banana 5', NULL, NULL, NULL, ARRAY['banana'], ARRAY[5]::bigint[],
                                      ARRAY[10]::bigint[], ARRAY[10]::bigint[])
            """, in: url)
        _ = try await PostgresTestServer.integers(
            """
            SELECT count(*) FROM juice_apply_orders(ARRAY['juice order banana-juice', 'juice order strawberry-juice'],
                ARRAY['banana-juice', 'strawberry-juice'], ARRAY[1, 1]::bigint[], ARRAY['banana', 'strawberry'],
                ARRAY[1, 2], ARRAY[1, 2], ARRAY[2, 16]::bigint[])
            """, in: url)
        #expect(try await PostgresTestServer.integers("SELECT max(version) FROM schema_migrations", in: url) == [2])

        let store = try await PostgresStore.open(url: url)
        #expect(try await PostgresTestServer.integers("SELECT max(version) FROM schema_migrations", in: url) == [PostgresMigrations.all.count])
        #expect(
            try await PostgresTestServer.integers("SELECT count(*) FROM pg_proc WHERE proname LIKE 'juice_apply%'", in: url) == [0],
            "the decision functions are gone")
        let history = try await store.history(limit: nil)
        #expect(history.map(\.command) == ["juice order banana-juice", "juice stock add banana 5"])
        #expect(try await store.changeToken() == 2)
        #expect(try await store.checkIntegrity().isHealthy)
        let shop = Shop(book: book, store: store)
        #expect(try await shop.snapshot().inventory["banana"] == 13)
        let order = try await shop.order("banana-juice", count: 2, command: "new order")
        #expect(order.snapshot.inventory["banana"] == 9)
        _ = try await shop.undo(command: "undo new")
        let undo = try await shop.undo(command: "undo old")
        #expect(undo.undone?.command == "juice order banana-juice", "an entry the old JuiceMaker wrote is undone")
        #expect(try await shop.snapshot().inventory["banana"] == 15)
        await #expect(
            throws: ShopError.orderRefused(
                .insufficientStock(
                    "strawberry-juice", count: 1,
                    shortages: [
                        Shortage(fruit: "strawberry", needed: 16, inStock: 10)
                    ]))
        ) {
            try await shop.order("strawberry-juice", command: "test")
        }
        #expect(try await store.checkIntegrity().isHealthy)
        await store.close()
    }

    @Test("migrating again finds nothing to do; the CHECK constraints stay as the backstop")
    func idempotent() async throws {
        let url = try await PostgresTestServer.freshDatabase()
        try await PostgresStore.open(url: url).close()
        try await PostgresStore.open(url: url).close()
        #expect(try await PostgresTestServer.integers("SELECT count(*) FROM schema_migrations", in: url) == [PostgresMigrations.all.count])
        #expect(
            try await PostgresTestServer.integers(
                "SELECT count(*) FROM pg_constraint WHERE conname = 'stock_count_within_capacity'", in: url) == [1])
    }
}
#endif
