import Foundation
import JuiceCore
import JuicePlanning
import JuiceShop
import JuiceTestSupport
import Testing

/// `juice report --chart` from a shop's state: the stock flow (received, used, wasted, unexplained per fruit) and the
/// waste (per fruit, stacked by reason), both languages.
@Suite struct StockFlowChartTests {
    static func entry(
        _ id: Int, _ kind: JournalKind, _ deltas: [FruitID: Int], _ detail: JournalDetail? = nil, juice: JuiceID? = nil
    )
        -> JournalEntry
    {
        JournalEntry(
            id: id, time: "2026-11-0\(id)T09:00:00Z", kind: kind, command: "test", juice: juice, count: juice == nil ? nil : 1, deltas: deltas,
            undoes: nil, undoneBy: nil, detail: detail)
    }

    static let utc = TimeZone(identifier: "UTC") ?? .current

    /// A delivery, an order, three wastes for three reasons and a count that finds two kiwis missing, newest first.
    static let entries = [
        entry(6, .count, ["kiwi": -2], JournalDetail(counts: [CountLine(fruit: "kiwi", expected: 54, counted: 52)])),
        entry(5, .waste, ["kiwi": -1], JournalDetail(reason: .staff)),
        entry(4, .waste, ["mango": -1], JournalDetail(reason: .dropped)),
        entry(3, .waste, ["kiwi": -2], JournalDetail(reason: .spoiled)),
        entry(2, .order, ["kiwi": -3], juice: "kiwi-juice"),
        entry(
            1, .delivery, ["kiwi": 20, "mango": 10],
            JournalDetail(lots: [DeliveryLine(fruit: "kiwi", quantity: 20), DeliveryLine(fruit: "mango", quantity: 10)])),
    ]

    /// The flow of `entries`, with 52 kiwis and 39 mangoes now.
    static let flow = StockFlow(entries: entries, current: ["kiwi": 52, "mango": 39], book: StockFlowTests.book, timeZone: utc)

    static let golden = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuicePlanningTests/Fixtures/golden")

    @Test("the stock flow chart: four bars a fruit, heights in proportion, the unexplained signed above it; golden in both languages")
    func stockFlow() throws {
        let english = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .english)).svg(fruits: Self.flow)
        #expect(english.contains(">Stock flow (since the start)</text>"))
        for word in ["received", "used", "wasted", "unexplained"] { #expect(english.contains(">\(word)</text>")) }
        // Kiwi: received 20, used 3, wasted 3, unexplained 2 (the count's), on ticks up to 20.
        let heights = Self.heights(english)
        #expect(heights.prefix(4).map { ($0 / heights[0] * 20).rounded() } == [20, 3, 3, 2], "\(heights)")
        #expect(english.contains(">+2</text>"))
        #expect(english == (try Golden.expected(for: english, at: Self.golden.appendingPathComponent("stock-flow.en.svg"))))
        let korean = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .korean)).svg(fruits: Self.flow)
        #expect(korean.contains(">재고 흐름 (처음부터)</text>") && korean.contains(">설명 안 됨</text>") && korean.contains(">키위</text>"))
        #expect(korean == (try Golden.expected(for: korean, at: Self.golden.appendingPathComponent("stock-flow.ko.svg"))))
    }

    @Test("the waste chart: a bar a fruit that lost any, stacked by reason; golden in both languages")
    func waste() throws {
        let english = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .english)).svg(waste: Self.flow)
        #expect(Self.heights(english).count == 3, "kiwi: spoiled and staff; mango: dropped")
        #expect(english.contains(">3</text>") && english.contains(">1</text>"), "each bar's total above it")
        #expect(english == (try Golden.expected(for: english, at: Self.golden.appendingPathComponent("waste.en.svg"))))
        let korean = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .korean)).svg(waste: Self.flow)
        #expect(korean.contains(">폐기 (처음부터)</text>"))
        #expect(korean == (try Golden.expected(for: korean, at: Self.golden.appendingPathComponent("waste.ko.svg"))))
    }

    @Test("fruit found that nothing explains: its size in its own colour, −N above it, its own legend entry in both languages")
    func foundStock() {
        // A count then finds 41 mangoes where the journal expected 39: two more than anything explains.
        let count = Self.entry(7, .count, ["mango": 2], JournalDetail(counts: [CountLine(fruit: "mango", expected: 39, counted: 41)]))
        let flow = StockFlow(entries: [count] + Self.entries, current: ["kiwi": 52, "mango": 41], book: StockFlowTests.book, timeZone: Self.utc)
        #expect(flow.fruits.map(\.unexplained) == [2, -2])
        let english = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .english)).svg(fruits: flow)
        #expect(english.contains(">unexplained</text>") && english.contains(">unexplained (found)</text>"))
        #expect(english.contains(">+2</text>") && english.contains(">−2</text>"))
        let found = english.split(separator: "\n").filter { $0.contains("fill=\"#911eb4\"") }
        #expect(found.count == 2, "mango's bar and the legend's swatch")
        #expect(found.first?.contains("height=\"28.6\"") == true, "2 on ticks up to 20, as kiwi's +2")
        let korean = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .korean)).svg(fruits: flow)
        #expect(korean.contains(">설명 안 됨</text>") && korean.contains(">설명 안 됨 (남음)</text>"))
        let plain = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .english)).svg(fruits: Self.flow)
        #expect(!plain.contains("#911eb4") && !plain.contains("(found)"), "no entry for what did not happen")
    }

    @Test("nothing wasted: an empty plot that says so, in the report's words")
    func nothingWasted() {
        let flow = StockFlow(entries: [], current: ["kiwi": 40, "mango": 30], book: StockFlowTests.book, timeZone: Self.utc)
        let english = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .english)).svg(waste: flow)
        #expect(english.contains(">nothing was wasted</text>") && Self.heights(english).isEmpty)
        let korean = StockFlowChart(renderer: StockFlowRenderer(book: StockFlowTests.book, language: .korean)).svg(waste: flow)
        #expect(korean.contains(">폐기 기록이 없어요</text>"))
        let sales = BarChart(
            title: "t", axis: "units", series: [], groups: [.init(label: "a", bars: [.init(segments: [.init(0, 1)])])], note: "empty")
        #expect(!sales.svg.contains("empty"), "the note only when there is nothing to draw")
    }

    @Test("names are escaped")
    func escaped() {
        let chart = BarChart(
            title: "a < b & \"c\"", axis: "units", series: [.init(color: "#000", name: "<x>")],
            groups: [.init(label: "k&k", bars: [.init(segments: [.init(0, 3)])])])
        #expect(chart.svg.contains("a &lt; b &amp; &quot;c&quot;") && chart.svg.contains("&lt;x&gt;") && chart.svg.contains("k&amp;k"))
        #expect(!chart.svg.contains("<x>"))
    }

    /// The heights of the bars (`rect` with a `height` below the chart's own), in order.
    static func heights(_ svg: String) -> [Double] {
        svg.split(separator: "<").filter { $0.hasPrefix("rect x=") && !$0.contains("width=\"14\"") }.compactMap { element in
            guard let start = element.range(of: "height=\"")?.upperBound, let end = element[start...].firstIndex(of: "\"") else { return nil }
            return Double(element[start..<end])
        }
    }
}

