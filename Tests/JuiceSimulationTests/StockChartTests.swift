import Foundation
import JuiceCore
import JuiceSimulation
import Testing

/// The SVG stock chart: steps for short runs, min/max bands for long ones, readable ticks, words in either language.
@Suite("Stock chart")
struct StockChartTests {
    static let names = ["Strawberry", "Banana", "Pineapple", "Kiwi", "Mango"]

    static func chart(file: String) throws -> StockChart {
        var source = try FileOrders(path: SimulationSupport.fixture(file), menu: SimulationSupport.menu)
        var simulator = Simulator(menu: SimulationSupport.menu, chart: StockChart())
        _ = try simulator.run(&source, stock: SimulationSupport.stock)
        return try #require(simulator.chart)
    }

    @Test("a short run draws every order as a step; pinned by golden files in both languages", arguments: Language.allCases)
    func golden(language: Language) throws {
        let chart = try Self.chart(file: "orders.csv")
        #expect(chart.samples.map(\.order) == [0, 1, 2, 3, 4, 5])
        #expect(!chart.isBanded)
        let names = language == .korean ? ["딸기", "바나나", "파인애플", "키위", "망고"] : Self.names
        let svg = chart.svg(names: names, language: language)
        try SimulationSupport.expectGolden(svg, named: "chart.\(language.rawValue).svg")
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 5)
        #expect(!svg.contains("<polygon"))
        #expect(svg.contains(language == .korean ? ">재고</text>" : ">stock</text>"))
        #expect(svg.contains(language == .korean ? ">주문 번호</text>" : ">order number</text>"))
        #expect(svg.contains(language == .korean ? ">주문 5건 동안의 재고</text>" : ">Stock across 5 orders</text>"))
    }

    @Test("stock is drawn as steps: level until the order that changes it, then straight down")
    func steps() throws {
        let svg = try Self.chart(file: "orders.csv").svg(names: Self.names, language: .english)
        // Strawberry (10) is used up by order 2 (x = 60 + 650 * 2/5 = 320): level to x 320, then down to 0 (y 430).
        let strawberry = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<polyline") })
        #expect(strawberry.contains("points=\"60.0,40.0 190.0,40.0 190.0,40.0 320.0,40.0 320.0,430.0 "))
    }

    @Test("ticks are whole numbers 1, 2 or 5 times a power of ten apart, up to at least the highest value")
    func ticks() throws {
        let svg = try Self.chart(file: "orders.csv").svg(names: Self.names, language: .english)
        for value in [0, 2, 4, 6, 8, 10] { #expect(svg.contains("text-anchor=\"end\">\(value)</text>"), "stock tick \(value)") }
        #expect(!svg.contains(">2.5<") && !svg.contains(">7<"))
        var source = try GeneratedOrders(count: 54, seed: 1, weights: Array(repeating: 1, count: 7))
        var simulator = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 10), chart: StockChart())
        _ = try simulator.run(&source, stock: SimulationSupport.stock.map { $0 * 5 })
        let wide = try #require(simulator.chart).svg(names: Self.names, language: .english)
        for value in [0, 20, 40, 60] { #expect(wide.contains("text-anchor=\"middle\">\(value)</text>"), "order tick \(value)") }
        for value in [0, 20, 40, 60, 80, 100] { #expect(wide.contains("text-anchor=\"end\">\(value)</text>"), "stock tick \(value)") }
    }

    @Test("a long run keeps at most about 2,000 samples, each with the lowest and highest stock of its stretch, drawn as bands")
    func longRun() throws {
        var source = try GeneratedOrders(count: 50_000, seed: 3, weights: Array(repeating: 1, count: 7))
        var simulator = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 100), chart: StockChart())
        let report = try simulator.run(&source, stock: SimulationSupport.stock)
        let chart = try #require(simulator.chart)
        #expect(chart.samples.count <= 2_001)
        #expect(chart.samples.last?.order == 50_000)
        #expect(chart.samples.last?.last == report.finalStock)
        #expect(chart.isBanded)
        for fruit in SimulationSupport.menu.fruits.indices {
            #expect(chart.samples.allSatisfy { $0.low[fruit] <= $0.last[fruit] && $0.last[fruit] <= $0.high[fruit] })
        }
        // The same run's first 1,999 orders, charted exactly: the stretches over them hold the same lowest and highest stock.
        var first = try GeneratedOrders(count: 1_999, seed: 3, weights: Array(repeating: 1, count: 7))
        var exact = Simulator(menu: SimulationSupport.menu, restock: RestockPolicy(every: 100), chart: StockChart())
        _ = try exact.run(&first, stock: SimulationSupport.stock)
        let exactSamples = try #require(exact.chart).samples
        #expect(exactSamples.count == 2_000 && exactSamples.allSatisfy { $0.low == $0.high })
        let stretch = chart.samples[1].order
        let boundary = 1_999 / stretch * stretch
        #expect(stretch > 1 && boundary > 0)
        for fruit in SimulationSupport.menu.fruits.indices {
            let exactValues = exactSamples.filter { (1...boundary).contains($0.order) }.map { $0.last[fruit] }
            let banded = chart.samples.filter { (1...boundary).contains($0.order) }
            #expect(banded.map { $0.low[fruit] }.min() == exactValues.min(), "the lowest points survive sampling")
            #expect(banded.map { $0.high[fruit] }.max() == exactValues.max(), "the highest points survive sampling")
        }
        let svg = chart.svg(names: Self.names, language: .english)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.components(separatedBy: "<polygon").count - 1 == 5)
        #expect(svg.contains(">bands: lowest to highest stock in each stretch</text>"))
        #expect(svg.contains(">Mango</text>"))
        #expect(svg.components(separatedBy: "http://").count == 2, "no external references")
    }
}
