import JuiceCore
import JuiceShop

/// The stock flow and the waste as SVG bar charts (`juice report --chart` from a shop's state), labelled in the
/// renderer's language.
package struct StockFlowChart: Sendable {
    /// The renderer whose book, words and language the chart uses.
    package var renderer: StockFlowRenderer

    /// A chart labelled by `renderer`.
    package init(renderer: StockFlowRenderer) { self.renderer = renderer }

    private var ko: Bool { renderer.language == .korean }

    /// Per fruit, four bars: received, used by orders, wasted, and the unexplained part as its size, with the number
    /// above it signed. Fruit gone that nothing explains (+) is one colour; fruit found that nothing explains (−),
    /// where there is any, another, with its own legend entry.
    package func svg(fruits flow: StockFlow) -> String {
        var series: [BarChart.Series] = [
            .init(color: "#4363d8", name: ko ? "입고" : "received"), .init(color: "#3cb44b", name: ko ? "판매 사용" : "used"),
            .init(color: "#f58231", name: ko ? "폐기" : "wasted"), .init(color: "#e6194b", name: ko ? "설명 안 됨" : "unexplained"),
        ]
        if flow.fruits.contains(where: { $0.unexplained < 0 }) {
            series.append(.init(color: "#911eb4", name: ko ? "설명 안 됨 (남음)" : "unexplained (found)"))
        }
        let groups = flow.fruits.map { row in
            BarChart.Group(
                label: renderer.book.displayLabel(of: row.fruit, in: renderer.language),
                bars: [
                    .init(segments: [.init(0, row.received)]), .init(segments: [.init(1, row.used)]),
                    .init(segments: [.init(2, row.wastedTotal)]),
                    .init(
                        segments: [.init(row.unexplained < 0 ? 4 : 3, abs(row.unexplained))],
                        caption: row.unexplained == 0 ? nil : row.unexplained > 0 ? "+\(row.unexplained)" : "−\(-row.unexplained)"),
                ])
        }
        let title = (ko ? "재고 흐름 (" : "Stock flow (") + renderer.periodText(flow) + ")"
        return BarChart(title: title, axis: ko ? "개수" : "units", series: series, groups: groups).svg
    }

    /// Per fruit that lost any, one bar of what was thrown away, stacked by reason; the renderer's words when nothing
    /// was.
    package func svg(waste flow: StockFlow) -> String {
        let colors = ["#e6194b", "#911eb4", "#f58231", "#42d4f4", "#a9a9a9"]
        let text = ShopText(language: renderer.language, book: renderer.book)
        let series = WasteReason.allCases.enumerated().map {
            BarChart.Series(color: colors[$0.offset % colors.count], name: text.word(for: $0.element))
        }
        let groups = flow.fruits.filter { $0.wastedTotal > 0 }.map { row in
            BarChart.Group(
                label: renderer.book.displayLabel(of: row.fruit, in: renderer.language),
                bars: [
                    .init(
                        segments: WasteReason.allCases.enumerated().map { .init($0.offset, row.wasted[$0.element] ?? 0) },
                        caption: "\(row.wastedTotal)")
                ])
        }
        let title = (ko ? "폐기 (" : "Waste (") + renderer.periodText(flow) + ")"
        return BarChart(title: title, axis: ko ? "개수" : "units", series: series, groups: groups, note: renderer.nothingWasted).svg
    }
}
