import JuiceCore
import JuiceRecipes
import JuiceYAML
import Testing

/// One name key (`NameKey`) for every look-up and every uniqueness rule: what lints clean orders as it reads.
@Suite("Names and the name key")
struct NameRuleTests {
    static let fruits =
        "version: 1\nfruits:\n  mango: {name: {ko: 망고, en: Mango}}\n  kiwi: {name: {ko: 키위, en: Kiwi}}\n  banana: {name: {ko: 바나나, en: Banana}}\n"
    static let store = "store:\n  stock: {mango: 50, kiwi: 50, banana: 50}\n"

    static func menu(_ juices: String) -> String {
        fruits + "juices:\n" + juices + store
    }

    @Test("an id up to libyaml's 1,024 characters is invalid-id; a longer one is a syntax error whose fix says the key is too long")
    func idsPastLibYAMLsKeyLimit() throws {
        let readable = TestSupport.load("version: 1\nfruits:\n  \(String(repeating: "k", count: 1_000)): {name: {en: K}}\n")
        #expect(TestSupport.rules(readable) == [.invalidID])
        let past = TestSupport.load("version: 1\nfruits:\n  \(String(repeating: "k", count: 2_000)): {name: {en: K}}\n")
        let problem = try #require(past.diagnostics.first)
        #expect(problem.rule == .yamlSyntax)
        #expect(problem.fix == "this key is longer than the 1,024 characters YAML reads in a key (an id holds at most 100): shorten it")
        // An ordinary missing ':' keeps its own hint.
        let ordinary = TestSupport.load("version: 1\nfruits:\n  kiwi\n  mango: {name: {en: M}}\n")
        #expect(ordinary.diagnostics.first?.fix?.contains("1,024") == false)
    }

    @Test("a juice id of dots only is invalid-id: no URL can name it", arguments: ["..", "."])
    func dotOnlyJuiceIDs(id: String) throws {
        let result = TestSupport.load(Self.menu("  \(id):\n    name: {en: Dots}\n    recipe: {mango: 1}\n"))
        let problem = try #require(result.diagnostics.first { $0.rule == .invalidID })
        #expect(problem.message == "juice id '\(id)' is only dots, which a URL cannot name; an id needs a letter or a digit")
        #expect(problem.message(in: .korean) == "쥬스 id '\(id)'은(는) 점으로만 되어 있어서 주소(URL)로 가리킬 수 없어요. 글자나 숫자를 넣으세요")
        #expect(problem.location.line == 7)
    }

    @Test("a fruit id of dots only is invalid-id too")
    func dotOnlyFruitID() throws {
        let result = TestSupport.load("version: 1\nfruits:\n  '...': {name: {en: Dots}}\n")
        let problem = try #require(result.diagnostics.first { $0.rule == .invalidID })
        #expect(problem.message == "fruit id '...' is only dots, which a URL cannot name; an id needs a letter or a digit")
        #expect(problem.location.line == 3)
    }

