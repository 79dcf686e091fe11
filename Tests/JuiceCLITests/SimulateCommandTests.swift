import Foundation
import Testing

@Suite("juice simulate and juice plan (end to end)")
struct SimulateCommandTests {
    @Test("the same inputs and seed give byte-identical reports; the live state is never touched")
    func deterministic() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let arguments = [
            "simulate", "--generate", "2000", "--seed", "11", "--mix", "banana-juice=5,딸바쥬스=2,kiwi-juice=1", "--restock", "every=100", "--format",
            "json",
        ]
        let first = try await shop.run(arguments)
        let second = try await shop.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(report["orders"] as? Int == 2000)
        #expect(!FileManager.default.fileExists(atPath: shop.statePath.path), "simulate creates no state")
    }

    @Test("--from-state starts from a read-only copy of the live stock")
    func fromState() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock", "set", "banana=4"]).status == 0)
        let before = try Data(contentsOf: shop.statePath)
        let outcome = try await shop.run(["simulate", "--generate", "10", "--mix", "banana-juice=1", "--from-state", "--format", "csv"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("juice,banana-juice,2,8,"))
        #expect(try Data(contentsOf: shop.statePath) == before, "opened read-only")
        #expect(try await shop.stock()["banana"] == 4)
    }

    @Test("an unknown juice in an order file is an error at its line, before anything runs")
    func unknownJuice() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try "juice,count\nbanana-juice,1\nbananna juice,2\n".write(
            to: shop.directory.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        let outcome = try await shop.run(["simulate", "--orders", "orders.csv"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("orders.csv:3:1: unknown juice 'bananna juice'; did you mean 'Banana Juice'?"))
    }

    @Test("a YAML order list runs like CSV; its problems are errors at line and column, before anything runs")
    func yamlOrders() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try "- banana-juice\n- {juice: kiwi-juice, count: 2}\n".write(
            to: shop.directory.appendingPathComponent("orders.yaml"), atomically: true, encoding: .utf8)
        try "juice,count\nbanana-juice,1\nkiwi-juice,2\n".write(
            to: shop.directory.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        let yaml = try await shop.run(["simulate", "--orders", "orders.yaml", "--format", "json"])
        let csv = try await shop.run(["simulate", "--orders", "orders.csv", "--format", "json"])
        #expect(yaml.status == 0)
        #expect(yaml.stderr.isEmpty)
        #expect(yaml.stdout == csv.stdout)
        #expect(yaml.stdout.contains("\"orders\""))
        try "- banana-juice\n- {juice: kiwi-juice, cuont: 2}\n".write(
            to: shop.directory.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let broken = try await shop.run(["simulate", "--orders", "broken.yaml"])
        #expect(broken.status == 2)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.contains("broken.yaml:2:23: unknown key 'cuont' in an order; did you mean 'count'?"))
    }

    @Test("plan says yes, or what to buy and which orders fail")
    func plan() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try "juice,count\nbanana-juice,2\n딸바쥬스,1\n".write(to: shop.directory.appendingPathComponent("small.csv"), atomically: true, encoding: .utf8)
        let yes = try await shop.run(["plan", "small.csv"])
        #expect(yes.status == 0)
        #expect(yes.stdout == "yes: today's stock serves all 2 orders.\n")
        try "juice,count\nbanana-juice,2\n딸바쥬스,1\nBanana Juice,4\nstrawberry juice,1\n".write(
            to: shop.directory.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
        let no = try await shop.run(["plan", "big.csv"])
        #expect(no.status == 1)
        #expect(
            no.stdout == """
                no: 2 of 4 orders cannot be served. Buy:
                  🍓 Strawberry: 16
                  🍌 Banana: 3
                Without it, these orders fail:
                  #3 Banana Juice
                  #4 Strawberry Juice

                """)
    }

    @Test("--chart writes an SVG with the fruits' names (no emoji to depend on) and words in the chosen language")
    func chart() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let outcome = try await shop.run(["simulate", "--generate", "500", "--restock", "below=2,to=50", "--chart", "stock.svg"])
        #expect(outcome.status == 0)
        let svg = try String(contentsOf: shop.directory.appendingPathComponent("stock.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains(">Banana</text>") && !svg.contains("🍌"))
        #expect(svg.contains(">Stock across 500 orders</text>"))
        let korean = try await shop.run(["simulate", "--generate", "500", "--lang", "ko", "--chart", "stock.svg"])
        #expect(korean.status == 0)
        let koreanSVG = try String(contentsOf: shop.directory.appendingPathComponent("stock.svg"), encoding: .utf8)
        #expect(koreanSVG.contains(">바나나</text>") && koreanSVG.contains(">주문 500건 동안의 재고</text>") && koreanSVG.contains(">재고</text>"))
    }

    @Test("--chart checks its path before the run: nothing is printed or run when it cannot be written")
    func chartPathFirst() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let missing = try await shop.run(["simulate", "--generate", "500", "--chart", "no/such/dir/stock.svg"])
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "juice: error: --chart no/such/dir/stock.svg: no such directory 'no/such/dir'; create it first\n")
        let directory = try await shop.run(["simulate", "--generate", "500", "--chart", "recipes"])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("--chart recipes: is a directory; give a file name like stock.svg"))
        let korean = try await shop.run(["simulate", "--generate", "500", "--chart", "no/such/dir/stock.svg"], lang: "ko_KR.UTF-8")
        #expect(korean.status == 2)
        #expect(korean.stdout.isEmpty)
        #expect(korean.stderr == "juice: 오류: --chart no/such/dir/stock.svg: 디렉터리 'no/such/dir'이(가) 없어요. 먼저 만드세요\n")
        let koreanDirectory = try await shop.run(["simulate", "--generate", "500", "--chart", "recipes", "--lang", "ko"])
        #expect(koreanDirectory.status == 2)
        #expect(koreanDirectory.stderr == "juice: 오류: --chart recipes: 디렉터리예요. stock.svg 같은 파일 이름을 주세요\n")
    }

    @Test("JSON Lines: an unknown or duplicate key is an error at its line, not a plan")
    func jsonLinesKeys() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try "{\"juice\": \"banana-juice\", \"cuont\": 7}\n".write(
            to: shop.directory.appendingPathComponent("typo.jsonl"), atomically: true, encoding: .utf8)
        let typo = try await shop.run(["plan", "typo.jsonl"])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr == "juice: error: typo.jsonl:1:27: unknown key 'cuont' in an order; did you mean 'count'?\n")
        try "{\"juice\": \"banana-juice\"}\n{\"juice\": \"banana-juice\", \"juice\": \"kiwi-juice\"}\n".write(
            to: shop.directory.appendingPathComponent("twice.jsonl"), atomically: true, encoding: .utf8)
        let twice = try await shop.run(["plan", "twice.jsonl"])
        #expect(twice.status == 2)
        #expect(twice.stderr == "juice: error: twice.jsonl:2:27: duplicate key 'juice' in an order (first at column 2); remove one of them\n")
    }

    @Test("an empty order file says so; one order is '1 order'", arguments: ["en_US.UTF-8", "ko_KR.UTF-8"])
    func emptyAndSingular(lang: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let korean = lang.hasPrefix("ko")
        try "".write(to: shop.directory.appendingPathComponent("empty.csv"), atomically: true, encoding: .utf8)
        let empty = try await shop.run(["plan", "empty.csv"], lang: lang)
        #expect(empty.status == 0)
        #expect(empty.stdout == (korean ? "계획할 것이 없어요: empty.csv에 주문이 없어요.\n" : "nothing to plan: empty.csv holds no orders.\n"))
        let simulated = try await shop.run(["simulate", "--orders", "empty.csv"], lang: lang)
        #expect(simulated.stdout.hasPrefix(korean ? "주문 없음: empty.csv에 주문이 없어요\n" : "no orders: empty.csv holds none\n"))
        try "\"banana-juice\",1\n".write(to: shop.directory.appendingPathComponent("one.csv"), atomically: true, encoding: .utf8)
        let one = try await shop.run(["plan", "one.csv"], lang: lang)
        #expect(one.stdout == (korean ? "네: 지금 재고로 주문 1건을 모두 만들 수 있어요.\n" : "yes: today's stock serves the 1 order.\n"))
    }

    @Test("--restock problems say 'invalid restock'; to= above a fruit's capacity is refused")
    func restockProblems() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let zero = try await shop.run(["simulate", "--generate", "5", "--restock", "every=0"])
        #expect(zero.status == 2)
        #expect(zero.stderr == "juice: error: invalid restock: --restock every=K needs K of at least 1 (refill every K orders), not 0\n")
        let high = try await shop.run(["simulate", "--generate", "5", "--restock", "below=2,to=150"])
        #expect(high.status == 2)
        #expect(high.stderr == "juice: error: invalid restock: --restock to=150 is above the capacity of 'strawberry' (100); use to=100 or less\n")
    }

    @Test("--generate beyond 100,000,000 orders asks for --force")
    func generateBound() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let outcome = try await shop.run(["simulate", "--generate", "100000001"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(
            outcome.stderr.contains(
                "--generate 100000001 is more than 100000000 orders, a long run that keeps a processor busy; add --force to run it anyway"))
        let korean = try await shop.run(["simulate", "--generate", "100000001"], lang: "ko_KR.UTF-8")
        #expect(korean.status == 2)
        #expect(
            korean.stderr.hasPrefix("juice: 오류: --generate 100000001은(는) 100000000개보다 많아서 프로세서 하나를 오래 써요. 그래도 돌리려면 --force를 붙이세요\n"),
            "\(korean.stderr)")
    }

    @Test("usage errors exit 2")
    func usage() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["simulate"]).status == 2)
        #expect(try await shop.run(["simulate", "--generate", "5", "--restock", "often"]).status == 2)
        #expect(try await shop.run(["simulate", "--generate", "5", "--mix", "nothing=3"]).status == 2)
        #expect(try await shop.run(["simulate", "--orders", "missing.csv"]).status == 2)
    }
}
