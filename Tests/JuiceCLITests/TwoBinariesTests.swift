import Foundation
import Testing

/// `juice` runs `lint` itself and hands every other command line to `juice-full` installed beside it: the two must
/// answer exactly alike, the hand-over must find `juice-full` wherever `juice` is started from, and a missing
/// `juice-full` must be said plainly without taking `lint` down with it.
@Suite("juice and juice-full")
struct TwoBinariesTests {
    static var full: URL { JuiceBinary.executable.deletingLastPathComponent().appendingPathComponent("juice-full") }

    /// A copy of `juice` alone in a new directory, and the directory. Copied by `cp`, not here: a child another test
    /// spawns meanwhile would inherit this process's descriptor of the copy, open for writing, and starting the copy
    /// would then fail (ETXTBSY).
    static func juiceAlone() async throws -> (directory: URL, juice: URL) {
        let directory = try JuiceBinary.temporaryDirectory()
        let juice = directory.appendingPathComponent("juice")
        let copy = try await JuiceBinary.run([JuiceBinary.executable.path, juice.path], executable: URL(fileURLWithPath: "/bin/cp"))
        try #require(copy.status == 0, "\(copy.stderr)")
        return (directory, juice)
    }

    /// Command lines `juice` runs itself: help in both languages, the version, usage errors, and lint's own work.
    static let lintLines: [[String]] = [
        ["lint"], ["lint", "--format", "json"], ["lint", "--strict"], ["lint", "--list-rules"],
        ["lint", "--explain", "exceeds-initial-stock"], ["lint", "--help"], ["--lang", "ko", "lint", "--help"],
        ["lint", "-h", "--lang", "en"], ["lint", "--version"], ["lint", "--bogus"], ["lint", "--format", "xml"],
        ["--lang", "ko", "lint", "--severity", "nope"], ["lint", "/nonexistent/recipes"],
        ["lint", "Tests/JuiceCLITests/Fixtures/hostile/dup-juice-id.yaml", "--format", "sarif"],
        // Handed over: a completion script covers every command; `--lang` before an option is juice-full's to judge.
        ["lint", "--generate-completion-script", "bash"], ["--lang", "-h", "lint"], ["--lang", "--help", "lint"],
    ]

    @Test("juice lint answers as juice-full lint does: output, errors and exit status", arguments: lintLines)
    func lintIsTheSame(arguments: [String]) async throws {
        let root = JuiceBinary.packageRoot
        let quick = try await JuiceBinary.run(arguments, in: root)
        let whole = try await JuiceBinary.run(arguments, in: root, executable: Self.full)
        #expect(quick.stdout == whole.stdout)
        #expect(quick.stderr == whole.stderr)
        #expect(quick.status == whole.status)
        #expect(!(quick.stdout + quick.stderr).isEmpty)
    }

    @Test("every other command line is juice-full's, with its exit status", arguments: [
        ["menu"], ["--version"], [], ["--lang", "en", "status"], ["help", "lint"], ["order", "nothing-juice", "--json"],
        ["--lang", "ko", "stock", "add", "망고", "-3"],
    ])
    func otherCommandsAreJuiceFulls(arguments: [String]) async throws {
        let quick = try await JuiceBinary.run(arguments)
        let whole = try await JuiceBinary.run(arguments, executable: Self.full)
        #expect(quick.stdout == whole.stdout)
        #expect(quick.stderr == whole.stderr)
        #expect(quick.status == whole.status)
    }

    @Test("juice started through a symbolic link elsewhere still finds juice-full beside the real file")
    func throughASymbolicLink() async throws {
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("juice")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: JuiceBinary.executable)
        let outcome = try await JuiceBinary.run(["--lang", "en", "menu"], executable: link)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("Banana Juice"))
    }

    @Test("without juice-full beside it, lint still runs and every other command says how to install it")
    func withoutJuiceFull() async throws {
        let (directory, alone) = try await Self.juiceAlone()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("juice-full").path

        let lint = try await JuiceBinary.run(["lint"], executable: alone)
        #expect(lint.status == 0)
        #expect(lint.stdout.contains("0 errors"))

        let english = try await JuiceBinary.run(["--lang", "en", "order", "banana-juice"], executable: alone)
        #expect(english.status == 1)
        #expect(english.stdout.isEmpty)
        #expect(english.stderr == """
            juice: error: this command is run by juice-full, and \(missing) could not be started (No such file or \
            directory). Build it (swift build -c release --product juice-full) and install it beside juice: install -m \
            755 .build/release/juice-full \(directory.path)/

            """)

        let korean = try await JuiceBinary.run(["stock", "--lang", "ko"], executable: alone)
        #expect(korean.status == 1)
        #expect(korean.stderr.hasPrefix("juice: 오류: 이 명령은 juice-full이 실행하는데, \(missing)"))
        #expect(korean.stderr.contains("파일이나 디렉터리가 없어요"))

        let json = try await JuiceBinary.run(["menu", "--json", "--lang", "en"], executable: alone)
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [String: String]]
        #expect(object?["error"]?["kind"] == "juice-full-missing")
        #expect(object?["error"]?["message"]?.contains(missing) == true)
    }

    @Test("a juice-full that cannot be run is reported as such, never handed to the shell", arguments: [
        ("garbage", 0o755, "en", "Exec format error"), ("#!/bin/sh\necho ran", 0o644, "ko", "실행할 권한이 없어요"),
    ])
    func brokenJuiceFull(content: String, permissions: Int, language: String, reason: String) async throws {
        let (directory, alone) = try await Self.juiceAlone()
        defer { try? FileManager.default.removeItem(at: directory) }
        let full = directory.appendingPathComponent("juice-full")
        try content.write(to: full, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: full.path)
        let outcome = try await JuiceBinary.run(["--lang", language, "menu"], executable: alone)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains(full.path) && outcome.stderr.contains("(\(reason))"), "\(outcome.stderr)")
    }

    @Test("output that cannot be written is an error (exit 1), in juice and through juice-full", arguments: [
        (["--lang", "en", "lint"], "juice: error: cannot write to standard output (No space left on device); the output is incomplete"),
        (["--lang", "ko", "menu"], "juice: 오류: 표준 출력에 쓸 수 없어요 (저장 공간이 없어요). 출력이 완전하지 않아요"),
    ])
    func outputToAFullDisk(arguments: [String], message: String) async throws {
        let outcome = try await JuiceBinary.run(
            ["-c", "exec \"$0\" \"$@\" > /dev/full", JuiceBinary.executable.path] + arguments,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(outcome.status == 1)
        #expect(outcome.stderr == message + "\n")
    }

    @Test("juice loads neither Foundation nor SQLite: lint starts with what a hello-world loads, and libyaml")
    func juiceLinksOnlyTheRecipeLayer() async throws {
        let ldd = try await JuiceBinary.run([JuiceBinary.executable.path], executable: URL(fileURLWithPath: "/usr/bin/ldd"))
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libyaml"))
        for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU", "libsqlite3", "libswiftDispatch"] {
            #expect(!ldd.stdout.contains(library), "\(library) is loaded by juice: \(ldd.stdout)")
        }
        let full = try await JuiceBinary.run([Self.full.path], executable: URL(fileURLWithPath: "/usr/bin/ldd"))
        #expect(full.stdout.contains("libFoundation.so") && full.stdout.contains("libsqlite3"))
    }
}
