import Foundation
import Testing

@Suite("juice simulate and juice plan (end to end)")
struct SimulateCommandTests {
    @Test("the same inputs and seed give byte-identical reports; the live state is never touched")
    func deterministic() throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let arguments = ["simulate", "--generate", "2000", "--seed", "11", "--mix", "banana-juice=5,딸바쥬스=2,kiwi-juice=1", "--restock", "every=100", "--format", "json"]
        let first = try shop.run(arguments)
        let second = try shop.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(report["orders"] as? Int == 2000)
        #expect(!FileManager.default.fileExists(atPath: shop.statePath.path), "simulate creates no state")
    }

    @Test("--from-state starts from a read-only copy of the live stock")
    func fromState() throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try shop.run(["stock", "set", "banana=4"]).status == 0)
        let before = try Data(contentsOf: shop.statePath)
        let outcome = try shop.run(["simulate", "--generate", "10", "--mix", "banana-juice=1", "--from-state", "--format", "csv"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("juice,banana-juice,2,8,"))
        #expect(try Data(contentsOf: shop.statePath) == before, "opened read-only")
        #expect(try shop.stock()["banana"] == 4)
    }

    @Test("an unknown juice in an order file is an error at its line, before anything runs")
    func unknownJuice() throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try "juice,count\nbanana-juice,1\nbananna juice,2\n".write(to: shop.directory.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        let outcome = try shop.run(["simulate", "--orders", "orders.csv"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("orders.csv:3:1: unknown juice 'bananna juice'; did you mean 'Banana Juice'?"))
    }

    @Test("a YAML order list runs like CSV; its problems are errors at line and column, before anything runs")
    func yamlOrders() throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try "- banana-juice\n- {juice: kiwi-juice, count: 2}\n".write(to: shop.directory.appendingPathComponent("orders.yaml"), atomically: true, encoding: .utf8)
        try "juice,count\nbanana-juice,1\nkiwi-juice,2\n".write(to: shop.directory.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        let yaml = try shop.run(["simulate", "--orders", "orders.yaml", "--format", "json"])
        let csv = try shop.run(["simulate", "--orders", "orders.csv", "--format", "json"])
        #expect(yaml.status == 0)
        #expect(yaml.stderr.isEmpty)
        #expect(yaml.stdout == csv.stdout)
        #expect(yaml.stdout.contains("\"orders\""))
        try "- banana-juice\n- {juice: kiwi-juice, cuont: 2}\n".write(to: shop.directory.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let broken = try shop.run(["simulate", "--orders", "broken.yaml"])
        #expect(broken.status == 2)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.contains("broken.yaml:2:23: unknown key 'cuont' in an order; did you mean 'count'?"))
    }

    @Test("plan says yes, or what to buy and which orders fail")
    func plan() throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try "juice,count\nbanana-juice,2\n딸바쥬스,1\n".write(to: shop.directory.appendingPathComponent("small.csv"), atomically: true, encoding: .utf8)
        let yes = try shop.run(["plan", "small.csv"])
        #expect(yes.status == 0)
        #expect(yes.stdout == "yes: today's stock serves all 2 orders.\n")
        try "juice,count\nbanana-juice,2\n딸바쥬스,1\nBanana Juice,4\nstrawberry juice,1\n".write(to: shop.directory.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
        let no = try shop.run(["plan", "big.csv"])
        #expect(no.status == 1)
        #expect(no.stdout == """
            no: 2 of 4 orders cannot be served. Buy:
              🍓 Strawberry: 16
              🍌 Banana: 3
            Without it, these orders fail:
              #3 Banana Juice
              #4 Strawberry Juice

            """)
    }

    @Test("--chart writes an SVG with the fruits' names")
    func chart() throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let outcome = try shop.run(["simulate", "--generate", "500", "--restock", "below=2,to=50", "--chart", "stock.svg"])
        #expect(outcome.status == 0)
        let svg = try String(contentsOf: shop.directory.appendingPathComponent("stock.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("🍌 Banana"))
    }

    @Test("usage errors exit 2")
    func usage() throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try shop.run(["simulate"]).status == 2)
        #expect(try shop.run(["simulate", "--generate", "5", "--restock", "often"]).status == 2)
        #expect(try shop.run(["simulate", "--generate", "5", "--mix", "nothing=3"]).status == 2)
        #expect(try shop.run(["simulate", "--orders", "missing.csv"]).status == 2)
    }
}
