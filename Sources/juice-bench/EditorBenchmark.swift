import Foundation
import JuiceLSP
import JuiceRecipes

/// The editor server's analysis on a generated set (fruits, juices and store in three files, as `recipes/` splits
/// them), in process: each answer against the baseline of loading the set as `juice lint` does, alternated.
enum EditorBenchmark {
    /// The set split into fruits.yaml, juices.yaml and store.yaml.
    static func files(juices: Int, fruits: Int) -> [RecipeSourceFile] {
        let menu = MenuGenerator.menu(juices: juices, fruits: fruits)
        let lines = menu.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let juicesStart = lines.firstIndex(of: "juices:") ?? lines.count
        let storeStart = lines.firstIndex(of: "store:") ?? lines.count
        func file(_ name: String, _ range: Range<Int>) -> RecipeSourceFile {
            RecipeSourceFile(name: name, text: "version: 1\n" + lines[range].joined(separator: "\n") + "\n")
        }
        return [
            file("fruits.yaml", 1..<juicesStart), file("juices.yaml", juicesStart..<storeStart),
            file("store.yaml", storeStart..<lines.count),
        ]
    }

    static func run(juices: Int, fruits: Int, rounds: Int) {
        let files = files(juices: juices, fruits: fruits)
        let workspace = RecipeWorkspace(files: files)
        let juicesText = String(decoding: files[1].bytes, as: UTF8.self)
        let bytes = Array(juicesText.utf8)
        func offset(of text: String) -> Int {
            let target = Array(text.utf8)
            for start in 0...(bytes.count - target.count) where bytes[start..<(start + target.count)].elementsEqual(target) { return start }
            return 0
        }
        let middle = offset(of: "  juice-\(juices / 2):")
        let recipe = offset(of: "recipe: {") + 9
        // One keystroke: a recipe amount changed in juices.yaml, the set checked again.
        var edited = files
        edited[1] = RecipeSourceFile(name: "juices.yaml", text: juicesText.replacingFirstOccurrence(of: "recipe: {fruit-", with: "recipe: {fruit-x"))
        let diagnostic = RecipeWorkspace(files: edited).result.diagnostics.first { $0.rule == .unknownFruit }
        // Each answer is the first after a change: a new workspace (whose outlines are read on first use), then the
        // request; a second request on the same workspace is cheaper.
        let stages: [(String, () -> Void)] = [
            ("load (juice lint's check, the baseline)", { _ = RecipeLoader().load(files: edited) }),
            ("workspace after a change", { _ = RecipeWorkspace(files: edited) }),
            ("  + hover on a juice", { _ = RecipeWorkspace(files: files).hover(in: "juices.yaml", at: middle + 3) }),
            ("  + completion in a recipe", { _ = RecipeWorkspace(files: files).completions(in: "juices.yaml", at: recipe) }),
            (
                "  + references of a fruit",
                { _ = RecipeWorkspace(files: files).references(in: "juices.yaml", at: recipe, includingDefinition: true) }
            ),
            ("  + rename of a fruit", { _ = try? RecipeWorkspace(files: files).rename(in: "juices.yaml", at: recipe, to: "fruit-renamed") }),
            ("  + quick fixes of unknown-fruit", { _ = diagnostic.map { RecipeWorkspace(files: edited).quickFixes(for: $0) } }),
            ("hover again, same workspace", { _ = workspace.hover(in: "juices.yaml", at: middle + 3) }),
        ]
        let times = Measure.alternating(rounds: rounds, stages.map(\.1))
        print("editor analysis, \(juices) juices, \(fruits) fruits in 3 files (\(files.map(\.bytes.count).reduce(0, +)) bytes); best of \(rounds):")
        for ((name, _), time) in zip(stages, times) {
            print("  \(name.padded(42)) \(String(format: "%7.2f", time * 1000)) ms  \(String(format: "%5.2f", time / times[0]))×")
        }
    }
}

extension String {
    fileprivate func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    fileprivate func replacingFirstOccurrence(of target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
