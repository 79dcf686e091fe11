import JuiceCore
import JuiceRecipes
import JuiceSimulation
import Testing

/// The simulation's byte-level name cache resolves every spelling as `JuiceFinder` (and so `NameKey`) does, the
/// first time and once cached.
@Suite struct NameTableTests {
    /// Spellings of `text` that are the same name under `NameKey`, and a few that are not.
    static func spellings(of text: String) -> [String] {
        [
            text, text.uppercased(), text.lowercased(), " \(text) ", text.replacingAll(" ", "-"), text.replacingAll("-", "_"),
            text.replacingAll("-", " "), text.replacingAll(" ", ""), text + "x", "x" + text,
        ]
    }

    @Test("every spelling of every id, name and alias resolves as JuiceFinder resolves it, twice")
    func agreesWithTheFinder() throws {
        let menu = SimulationSupport.menu
        let finder = JuiceFinder(book: menu.book)
        var table = JuiceNameTable(menu: menu)
        var resolved = 0
        for juice in menu.book.juices {
            for text in ([juice.id.rawValue] + juice.name.all + juice.aliases).flatMap(Self.spellings) {
                let expected = try? menu.juiceIndex(named: text, finder: finder)
                for _ in 0..<2 {
                    var bytes = Array(text.utf8)
                    let found = bytes.withUnsafeMutableBufferPointer { buffer in
                        try? table.resolve(UnsafeBufferPointer(buffer))
                    }
                    #expect(found.map(Int.init) == expected, "'\(text)'")
                }
                if expected == menu.juices.firstIndex(of: juice.id) { resolved += 1 }
            }
        }
        #expect(resolved > menu.book.juices.count * 20, "most spellings are the juice's own")
        #expect(try menu.juiceIndex(named: "Strawberry_Banana-JUICE", finder: finder) == menu.juices.firstIndex(of: "strawberry-banana-juice"))
    }

}

private extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
