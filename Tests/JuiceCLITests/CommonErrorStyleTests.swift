import Foundation
import JuiceTestSupport
import Testing

/// `juice serve` and `juice diff` fail like every other command: `juice: 오류:`/`juice: error:` in the chosen language,
/// a JSON error object with a stable kind under `--json`, and the usual exit codes.
@Suite("serve and diff errors in the common style")
struct CommonErrorStyleTests {
    private func errorObject(_ outcome: JuiceBinary.Outcome) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?["error"] as? [String: Any], "no JSON error object in: \(outcome.stdout)")
    }

    @Test("serve beyond loopback without a staff token: exit 2, in Korean, and as JSON with its kind")
    func serveWithoutToken() async throws {
        let arguments = ["serve", "--host", "0.0.0.0", "--port", "0"]
        let environment = ["JUICE_STAFF_TOKEN": ""]
        let korean = try await JuiceBinary.run(arguments + ["--lang", "ko"], environment: environment)
        #expect(korean.status == 2)
        #expect(korean.stderr.hasPrefix("juice: 오류: "))
        #expect(korean.stderr.contains("직원 토큰"))
        let json = try await JuiceBinary.run(arguments + ["--lang", "en", "--json"], environment: environment)
        #expect(json.status == 2)
        #expect(json.stderr.hasPrefix("juice: error: "))
        let error = try errorObject(json)
        // An empty JUICE_STAFF_TOKEN is refused before the address is considered.
        #expect(error["kind"] as? String == "staff-token-empty")
        // With no token at all (the test's own environment has none to pass on).
        if ProcessInfo.processInfo.environment["JUICE_STAFF_TOKEN"] == nil {
            let unset = try await JuiceBinary.run(arguments + ["--lang", "en", "--json"])
            #expect(unset.status == 2)
            #expect(try errorObject(unset)["kind"] as? String == "staff-token-required")
            #expect(
                unset.stderr
                    == "juice: error: refusing to listen on 0.0.0.0 without a staff token: anyone who can reach it could change stock. Set JUICE_STAFF_TOKEN or pass --staff-token-file FILE, or listen on 127.0.0.1\n"
            )
        }
    }

    @Test("serve on recipes with errors: exit 1, every error at file:line:column, kind recipes-invalid")
    func serveOnBrokenRecipes() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try JuiceBinary.writeBuiltInRecipes(into: directory)
        let juices = directory.appendingPathComponent("recipes/juices.yaml")
        let text = try String(contentsOf: juices, encoding: .utf8)
        try text.replacingOccurrences(of: "recipe: {banana: 2}", with: "recipe: {bananna: 2}").write(to: juices, atomically: true, encoding: .utf8)
        let outcome = try await JuiceBinary.run(["serve", "--port", "0", "--lang", "ko", "--json", "--state", "state.sqlite"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("juice: 오류: 레시피 파일에 오류가 1개 있어서 가게를 열 수 없어요."))
        #expect(outcome.stderr.contains("recipes/juices.yaml:"))
        let error = try errorObject(outcome)
        #expect(error["kind"] as? String == "recipes-invalid")
        #expect(error["errors"] as? Int == 1)
        #expect((error["diagnostics"] as? [String])?.contains { $0.contains("[unknown-fruit]") } == true)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.sqlite").path), "nothing was created")
    }

    @Test("serve on a recipe path that is not there: exit 2, kind recipes-unreadable, naming the path")
    func serveOnMissingRecipes() async throws {
        let outcome = try await JuiceBinary.run(["serve", "--port", "0", "--recipes", "no/such/dir", "--json", "--lang", "en"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "juice: error: no/such/dir: no such file or directory\n")
        let error = try errorObject(outcome)
        #expect(error["kind"] as? String == "recipes-unreadable")
        #expect(error["recipes"] as? String == "no/such/dir")
    }

    @Test("diff: a broken set in Korean and as JSON (kind recipes-invalid), a missing path as JSON (recipes-unreadable)")
    func diffErrors() async throws {
        let broken = "Tests/JuiceRecipesTests/Fixtures/broken"
        let korean = try await JuiceBinary.run(["diff", "recipes", broken, "--lang", "ko"], in: DiffCommandTests.sandbox)
        #expect(korean.status == 1)
        #expect(korean.stderr.hasPrefix("juice: 오류: \(broken)에 오류가 있어요. 비교하려면 먼저 고치세요 (juice lint \(broken)):\n"))
        let json = try await JuiceBinary.run(["diff", "--json", broken, "recipes", "--lang", "en"], in: DiffCommandTests.sandbox)
        #expect(json.status == 1)
        #expect(try errorObject(json)["kind"] as? String == "recipes-invalid")
        let missing = try await JuiceBinary.run(["diff", "--json", "recipes", "no/such/dir"], in: DiffCommandTests.sandbox)
        #expect(missing.status == 2)
        #expect(try errorObject(missing)["kind"] as? String == "recipes-unreadable")
        // Both sets broken: both are reported on standard error, one JSON object on standard output.
        let both = try await JuiceBinary.run(["diff", "--json", broken, broken, "--lang", "en"], in: DiffCommandTests.sandbox)
        #expect(both.status == 1)
        #expect(both.stderr.components(separatedBy: "has errors; fix them").count == 3)
        #expect(try errorObject(both)["kind"] as? String == "recipes-invalid")
    }
}
