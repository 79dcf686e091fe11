import Foundation
import JuiceTestSupport
import Testing

@testable import JuiceMenuEditing

extension ServeBinaryTests {
    @Test func juiceServeTakesBackTheHalfEditAKilledServerLeftBeforeItReadsTheMenu() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipes = try Self.writeRecipes(into: directory)
        let store = try Data(contentsOf: recipes.appendingPathComponent("store.yaml"))
        let names = try FileManager.default.contentsOfDirectory(atPath: recipes.path).sorted()
        // A server was killed in the middle of an edit that adds orange.yaml and then changes store.yaml: the new
        // file is in place (a set that loads clean), store.yaml not yet, and the edit's intent is left.
        let orange = Array(
            """
            version: 1
            fruits:
              orange: {name: {ko: 오렌지, en: Orange}, emoji: 🍊}
            juices:
              orange-juice: {name: {ko: 오렌지쥬스, en: Orange Juice}, recipe: {orange: 3}}

            """.utf8)
        try Data(orange).write(to: recipes.appendingPathComponent("orange.yaml"))
        var intent = MenuEditIntent(files: [
            .init(name: "orange.yaml", before: nil, afterDigest: FileDigest.of(orange), temporary: ".orange.yaml.juice-edit-1-1"),
            .init(
                name: "store.yaml", before: store, afterDigest: FileDigest.of(Array(store) + Array("# more\n".utf8)),
                temporary: ".store.yaml.juice-edit-1-2"),
        ])
        intent.process = try endedProcessID()
        try Data(JSONEncoder().encode(intent)).write(to: recipes.appendingPathComponent(".juice-menu-edit-1-1.intent"))
        try Data(store + Data("# more\n".utf8)).write(to: recipes.appendingPathComponent(".store.yaml.juice-edit-1-2"))

        let server = try await ServeProcess.start(directory: directory, extraArguments: ["--recipes", recipes.path])
        defer { server.stopWithoutWaiting() }
        let menu = try await curl(["http://127.0.0.1:\(server.port)/api/menu"]).output
        #expect(menu.contains("\"banana-juice\""))
        #expect(!menu.contains("\"orange-juice\""), "the half edit was taken back before the menu was read")
        // The directory is as before the edit, byte for byte, with nothing hidden left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: recipes.path).sorted() == names)
        #expect(try Data(contentsOf: recipes.appendingPathComponent("store.yaml")) == store)
    }
}
