import Foundation
import JuiceCore
import JuiceRecipes
import Testing

/// A fruit's `cost` and `shelf-life`: read, checked as `price` is, and `price-below-cost`.
@Suite("Fruit cost and shelf life")
struct FruitCostTests {
    /// A clean set: kiwi (`kiwiFields` under it, each line indented by the caller) and banana, a juice of both at
    /// `price` (none when nil).
    static func menu(kiwiFields: String = "", bananaFields: String = "", price: String? = nil, recipe: String = "{kiwi: 2, banana: 1}") -> String {
        """
        version: 1
        fruits:
          kiwi:
            name: {ko: 키위, en: Kiwi}
        \(kiwiFields)  banana:
            name: {ko: 바나나, en: Banana}
        \(bananaFields)juices:
          kiwi-banana:
            name: {ko: 키바쥬스, en: Kiwi-Banana Juice}
        \(price.map { "    price: \($0)\n" } ?? "")    recipe: \(recipe)
        store:
          stock: {kiwi: 10, banana: 10}

        """
    }

    /// The diagnostics of `result`, as "line:column rule", but for the stock and use warnings of small examples.
    static func found(_ result: RecipeLoadResult) -> [String] {
        relevant(result).map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
    }

    /// The diagnostics of `result` other than `missing-stock` and `unused-fruit`.
    static func relevant(_ result: RecipeLoadResult) -> [Diagnostic] {
        result.diagnostics.filter { $0.rule != .missingStock && $0.rule != .unusedFruit }
    }

