import Foundation
import JuiceTestSupport
import Testing

/// `juice purchase create`, `juice purchase list` and `juice receive --order` through the built binary, in each
/// language (golden transcripts): orders by hand and from a plan's JSON, receiving as ordered and as it came, the
/// differences, refusals changing nothing, undo opening an order again, and a supplier gone from the recipe files.
@Suite("juice purchase and juice receive --order (golden transcripts)")
struct PurchaseCommandTests {
    /// A plan's JSON as `juice plan --service-level P --format json` writes it (the fields kept, and some that are not;
    /// a line's `lineCost` is packs × the pack's price, its `unitCost` what one unit costs; the second order's line has
    /// only a line cost, as a plan edited by hand may).
    static let plan = """
        {"fruits": [], "orders": [
          {"supplier": "garak-market", "name": {"ko": "가락시장 청과", "en": "Garak Market"}, "orderBy": "2099-01-01T14:00",
           "arrives": "2099-01-02", "coversUntil": "2099-01-03", "protectionDays": 2,
           "lines": [{"fruit": "kiwi", "packs": 1, "units": 10, "unitCost": 400, "lineCost": 4000}, {"fruit": "mango", "packs": 2, "units": 12}],
           "total": 4000, "minimum": null, "minimumMet": true, "raised": null},
          {"supplier": "orchard", "orderBy": "2099-01-01", "arrives": "2099-01-03", "coversUntil": "2099-01-05",
           "lines": [{"fruit": "pineapple", "packs": 1, "units": 6, "lineCost": 4200}], "total": 4200, "minimumMet": true}
        ]}
        """

    @Test("orders kept, listed, received as ordered and as they came, refused, undone", arguments: EverydayUseTests.languages)
    func purchaseOrders(language: String, lang: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try shop.addSuppliers()
        try Self.plan.write(to: shop.directory.appendingPathComponent("plan.json"), atomically: true, encoding: .utf8)
        try #"{"orders": [{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": "two", "units": 20}]}]}"#.write(
            to: shop.directory.appendingPathComponent("bad-plan.json"), atomically: true, encoding: .utf8)
        // Edited by hand: 99 kiwis are not one pack of 10.
        try #"{"orders": [{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 1, "units": 99}]}]}"#.write(
            to: shop.directory.appendingPathComponent("edited-plan.json"), atomically: true, encoding: .utf8)
        var transcript = Transcript(shop, lang: lang)
        // The shop's clock is set: the delivery's day is its local date.
        transcript.clock = Transcript.seoulMorning
        try await transcript.run(["purchase", "list"])
        try await transcript.run(["purchase", "create", "kiwi=2"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=2", "mango=1", "--arrives", "2099-01-02"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-markt", "kiwi=1"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=0", "--json"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=1", "--arrives", "2099-02-30"])
        try await transcript.run([
            "purchase", "create", "--supplier", "garak-market", "kiwi=1", "--order-by", "2099-01-05", "--arrives", "2099-01-04",
        ])
        try await transcript.run(["purchase", "create", "--from-plan", "plan.json", "--supplier", "nobody"])
        try await transcript.run(["purchase", "create", "--from-plan", "edited-plan.json"])
        try await transcript.run(["purchase", "create", "--from-plan", "bad-plan.json"])
        try await transcript.run(["purchase", "create", "--from-plan", "-"])
        try await transcript.run(["purchase", "create", "--from-plan", "missing.json"])
        try await transcript.run(["purchase", "create", "--from-plan", "plan.json", "kiwi=1"])
        try await transcript.run(["purchase", "create", "--from-plan", "plan.json", "--json"])
        try await transcript.run(["purchase", "list"])
        try await transcript.run(["receive", "--order", "1"])
        try await transcript.run(["receive", "--order", "1"])
        try await transcript.run(["receive", "--order", "9", "--json"])
        try await transcript.run(["receive", "--order", "2", "--ordered", "kiwi=1"])
        try await transcript.run(["receive", "--order", "2", "kiwi=8", "mango=0", "pineapple=2", "--expires", "2099-03-01", "--json"])
        try await transcript.run(["purchase", "list", "--status", "received", "--json"])
        try await transcript.run(["undo"])
        try await transcript.run(["purchase", "list", "--status", "open"])
        // The supplier leaves the recipe files: its orders stay readable, by id, and are received all the same.
        try shop.removeSuppliers()
        try await transcript.run(["purchase", "list", "--status", "open"])
        try await transcript.run(["receive", "--order", "2"])
        try await transcript.run(["history"])
        try await transcript.run(["report", "--by", "fruit"])
        try transcript.expectGolden("purchases.\(language).txt")
    }

    @Test(
        "kept, with what staff should know: below the minimum, a fruit the files buy elsewhere, the same order twice",
        arguments: EverydayUseTests.languages)
    func notes(language: String, lang: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try shop.addSuppliers()
        var transcript = Transcript(shop, lang: lang)
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=3"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=1", "--arrives", "2099-01-03"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=2", "pineapple=1", "--json"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=2", "pineapple=1"])
        try await transcript.run(["purchase", "create", "--supplier", "garak-market", "kiwi=2", "strawberry=1", "--arrives", "2099-01-02"])
        try transcript.expectGolden("purchase-notes.\(language).txt")
    }

    @Test("a plan's orders are kept all or none: a bad one keeps the others out too")
    func planAllOrNone() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try shop.addSuppliers()
        let plan =
            #"{"orders": [{"supplier": "garak-market", "lines": [{"fruit": "kiwi", "packs": 1, "units": 10}]},"#
            + #"{"supplier": "garak-market", "lines": [{"fruit": "kiwii", "packs": 1, "units": 10}]}]}"#
        try plan.write(to: shop.directory.appendingPathComponent("plan.json"), atomically: true, encoding: .utf8)
        let refused = try await shop.run(["purchase", "create", "--from-plan", "plan.json", "--json"])
        #expect(refused.status == 2)
        let error = try #require((try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "unknown-fruit")
        #expect(error["suggestion"] as? String == "kiwi")
        // Where in the plan file: the second order's first line.
        #expect(error["field"] as? String == "orders[1].lines[0].fruit" && error["file"] as? String == "plan.json")
        #expect((error["message"] as? String)?.hasSuffix("(orders[1].lines[0].fruit in plan.json)") == true, "\(error)")
        let listed = try await shop.run(["purchase", "list", "--json"])
        #expect(try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]).isEmpty)
    }

    @Test("a plan file that is JSON but not a plan (an array, null) is said as such in each language, naming no field")
    func planNotAnObject() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try shop.addSuppliers()
        for (content, english, korean) in [
            ("[]", "the plan file plan.json: expected a JSON object", "계획 파일 plan.json: JSON 객체여야 해요"),
            ("null", "the plan file plan.json holds nothing (null)", "계획 파일 plan.json이(가) 비어 있어요 (null)"),
        ] {
            try content.write(to: shop.directory.appendingPathComponent("plan.json"), atomically: true, encoding: .utf8)
            let en = try await shop.run(["purchase", "create", "--from-plan", "plan.json", "--lang", "en"])
            #expect(en.status == 2 && en.stderr.contains(english), "\(en.stderr)")
            let ko = try await shop.run(["purchase", "create", "--from-plan", "plan.json", "--lang", "ko"])
            #expect(ko.status == 2 && ko.stderr.contains(korean), "\(ko.stderr)")
            #expect(!ko.stderr.contains("the plan"), "no English in the Korean message: \(ko.stderr)")
        }
    }
}

