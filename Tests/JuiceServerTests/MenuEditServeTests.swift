import Foundation
import JuiceTestSupport
import Testing
import JuiceServer

/// `juice serve` itself: the menu edit record is kept beside the SQLite state, so a restarted server lists the edit
/// and undoes it.
@Suite struct MenuEditServeTests {
    @Test func theRecordBesideTheStateOutlivesARestartAndTheEditIsUndoneAfterIt() async throws {
        let directory = try TestDirectories.make("juice-serve-menu")
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestDirectories.writeBuiltInRecipes(into: directory)
        let recipes = directory.appendingPathComponent("recipes")
        let original = try Data(contentsOf: recipes.appendingPathComponent("juices.yaml"))
        let staff = ["-H", "Authorization: Bearer \(ServeProcess.token)", "-H", "Content-Type: application/json"]
        let environment = ["JUICE_STAFF_TOKEN": ServeProcess.token]

        let first = try await ServeProcess.start(directory: directory, extraArguments: ["--recipes", recipes.path], environment: environment)
        let patched = try await curl(staff + ["-X", "PATCH", "-d", #"{"price": 4200}"#, "http://127.0.0.1:\(first.port)/api/menu/juices/kiwi-juice"])
        #expect(patched.output.contains(#""summary":"change juice kiwi-juice: price""#), "\(patched.output)")
        _ = try await first.terminate()
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("menu-edits.jsonl").path))

        let second = try await ServeProcess.start(directory: directory, extraArguments: ["--recipes", recipes.path], environment: environment)
        defer { second.stopWithoutWaiting() }
        let listed = try await curl(staff + ["http://127.0.0.1:\(second.port)/api/menu/edits"])
        #expect(listed.output.contains(#""summary":"change juice kiwi-juice: price""#), "\(listed.output)")
        let undone = try await curl(staff + ["-X", "POST", "http://127.0.0.1:\(second.port)/api/menu/edits/undo"])
        #expect(undone.output.contains(#""undoes":1"#), "\(undone.output)")
        #expect(try Data(contentsOf: recipes.appendingPathComponent("juices.yaml")) == original)
    }
}
