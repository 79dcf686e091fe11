import JuiceCore

/// A table for a terminal: the first column left-aligned, the others right-aligned, columns two spaces apart, wide
/// characters (Hangul, emoji) counted as two.
enum PlanningTable {
    /// `rows` laid out, each line indented by two spaces, trailing spaces trimmed.
    static func render(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        let widths = first.indices.map { column in rows.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0 }
        var out = ""
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == 0
                    ? DisplayWidth.padded(cell, to: widths[column]) : String(repeating: " ", count: widths[column] - DisplayWidth.of(cell)) + cell
            }
            let line = "  " + cells.joined(separator: "  ")
            out += String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        return out
    }
}
