import Foundation
import JuiceRecipes
import JuiceTestSupport

/// Paths and helpers shared by the recipe tests.
enum TestSupport {
    /// The package root.
    static var packageRoot: URL { TestDirectories.packageRoot }

    /// The fixtures directory copied into the test bundle.
    static var fixtures: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil) ?? packageRoot.appendingPathComponent("Tests/JuiceRecipesTests/Fixtures")
    }

    /// The bytes of a fixture file.
    static func fixture(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(path)))
    }

    /// Loads one in-memory file.
    static func load(_ text: String, name: String = "test.yaml") -> RecipeLoadResult {
        RecipeLoader().load(text: text, name: name)
    }

    /// The rules of `result`'s diagnostics.
    static func rules(_ result: RecipeLoadResult) -> [RuleID] { result.diagnostics.map(\.rule) }
}