    @Test("cost and shelf-life are read into the fruit; a fruit without them has neither")
    func read() throws {
        let result = TestSupport.load(Self.menu(kiwiFields: "    cost: 300\n    shelf-life: 3\n"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let kiwi = try #require(result.book.fruit("kiwi"))
        #expect(kiwi.cost == 300)
        #expect(kiwi.shelfLife == 3)
        let banana = try #require(result.book.fruit("banana"))
        #expect(banana.cost == nil)
        #expect(banana.shelfLife == nil)
        let free = TestSupport.load(Self.menu(kiwiFields: "    cost: 0\n    shelf-life: 1\n"))
        #expect(free.diagnostics.isEmpty)
        #expect(free.book.fruit("kiwi")?.cost == 0)
        #expect(free.book.fruit("kiwi")?.shelfLife == 1)
        let flow = TestSupport.load("version: 1\nfruits:\n  kiwi: {name: {en: Kiwi}, cost: 1000000000, shelf-life: 1000000000}\n")
        #expect(
            flow.book.fruit("kiwi")
                == Fruit(id: "kiwi", name: LocalizedName(korean: nil, english: "Kiwi"), cost: 1_000_000_000, shelfLife: 1_000_000_000))
    }

    /// Values that are not a valid price; a cost written so is refused exactly as a price is.
    static let badNumbers = [
        "-1", "2.5", "\"300\"", "'300'", "300원", "1000000001", "123456789012345678901234567890", "[300]", "{a: 1}", "~", "true", "1_000",
        "1:30", "0b11", "no", ".nan",
    ]

    @Test("a bad cost gets the rule, column, finding and fix a bad price gets", arguments: badNumbers)
    func costLikePrice(value: String) throws {
        let price = TestSupport.load("version: 1\njuices:\n  j:\n    name: {en: J}\n    price: \(value)\n    recipe: {}\n")
        let cost = TestSupport.load("version: 1\nfruits:\n  kiwi:\n    name: {en: Kiwi}\n    cost: \(value)\n")
        let priceProblem = try #require(price.diagnostics.first { $0.location.line == 5 })
        let costProblem = try #require(cost.diagnostics.first { $0.location.line == 5 }, "no diagnostic for cost: \(value)")
        #expect(costProblem.rule == priceProblem.rule)
        #expect(costProblem.location.column == 11 && priceProblem.location.column == 12, "at the value")
        #expect(costProblem.length == priceProblem.length)
        #expect(costProblem.suggestedFix == priceProblem.suggestedFix)
        #expect(costProblem.message == priceProblem.message.replacing("price of juice 'j'", with: "cost of fruit 'kiwi'"))
        #expect(cost.book.fruit("kiwi")?.cost == nil, "a bad cost is left out")
    }

    @Test("a shelf life is at least 1 day, and otherwise checked as a recipe amount is")
    func shelfLife() throws {
        let zero = TestSupport.load("version: 1\nfruits:\n  kiwi:\n    name: {en: Kiwi}\n    shelf-life: 0\n")
        let problem = try #require(Self.relevant(zero).first)
        #expect(Self.found(zero) == ["5:17 invalid-quantity"])
        #expect(problem.message == "the shelf life of fruit 'kiwi' is zero (0); it must be at least 1")
        #expect(problem.message(in: .korean) == "과일 'kiwi'의 보관 기간이 0이에요. 1 이상이어야 해요")
        #expect(zero.book.fruit("kiwi")?.shelfLife == nil)
        for (value, rule) in [("-3", RuleID.invalidQuantity), ("1.5", .invalidQuantity), ("\"3\"", .wrongType), ("3 days", .wrongType)] {
            let result = TestSupport.load("version: 1\nfruits:\n  kiwi: {name: {en: Kiwi}, shelf-life: \(value)}\n")
            #expect(Self.found(result) == ["3:40 \(rule.rawValue)"], "shelf-life: \(value)")
        }
        let octal = TestSupport.load("version: 1\nfruits:\n  kiwi: {name: {en: Kiwi}, shelf-life: 010}\n")
        #expect(Self.found(octal) == ["3:40 yaml11-ambiguity"], "read as 10 with a warning, as every number is")
        #expect(octal.book.fruit("kiwi")?.shelfLife == 10)
    }

    @Test(
        "a misspelt key suggests cost or shelf-life, and the allowed keys list them",
        arguments: [("shelf_life", "shelf-life"), ("shelflife", "shelf-life"), ("shelf-live", "shelf-life"), ("costs", "cost"), ("cots", "cost")])
    func unknownKey(written: String, meant: String) throws {
        let result = TestSupport.load("version: 1\nfruits:\n  kiwi:\n    name: {en: Kiwi}\n    \(written): 3\n")
        let problem = try #require(Self.relevant(result).first)
        #expect(Self.found(result) == ["5:5 unknown-key"])
        #expect(problem.message == "unknown key '\(written)' in fruit 'kiwi'; did you mean '\(meant)'?")
        #expect(problem.fix == "rename '\(written)' to '\(meant)'")
        let far = TestSupport.load("version: 1\nfruits:\n  kiwi:\n    name: {en: Kiwi}\n    colour: green\n")
        #expect(
            Self.relevant(far).first?.message == "unknown key 'colour' in fruit 'kiwi'; expected one of 'name', 'emoji', 'cost', 'shelf-life', 'buy'")
        #expect(KeyPlace.entry(RecipeEntry(.fruit, "kiwi")).allowed == ["name", "emoji", "cost", "shelf-life", "buy"])
        #expect(!KeyPlace.entry(RecipeEntry(.juice, "j")).allowed.contains("cost"), "a juice has no cost of its own")
    }

    // MARK: price-below-cost