extension ShopSandbox {
    /// Adds a supplier, Garak Market (a minimum order of 10,000 won; and an orchard that sells pineapples), to the
    /// recipes: kiwis in packs of 10 at 4,000 won a pack, mangoes in packs of 6 with no price.
    func addSuppliers() throws {
        let recipes = directory.appendingPathComponent("recipes")
        try """
        version: 1
        suppliers:
          garak-market:
            name: {ko: 가락시장 청과, en: Garak Market}
            lead-time: 1
            minimum: 10000
          orchard:
            name: {ko: 과수원, en: Orchard}
            lead-time: 2
        """.write(to: recipes.appendingPathComponent("suppliers.yaml"), atomically: true, encoding: .utf8)
        let fruits = recipes.appendingPathComponent("fruits.yaml")
        let text = try String(contentsOf: fruits, encoding: .utf8)
            .replacingOccurrences(of: "    emoji: 🥝\n", with: "    emoji: 🥝\n    buy: {supplier: garak-market, pack: 10, price: 4000}\n")
            .replacingOccurrences(of: "    emoji: 🥭\n", with: "    emoji: 🥭\n    buy: {supplier: garak-market, pack: 6}\n")
            .replacingOccurrences(of: "    emoji: 🍍\n", with: "    emoji: 🍍\n    buy: {supplier: orchard, pack: 6, price: 4200}\n")
        try text.write(to: fruits, atomically: true, encoding: .utf8)
    }

    /// Takes the suppliers out of the recipes again.
    func removeSuppliers() throws {
        let recipes = directory.appendingPathComponent("recipes")
        try FileManager.default.removeItem(at: recipes.appendingPathComponent("suppliers.yaml"))
        let fruits = recipes.appendingPathComponent("fruits.yaml")
        let text = try String(contentsOf: fruits, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("buy:") }.joined(separator: "\n")
        try text.write(to: fruits, atomically: true, encoding: .utf8)
    }
}
