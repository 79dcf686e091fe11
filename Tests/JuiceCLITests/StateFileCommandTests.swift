import Foundation
import JuiceTestSupport
import Testing

/// Runs SQL on a state file behind `juice`'s back (Python's sqlite3, as a person with the sqlite3 tool would).
func editStateFile(_ path: URL, _ sql: String) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit(); c.close()", path.path, sql,
    ]
    try process.run()
    try await offThePool { process.waitUntilExit() }
    try #require(process.terminationStatus == 0)
}

/// What reading commands leave behind, `juice doctor`, and state files of the old schema, through the real binary.
@Suite("juice and the state file (end to end)")
struct StateFileCommandTests {
    static let readingCommands: [[String]] = [
        ["stock"], ["stock", "--json"], ["stock", "show"], ["menu"], ["menu", "--json"], ["history"], ["history", "--json"],
        ["history", "--limit", "1"], ["doctor"], ["doctor", "--json"],
    ]

    @Test("reading commands leave the state file byte for byte as it was")
    func readsLeaveTheFile() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        #expect(try await shop.run(["stock", "add", "kiwi", "3"]).status == 0)
        let before = try Data(contentsOf: shop.statePath)
        for arguments in Self.readingCommands {
            let outcome = try await shop.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            #expect(try Data(contentsOf: shop.statePath) == before, "\(arguments) changed the state file")
        }
        #expect(try await shop.stock()["banana"] == 8)
    }

    @Test("without a state file, reading commands show the initial stock and create nothing")
    func readsCreateNothing() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        for arguments in Self.readingCommands {
            let outcome = try await shop.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        }
        #expect(try await shop.stock() == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(try await shop.history().isEmpty)
        #expect(try await shop.run(["doctor"]).stdout == "state file: .juice/state.sqlite does not exist yet; nothing to check\n")
        #expect(!FileManager.default.fileExists(atPath: shop.statePath.deletingLastPathComponent().path), "no .juice directory")
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: shop.statePath.path))
    }

    @Test("doctor on a healthy state: what it checked, exit 0")
    func doctorHealthy() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        let outcome = try await shop.run(["doctor"])
        #expect(outcome.status == 0)
        #expect(
            outcome.stdout == """
                state file: .juice/state.sqlite
                integrity check: ok
                stock = initial stock + the journal's changes: holds
                healthy

                """)
    }

    @Test("stock edited by hand: changes refused naming the fruit and doctor; doctor shows the figures, exit 1; nothing repaired")
    func damagedState() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        try await editStateFile(
            shop.statePath, "UPDATE stock SET count = 99 WHERE fruit = 'banana'; UPDATE stock SET count = 4 WHERE fruit = 'kiwi';")
        let damaged = try Data(contentsOf: shop.statePath)
        for arguments in [["order", "kiwi-juice"], ["stock", "add", "mango"], ["stock", "reset"], ["undo"]] {
            let refused = try await shop.run(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(
                refused.stderr.contains("the stock of banana, kiwi differs from its initial stock plus the journal's changes"), "\(refused.stderr)")
            #expect(refused.stderr.contains("Run 'juice doctor'"), "\(refused.stderr)")
        }
        let doctor = try await shop.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("stock = initial stock + the journal's changes: broken for banana, kiwi\n"))
        #expect(doctor.stdout.contains("  banana: stock 99, initial stock plus the journal's changes 8\n"))
        #expect(doctor.stdout.contains("  kiwi: stock 4, initial stock plus the journal's changes 10\n"))
        #expect(doctor.stdout.contains("nothing was repaired"))
        let json = try await shop.run(["doctor", "--json"])
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["healthy"] as? Bool == false)
        #expect(report["integrityCheck"] as? [String] == ["ok"])
        let broken = try #require(report["brokenFruits"] as? [[String: Any]])
        #expect(broken.compactMap { $0["fruit"] as? String } == ["banana", "kiwi"])
        #expect(broken.first?["stock"] as? Int == 99 && broken.first?["expected"] as? Int == 8)
        #expect(try Data(contentsOf: shop.statePath) == damaged, "refused changes and doctor wrote nothing")
        try await editStateFile(
            shop.statePath, "UPDATE stock SET count = 8 WHERE fruit = 'banana'; UPDATE stock SET count = 10 WHERE fruit = 'kiwi';")
        #expect(try await shop.run(["doctor"]).status == 0)
        #expect(try await shop.run(["order", "kiwi-juice"]).status == 0)
    }

    @Test("a state file of the old schema: read as it is, migrated by the first change, its journal kept")
    func oldStateFile() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try FileManager.default.createDirectory(at: shop.statePath.deletingLastPathComponent(), withIntermediateDirectories: true)
        try await editStateFile(
            shop.statePath,
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE stock (fruit TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL CHECK (count >= 0), initial INTEGER NOT NULL CHECK (initial >= 0));
            CREATE TABLE journal (id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, kind TEXT NOT NULL, command TEXT NOT NULL,
                juice TEXT, count INTEGER, undoes INTEGER REFERENCES journal(id), undone_by INTEGER REFERENCES journal(id));
            CREATE TABLE journal_delta (entry INTEGER NOT NULL REFERENCES journal(id), fruit TEXT NOT NULL, delta INTEGER NOT NULL, PRIMARY KEY (entry, fruit));
            INSERT INTO stock VALUES ('strawberry', 10, 10), ('banana', 6, 10), ('pineapple', 10, 10), ('kiwi', 10, 10), ('mango', 10, 10);
            INSERT INTO journal (time, kind, command, juice, count) VALUES ('2026-01-01T00:00:00Z', 'order', 'juice order banana-juice --count 2', 'banana-juice', 2);
            INSERT INTO journal_delta VALUES (1, 'banana', -4);
            PRAGMA user_version = 1;
            """)
        let before = try Data(contentsOf: shop.statePath)
        #expect(try await shop.stock()["banana"] == 6)
        #expect(try await shop.run(["doctor"]).status == 0)
        #expect(try Data(contentsOf: shop.statePath) == before)
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        #expect(
            try await shop.history().compactMap { $0["command"] as? String } == ["juice order banana-juice", "juice order banana-juice --count 2"])
        #expect(try await shop.run(["undo"]).status == 0)
        #expect(try await shop.run(["undo"]).status == 0)
        #expect(try await shop.stock()["banana"] == 10)
        #expect(try await shop.run(["doctor"]).status == 0)
    }
}