    @Test("an id of 101 characters is invalid-id, shown shortened, with the limit as its fix; 100 is fine")
    func overLongIDs() throws {
        let long = String(repeating: "k", count: 101)
        let result = TestSupport.load("version: 1\nfruits:\n  \(long): {name: {en: Long}}\n  \(long.dropLast()): {name: {en: Fine}}\n")
        let problems = result.diagnostics.filter { $0.rule == .invalidID }
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.message == "fruit id '\(String(repeating: "k", count: 20))…' is 101 characters long; an id holds at most 100")
        #expect(problem.fix == "shorten it to at most 100 characters")
        #expect(problem.message(in: .korean) == "과일 id '\(String(repeating: "k", count: 20))…'은(는) 101자예요. id는 100자까지 쓸 수 있어요")
        #expect(problem.location.line == 3)
    }

    @Test("an alias that is another juice's id written with '_' is an error at the alias, with a note at the id")
    func aliasMatchingAnotherID() throws {
        let result = TestSupport.load(
            Self.menu(
                """
                  mango-juice:
                    name: {ko: 망고쥬스, en: Mango Juice}
                    aliases: [망고주스, kiwi_juice]
                    recipe: {mango: 2}
                  kiwi-juice:
                    name: {ko: 키위쥬스, en: Kiwi Juice}
                    recipe: {kiwi: 2}

                """))
        let problem = try #require(result.diagnostics.first { $0.rule == .duplicateAlias })
        #expect(problem.severity == .error)
        #expect(problem.location.line == 9 && problem.location.column == 21)
        #expect(
            problem.message
                == "alias 'kiwi_juice' of juice 'mango-juice' is already the id of juice 'kiwi-juice'; names match ignoring case, spaces, '-' and '_'"
        )
        #expect(problem.notes.map { "\($0.location.line):\($0.location.column)" } == ["11:3"])
        #expect(result.errorCount == 1)
    }

    @Test("a juice id that differs from another only by '_' and '-' is an error at the second, with a note at the first")
    func idsMatchingUnderTheKey() throws {
        let result = TestSupport.load(
            Self.menu(
                """
                  banana-juice: {name: {en: Banana Juice}, recipe: {banana: 2}}
                  banana_juice: {name: {en: Big Banana}, recipe: {banana: 3}}
                  kiwi-juice: {name: {en: Kiwi}, recipe: {kiwi: 1}}
                  mango-juice: {name: {en: Mango}, recipe: {mango: 1}}

                """))
        let problem = try #require(result.diagnostics.first { $0.rule == .duplicateName })
        #expect(problem.location.line == 8 && problem.location.column == 3)
        #expect(problem.message.contains("juice id 'banana_juice' is the same name as the id of juice 'banana-juice'"))
        #expect(problem.notes.first?.location.line == 7)
        #expect(result.errorCount == 1)
    }

    @Test("fruits 'Mango' and 'mango' are one name: an error at the second")
    func fruitIDsDifferingInCase() throws {
        let result = TestSupport.load(
            """
            version: 1
            fruits:
              Mango: {name: {en: Big Mango}}
              mango: {name: {en: Small Mango}}
            juices:
              j: {name: {en: J}, recipe: {Mango: 1, mango: 1}}
            store: {stock: {Mango: 5, mango: 5}}

            """)
        let problem = try #require(result.diagnostics.first { $0.rule == .duplicateName })
        #expect(problem.location.line == 4 && problem.location.column == 3)
        #expect(problem.message.contains("fruit id 'mango' is the same name as the id of fruit 'Mango'"))
        #expect(problem.notes.first?.location.line == 3)
    }

    @Test("a fruit whose name is another fruit's id is an error at the name")
    func fruitNameMatchingAnotherID() throws {
        let result = TestSupport.load(
            """
            version: 1
            fruits:
              kiwi: {name: {en: Kiwi}}
              gold: {name: {en: KIWI}}
            juices:
              j: {name: {en: J}, recipe: {kiwi: 1, gold: 1}}
            store: {stock: {kiwi: 5, gold: 5}}

            """)
        let problem = try #require(result.diagnostics.first { $0.rule == .duplicateName })
        #expect(problem.location.line == 4 && problem.location.column == 21)
        #expect(problem.message == "two fruits are named 'KIWI' (it is the id of fruit 'kiwi'); names match ignoring case, spaces, '-' and '_'")
    }

    @Test(
        "a recipe naming a fruit by its Korean or English name, or a typo of either, is told the fruit's id",
        arguments: [("바나나", "banana"), ("Banana", "banana"), ("바나니", "banana"), ("Mangoo", "mango"), ("키위", "kiwi")])
    func recipeFruitSuggestions(written: String, id: String) throws {
        let result = TestSupport.load(Self.menu("  j: {name: {en: J}, recipe: {\(written): 2, mango: 1, kiwi: 1, banana: 1}}\n"))
        let problem = try #require(result.diagnostics.first { $0.rule == .unknownFruit })
        #expect(problem.message == "unknown fruit '\(written)' in juice 'j'; did you mean '\(id)'?")
        #expect(problem.fix == "replace '\(written)' with '\(id)'")
    }

    @Test("stock given under a fruit's Korean name is told the fruit's id")
    func stockFruitSuggestion() throws {
        let result = TestSupport.load(
            Self.fruits
                + "juices:\n  j: {name: {en: J}, recipe: {mango: 1, kiwi: 1, banana: 1}}\nstore:\n  stock: {mango: 5, kiwi: 5, banana: 5, 망고: 3}\n")
        let problem = try #require(result.diagnostics.first { $0.rule == .unknownStockFruit })
        #expect(problem.message == "stock given for unknown fruit '망고'; did you mean 'mango'?")
    }

    @Test("a file that cannot be parsed: what other files say about the names it holds is not reported")
    func unparsedFileSilencesWhatItWouldDefine() throws {
        let orange = RecipeSourceFile(name: "orange.yaml", text: "version: 1\nfruits:\n  orange:\n\tname: {en: Orange}\n")
        let juices = RecipeSourceFile(
            name: "juices.yaml", text: "version: 1\njuices:\n  orange-juice: {name: {en: Orange Juice}, recipe: {orange: 2, kiwi: 1}}\n")
        let store = RecipeSourceFile(name: "store.yaml", text: "version: 1\nstore:\n  stock: {orange: 10}\n")
        let result = RecipeLoader().load(files: [orange, juices, store])
        #expect(TestSupport.rules(result) == [.unknownFruit, .tabIndentation], "\(result.diagnostics)")
        #expect(result.diagnostics.first?.message.contains("'kiwi'") == true, "a fruit the broken file does not name is still unknown")
    }

    @Test(
        "libyaml's syntax messages come with a plain hint",
        arguments: [
            ("version: 1\nfruits:\n  kiwi:\n    name: {en: Kiwi}\n   emoji: x\n", "indentation"),
            ("version: 1\nfruits:\n  kiwi\n  mango: {name: {en: Mango}}\n", "needs a ':'"),
            ("version: 1\nfruits:\n  kiwi: {name: {en: Kiwi}}\n  mango {name: {en: Mango}}\n", "':'"),
            ("version: 1\nfruits: {kiwi: {name: {en: \"Kiwi}}}\n", "quote"),
            ("version: 1\nfruits: {kiwi: {name: {en: Kiwi}}\n", "'{'"),
            ("version: 1\njuices:\n  j: {aliases: [a, b}\n", "'['"),
            ("version: 1\nfruits: a: b\n", "quoted"),
        ])
    func syntaxHints(text: String, hint: String) throws {
        let result = TestSupport.load(text)
        let problem = try #require(result.diagnostics.first { $0.rule == .yamlSyntax }, "\(result.diagnostics)")
        let fix = try #require(problem.fix, "no hint for: \(problem.message)")
        #expect(fix.contains(hint), "\(problem.message) -> \(fix)")
    }

    @Test("a key written without a space after its colon gets a hint")
    func missingSpaceAfterColon() throws {
        let whole = TestSupport.load("version:1\n")
        #expect(whole.diagnostics.first { $0.rule == .wrongType }?.fix == "put a space after the ':' ('key: value')")
        let name = TestSupport.load(Self.menu("  j: {name: {en:Juice}, recipe: {mango: 1, kiwi: 1, banana: 1}}\n"))
        #expect(name.diagnostics.first { $0.rule == .unknownKey }?.fix == "put a space after the ':' ('key: value')")
    }

    // MARK: The property

    /// A small random menu whose juices draw ids, names and aliases from spellings that often match under the key.
    static func randomMenu(seed: UInt64) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let ids = ["kiwi-juice", "kiwi_juice", "Kiwi-Juice", "mango", "mango-kiwi", "MangoKiwi", "banana.split", "b-1", "b1", "망고"]
        let names = ["Kiwi Juice", "kiwi juice", "KIWIJUICE", "Mango", "망고 주스", "망고주스", "Banana", "바나나 스무디", "Cafe\u{301}", "café", "Berry"]
        var text = fruits + "juices:\n"
        var used: Set<String> = []
        for _ in 0..<(2 + next(4)) {
            let id = ids[next(ids.count)]
            guard used.insert(id).inserted else { continue }
            text += "  \"\(id)\":\n    name: {ko: \"\(names[next(names.count)])\", en: \"\(names[next(names.count)])\"}\n"
            if next(2) == 0 { text += "    aliases: [\"\(names[next(names.count)])\"]\n" }
            text += "    recipe: {mango: 1, kiwi: 1, banana: 1}\n"
        }
        return text + store
    }

    @Test("every menu that lints clean orders each juice by each of its ids, names and aliases")
    func cleanMenusOrderByEveryName() throws {
        var clean = 0
        var refused = 0
        for seed in UInt64(0)..<400 {
            let result = TestSupport.load(Self.randomMenu(seed: seed))
            guard !result.hasErrors else {
                refused += 1
                continue
            }
            clean += 1
            try Self.expectEveryNameOrders(result.book)
        }
        #expect(clean > 20 && refused > 20, "the generator must give both clean and refused menus: \(clean) clean, \(refused) refused")
        for files in [DefaultRecipes.files] + RuleID.allCases.flatMap(\.passingExamples).map(\.files) {
            let result = RecipeLoader().load(files: files)
            if !result.hasErrors { try Self.expectEveryNameOrders(result.book) }
        }
    }

    static func expectEveryNameOrders(_ book: RecipeBook, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let finder = JuiceFinder(book: book)
        for juice in book.juices {
            for text in [juice.id.rawValue] + juice.name.all + juice.aliases {
                #expect(try finder.juice(named: text).id == juice.id, "'\(text)' orders \(juice.id)", sourceLocation: sourceLocation)
            }
        }
        for fruit in book.fruits {
            for text in [fruit.id.rawValue] + fruit.name.all {
                #expect(book.fruitID(matching: text) == fruit.id, "'\(text)' is fruit \(fruit.id)", sourceLocation: sourceLocation)
            }
        }
    }
}
