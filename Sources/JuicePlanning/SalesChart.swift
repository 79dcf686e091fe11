import JuiceCore
import JuiceSimulation

/// A sales report as a self-contained SVG bar chart: each row's units served and refused stacked, the labels and
/// words in the report's language.
package struct SalesChart: Sendable {
    /// The renderer whose labels and language the chart uses.
    package var renderer: SalesReportRenderer

    /// A chart labelled by `renderer`.
    package init(renderer: SalesReportRenderer) { self.renderer = renderer }

    /// The chart of `report`.
    package func svg(_ report: SalesReport) -> String {
        let ko = renderer.language == .korean
        let rows = report.rows
        let width = max(640.0, 80 + 28 * Double(rows.count) + 160), height = 420.0
        let left = 60.0, right = 160.0, top = 44.0, bottom = 90.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let ticks = StockChart.ticks(upTo: rows.map { $0.served + $0.refused }.max() ?? 1)
        let highest = Double(ticks.last ?? 1)
        func y(_ value: Int) -> Double { top + plotHeight * (1 - Double(value) / highest) }
        func format(_ value: Double) -> String { String(Double((value * 10).rounded()) / 10) }
        let groupWords = ko ? ["날짜별", "요일별", "시간별", "쥬스별", "과일별"] : ["by day", "by weekday", "by hour", "by juice", "by fruit"]
        let group = groupWords[ReportGrouping.allCases.firstIndex(of: report.grouping) ?? 0]
        let span = report.firstDay.map { first in " (\(first) – \(report.lastDay ?? first))" } ?? ""
        let title = (ko ? "\(group) 판매" : "Sales \(group)") + span
        let bottomY = top + plotHeight
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" \
            font-family="\(SVGText.fontFamily)" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(left))" y="26" font-size="16" font-weight="bold">\(SVGText.escape(title))</text>

            """
        for value in ticks {
            svg += "<line x1=\"\(Int(left))\" y1=\"\(format(y(value)))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(format(y(value)))\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(Int(left) - 6)\" y=\"\(format(y(value)))\" dy=\"4\" text-anchor=\"end\">\(value)</text>\n"
        }
        let slot = plotWidth / Double(max(1, rows.count))
        let bar = min(40, slot * 0.7)
        for (index, row) in rows.enumerated() {
            let x = left + slot * (Double(index) + 0.5) - bar / 2
            let servedTop = y(row.served)
            let refusedTop = y(row.served + row.refused)
            svg +=
                "<rect x=\"\(format(x))\" y=\"\(format(servedTop))\" width=\"\(format(bar))\" height=\"\(format(bottomY - servedTop))\" fill=\"#3cb44b\"/>"
            if row.refused > 0 {
                svg +=
                    "<rect x=\"\(format(x))\" y=\"\(format(refusedTop))\" width=\"\(format(bar))\" height=\"\(format(servedTop - refusedTop))\" fill=\"#e6194b\"/>"
            }
            let labelX = format(x + bar / 2)
            let label = SVGText.escape(renderer.label(of: row, in: report.grouping))
            svg +=
                "<text x=\"\(labelX)\" y=\"\(format(bottomY + 14))\" text-anchor=\"end\" transform=\"rotate(-45 \(labelX) \(format(bottomY + 14)))\">\(label)</text>\n"
        }
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(bottomY))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(Int(bottomY))\" stroke=\"#333\"/>\n"
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(top))\" x2=\"\(Int(left))\" y2=\"\(Int(bottomY))\" stroke=\"#333\"/>\n"
        let axis = ko ? "잔 수" : "units"
        svg +=
            "<text x=\"16\" y=\"\(Int(top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(Int(top + plotHeight / 2)))\">\(axis)</text>\n"
        let legendX = Int(left + plotWidth) + 20
        for (offset, (color, word)) in [("#3cb44b", ko ? "판매" : "served"), ("#e6194b", ko ? "거절" : "refused")].enumerated() {
            let legendY = Int(top) + 20 * offset + 10
            svg += "<rect x=\"\(legendX)\" y=\"\(legendY - 9)\" width=\"14\" height=\"10\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(legendX + 20)\" y=\"\(legendY)\">\(word)</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
