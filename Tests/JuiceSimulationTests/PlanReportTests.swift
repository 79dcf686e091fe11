import Foundation
import JuiceCore
import JuiceSimulation
import Testing

/// What `juice plan` prints, in both languages.
@Suite("Plan report")
struct PlanReportTests {
    @Test("a batch that needs buying: what to buy and which orders fail, pinned by golden files", arguments: Language.allCases)
    func golden(language: Language) throws {
        let report = try SimulationSupport.run(file: "orders.csv")
        let text = ReportRenderer(book: SimulationSupport.book, language: language).plan(report, menu: SimulationSupport.menu, source: "orders.csv")
        try SimulationSupport.expectGolden(text, named: "plan.\(language.rawValue).text")
    }

    @Test(
        "yes: one order is 'the 1 order', more are 'all N orders'",
        arguments: [
            (1, Language.english, "yes: today's stock serves the 1 order.\n"),
            (3, .english, "yes: today's stock serves all 3 orders.\n"),
            (1, .korean, "네: 지금 재고로 주문 1건을 모두 만들 수 있어요.\n"),
        ])
    func yes(orders: Int, language: Language, expected: String) throws {
        var source = try GeneratedOrders(count: orders, seed: 1, weights: [0, 1, 0, 0, 0, 0, 0])
        var simulator = Simulator(menu: SimulationSupport.menu)
        let report = try simulator.run(&source, stock: SimulationSupport.stock)
        #expect(
            ReportRenderer(book: SimulationSupport.book, language: language).plan(report, menu: SimulationSupport.menu, source: "x.csv") == expected)
    }

    @Test("the text report's first line counts orders in good English: 1 order, 2 orders")
    func headline() throws {
        var source = try GeneratedOrders(count: 1, seed: 1, weights: [0, 1, 0, 0, 0, 0, 0])
        var simulator = Simulator(menu: SimulationSupport.menu)
        let report = try simulator.run(&source, stock: SimulationSupport.stock)
        #expect(
            ReportRenderer(book: SimulationSupport.book, language: .english).render(report, as: .text).hasPrefix("1 order: 1 served, 0 refused\n"))
        #expect(ReportRenderer(book: SimulationSupport.book, language: .korean).render(report, as: .text).hasPrefix("주문 1건: 1건 완료, 0건 거절\n"))
    }
}
