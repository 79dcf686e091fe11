import Foundation
import JuiceShop
import Testing

@Suite("State file failures")
struct StateFileTests {
    func temporaryPath(_ name: String) throws -> (URL, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, directory.appendingPathComponent(name).path)
    }

    @Test("a corrupt state file is an error naming it, and is left byte for byte as it was")
    func corruptFile() throws {
        let (directory, path) = try temporaryPath("state.sqlite")
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = Data("this is not a database, but someone's notes\n".utf8) + Data(repeating: 7, count: 5000)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StateError.notADatabase(path: path)) { try ShopState.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(StateError.notADatabase(path: path).description.contains(path))
    }

    @Test("another program's SQLite database is not taken over")
    func foreignDatabase() throws {
        let (directory, path) = try temporaryPath("other.sqlite")
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try ShopState.open(path: directory.appendingPathComponent("ours.sqlite").path)
        _ = other
        // Make a foreign database by hand with the sqlite3 C API through GRDB's tool: a table of its own.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('create table notes(x)'); c.commit()", path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        #expect(throws: StateError.notADatabase(path: path)) { try ShopState.open(path: path) }
    }

    @Test("a state path in a directory that cannot be created is a clear error")
    func unopenable() throws {
        let (directory, _) = try temporaryPath("x")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let path = file.appendingPathComponent("state.sqlite").path
        #expect(throws: StateError.self) { try ShopState.open(path: path) }
    }
}
