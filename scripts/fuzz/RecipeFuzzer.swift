// libFuzzer target: arbitrary bytes through the YAML layer, the recipe-book loader and validator, and every
// output format, read in one pass and in two halves at once (which must agree). Any crash, hang (libFuzzer
// -timeout), leak (AddressSanitizer) or disagreement is a bug.
import JuiceRecipes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecipes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var onePass = RecipeLoader()
    onePass.halving = .never
    let result = onePass.load(files: [RecipeSourceFile(name: "fuzz.yaml", bytes: bytes)])
    // Read in two halves at once wherever a cut is found, the file must give exactly what one pass gives.
    var halves = RecipeLoader()
    halves.halving = .always
    let halved = halves.load(files: [RecipeSourceFile(name: "fuzz.yaml", bytes: bytes)])
    precondition(halved.diagnostics == result.diagnostics, "halves and one pass must find the same problems")
    precondition(halved.book == result.book, "halves and one pass must build the same book")
    precondition(result.diagnostics == result.diagnostics.sorted(), "diagnostics must come sorted")
    for diagnostic in result.diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "positions are 1-based")
    }
    for format in DiagnosticFormat.allCases {
        _ = DiagnosticRenderer().render(result, as: format)
    }
    // Splitting the same bytes in two files must not crash either (cross-file merging).
    let half = bytes.count / 2
    _ = RecipeLoader().load(files: [
        RecipeSourceFile(name: "a.yaml", bytes: Array(bytes[..<half])), RecipeSourceFile(name: "b.yaml", bytes: Array(bytes[half...])),
    ])
    return 0
}
