// libFuzzer target: arbitrary bytes through the YAML layer, the recipe-book loader and validator, and every
// output format. Any crash, hang (libFuzzer -timeout) or leak (AddressSanitizer) is a bug.
import JuiceRecipes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecipes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = RecipeLoader().load(files: [RecipeSourceFile(name: "fuzz.yaml", bytes: bytes)])
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
