import Foundation
import JuiceTestSupport
import Testing

/// `juice diff OLD NEW`, run as the real binary against the fixtures in Fixtures/diff.
@Suite("juice diff (end to end)")
struct DiffCommandTests {
    static let fixtures = "Tests/JuiceCLITests/Fixtures/diff"

    /// A directory holding the built-in recipes as `recipes/` and the fixtures at their package paths, so that the
    /// tests compare against the built-in set, never the checkout's own `recipes/`.
    static let sandbox: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-diff-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try? JuiceBinary.writeBuiltInRecipes(into: directory)
        for path in [fixtures, "Tests/JuiceRecipesTests/Fixtures/broken"] {
            let target = directory.appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.copyItem(at: JuiceBinary.packageRoot.appendingPathComponent(path), to: target)
        }
        return directory
    }()

    private func run(_ arguments: [String]) async throws -> JuiceBinary.Outcome {
        try await JuiceBinary.run(arguments, in: Self.sandbox)
    }

    private func golden(_ name: String) throws -> String {
        try String(contentsOf: JuiceBinary.packageRoot.appendingPathComponent("\(Self.fixtures)/\(name)"), encoding: .utf8)
    }

    @Test("the changes in plain words, as the golden file has them")
    func text() async throws {
        let outcome = try await run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.stdout == (try golden("expected.text")))
    }

    @Test("--json gives the same changes for programs, as the golden file has them")
    func json() async throws {
        let outcome = try await run(["diff", "--json", "\(Self.fixtures)/old", "\(Self.fixtures)/new"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == (try golden("expected.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["identical"] as? Bool == false)
        #expect((object["summary"] as? [String])?.count == 10)
        #expect(object["juicesAdded"] as? [String] == ["grape-juice"])
        #expect(object["juicesRemoved"] as? [String] == ["kiwi-juice"])
    }

    @Test("the same set twice says there are no changes and exits 0")
    func identical() async throws {
        let text = try await run(["diff", "recipes", "\(Self.fixtures)/old"])
        #expect(text.status == 0)
        #expect(text.stdout == "no changes to the menu\n")
        let json = try await run(["diff", "--json", "recipes", "recipes"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["identical"] as? Bool == true)
        #expect(object["summary"] as? [String] == [])
    }

    @Test("the other way round, the changes reverse")
    func reversed() async throws {
        let outcome = try await run(["diff", "\(Self.fixtures)/new", "\(Self.fixtures)/old"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("juice added: kiwi-juice (키위쥬스 / Kiwi Juice): kiwi 3\njuice removed: grape-juice\n"))
        #expect(outcome.stdout.contains("recipe of banana-juice: banana 3 → 2\n"))
    }

    @Test("a set with lint errors exits 1 with its diagnostics at file:line:column on stderr")
    func lintErrors() async throws {
        let broken = "Tests/JuiceRecipesTests/Fixtures/broken"
        let outcome = try await run(["diff", "recipes", broken])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("juice: error: \(broken) has errors; fix them (juice lint \(broken)) to compare:\n"))
        #expect(
            outcome.stderr.contains(
                "\(broken)/menu.yaml:12:14: error: unknown fruit 'bananna' in juice 'banana-juice'; did you mean 'banana'? [unknown-fruit]\n"))
        #expect(try await run(["diff", "--json", broken, "recipes"]).status == 1)
    }

    @Test("usage errors and unreadable paths exit 2")
    func usageErrors() async throws {
        let missing = try await run(["diff", "recipes", "no/such/dir"])
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "juice: error: no/such/dir: no such file or directory\n")
        let oneArgument = try await run(["diff", "recipes"])
        #expect(oneArgument.status == 2)
        #expect(oneArgument.stderr.contains("Missing expected argument '<new>'"))
        #expect(try await run(["diff", "recipes", "recipes", "--yaml"]).status == 2)
    }

    @Test("--help documents the exit status")
    func help() async throws {
        let outcome = try await run(["diff", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("Exit status: 0 compared (changed or not), 1 either set has lint errors"))
    }
}
