import Foundation
import Testing

/// `juice lint` and `juice schema`, run as the real binary.
@Suite("juice lint (end to end)")
struct LintCommandTests {
    @Test("the default recipes lint with one warning and exit 0")
    func defaultRecipes() throws {
        let outcome = try JuiceBinary.run(["lint"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.stdout == """
            recipes/juices.yaml:9:14: warning: juice 'strawberry-juice' needs 16 'strawberry' but the store starts with 10; it cannot be made until restocked [exceeds-initial-stock]
             9 |     recipe: {strawberry: 16}
               |              ^~~~~~~~~~
               = fix: raise the initial stock of 'strawberry' to 16
            0 errors, 1 warning in 3 files

            """)
    }

    @Test("--strict makes the warning fail")
    func strict() throws {
        #expect(try JuiceBinary.run(["lint", "--strict"]).status == 1)
    }

    @Test("errors exit 1 and print file:line:col: error: message [rule]")
    func errors() throws {
        let outcome = try JuiceBinary.run(["lint", "Tests/JuiceRecipesTests/Fixtures/broken"], in: JuiceBinary.packageRoot)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("Tests/JuiceRecipesTests/Fixtures/broken/menu.yaml:12:14: error: unknown fruit 'bananna' in juice 'banana-juice'; did you mean 'banana'? [unknown-fruit]\n"))
        #expect(outcome.stdout.hasSuffix("8 errors, 0 warnings in 1 file\n"))
    }

    @Test("--format json prints an array of findings")
    func json() throws {
        let outcome = try JuiceBinary.run(["lint", "--format", "json", "Tests/JuiceRecipesTests/Fixtures/broken"], in: JuiceBinary.packageRoot)
        #expect(outcome.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 8)
        #expect(array.compactMap { $0["rule"] as? String }.contains("unknown-fruit"))
    }

    @Test("--format github prints workflow commands")
    func github() throws {
        let outcome = try JuiceBinary.run(["lint", "--format", "github"])
        #expect(outcome.stdout.hasPrefix("::warning file=recipes/juices.yaml,line=9,col=14,"))
    }

    @Test("colour only when asked or on a terminal, never with NO_COLOR")
    func colour() throws {
        #expect(!(try JuiceBinary.run(["lint"]).stdout.contains("\u{1B}[")))
        #expect(try JuiceBinary.run(["lint", "--color", "always"]).stdout.contains("\u{1B}["))
    }

    @Test("an unreadable path exits 2 naming it on stderr")
    func missingPath() throws {
        let outcome = try JuiceBinary.run(["lint", "no/such/dir"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("no/such/dir: no such file or directory"))
    }

    @Test("usage errors exit 2")
    func usageErrors() throws {
        let badFormat = try JuiceBinary.run(["lint", "--format", "xml"])
        #expect(badFormat.status == 2)
        #expect(badFormat.stderr.contains("xml"))
        let badRule = try JuiceBinary.run(["lint", "--explain", "unknwn-fruit"])
        #expect(badRule.status == 2)
        #expect(badRule.stderr.contains("did you mean 'unknown-fruit'?"))
    }

    @Test("--explain prints the rule with examples")
    func explain() throws {
        let outcome = try JuiceBinary.run(["lint", "--explain", "unknown-fruit"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("unknown-fruit (error)\n"))
        #expect(outcome.stdout.contains("{bananna: 2, banana: 1}"))
    }

    @Test("outside a project the built-in default recipes are used")
    func embeddedDefault() throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try JuiceBinary.run(["lint"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("recipes/juices.yaml:9:14: warning:"))
    }

    @Test("juice schema prints valid JSON Schema")
    func schema() throws {
        let outcome = try JuiceBinary.run(["schema"])
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test("an orange fruit and juice added by YAML alone lint clean")
    func addOrangeByYAMLAlone() throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipes = directory.appendingPathComponent("recipes")
        try JuiceBinary.writeBuiltInRecipes(into: directory)
        try """
            version: 1
            fruits:
              orange:
                name: {ko: 오렌지, en: Orange}
                emoji: 🍊
            juices:
              orange-juice:
                name: {ko: 오렌지쥬스, en: Orange Juice}
                aliases: [오렌지주스]
                price: 4000
                recipe: {orange: 3}

            """.write(to: recipes.appendingPathComponent("orange.yaml"), atomically: true, encoding: .utf8)
        let store = recipes.appendingPathComponent("store.yaml")
        let text = try String(contentsOf: store, encoding: .utf8) + "    orange: 10\n"
        try text.write(to: store, atomically: true, encoding: .utf8)

        let lint = try JuiceBinary.run(["lint", "--format", "json"], in: directory)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        #expect(findings.compactMap { $0["rule"] as? String } == ["exceeds-initial-stock"], "only the original strawberry warning")
        let text2 = try JuiceBinary.run(["lint", "--strict", "recipes/orange.yaml", "recipes/fruits.yaml", "recipes/store.yaml", "recipes/juices.yaml"], in: directory)
        #expect(text2.stdout.contains("in 4 files"))
    }
}
