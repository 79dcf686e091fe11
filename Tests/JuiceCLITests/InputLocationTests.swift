import Foundation
import JuiceTestSupport
import Testing

/// Where a command's recipes and state come from, decided once in the command line: the path named, else
/// `$JUICE_RECIPES` / `$JUICE_STATE`, else `recipes/` when anything is there (else the built-in set) and
/// `.juice/state.sqlite`.
@Suite("inputs resolved once")
struct InputLocationTests {
    /// A directory whose `recipes/` holds the built-in set with one unknown fruit in a recipe.
    private func brokenSet() throws -> URL {
        let directory = try JuiceBinary.temporaryDirectory()
        try JuiceBinary.writeBuiltInRecipes(into: directory)
        let juices = directory.appendingPathComponent("recipes/juices.yaml")
        let text = try String(contentsOf: juices, encoding: .utf8)
        try text.replacingOccurrences(of: "recipe: {banana: 2}", with: "recipe: {bananna: 2}").write(to: juices, atomically: true, encoding: .utf8)
        return directory
    }

    @Test("lint, menu and serve all read $JUICE_RECIPES when no path is named")
    func recipesVariable() async throws {
        let directory = try brokenSet()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["JUICE_RECIPES": directory.appendingPathComponent("recipes").path]
        let lint = try await JuiceBinary.run(["lint"], environment: environment)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("[unknown-fruit]"))
        let menu = try await JuiceBinary.run(["menu", "--lang", "en"], environment: environment)
        #expect(menu.status == 1)
        #expect(menu.stderr.contains("[unknown-fruit]"))
        let serve = try await JuiceBinary.run(["serve", "--port", "0", "--lang", "en"], environment: environment)
        #expect(serve.status == 1)
        #expect(serve.stderr.contains("[unknown-fruit]"))
        // A path on the command line wins over the variable.
        let named = try await JuiceBinary.run(["lint", JuiceBinary.packageRoot.appendingPathComponent("recipes").path], environment: environment)
        #expect(named.status == 0)
    }

    @Test("recipes/ in the working directory is used by every command when nothing else is named")
    func workingDirectoryRecipes() async throws {
        let directory = try brokenSet()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await JuiceBinary.run(["lint"], in: directory).status == 1)
        #expect(try await JuiceBinary.run(["menu"], in: directory).status == 1)
        #expect(try await JuiceBinary.run(["serve", "--port", "0"], in: directory).status == 1)
    }

    @Test("a file named recipes is said to be no directory (exit 2), never passed over for the built-in set")
    func recipesFile() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "not a directory\n".write(to: directory.appendingPathComponent("recipes"), atomically: true, encoding: .utf8)
        for command in [["menu"], ["serve", "--port", "0"]] {
            let outcome = try await JuiceBinary.run(command + ["--lang", "en"], in: directory)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.stderr == "juice: error: recipes: not a directory; expected a directory of recipe files\n", "\(command)")
        }
    }

    @Test("$JUICE_STATE names the state for shop commands and doctor alike; --state wins")
    func stateVariable() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("shop.sqlite").path
        let environment = ["JUICE_STATE": state]
        #expect(try await JuiceBinary.run(["order", "banana-juice"], environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: state))
        let doctor = try await JuiceBinary.run(["doctor", "--json"], environment: environment)
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains(state))
        let other = directory.appendingPathComponent("other.sqlite").path
        #expect(try await JuiceBinary.run(["order", "banana-juice", "--state", other], environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
    }
}
