import JuiceCore
import JuiceSimulation

/// A self-contained SVG bar chart: a title, a vertical axis with round ticks, a cluster of bars for each group (each
/// bar a stack of segments, coloured by series), each group's label under the axis, and a legend. What
/// `juice report --chart` draws: sales by group (`SalesChart`), and from a shop's state the stock flow and the waste
/// (`StockFlowChart`).
package struct BarChart: Sendable {
    /// A series: its colour and its name in the legend.
    package struct Series: Sendable, Hashable {
        package var color: String
        package var name: String

        package init(color: String, name: String) {
            self.color = color
            self.name = name
        }
    }

    /// One group: its label, and its bars side by side.
    package struct Group: Sendable, Hashable {
        package var label: String
        package var bars: [Bar]

        package init(label: String, bars: [Bar]) {
            self.label = label
            self.bars = bars
        }
    }

    /// One bar: its segments from the bottom, and the text written above it.
    package struct Bar: Sendable, Hashable {
        package var segments: [Segment]
        package var caption: String?

        package init(segments: [Segment], caption: String? = nil) {
            self.segments = segments
            self.caption = caption
        }
    }

    /// Part of a bar: how much of a series (its index in `series`).
    package struct Segment: Sendable, Hashable {
        package var series: Int
        package var value: Int

        package init(_ series: Int, _ value: Int) {
            self.series = series
            self.value = value
        }
    }

    /// The title.
    package var title: String
    /// What the vertical axis counts.
    package var axis: String
    /// The series, in legend order.
    package var series: [Series]
    /// The groups, left to right.
    package var groups: [Group]
    /// What the plot says when it has no bar to draw (nothing, or only zeros), if anything.
    package var note: String?

    package init(title: String, axis: String, series: [Series], groups: [Group], note: String? = nil) {
        self.title = title
        self.axis = axis
        self.series = series
        self.groups = groups
        self.note = note
    }

    /// The chart as SVG.
    package var svg: String {
        let barsPerGroup = max(1, groups.map(\.bars.count).max() ?? 1)
        let width = max(640.0, 80 + 28 * Double(groups.count * barsPerGroup) + 160), height = 420.0
        let left = 60.0, right = 160.0, top = 44.0, bottom = 90.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let highest = groups.flatMap(\.bars).map { $0.segments.reduce(0) { $0 + max(0, $1.value) } }.max() ?? 0
        let ticks = StockChart.ticks(upTo: highest)
        let scale = Double(ticks.last ?? 1)
        func y(_ value: Int) -> Double { top + plotHeight * (1 - Double(value) / scale) }
        func format(_ value: Double) -> String { String(Double((value * 10).rounded()) / 10) }
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
        let slot = plotWidth / Double(max(1, groups.count))
        // One bar a group keeps the sales chart's width; several share a cluster.
        let cluster = barsPerGroup == 1 ? min(40, slot * 0.7) : min(24 * Double(barsPerGroup), slot * 0.8)
        let bar = cluster / Double(barsPerGroup)
        for (index, group) in groups.enumerated() {
            let clusterX = left + slot * (Double(index) + 0.5) - cluster / 2
            for (position, stack) in group.bars.enumerated() {
                let x = clusterX + bar * Double(position)
                var base = 0
                for segment in stack.segments where segment.value > 0 && series.indices.contains(segment.series) {
                    let lower = y(base), upper = y(base + segment.value)
                    svg +=
                        "<rect x=\"\(format(x))\" y=\"\(format(upper))\" width=\"\(format(bar))\" height=\"\(format(lower - upper))\" fill=\"\(series[segment.series].color)\"/>"
                    base += segment.value
                }
                if let caption = stack.caption {
                    svg +=
                        "<text x=\"\(format(x + bar / 2))\" y=\"\(format(y(base) - 3))\" text-anchor=\"middle\" font-size=\"10\">\(SVGText.escape(caption))</text>"
                }
            }
            let labelX = format(clusterX + cluster / 2)
            svg +=
                "<text x=\"\(labelX)\" y=\"\(format(bottomY + 14))\" text-anchor=\"end\" transform=\"rotate(-45 \(labelX) \(format(bottomY + 14)))\">\(SVGText.escape(group.label))</text>\n"
        }
        if highest == 0, let note {
            svg +=
                "<text x=\"\(format(left + plotWidth / 2))\" y=\"\(format(top + plotHeight / 2))\" text-anchor=\"middle\" fill=\"#666\">\(SVGText.escape(note))</text>\n"
        }
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(bottomY))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(Int(bottomY))\" stroke=\"#333\"/>\n"
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(top))\" x2=\"\(Int(left))\" y2=\"\(Int(bottomY))\" stroke=\"#333\"/>\n"
        svg +=
            "<text x=\"16\" y=\"\(Int(top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(Int(top + plotHeight / 2)))\">\(SVGText.escape(axis))</text>\n"
        let legendX = Int(left + plotWidth) + 20
        for (offset, entry) in series.enumerated() {
            let legendY = Int(top) + 20 * offset + 10
            svg += "<rect x=\"\(legendX)\" y=\"\(legendY - 9)\" width=\"14\" height=\"10\" fill=\"\(entry.color)\"/>"
            svg += "<text x=\"\(legendX + 20)\" y=\"\(legendY)\">\(SVGText.escape(entry.name))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
