import JuiceCore

/// Records stock levels across a run and draws them as SVG: every order while the run is short, and past about 2,000
/// samples stretches of orders, each with its lowest and highest stock, so a long run draws as a band, not a blob.
package struct StockChart: Sendable {
    /// The orders after the previous sample up to `order`: the lowest and highest stock per fruit after each of them,
    /// and the stock after `order`.
    package struct Sample: Sendable, Hashable {
        /// The last order of the stretch (0 for the stock at the start).
        package var order: Int
        /// The lowest stock per fruit in the stretch.
        package var low: [Int]
        /// The highest stock per fruit in the stretch.
        package var high: [Int]
        /// The stock per fruit after `order`.
        package var last: [Int]

        init(order: Int, stock: [Int]) {
            self.order = order
            low = stock
            high = stock
            last = stock
        }

        /// Takes in the stock after `order`, the stretch's next order.
        mutating func add(order: Int, stock: UnsafeMutableBufferPointer<Int>) {
            self.order = order
            for fruit in stock.indices {
                low[fruit] = min(low[fruit], stock[fruit])
                high[fruit] = max(high[fruit], stock[fruit])
                last[fruit] = stock[fruit]
            }
        }

        /// This stretch and the `next` one as one.
        func merged(with next: Sample) -> Sample {
            var merged = next
            merged.low = zip(low, next.low).map { min($0, $1) }
            merged.high = zip(high, next.high).map { max($0, $1) }
            return merged
        }
    }

    /// The samples, the first being the stock at the start.
    package private(set) var samples: [Sample] = []
    /// The stretch being recorded.
    private var pending: Sample?
    /// Orders per sample (a power of two).
    private var stride = 1
    private let limit = 2_000

    /// An empty chart.
    package init() {}

    mutating func begin(stock: [Int]) {
        samples = [Sample(order: 0, stock: stock)]
        pending = nil
        stride = 1
    }

    @inline(__always)
    mutating func record(order: Int, stock: UnsafeMutableBufferPointer<Int>) {
        if pending == nil {
            pending = Sample(order: order, stock: Array(stock))
        } else {
            pending?.add(order: order, stock: stock)
        }
        guard order % stride == 0, let sample = pending else { return }
        samples.append(sample)
        pending = nil
        if samples.count > limit {
            // Merge stretches two by two (the start stays) and make each new one twice as long.
            var merged = [samples[0]]
            var index = 1
            while index < samples.count {
                merged.append(index + 1 < samples.count ? samples[index].merged(with: samples[index + 1]) : samples[index])
                index += 2
            }
            samples = merged
            stride *= 2
        }
    }

    mutating func finish(order: Int, stock: [Int]) {
        if let pending { samples.append(pending) }
        pending = nil
    }

    /// Whether some sample stands for more than one order (and is drawn as a band).
    package var isBanded: Bool { stride > 1 }

    /// Axis ticks from 0 to at least `highest`, 3 to 6 of them, one apart by 1, 2 or 5 times a power of ten: whole
    /// numbers that read at a glance (0, 2, 4, 6, 8, 10 rather than 0, 2.5, 5, 7.5, 10).
    package static func ticks(upTo highest: Int) -> [Int] {
        let top = max(1, highest)
        var power = 1
        while true {
            for factor in [1, 2, 5] where top <= factor * power * 5 {
                let step = factor * power
                return Array(Swift.stride(from: 0, through: (top + step - 1) / step * step, by: step))
            }
            power *= 10
        }
    }

    /// A self-contained SVG: each fruit's stock as steps (bands from lowest to highest stock in long runs), axes
    /// with order numbers and stock, and a legend with `names`, its words in `language`.
    package func svg(names: [String], language: Language) -> String {
        let words = ReportText(language)
        let width = 900.0, height = 480.0, left = 60.0, right = 190.0, top = 40.0, bottom = 50.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let lastOrder = samples.last?.order ?? 0
        let stockTicks = Self.ticks(upTo: samples.flatMap(\.high).max() ?? 1)
        let orderTicks = Self.ticks(upTo: lastOrder)
        let highest = stockTicks.last ?? 1, orderSpan = orderTicks.last ?? 1
        let colors = ["#e6194b", "#f5b800", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324", "#000075"]
        func x(_ order: Int) -> String { format(left + plotWidth * Double(order) / Double(orderSpan)) }
        func y(_ value: Int) -> String { format(top + plotHeight * (1 - Double(value) / Double(highest))) }
        func format(_ value: Double) -> String { String(Double((value * 10).rounded()) / 10) }
        let bottomY = Int(top + plotHeight), rightX = Int(left + plotWidth)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" \
            font-family="sans-serif, 'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic'" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(left))" y="24" font-size="16" font-weight="bold">\(escape(words.chartTitle(orders: lastOrder)))</text>

            """
        for value in stockTicks {
            svg += "<line x1=\"\(Int(left))\" y1=\"\(y(value))\" x2=\"\(rightX)\" y2=\"\(y(value))\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(Int(left) - 6)\" y=\"\(y(value))\" dy=\"4\" text-anchor=\"end\">\(value)</text>\n"
        }
        for order in orderTicks {
            svg += "<text x=\"\(x(order))\" y=\"\(bottomY + 18)\" text-anchor=\"middle\">\(order)</text>\n"
        }
        svg += "<line x1=\"\(Int(left))\" y1=\"\(bottomY)\" x2=\"\(rightX)\" y2=\"\(bottomY)\" stroke=\"#333\"/>\n"
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(top))\" x2=\"\(Int(left))\" y2=\"\(bottomY)\" stroke=\"#333\"/>\n"
        svg += "<text x=\"\(Int(left + plotWidth / 2))\" y=\"\(Int(height) - 10)\" text-anchor=\"middle\">\(escape(words.chartOrderAxis))</text>\n"
        svg +=
            "<text x=\"16\" y=\"\(Int(top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(Int(top + plotHeight / 2)))\">\(escape(words.chartStockAxis))</text>\n"
        let banded = isBanded
        for (fruit, name) in names.enumerated() {
            let color = colors[fruit % colors.count]
            if banded {
                // Each stretch spans from the previous sample's order to its own, between its lowest and highest stock.
                var upper: [String] = [], lower: [String] = []
                for index in samples.indices {
                    let from = samples[max(0, index - 1)].order, to = samples[index].order
                    upper += ["\(x(from)),\(y(samples[index].high[fruit]))", "\(x(to)),\(y(samples[index].high[fruit]))"]
                    lower += ["\(x(from)),\(y(samples[index].low[fruit]))", "\(x(to)),\(y(samples[index].low[fruit]))"]
                }
                let outline = (upper + lower.reversed()).joined(separator: " ")
                svg += "<polygon fill=\"\(color)\" fill-opacity=\"0.35\" stroke=\"\(color)\" stroke-width=\"1\" points=\"\(outline)\"/>\n"
            } else {
                // Stock holds its level until the order that changes it: a horizontal step, then a vertical one.
                var points = ["\(x(0)),\(y(samples.first?.last[fruit] ?? 0))"]
                for index in samples.indices.dropFirst() {
                    points.append("\(x(samples[index].order)),\(y(samples[index - 1].last[fruit]))")
                    points.append("\(x(samples[index].order)),\(y(samples[index].last[fruit]))")
                }
                svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
            }
            let legendY = Int(top) + 20 * fruit + 10
            svg += "<rect x=\"\(rightX + 20)\" y=\"\(legendY - 9)\" width=\"14\" height=\"\(banded ? 10 : 4)\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(rightX + 40)\" y=\"\(legendY)\">\(escape(name))</text>\n"
        }
        if banded {
            svg +=
                "<text x=\"\(rightX + 20)\" y=\"\(Int(top) + 20 * names.count + 14)\" font-size=\"10\" fill=\"#555\">\(escape(words.chartBandNote))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    private func escape(_ text: String) -> String { SVGText.escape(text) }
}

/// Text written into SVG (and any XML): `&`, `<`, `>` and `"` escaped.
package enum SVGText {
    /// `text` safe inside an element or a quoted attribute.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// The font families charts ask for: Hangul first where the system has it.
    package static let fontFamily = "sans-serif, 'Noto Sans CJK KR', 'NanumGothic', 'Apple SD Gothic Neo', 'Malgun Gothic'"
}
