import JuiceCore
import JuiceRecipes
@testable import JuiceSimulation
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

    @Test("the byte-keyed table finds every name it holds, past the sizes it arranges, and no other")
    func holdsManyNames() {
        var table = NameTable()
        // Short, 8 to 24 and longer names, names one byte apart, Korean ones: 5,000 of them, past the 2,048 names whose
        // table a seed is looked for.
        let names = (0..<5_000).map { index in
            switch index % 5 {
            case 0: "j\(index)"
            case 1: "juice-\(index)"
            case 2: "a-rather-long-juice-name-\(index)"
            case 3: "주스 \(index)"
            default: String(repeating: "x", count: index % 40) + "\(index)"
            }
        }
        for (index, name) in names.enumerated() {
            Array(name.utf8).withUnsafeBufferPointer { name in
                #expect(table.value(of: name) == nil, "'\(names[index])' before it is added")
                let added = table.add(name, value: Int32(index))
                #expect(added)
            }
        }
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() {
            let found = Array(name.utf8).withUnsafeBufferPointer { table.value(of: $0) }
            #expect(found == Int32(index), "'\(name)'")
            let longer = Array((name + "!").utf8).withUnsafeBufferPointer { table.value(of: $0) }
            #expect(longer == nil, "'\(name)!'")
        }
        // What it does not hold: an empty name, a huge one.
        for bytes in [[UInt8](), [UInt8](repeating: 0x61, count: NameTable.maxLength)] {
            bytes.withUnsafeBufferPointer { name in
                let added = table.add(name, value: 1)
                #expect(!added)
                #expect(table.value(of: name) == nil)
            }
        }
        #expect(table.count == names.count)
    }
}

private extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
