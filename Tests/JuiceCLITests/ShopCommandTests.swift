import Foundation
import JuiceTestSupport
import Testing

/// A temporary shop: the built-in recipes written out and a state file, driven through the real binary.
struct ShopSandbox {
    let directory: URL

    init() throws {
        directory = try JuiceBinary.temporaryDirectory()
        try JuiceBinary.writeBuiltInRecipes(into: directory)
    }

    func run(
        _ arguments: [String], lang: String = "en_US.UTF-8", environment: [String: String] = [:], throttled: Bool = true
    ) async throws -> JuiceBinary.Outcome {
        let language = ["LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""]
        return try await JuiceBinary.run(
            arguments, in: directory, environment: language.merging(environment) { _, given in given }, throttled: throttled)
    }

    func stock() async throws -> [String: Int] {
        let outcome = try await run(["stock", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        return try #require(object["stock"] as? [String: Int])
    }

    func history() async throws -> [[String: Any]] {
        let outcome = try await run(["history", "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    }

    var statePath: URL { directory.appendingPathComponent(".juice/state.sqlite") }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite("juice shop commands (end to end)")
struct ShopCommandTests {
    @Test("ordering prints the original app's messages in Korean and English, with exit 0/1/2")
    func orderMessages() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let served = try await shop.run(["order", "딸바쥬스"], lang: "ko_KR.UTF-8")
        #expect(served.status == 0)
        #expect(served.stdout == "딸바쥬스 나왔습니다! 맛있게 드세요!\n")
        let english = try await shop.run(["order", "banana juice", "--lang", "en"])
        #expect(english.stdout == "Banana Juice is ready! Enjoy!\n")
        let refused = try await shop.run(["order", "strawberry-juice"], lang: "ko_KR.UTF-8")
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "재료가 모자라요. 재고를 수정할까요?\n  🍓 딸기: 16개 필요, 재고 0개, 16개 부족\n")
        let unknown = try await shop.run(["order", "bananna juice"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'Banana Juice'?"))
        #expect(try await shop.stock() == ["strawberry": 0, "banana": 7, "pineapple": 10, "kiwi": 10, "mango": 10])
    }

    @Test("a failed 망키쥬스 changes nothing, even when only one of two fruits is short")
    func failedOrderChangesNothing() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock", "set", "mango=1"]).status == 0)
        let before = try await shop.stock()
        let entries = try await shop.history().count
        let refused = try await shop.run(["order", "망키쥬스"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Mango: need 2, have 1, short 1"))
        #expect(try await shop.stock() == before)
        #expect(try await shop.history().count == entries)
    }

    @Test("stock add, remove, set (all or none), reset, history and undo")
    func stockCommands() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock", "add", "kiwi", "4"]).status == 0)
        #expect(try await shop.stock()["kiwi"] == 14)
        #expect(try await shop.run(["stock", "remove", "kiwi"]).status == 0)
        #expect(try await shop.stock()["kiwi"] == 13)
        let partial = try await shop.run(["stock", "set", "banana=3", "mango=101"])
        #expect(partial.status == 1)
        #expect(partial.stderr.contains("capacity"))
        #expect(try await shop.stock()["banana"] == 10, "nothing applied when one assignment fails")
        #expect(try await shop.run(["stock", "set", "banana=3", "mango=15"]).status == 0)
        #expect(try await shop.run(["stock", "set", "banana=-1"]).status == 1)
        #expect(try await shop.run(["stock", "set", "banana"]).status == 2)
        #expect(try await shop.run(["stock", "add", "bananna"]).stderr.contains("did you mean 'banana' (🍌 Banana)?"))
        let history = try await shop.history()
        #expect(history.compactMap { $0["kind"] as? String } == ["set", "remove", "add"])
        let undo = try await shop.run(["undo"])
        #expect(undo.status == 0)
        #expect(try await shop.stock()["banana"] == 10)
        #expect(try await shop.run(["stock", "reset"]).status == 0)
        #expect(try await shop.stock() == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        let limited = try await shop.run(["history", "--limit", "1"])
        #expect(limited.stdout.split(separator: "\n").count == 1)
        #expect(limited.stdout.contains("reset"))
    }

    @Test("stock commands take a fruit by id or by its Korean or English name")
    func fruitNames() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock", "add", "딸기", "6"]).status == 0)
        #expect(try await shop.run(["stock", "remove", "Kiwi"]).status == 0)
        #expect(try await shop.run(["stock", "set", "망고=3", "pineapple=4"]).status == 0)
        #expect(try await shop.stock() == ["strawberry": 16, "banana": 10, "pineapple": 4, "kiwi": 9, "mango": 3])
    }

    @Test("the menu shows what can be made and marks what cannot with its limiting fruit")
    func menu() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let text = try await shop.run(["menu"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("✗ Strawberry Juice  —  🍓 Strawberry 16  —  can make: 0  (limited by: 🍓 Strawberry, +6 more)"))
        #expect(text.stdout.contains("  Banana Juice  —  🍌 Banana 2  —  can make: 5"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try await shop.run(["menu", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 7)
        #expect(json.first?["makeable"] as? Int == 0)
        #expect(json.first?["limitingFruit"] as? String == "strawberry")
    }

    @Test("stock edit refuses politely without a terminal")
    func editNeedsTerminal() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let outcome = try await shop.run(["stock", "edit"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("needs a terminal"))
    }

    @Test("a recipe file made invalid while state exists: commands refuse and state is untouched; fixed, all works")
    func invalidRecipesRefuse() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        let juices = shop.directory.appendingPathComponent("recipes/juices.yaml")
        let original = try String(contentsOf: juices, encoding: .utf8)
        try original.replacingOccurrences(of: "recipe: {banana: 2}", with: "recipe: {bananna: 2}").write(
            to: juices, atomically: true, encoding: .utf8)
        let stateBefore = try Data(contentsOf: shop.statePath)
        for arguments in [["order", "kiwi-juice"], ["stock", "add", "kiwi"], ["stock", "reset"], ["undo"]] {
            let outcome = try await shop.run(arguments)
            #expect(outcome.status == 1, "\(arguments)")
            #expect(outcome.stderr.contains("unknown fruit 'bananna'"), "\(arguments)")
        }
        #expect(try Data(contentsOf: shop.statePath) == stateBefore)
        try original.write(to: juices, atomically: true, encoding: .utf8)
        #expect(try await shop.run(["order", "kiwi-juice"]).status == 0)
        #expect(try await shop.stock()["banana"] == 8)
        #expect(try await shop.stock()["kiwi"] == 7)
    }

    @Test("a corrupt state file: a clear error naming it (from doctor too), never a silent reset")
    func corruptState() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try FileManager.default.createDirectory(at: shop.statePath.deletingLastPathComponent(), withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: shop.statePath)
        let outcome = try await shop.run(["order", "banana-juice"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains(".juice/state.sqlite"))
        #expect(outcome.stderr.contains("not a JuiceMaker state database"))
        let doctor = try await shop.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stderr.contains("not a JuiceMaker state database"))
        #expect(try Data(contentsOf: shop.statePath) == garbage)
    }

    @Test("--state and JUICE_STATE choose the state file; --recipes and JUICE_RECIPES the recipes")
    func paths() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let custom = shop.directory.appendingPathComponent("custom.sqlite").path
        #expect(try await shop.run(["order", "banana-juice", "--state", custom]).status == 0)
        #expect(FileManager.default.fileExists(atPath: custom))
        #expect(!FileManager.default.fileExists(atPath: shop.statePath.path))
        let viaEnvironment = try await JuiceBinary.run(["stock", "--json"], in: shop.directory, environment: ["JUICE_STATE": custom])
        #expect(viaEnvironment.stdout.contains("\"banana\": 8"))
        let elsewhere = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let recipes = shop.directory.appendingPathComponent("recipes").path
        let viaRecipes = try await JuiceBinary.run(["menu", "--recipes", recipes, "--state", custom], in: elsewhere)
        #expect(viaRecipes.status == 0)
    }
}
