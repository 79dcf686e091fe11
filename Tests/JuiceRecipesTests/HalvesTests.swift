import JuiceRecipes
import JuiceYAML
import Testing

/// A large file is read in two halves at once; what comes out must be exactly what one pass gives, and the halves
/// must be used whenever they can be (else the speed-up silently disappears).
@Suite struct HalvesTests {
    /// A menu of `juices` juices over 6 fruits; juice `i`'s block is `juice(i)` unless `replacing` gives another.
    static func menu(
        juices: Int, lineEnd: String = "\n", before: String = "", after: String = "", storeFirst: Bool = false,
        replacing: [Int: String] = [:]
    ) -> String {
        let fruits = (0..<6).map { "  fruit-\($0):\n    name: {ko: 과일\($0), en: Fruit \($0)}\n    emoji: 🍓\n" }.joined()
        let store = "store:\n  capacity: 100\n  stock: {fruit-0: 10, fruit-1: 10, fruit-2: 10, fruit-3: 10, fruit-4: 10, fruit-5: 10}\n"
        var text = "version: 1\n" + (storeFirst ? store : "") + "fruits:\n" + fruits + before + "juices:\n"
        for index in 0..<juices { text += replacing[index] ?? juice(index) }
        text += after + (storeFirst ? "" : store)
        return lineEnd == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineEnd)
    }

    /// A plain juice block.
    static func juice(_ index: Int, id: String? = nil, english: String? = nil, recipe: String? = nil) -> String {
        "  \(id ?? "juice-\(index)"):\n    name: {ko: 쥬스\(index), en: \(english ?? "Juice \(index)")}\n"
            + (index % 4 == 0 ? "    aliases: [주스\(index)]\n" : "")
            + "    price: \(3000 + index)\n    recipe: {\(recipe ?? "fruit-\(index % 6): \(index % 3 + 1), fruit-\((index + 1) % 6): 1")}\n"
    }

    /// Loads `text` in halves (whatever its size) and in one pass, and checks that both give the same book and
    /// diagnostics, and whether the halves were used.
    static func expectSame(_ text: String, halved: Bool, limits: YAMLLimits = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var split = RecipeLoader(limits: limits)
        split.halving = .always
        var whole = RecipeLoader(limits: limits)
        whole.halving = .never
        let inHalves = split.load(text: text, name: "menu.yaml")
        let inOnePass = whole.load(text: text, name: "menu.yaml")
        #expect(inHalves.filesReadInHalves == (halved ? 1 : 0), "read in halves", sourceLocation: sourceLocation)
        #expect(inOnePass.filesReadInHalves == 0, sourceLocation: sourceLocation)
        #expect(inHalves.diagnostics == inOnePass.diagnostics, sourceLocation: sourceLocation)
        #expect(inHalves.book == inOnePass.book, sourceLocation: sourceLocation)
    }

    @Test("a clean menu is read in halves, into the same book as one pass")
    func cleanMenu() {
        let text = Self.menu(juices: 40)
        Self.expectSame(text, halved: true)
        var loader = RecipeLoader()
        loader.halving = .always
        let result = loader.load(text: text, name: "menu.yaml")
        #expect(result.diagnostics.isEmpty)
        #expect(result.book.juices.map(\.id.rawValue) == (0..<40).map { "juice-\($0)" })
    }

    @Test("the fixture menu (also a fuzzing seed) is read in halves, with its problems where one pass finds them")
    func fixture() throws {
        let text = String(decoding: try TestSupport.fixture("halves/menu.yaml"), as: UTF8.self)
        Self.expectSame(text, halved: true)
        let lines = TestSupport.load(text).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
        #expect(lines == ["176:26 duplicate-name", "178:26 unknown-fruit", "187:14 exceeds-initial-stock"])
    }

    @Test("the other fixture menus (fuzzing seeds too) are read in halves, cleanly", arguments: ["halves/clean.yaml", "halves/sections.yaml"])
    func fixtures(path: String) throws {
        let text = String(decoding: try TestSupport.fixture(path), as: UTF8.self)
        Self.expectSame(text, halved: true)
        #expect(TestSupport.load(text).diagnostics.isEmpty)
    }

    @Test("CR LF line ends, comments and blank lines between the entries, a byte order mark: still in halves")
    func layout() {
        Self.expectSame(Self.menu(juices: 40, lineEnd: "\r\n"), halved: true)
        let commented = (0..<40).reduce(into: [Int: String]()) { blocks, index in blocks[index] = "\n  # juice \(index)\n\n" + Self.juice(index) }
        Self.expectSame(Self.menu(juices: 40, replacing: commented), halved: true)
        Self.expectSame("\u{FEFF}" + Self.menu(juices: 40), halved: true)
    }

    @Test("sections after 'juices' land in the second half and still merge")
    func sectionsInTheSecondHalf() {
        // The fruits after the juices, the store before them.
        let moved = Self.menu(juices: 40, storeFirst: true)
        let fruitsStart = moved.range(of: "fruits:\n")!
        let juicesStart = moved.range(of: "juices:\n")!
        let fruits = String(moved[fruitsStart.lowerBound..<juicesStart.lowerBound])
        let reordered = moved.replacingOccurrences(of: fruits, with: "") + fruits
        Self.expectSame(reordered, halved: true)
    }

    @Test("problems found only when the halves are joined come out as in one pass, at the right lines")
    func problemsFoundAfterJoining() {
        // An unknown fruit and an amount above the stock in the second half, a name two juices share across the halves.
        let text = Self.menu(juices: 40, replacing: [
            3: Self.juice(3, english: "Shared Name"),
            35: Self.juice(35, english: "Shared Name", recipe: "fruit-1: 1, frut-2: 1"),
            37: Self.juice(37, recipe: "fruit-4: 12"),
        ])
        Self.expectSame(text, halved: true)
        let rules = Set(TestSupport.load(text).diagnostics.map(\.rule))
        #expect(rules == [.unknownFruit, .duplicateName, .exceedsInitialStock])
        // A lone CR ends a line in the first half: the second half's lines still count it.
        let lone = Self.menu(juices: 40, replacing: [37: Self.juice(37, recipe: "fruit-4: 12")])
            .replacingOccurrences(of: "    price: 3002\n", with: "    price: 3002\r")
        Self.expectSame(lone, halved: true)
    }

    @Test("lone CRs and CR LFs before the cut, at every offset in a word, still number the second half's lines right")
    func carriageReturns() {
        // A problem in the second half shows whether its lines are numbered as one pass numbers them.
        let base = Self.menu(juices: 40, replacing: [37: Self.juice(37, recipe: "fruit-4: 12")])
        let fruitsEnd = base.range(of: "juices:\n")!.lowerBound
        for step in 1...9 {
            // Every `step`-th line break of the fruits section becomes a lone CR; the rest of the file uses CR LF.
            var breaks = 0
            let fruits = String(base[..<fruitsEnd]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var head = ""
            for (index, line) in fruits.enumerated() where index < fruits.count - 1 {
                breaks += 1
                head += line + (breaks % step == 0 ? "\r" : "\r\n")
            }
            let tail = String(base[fruitsEnd...]).replacingOccurrences(of: "\n", with: "\r\n")
            Self.expectSame(head + tail, halved: true)
        }
    }

    @Test("what one pass would refuse, or read differently, makes the halves give way to one pass")
    func fallBack() {
        // A juice id in both halves (one pass: a duplicate key).
        Self.expectSame(Self.menu(juices: 40, replacing: [36: Self.juice(36, id: "juice-2")]), halved: false)
        // A top-level key in both halves.
        Self.expectSame(Self.menu(juices: 40, before: "store: {capacity: 5}\n"), halved: false)
        // The version after the juices: the first half alone has none.
        Self.expectSame(Self.menu(juices: 40).replacingOccurrences(of: "version: 1\n", with: "") + "version: 1\n", halved: false)
        // A problem the reader reports, and a syntax error, in the second half.
        Self.expectSame(Self.menu(juices: 40, replacing: [36: Self.juice(36).replacingOccurrences(of: "price", with: "prise")]), halved: false)
        Self.expectSame(Self.menu(juices: 40, replacing: [36: "  juice-36: {name: [\n"]), halved: false)
        // A NEL in the second half (whose lines only the whole file can number).
        Self.expectSame(Self.menu(juices: 40, replacing: [36: Self.juice(36, english: "Juice\u{85}36")]), halved: false)
    }

    @Test("a quoted value spanning the middle, with lines that look like entries, is never cut")
    func quotedValueAcrossTheMiddle() {
        let lines = (0..<200).map { "  juice-fake-\($0): not an entry" }.joined(separator: "\n")
        let text = Self.menu(juices: 10, replacing: [5: "  juice-5:\n    name: {ko: \"쥬스\n\(lines)\", en: Juice 5}\n    recipe: {fruit-0: 1}\n"])
        Self.expectSame(text, halved: false)
        #expect(TestSupport.load(text).book.juices.count == 10)
    }

    @Test("no cut without a block 'juices' section whose entries go on past the middle")
    func noCut() {
        Self.expectSame(Self.menu(juices: 40).replacingOccurrences(of: "juices:\n", with: "\"juices\":\n"), halved: false)
        Self.expectSame(Self.menu(juices: 2, after: "extra:\n" + String(repeating: "  # filler\n", count: 100)), halved: false)
        Self.expectSame(Self.menu(juices: 40).replacingOccurrences(of: "\n", with: "\r"), halved: false)
    }

    @Test("ids outside the simple characters are checked across the halves by their bytes")
    func unusualIDs() {
        let ids = (0..<40).reduce(into: [Int: String]()) { blocks, index in blocks[index] = Self.juice(index, id: "jus-café-\(index)") }
        Self.expectSame(Self.menu(juices: 40, replacing: ids), halved: true)
        var repeated = ids
        repeated[36] = Self.juice(36, id: "jus-café-2")
        Self.expectSame(Self.menu(juices: 40, replacing: repeated), halved: false)
    }

    @Test("the node limit counts the nodes of both halves, as one file")
    func nodeLimit() throws {
        let text = Self.menu(juices: 40)
        let nodes = try #require(YAMLParser().parse(text, file: "menu.yaml").document?.nodeCount)
        Self.expectSame(text, halved: true, limits: YAMLLimits(maxNodes: nodes))
        Self.expectSame(text, halved: false, limits: YAMLLimits(maxNodes: nodes - 1))
    }

    @Test("a second half of many juices is joined chunk by chunk, fruits renumbered, names indexed")
    func manyJuices() {
        // Fruits first named in the second half, and a name shared between the last juice and the first.
        let count = 12_000
        let text = Self.menu(juices: count, replacing: [
            count - 1: Self.juice(count - 1, english: "Juice 0"),
            count - 2: Self.juice(count - 2, recipe: "fruit-5: 1, fruit-3: 2"),
        ])
        Self.expectSame(text, halved: true)
    }
}
