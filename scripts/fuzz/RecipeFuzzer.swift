// libFuzzer target: arbitrary bytes through the YAML layer, the recipe-book loader and validator, and every
// output format. The load must never crash, hang (libFuzzer -timeout) or leak (AddressSanitizer); its diagnostics
// come sorted at 1-based positions; and a set that lints clean orders each juice by each of its ids, names and
// aliases, and finds each fruit by each of its ids and names (the name rules and the look-ups share one key).
import JuiceCore
import JuiceRecipes

/// libFuzzer's entry point: one input of `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecipes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = RecipeLoader().load(files: [RecipeSourceFile(name: "fuzz.yaml", bytes: bytes)])
    check(result)
    for format in DiagnosticFormat.allCases {
        _ = DiagnosticRenderer().render(result, as: format)
    }
    // The same bytes split in two files: cross-file merging and the silencing of an unparsed file's names.
    let half = bytes.count / 2
    check(
        RecipeLoader().load(files: [
            RecipeSourceFile(name: "a.yaml", bytes: Array(bytes[..<half])), RecipeSourceFile(name: "b.yaml", bytes: Array(bytes[half...])),
        ]))
    return 0
}

private func check(_ result: RecipeLoadResult) {
    precondition(result.diagnostics == result.diagnostics.sorted(), "diagnostics must come sorted")
    for diagnostic in result.diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "positions are 1-based")
    }
    guard !result.hasErrors else { return }
    let book = result.book
    let finder = JuiceFinder(book: book)
    for juice in book.juices {
        for text in [juice.id.rawValue] + juice.name.all + juice.aliases {
            precondition((try? finder.juice(named: text))?.id == juice.id, "a clean set orders '\(text)' as \(juice.id)")
        }
    }
    for fruit in book.fruits {
        for text in [fruit.id.rawValue] + fruit.name.all {
            precondition(book.fruitID(matching: text) == fruit.id, "a clean set finds '\(text)' as fruit \(fruit.id)")
        }
    }
}
