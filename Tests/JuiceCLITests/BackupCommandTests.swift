import Foundation
import JuiceTestSupport
import Testing

/// `juice backup FILE` from outside: a consistent copy while other processes order, refusals, and the languages.
@Suite("juice backup (end to end)")
struct BackupCommandTests {
    static func errorObject(_ outcome: JuiceBinary.Outcome) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?["error"] as? [String: Any], "no JSON error object in: \(outcome.stdout)")
    }

    /// The journal's entry ids of the state at `path`, oldest first.
    static func journal(_ shop: ShopSandbox, state path: String) async throws -> [Int] {
        let outcome = try await shop.run(["history", "--json", "--limit", "100000", "--state", path])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]], "\(outcome.stderr)")
        return entries.compactMap { $0["id"] as? Int }.reversed()
    }

    @Test("backups taken while three other processes order are healthy by juice doctor, each journal a prefix of the final one")
    func consistentWhileOtherProcessesOrder() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["stock", "set", "pineapple=100", "banana=100", "kiwi=100"]).status == 0)
        let juice = JuiceBinary.executable.path
        let writers = ["pineapple-juice", "banana-juice", "kiwi-juice"].map { name in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "for i in $(seq 1 25); do \"$0\" order \"$1\" >/dev/null || exit 1; done", juice, name]
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = environment
            process.currentDirectoryURL = shop.directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for writer in writers { try writer.run() }
        var backups: [String] = []
        for index in 0..<4 {
            let name = "backup-\(index).sqlite"
            let outcome = try await shop.run(["backup", name], throttled: false)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("backed up the state .juice/state.sqlite to \(name)"), "\(outcome.stdout)")
            backups.append(name)
        }
        for writer in writers {
            try await offThePool { writer.waitUntilExit() }
            #expect(writer.terminationStatus == 0)
        }
        let final = try await Self.journal(shop, state: ".juice/state.sqlite")
        #expect(final.count == 1 + 75)
        for backup in backups {
            let doctor = try await shop.run(["doctor", "--state", backup])
            #expect(doctor.status == 0 && doctor.stdout.contains("healthy"), "\(backup): \(doctor.stdout)\(doctor.stderr)")
            let journal = try await Self.journal(shop, state: backup)
            #expect(!journal.isEmpty && Array(final.prefix(journal.count)) == journal, "\(backup): \(journal.count) entries")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: shop.directory.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
    }

    @Test("an existing FILE is refused (exit 2, kind backup-exists, left as it was) unless --force; in Korean and English")
    func overwriteRefused() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        let existing = shop.directory.appendingPathComponent("backup.sqlite")
        try Data("keep me".utf8).write(to: existing)
        let english = try await shop.run(["backup", "backup.sqlite", "--json"])
        #expect(english.status == 2)
        #expect(english.stderr == "juice: error: backup.sqlite already exists; add --force to replace it, or give another name\n")
        #expect(try Self.errorObject(english)["kind"] as? String == "backup-exists")
        let korean = try await shop.run(["backup", "backup.sqlite"], lang: "ko_KR.UTF-8")
        #expect(korean.status == 2)
        #expect(korean.stderr == "juice: 오류: backup.sqlite이(가) 이미 있어요. 덮어쓰려면 --force를 붙이거나 다른 이름을 주세요\n")
        #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
        let forced = try await shop.run(["backup", "backup.sqlite", "--force", "--lang", "ko"])
        #expect(forced.status == 0)
        #expect(forced.stdout.hasPrefix("상태 .juice/state.sqlite을(를) backup.sqlite에 백업했어요."), "\(forced.stdout)")
        let doctor = try await shop.run(["doctor", "--state", "backup.sqlite"])
        #expect(doctor.status == 0 && doctor.stdout.contains("healthy"))
    }

    @Test("no state file yet: exit 1, kind state-cannot-open; a missing directory: exit 2; nothing is written")
    func nothingToCopy() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let missing = try await shop.run(["backup", "backup.sqlite", "--json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("there is nothing to back up"), "\(missing.stderr)")
        #expect(try Self.errorObject(missing)["kind"] as? String == "state-cannot-open")
        #expect(try await shop.run(["order", "banana-juice"]).status == 0)
        let nowhere = try await shop.run(["backup", "nowhere/backup.sqlite", "--json"], lang: "ko_KR.UTF-8")
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr == "juice: 오류: nowhere/backup.sqlite: 디렉터리 'nowhere'이(가) 없어요. 먼저 만드세요\n")
        #expect(try Self.errorObject(nowhere)["kind"] as? String == "backup-invalid-destination")
        #expect(!FileManager.default.fileExists(atPath: shop.directory.appendingPathComponent("backup.sqlite").path))
    }

    @Test("a PostgreSQL state: exit 2, kind backup-postgres, with the pg_dump command to run (no password)")
    func postgresRefused() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let url = "postgres://juice:secret@db.example:6543/shop"
        let english = try await shop.run(["backup", "shop.dump", "--state", url, "--json"])
        #expect(english.status == 2)
        let command = "pg_dump --format=custom --file='shop.dump' --dbname='postgres://juice@db.example:6543/shop'"
        #expect(english.stderr.contains("Back PostgreSQL up with pg_dump: \(command)"), "\(english.stderr)")
        #expect(!english.stderr.contains("secret") && !english.stdout.contains("secret"))
        let error = try Self.errorObject(english)
        #expect(error["kind"] as? String == "backup-postgres")
        #expect(error["command"] as? String == command)
        let korean = try await shop.run(["backup", "shop.dump", "--state", url], lang: "ko_KR.UTF-8")
        #expect(korean.status == 2)
        #expect(korean.stderr.contains("PostgreSQL은 pg_dump로 백업하세요: \(command)"), "\(korean.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shop.directory.appendingPathComponent("shop.dump").path))
    }
}