/// Receiving differences: what deliveries lacked against what was ordered, apart from what counts find.
@Suite struct ReceivingDifferenceTests {
    @Test("a delivery that says what was ordered gives its shortfall; an undone one, or one that does not say, none")
    func shortfall() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let delivery = { (id: Int, lines: [DeliveryLine], undone: Int?) in
            JournalEntry(
                id: id, time: "2026-11-0\(id)T09:00:00Z", kind: .delivery, command: "test", juice: nil, count: nil,
                deltas: Dictionary(uniqueKeysWithValues: lines.map { ($0.fruit, $0.quantity) }), undoes: nil, undoneBy: undone,
                detail: JournalDetail(lots: lines))
        }
        let flow = StockFlow(
            entries: [
                delivery(3, [DeliveryLine(fruit: "kiwi", quantity: 5, ordered: 40)], 4),
                delivery(2, [DeliveryLine(fruit: "kiwi", quantity: 22, ordered: 20), DeliveryLine(fruit: "mango", quantity: 6)], nil),
                delivery(1, [DeliveryLine(fruit: "kiwi", quantity: 18, ordered: 20), DeliveryLine(fruit: "mango", quantity: 9, ordered: 12)], nil),
            ],
            current: ["kiwi": 85, "mango": 45], book: StockFlowTests.book, timeZone: utc)
        #expect(flow.fruits.map(\.receivingDifference) == [2 - 2, 3], "kiwi: 2 short, then 2 over; mango: 3 short")
        #expect(flow.fruits.map(\.unexplained) == [0, 0], "never on the shelf, so not unexplained")
        let text = StockFlowRenderer(book: StockFlowTests.book, language: .english).render(fruits: flow, as: .text)
        #expect(text.contains("short") && text.contains("short = ordered − received"))
        let json = StockFlowRenderer(book: StockFlowTests.book, language: .korean).render(fruits: flow, as: .json)
        #expect(json.contains("\"receivingDifference\" : 3") || json.contains("\"receivingDifference\": 3"), "\(json)")
        #expect(DeliveryLine(fruit: "kiwi", quantity: 5).shortfall == 0)
    }
}
