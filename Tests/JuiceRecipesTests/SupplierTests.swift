import JuiceCore
import JuiceRecipes
import Testing

/// The `suppliers` section and a fruit's `buy`: read into the book, each mistake at its line and column.
@Suite("Suppliers and packs")
struct SupplierTests {
    /// A set whose kiwi is bought as `buy` (none when nil), from the suppliers `suppliers` (indented under the
    /// section by the caller).
    static func menu(buy: String? = "{supplier: garak-market, pack: 40, price: 18000}", kiwi: String = "", suppliers: String) -> String {
        """
        version: 1
        suppliers:
        \(suppliers)fruits:
          kiwi:
            name: {ko: 키위, en: Kiwi}
        \(buy.map { "    buy: \($0)\n" } ?? "")\(kiwi)juices:
          kiwi-juice:
            name: {ko: 키위쥬스, en: Kiwi Juice}
            recipe: {kiwi: 3}
        store:
          stock: {kiwi: 10}

        """
    }

    static let garak = """
          garak-market:
            name: {ko: 가락시장 청과, en: Garak Market}
            lead-time: 1
            order-days: [mon, wed, fri]
            minimum: 40000
            cut-off: "14:00"

        """

    static func found(_ result: RecipeLoadResult) -> [String] {
        result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
    }

    @Test("a supplier and a fruit's buy are read into the book; the unit cost follows from price / pack")
    func read() throws {
        let result = TestSupport.load(Self.menu(suppliers: Self.garak))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let supplier = try #require(result.book.supplier("garak-market"))
        #expect(supplier.name == LocalizedName(korean: "가락시장 청과", english: "Garak Market"))
        #expect(supplier.leadTime == 1 && supplier.minimum == 40_000 && supplier.cutOff == 14 * 60)
        #expect(supplier.orderDays == [.monday, .wednesday, .friday])
        let kiwi = try #require(result.book.fruit("kiwi"))
        #expect(kiwi.buy == FruitPurchase(supplier: "garak-market", pack: 40, price: 18_000))
        #expect(kiwi.cost == 450, "18,000 won for 40")
        // Without order-days: every day; without a pack: one unit a pack; a given cost stands.
        let plain = TestSupport.load(
            Self.menu(buy: "{supplier: orchard}", kiwi: "    cost: 500\n", suppliers: "  orchard:\n    name: {en: Orchard}\n    lead-time: 0\n"))
        #expect(plain.diagnostics.isEmpty, "\(plain.diagnostics.map(\.description))")
        #expect(plain.book.supplier("orchard")?.orderDays == Set(Weekday.allCases))
        #expect(plain.book.fruit("kiwi")?.buy?.pack == 1 && plain.book.fruit("kiwi")?.cost == 500)
    }

    @Test("each mistake is found where it was written, with a fix")
    func mistakes() throws {
        let typo = TestSupport.load(Self.menu(buy: "{supplier: garak-markt, pack: 40}", suppliers: Self.garak))
        #expect(Self.found(typo) == ["12:21 unknown-supplier"])
        #expect(typo.diagnostics.first?.message == "fruit 'kiwi' is bought from unknown supplier 'garak-markt'; did you mean 'garak-market'?")
        #expect(typo.diagnostics.first?.fix == "replace 'garak-markt' with 'garak-market'")
        #expect(typo.diagnostics.first?.message(in: .korean) == "과일 'kiwi'을(를) 사는 거래처 'garak-markt'이(가) 없어요. 'garak-market'을(를) 말한 건가요?")

        // A supplier written by its name, whole or in part, in either language: the id it has.
        for written in ["가락시장 청과", "가락시장", "Garak Market"] {
            let byName = TestSupport.load(Self.menu(buy: "{supplier: \(written), pack: 40}", suppliers: Self.garak))
            #expect(byName.diagnostics.first?.fix == "replace '\(written)' with 'garak-market'", "\(written)")
        }
        #expect(
            TestSupport.load(Self.menu(buy: "{supplier: 농장, pack: 40}", suppliers: Self.garak)).diagnostics.first?.fix?.contains("define") == true)
        // A buy that is not a mapping is that one mistake, not also a fruit with no way to buy it.
        let scalar = TestSupport.load(Self.menu(buy: "garak-market", suppliers: Self.garak))
        #expect(Self.found(scalar) == ["12:10 wrong-type"])