    @Test("a price below the fruits' cost is a warning at the price, naming the cost and the costliest fruits")
    func priceBelowCost() throws {
        let result = TestSupport.load(Self.menu(kiwiFields: "    cost: 700\n", bananaFields: "    cost: 500\n", price: "1500"))
        #expect(Self.found(result) == ["12:12 price-below-cost"])
        let problem = try #require(result.diagnostics.first)
        #expect(problem.severity == .warning)
        #expect(problem.length == 4, "the price is underlined")
        #expect(
            problem.message
                == "juice 'kiwi-banana' sells for 1500, below the 1900 its fruits cost ('kiwi' 2 × 700 = 1400, 'banana' 1 × 500 = 500)")
        #expect(problem.message(in: .korean) == "쥬스 'kiwi-banana'의 가격 1500이(가) 과일 원가 1900보다 낮아요 ('kiwi' 2 × 700 = 1400, 'banana' 1 × 500 = 500)")
        #expect(problem.fix == "raise the price above 1900, or check the costs of 'kiwi', 'banana'")
        #expect(problem.fix(in: .korean) == "가격을 1900보다 높이거나 'kiwi', 'banana'의 원가를 확인하세요")
        #expect(problem.notes.map(\.location.line) == [5, 8], "a note at each fruit's cost, costliest first")
        #expect(problem.notes.map(\.location.column) == [11, 11])
        #expect(problem.notes.first?.message == "'kiwi' costs 700 a unit; the juice takes 2")
        #expect(problem.notes.first?.message(in: .korean) == "'kiwi'은(는) 하나에 700이고, 이 쥬스에 2개 들어가요")
        #expect(result.errorCount == 0, "a warning: the set is still usable")
        #expect(result.book.juice("kiwi-banana")?.price == 1500)
    }

    @Test("a cost from the pack price counts as a written one: the warning, its note at the pack's price")
    func priceBelowPackCost() throws {
        let text = """
            version: 1
            suppliers:
              garak-market:
                name: {ko: 가락시장 청과, en: Garak Market}
            fruits:
              strawberry:
                name: {ko: 딸기, en: Strawberry}
                buy: {supplier: garak-market, pack: 40, price: 18000}
            juices:
              strawberry-juice:
                name: {ko: 딸기쥬스, en: Strawberry Juice}
                price: 5500
                recipe: {strawberry: 16}
            store:
              stock: {strawberry: 20}

            """
        let result = TestSupport.load(text)
        let problem = try #require(result.diagnostics.first { $0.rule == .priceBelowCost }, "\(result.diagnostics.map(\.description))")
        #expect(problem.message.contains("below the 7200 its fruits cost"), "16 × 450 (18000 / 40)")
        #expect(problem.notes.map(\.location.line) == [8], "the note points at the buy line, where the price is")
        #expect(problem.notes.first?.message == "'strawberry' costs 450 a unit (a pack of 40 for 18000); the juice takes 16")
        #expect(problem.notes.first?.message(in: .korean) == "'strawberry'은(는) 40개 한 묶음에 18000이라 하나에 450이고, 이 쥬스에 16개 들어가요")
        #expect(result.book.fruit("strawberry")?.cost == 450, "the book counts the same cost")
        let raised = TestSupport.load(text.replacingOccurrences(of: "price: 5500", with: "price: 7201"))
        #expect(!raised.diagnostics.contains { $0.rule == .priceBelowCost })
    }

    @Test("a price equal to the cost earns nothing: reported; a price one above it is not")
    func priceEqualToCost() throws {
        let equal = TestSupport.load(Self.menu(kiwiFields: "    cost: 700\n", bananaFields: "    cost: 500\n", price: "1900"))
        let problem = try #require(equal.diagnostics.first)
        #expect(problem.rule == .priceBelowCost)
        #expect(
            problem.message
                == "juice 'kiwi-banana' sells for 1900, exactly what its fruits cost ('kiwi' 2 × 700 = 1400, 'banana' 1 × 500 = 500); it earns nothing on them"
        )
        #expect(problem.message(in: .korean).contains("과일 원가와 같아서 남는 게 없어요"))
        let above = TestSupport.load(Self.menu(kiwiFields: "    cost: 700\n", bananaFields: "    cost: 500\n", price: "1901"))
        #expect(above.diagnostics.isEmpty, "\(above.diagnostics.map(\.description))")
    }

    @Test("nothing is said without a price, without every fruit's cost, or when the fruits cost nothing")
    func silentWhenUnknown() {
        let cases = [
            Self.menu(kiwiFields: "    cost: 700\n", bananaFields: "    cost: 500\n"),
            Self.menu(kiwiFields: "    cost: 700\n", price: "100"),
            Self.menu(kiwiFields: "    cost: 0\n", bananaFields: "    cost: 0\n", price: "0"),
        ]
        for text in cases {
            let result = TestSupport.load(text)
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        }
        let free = TestSupport.load(Self.menu(kiwiFields: "    cost: 0\n", bananaFields: "    cost: 1\n", price: "0"))
        #expect(Self.found(free) == ["12:12 price-below-cost"], "a free juice whose fruits cost something loses money")
    }

    @Test("a recipe with an error is not priced: an unknown fruit, or an amount that could not be read")
    func silentOnBrokenRecipes() {
        let costs = (kiwi: "    cost: 700\n", banana: "    cost: 500\n")
        let unknown = TestSupport.load(Self.menu(kiwiFields: costs.kiwi, bananaFields: costs.banana, price: "100", recipe: "{kiwi: 2, mango: 1}"))
        #expect(Self.found(unknown) == ["13:23 unknown-fruit"])
        let unreadable = TestSupport.load(Self.menu(kiwiFields: costs.kiwi, bananaFields: costs.banana, price: "100", recipe: "{kiwi: 2, banana: 0}"))
        #expect(Self.found(unreadable) == ["13:31 invalid-quantity"])
        let badPrice = TestSupport.load(Self.menu(kiwiFields: costs.kiwi, bananaFields: costs.banana, price: "-1"))
        #expect(Self.found(badPrice) == ["12:12 invalid-quantity"])
    }

    @Test("costs in another file: the notes point there; more than three fruits: the three costliest and how many more")
    func manyFruitsAcrossFiles() throws {
        let fruits = RecipeSourceFile(
            name: "fruits.yaml",
            text: """
                version: 1
                fruits:
                  a: {name: {en: A}, cost: 10}
                  b: {name: {en: B}, cost: 200}
                  c: {name: {en: C}, cost: 30}
                  d: {name: {en: D}, cost: 30}
                  e: {name: {en: E}, cost: 5}
                store:
                  stock: {a: 9, b: 9, c: 9, d: 9, e: 9}

                """)
        let juices = RecipeSourceFile(
            name: "juices.yaml", text: "version: 1\njuices:\n  mix: {name: {en: Mix}, price: 250, recipe: {a: 1, b: 1, c: 1, d: 1, e: 1}}\n")
        let result = RecipeLoader().load(files: [fruits, juices])
        let problem = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.description) == [problem.description])
        #expect(problem.location.description == "juices.yaml:3:33")
        #expect(
            problem.message
                == "juice 'mix' sells for 250, below the 275 its fruits cost ('b' 1 × 200 = 200, 'c' 1 × 30 = 30, 'd' 1 × 30 = 30, and 2 more)")
        #expect(problem.message(in: .korean).hasSuffix("('b' 1 × 200 = 200, 'c' 1 × 30 = 30, 'd' 1 × 30 = 30, 외 2개)"))
        #expect(problem.notes.map(\.location.description) == ["fruits.yaml:4:28", "fruits.yaml:5:28", "fruits.yaml:6:28"])
        #expect(problem.fix == "raise the price above 275, or check the costs of 'b', 'c', 'd'")
    }

    @Test("the rule can be turned off like any other")
    func turnedOff() {
        let result = TestSupport.load(Self.menu(kiwiFields: "    cost: 700\n", bananaFields: "    cost: 500\n", price: "1500"))
        var rules = RuleConfiguration()
        rules.set(.priceBelowCost, to: .off)
        #expect(rules.applied(to: result).diagnostics.isEmpty)
    }
}
