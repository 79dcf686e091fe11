import Foundation
import JuiceShop
import JuiceTestSupport
import Testing

/// A broken recipe directory never takes the shop down, across restarts too: `juice serve` starting on one serves the
/// last good menu its state keeps, says what is wrong, and picks the fixed directory up; a new shop refuses to start.
@Suite("juice serve: the last good menu survives a restart", .serialized)
struct LastGoodMenuTests {
    static let orange = """
        version: 1
        fruits:
          orange:
            name: {ko: 오렌지, en: Orange}
            emoji: 🍊
        juices:
          orange-juice:
            name: {ko: 오렌지쥬스, en: Orange Juice}
            recipe: {orange: 3}
        """

    /// Breaks `juices.yaml` in `recipes` (a recipe naming a fruit no file defines) and answers the original text and
    /// where the error is (line and column, 1-based).
    static func breakJuices(in recipes: URL) throws -> (original: String, line: Int, column: Int) {
        let file = recipes.appendingPathComponent("juices.yaml")
        let original = try String(contentsOf: file, encoding: .utf8)
        let broken = original.replacingOccurrences(of: "recipe: {banana: 2}", with: "recipe: {bananna: 2}")
        #expect(broken != original)
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let lines = broken.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("{bananna: 2}") })
        let column = try #require(lines[index].range(of: "bananna")).lowerBound
        return (original, index + 1, lines[index].unicodeScalars.distance(from: lines[index].startIndex, to: column) + 1)
    }

    /// Asks `url` (with the staff token) until `condition` holds of the answer, for at most 20 s; the last answer.
    static func poll(_ url: String, until condition: (String) -> Bool) async throws -> String {
        var answer = ""
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            answer = try await curl([url, "-H", "Authorization: Bearer \(ServeProcess.token)", "-H", "Accept-Language: en"]).output
            if condition(answer) { return answer }
            try await Task.sleep(for: .milliseconds(100))
        }
        return answer
    }

    @Test("restarted on a broken directory it serves the old menu, names the problem at file:line:col, and takes the fix")
    func restartOnBrokenDirectory() async throws {
        let directory = try TestDirectories.make("juice-lastgood")
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestDirectories.writeBuiltInRecipes(into: directory)
        let recipes = directory.appendingPathComponent("recipes")
        let arguments = ["--recipes", recipes.path, "--watch", "polling"]
        let first = try await ServeProcess.start(
            directory: directory, extraArguments: arguments, environment: ["JUICE_STAFF_TOKEN": ServeProcess.token])
        let order = try await curl(["-X", "POST", "http://127.0.0.1:\(first.port)/api/orders", "-d", #"{"juice": "banana-juice"}"#])
        #expect(order.output.contains("Banana") || order.output.contains("바나나"), "\(order.output)")
        let stopped = try await first.terminate()
        #expect(stopped != nil && first.process.terminationStatus == 0)

        // Two edits while the shop is closed: a new juice in a new file, and a broken juices.yaml.
        try Self.orange.write(to: recipes.appendingPathComponent("orange.yaml"), atomically: true, encoding: .utf8)
        let (original, line, column) = try Self.breakJuices(in: recipes)

        let second = try await ServeProcess.start(
            directory: directory, extraArguments: arguments, environment: ["JUICE_STAFF_TOKEN": ServeProcess.token])
        defer { second.stopWithoutWaiting() }
        let base = "http://127.0.0.1:\(second.port)"
        let menu = try await curl(["\(base)/api/menu"]).output
        #expect(menu.contains("\"banana-juice\""), "the last good menu is served: \(menu)")
        #expect(!menu.contains("\"orange-juice\""), "nothing of the broken directory is: \(menu)")
        let status = try await curl(["\(base)/api/reload", "-H", "Authorization: Bearer \(ServeProcess.token)", "-H", "Accept-Language: en"]).output
        #expect(status.contains("\"result\":\"rejected\""), "\(status)")
        #expect(status.contains("\"location\":\"\(recipes.path)/juices.yaml:\(line):\(column)\""), "\(status)")
        #expect(status.contains("bananna"), "\(status)")
        let korean = try await curl(["\(base)/api/reload", "-H", "Authorization: Bearer \(ServeProcess.token)", "-H", "Accept-Language: ko"]).output
        #expect(korean != status && korean.contains("bananna"), "the staff's language: \(korean)")
        let stock = try await curl(["\(base)/api/stock"]).output
        #expect(stock.contains("\"banana\":8"), "the state is the one left at the stop: \(stock)")
        let again = try await curl(["-X", "POST", "\(base)/api/orders", "-d", #"{"juice": "banana-juice"}"#, "-w", "%{http_code}"])
        #expect(again.output.hasSuffix("201"), "the old menu sells: \(again.output)")

        try original.write(to: recipes.appendingPathComponent("juices.yaml"), atomically: true, encoding: .utf8)
        let fixed = try await Self.poll("\(base)/api/menu") { $0.contains("\"orange-juice\"") }
        #expect(fixed.contains("\"orange-juice\"") && fixed.contains("\"banana-juice\""), "the fixed directory is live: \(fixed)")
        let reloaded = try await curl(["\(base)/api/reload", "-H", "Authorization: Bearer \(ServeProcess.token)"]).output
        #expect(reloaded.contains("\"result\":\"applied\""), "\(reloaded)")
        // The server keeps the applied set right after applying it: read the state (read-only) until it has.
        let state = SQLiteStore(path: directory.appendingPathComponent("state.sqlite").path)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, try await state.lastGoodRecipes()?.files.contains(where: { $0.name == "orange.yaml" }) != true {
            try await Task.sleep(for: .milliseconds(100))
        }
        let keptFiles = try await state.lastGoodRecipes()?.files.map(\.name) ?? []
        #expect(keptFiles.sorted() == ["fruits.yaml", "juices.yaml", "orange.yaml", "store.yaml"], "\(keptFiles)")
        #expect(try await second.terminate() != nil)

        // The fixed set is the last good one now: broken again, a third start serves it, orange juice included.
        _ = try Self.breakJuices(in: recipes)
        let third = try await ServeProcess.start(
            directory: directory, extraArguments: arguments, environment: ["JUICE_STAFF_TOKEN": ServeProcess.token])
        defer { third.stopWithoutWaiting() }
        let kept = try await curl(["http://127.0.0.1:\(third.port)/api/menu"]).output
        #expect(kept.contains("\"orange-juice\"") && kept.contains("\"banana-juice\""), "\(kept)")
    }

    @Test("a new shop on a broken directory refuses to start, naming the problem and saying no last good menu is kept")
    func newShopRefuses() async throws {
        let directory = try TestDirectories.make("juice-lastgood")
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestDirectories.writeBuiltInRecipes(into: directory)
        let (_, line, column) = try Self.breakJuices(in: directory.appendingPathComponent("recipes"))
        let arguments = ["serve", "--port", "0", "--state", "state.sqlite"]
        let english = try await JuiceBinary.run(arguments + ["--lang", "en"], in: directory)
        #expect(english.status == 1)
        #expect(
            english.stderr.hasPrefix(
                "juice: error: the recipe files have 1 error(s); the shop cannot open on them, and the state keeps no last good menu to serve instead. Fix them (juice lint) and start again:\n"
            ), "\(english.stderr)")
        #expect(english.stderr.contains("recipes/juices.yaml:\(line):\(column)"), "\(english.stderr)")
        let korean = try await JuiceBinary.run(arguments + ["--lang", "ko"], in: directory)
        #expect(korean.status == 1)
        #expect(
            korean.stderr.hasPrefix(
                "juice: 오류: 레시피 파일에 오류가 1개 있어서 가게를 열 수 없어요. 상태에 대신 내놓을 마지막 정상 메뉴도 없어요. 고친 뒤 (juice lint) 다시 시작하세요:\n"
            ), "\(korean.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.sqlite").path), "nothing was created")
    }
}