        let days = TestSupport.load(Self.menu(suppliers: Self.garak.replacingOccurrences(of: "[mon, wed, fri]", with: "[mon, wednesday, Fri]")))
        #expect(Self.found(days) == ["6:23 unknown-weekday", "6:34 unknown-weekday"])
        #expect(days.diagnostics.first?.fix == "replace 'wednesday' with 'wed'")
        #expect(days.diagnostics.last?.fix == "replace 'Fri' with 'fri'")

        let none = TestSupport.load(Self.menu(suppliers: Self.garak.replacingOccurrences(of: "[mon, wed, fri]", with: "[]")))
        #expect(Self.found(none) == ["6:17 no-order-day"])

        let cutOff = TestSupport.load(Self.menu(suppliers: Self.garak.replacingOccurrences(of: "\"14:00\"", with: "\"2pm\"")))
        #expect(Self.found(cutOff) == ["8:14 wrong-type"])
        #expect(cutOff.diagnostics.first?.message == "expected a time of day such as \"14:00\" for the cut-off of supplier 'garak-market', got '2pm'")

        let noLeadTime = TestSupport.load(Self.menu(suppliers: "  orchard:\n    name: {en: Orchard}\n"))
        #expect(Self.found(noLeadTime).contains("3:3 missing-field"))
        #expect(noLeadTime.diagnostics.first?.message == "supplier 'orchard' has no 'lead-time'")

        let noSupplier = TestSupport.load(Self.menu(buy: "{pack: 10}", suppliers: Self.garak))
        #expect(Self.found(noSupplier).contains("12:10 missing-field"))

        let badPack = TestSupport.load(Self.menu(buy: "{supplier: garak-market, pack: 0}", suppliers: Self.garak))
        #expect(Self.found(badPack) == ["12:41 invalid-quantity"])

        let spoiled = TestSupport.load(Self.menu(kiwi: "    shelf-life: 0\n", suppliers: Self.garak))
        #expect(Self.found(spoiled).contains { $0.hasSuffix("invalid-quantity") })
        let late = TestSupport.load(
            Self.menu(kiwi: "    shelf-life: 2\n", suppliers: Self.garak.replacingOccurrences(of: "lead-time: 1", with: "lead-time: 3")))
        #expect(Self.found(late) == ["12:21 arrives-spoiled"])
        #expect(late.diagnostics.first?.notes.first?.location.line == 5, "the note points at the lead time")

        // 10 kiwis at most (capacity 10) at 450 won: 4,500 won can never reach 40,000.
        let small = TestSupport.load(
            Self.menu(suppliers: Self.garak).replacingOccurrences(of: "  stock: {kiwi: 10}", with: "  capacity: 10\n  stock: {kiwi: 10}"))
        #expect(Self.found(small) == ["7:14 unreachable-minimum"])
        #expect(
            small.diagnostics.first?.message
                == "the minimum order of supplier 'garak-market' is 40000, but a full store of its fruits costs only 4500")

        let unbought = TestSupport.load(Self.menu(buy: nil, suppliers: Self.garak))
        #expect(Self.found(unbought) == ["10:3 no-way-to-buy"])
        #expect(unbought.diagnostics.first?.severity == .warning)

        let mismatch = TestSupport.load(Self.menu(kiwi: "    cost: 400\n", suppliers: Self.garak))
        #expect(Self.found(mismatch) == ["13:11 pack-cost-mismatch"])
        #expect(mismatch.diagnostics.first?.message == "fruit 'kiwi' costs 400 a unit, but its pack of 40 costs 18000 (450 a unit)")
        #expect(mismatch.diagnostics.first?.fix == "write 'cost: 450', or leave 'cost' out to take it from the pack")
    }

    @Test("a supplier defined in two files is reported where it is defined again")
    func definedTwice() {
        let result = RecipeLoader().load(files: [
            RecipeSourceFile(name: "a.yaml", text: Self.menu(suppliers: Self.garak)),
            RecipeSourceFile(name: "b.yaml", text: "version: 1\nsuppliers:\n  garak-market:\n    name: {en: Garak}\n    lead-time: 2\n"),
        ])
        #expect(result.diagnostics.map { "\($0.location.file):\($0.location.line) \($0.rule.rawValue)" } == ["b.yaml:3 duplicate-id"])
        #expect(result.book.supplier("garak-market")?.leadTime == 1, "the first definition stands")
    }
}
