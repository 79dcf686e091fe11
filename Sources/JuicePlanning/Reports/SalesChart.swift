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
        let groupWords = ko ? ["날짜별", "요일별", "시간별", "쥬스별", "과일별"] : ["by day", "by weekday", "by hour", "by juice", "by fruit"]
        let group = groupWords[ReportGrouping.allCases.firstIndex(of: report.grouping) ?? 0]
        let span = report.firstDay.map { first in " (\(first) – \(report.lastDay ?? first))" } ?? ""
        let chart = BarChart(
            title: (ko ? "\(group) 판매" : "Sales \(group)") + span, axis: ko ? "잔 수" : "units",
            series: [.init(color: "#3cb44b", name: ko ? "판매" : "served"), .init(color: "#e6194b", name: ko ? "거절" : "refused")],
            groups: report.rows.map { row in
                BarChart.Group(
                    label: renderer.label(of: row, in: report.grouping), bars: [.init(segments: [.init(0, row.served), .init(1, row.refused)])])
            })
        return chart.svg
    }
}
