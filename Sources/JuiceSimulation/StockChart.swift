import Foundation

/// Records stock levels across a run (at most about 2,000 samples, whatever the length) and draws them as SVG.
public struct StockChart: Sendable {
    /// Sampled (order number, stock per fruit) points.
    public private(set) var points: [(order: Int, stock: [Int])] = []
    private var stride = 1
    private let limit = 2_000

    /// An empty chart.
    public init() {}

    mutating func begin(stock: [Int]) {
        points = [(0, stock)]
    }

    @inline(__always)
    mutating func record(order: Int, stock: UnsafeMutableBufferPointer<Int>) {
        guard order % stride == 0 else { return }
        points.append((order, Array(stock)))
        if points.count > limit {
            // Keep every other sample and sample half as often from now on.
            points = points.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
        }
    }

    mutating func finish(order: Int, stock: [Int]) {
        if points.last?.order != order { points.append((order, stock)) }
    }

    /// A self-contained SVG: one line per fruit, axes with order numbers and stock, and a legend with `names`.
    public func svg(names: [String], title: String) -> String {
        let width = 900.0, height = 480.0, left = 60.0, right = 190.0, top = 40.0, bottom = 50.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let lastOrder = max(1, points.last?.order ?? 1)
        let highest = max(1, points.flatMap(\.stock).max() ?? 1)
        let colors = ["#e6194b", "#f5b800", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324", "#000075"]
        func x(_ order: Int) -> Double { left + plotWidth * Double(order) / Double(lastOrder) }
        func y(_ value: Int) -> Double { top + plotHeight * (1 - Double(value) / Double(highest)) }
        func format(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(left))" y="24" font-size="16" font-weight="bold">\(escape(title))</text>

            """
        for step in 0...4 {
            let value = highest * step / 4
            svg += "<line x1=\"\(Int(left))\" y1=\"\(format(y(value)))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(format(y(value)))\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(Int(left) - 6)\" y=\"\(format(y(value) + 4))\" text-anchor=\"end\">\(value)</text>\n"
            let order = lastOrder * step / 4
            svg += "<text x=\"\(format(x(order)))\" y=\"\(Int(top + plotHeight) + 18)\" text-anchor=\"middle\">\(order)</text>\n"
        }
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(top + plotHeight))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(Int(top + plotHeight))\" stroke=\"#333\"/>\n"
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(top))\" x2=\"\(Int(left))\" y2=\"\(Int(top + plotHeight))\" stroke=\"#333\"/>\n"
        svg += "<text x=\"\(Int(left + plotWidth / 2))\" y=\"\(Int(height) - 10)\" text-anchor=\"middle\">order number</text>\n"
        svg += "<text x=\"16\" y=\"\(Int(top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(Int(top + plotHeight / 2)))\">stock</text>\n"
        for (fruit, name) in names.enumerated() {
            let color = colors[fruit % colors.count]
            let path = points.map { "\(format(x($0.order))),\(format(y($0.stock[fruit])))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(path)\"/>\n"
            let legendY = Int(top) + 20 * fruit + 10
            svg += "<rect x=\"\(Int(left + plotWidth) + 20)\" y=\"\(legendY - 9)\" width=\"14\" height=\"4\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(Int(left + plotWidth) + 40)\" y=\"\(legendY)\">\(escape(name))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
