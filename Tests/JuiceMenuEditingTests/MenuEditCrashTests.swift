import Foundation
import JuiceCore
import JuiceTestSupport
import Synchronization
import Testing

@testable import JuiceMenuEditing

/// The last moments of writing an edit: a save that lands after the final comparison, and a process killed between
/// the two files of one edit. Neither loses a save, and neither leaves half an edit.
@Suite struct MenuEditCrashTests {
    /// A change that writes two files: the fruit in fruits.yaml, its stock in store.yaml.
    static let kiwi = MenuChange.addFruit(NewFruit(id: "kiwi", name: NameChange(korean: "키위", english: "Kiwi"), emoji: "🥝", stock: 7))

    /// The names of the files the edit puts in place, in order, as `onStep` sees them.
    final class Steps: Sendable {
        let seen = Mutex<[MenuEditor.WriteStep]>([])
        var replaced: [String] {
            seen.withLock { steps in
                steps.compactMap { step in
                    if case .afterReplacing(let name) = step { return name }
                    return nil
                }
            }
        }
    }

    @Test func aSaveLandingAfterTheLastComparisonIsSwappedBackAndTheEditTakenBackWhole() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let before = try MenuFixture.snapshot(of: fixture.directory)
        let steps = Steps()
        let saved = Mutex<(name: String, text: String)?>(nil)
        // The save lands on the edit's second file just before it is swapped in, after every comparison passed; the
        // first file is in place already.
        await editor.setOnStep { step in
            steps.seen.withLock { $0.append(step) }
            guard case .beforeReplacing(let name) = step, !steps.replaced.isEmpty else { return }
            let text = (MenuFixture.files[name] ?? "") + "# saved at the last moment\n"
            try? fixture.write(name, text)
            saved.withLock { $0 = (name, text) }
        }
        do {
            _ = try await editor.apply(Self.kiwi, session: "page")
            Issue.record("accepted")
        } catch {
            let (name, _) = try #require(saved.withLock { $0 })
            guard case .changedOnDisk(let file, let current) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == name)
            await editor.setOnStep { _ in }
            #expect(try await current == editor.menu().version)
        }
        let (name, text) = try #require(saved.withLock { $0 })
        #expect(steps.replaced.count == 1, "the first file was in place when the save landed")
        // The save is kept, the file before it is as before the edit, and nothing else is left.
        var expected = before
        expected[name] = Array(text.utf8)
        #expect(try MenuFixture.snapshot(of: fixture.directory) == expected)
        #expect(await editor.edits().isEmpty)
    }

    @Test func aSaveLandingJustBeforeTheSwapOfAOneFileEditIsKept() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let saved = MenuFixture.store + "# saved at the last moment\n"
        await editor.setOnStep { step in
            if step == .beforeReplacing("store.yaml") { try? fixture.write("store.yaml", saved) }
        }
        await #expect(throws: MenuEditError.self) { try await editor.apply(.changeFruit("mango", FruitChange(stock: 9)), session: "page") }
        #expect(try fixture.text("store.yaml") == saved)
        #expect(try MenuFixture.snapshot(of: fixture.directory).keys.sorted() == ["fruits.yaml", "juices.yaml", "store.yaml"])
    }

    @Test func whatACommitChecksIsWhatItReplacedSwappedOutInOneStep() throws {
        let fixture = try MenuFixture()
        let path = fixture.path + "/store.yaml"
        let old = Array(MenuFixture.store.utf8)
        let new = Array((MenuFixture.store + "# new\n").utf8)
        let write = try AtomicFileWrite(new, to: path, name: "store.yaml")
        try write.commit(expecting: old)
        // Not a read before a rename: the file that was in place is now under the temporary name, until `finish()`.
        #expect(AtomicFileWrite.contents(of: path) == new)
        #expect(AtomicFileWrite.contents(of: write.temporary) == old)
        write.finish()
        #expect(AtomicFileWrite.contents(of: write.temporary) == nil)
        // Expecting other bytes than those in place: they are swapped back, and the new bytes are gone.
        let other = try AtomicFileWrite(old, to: path, name: "store.yaml")
        #expect(throws: MenuEditError.changedOnDisk(file: "store.yaml", current: "")) { try other.commit(expecting: old) }
        #expect(AtomicFileWrite.contents(of: path) == new)
        #expect(AtomicFileWrite.contents(of: other.temporary) == nil)
    }

    @Test func symbolicLinksAreFollowedTheirTargetsSwappedTheLinksKeptAndNothingLeftBeside() async throws {
        let fixture = try MenuFixture()
        let shared = try TestDirectories.make("juice-menu-shared")
        defer { try? FileManager.default.removeItem(at: shared) }
        // fruits.yaml and store.yaml are links to files kept elsewhere (a ConfigMap's way, or a shared checkout's).
        for name in ["fruits.yaml", "store.yaml"] {
            try FileManager.default.moveItem(at: fixture.directory.appendingPathComponent(name), to: shared.appendingPathComponent(name))
            try FileManager.default.createSymbolicLink(atPath: fixture.path + "/" + name, withDestinationPath: shared.path + "/" + name)
        }
        func linksKept() throws -> Bool {
            try ["fruits.yaml", "store.yaml"].allSatisfy {
                try FileManager.default.destinationOfSymbolicLink(atPath: fixture.path + "/" + $0) == shared.path + "/" + $0
            }
        }
        let editor = MenuEditor(directory: fixture.path)
        _ = try await editor.apply(.changeFruit("mango", FruitChange(stock: 9)), session: "page")
        #expect(try linksKept())
        #expect(try String(contentsOf: shared.appendingPathComponent("store.yaml"), encoding: .utf8).contains("mango: 9"))
        #expect(try MenuFixture.snapshot(of: shared).keys.sorted() == ["fruits.yaml", "store.yaml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path).sorted() == ["fruits.yaml", "juices.yaml", "store.yaml"])

        // A two-file edit whose second file (store.yaml) meets a save: the first (fruits.yaml) gets its bytes back,
        // through its link.
        let before = try MenuFixture.snapshot(of: shared)
        let saved = Array((MenuFixture.store + "# saved\n").utf8)
        await editor.setOnStep { step in
            if step == .beforeReplacing("store.yaml") { try? Data(saved).write(to: shared.appendingPathComponent("store.yaml")) }
        }
        do {
            _ = try await editor.apply(Self.kiwi, session: "page")
            Issue.record("accepted")
        } catch {
            guard case .changedOnDisk(let file, _) = error else { throw error }
            #expect(file == "store.yaml")
        }
        var expected = before
        expected["store.yaml"] = saved
        #expect(try MenuFixture.snapshot(of: shared) == expected)
        #expect(try linksKept())
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path).sorted() == ["fruits.yaml", "juices.yaml", "store.yaml"])

        // A removal (the undo of a new file) removes a link, never the file it points to.
        let removal = AtomicFileWrite.removal(of: fixture.path + "/store.yaml", name: "store.yaml")
        try removal.commit(expecting: saved)
        removal.finish()
        #expect(try MenuFixture.snapshot(of: shared) == expected)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/store.yaml"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: fixture.path + "/store.yaml")) == nil)
    }

    /// Rewrites the intent left in `directory` as process `process`'s, returning its path.
    @discardableResult
    static func passIntent(in directory: URL, to process: Int32) throws -> String {
        let (path, intent) = try #require(MenuEditIntent.left(in: directory.path).first)
        var passed = try #require(intent)
        passed.process = process
        try Data(JSONEncoder().encode(passed)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Copies the directory as a process killed right after the edit's first file was put in place leaves it (every
    /// step before is durable), lets the edit finish in the original, and returns the copy.
    static func killedAfterTheFirstFile(of change: MenuChange, in fixture: MenuFixture) async throws -> URL {
        let editor = MenuEditor(directory: fixture.path)
        let copy = try TestDirectories.make("juice-menu-edit-killed")
        let copied = Mutex<Result<Void, any Error>?>(nil)
        await editor.setOnStep { step in
            guard case .afterReplacing = step, copied.withLock({ $0 }) == nil else { return }
            let result = Result {
                for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
                    try FileManager.default.copyItem(
                        at: fixture.directory.appendingPathComponent(name), to: copy.appendingPathComponent(name))
                }
            }
            copied.withLock { $0 = result }
        }
        _ = try await editor.apply(change, session: "page")
        try #require(copied.withLock { $0 }).get()
        return copy
    }

    @Test func aProcessKilledBetweenTheTwoFilesOfAnEditLeavesItTakenBackAtTheNextStart() async throws {
        let fixture = try MenuFixture()
        let before = try MenuFixture.snapshot(of: fixture.directory)
        let copy = try await Self.killedAfterTheFirstFile(of: Self.kiwi, in: fixture)
        defer { try? FileManager.default.removeItem(at: copy) }
        // Killed there, the directory holds half the edit, the intent and the second file's temporary file.
        let left = try MenuFixture.snapshot(of: copy)
        #expect(left.keys.contains { $0.hasPrefix(".juice-menu-edit-") && $0.hasSuffix(".intent") })
        #expect(left.filter { !$0.key.hasPrefix(".") } != before)

        let recovery = await MenuEditor(directory: copy.path).recoverInterruptedEdits()
        #expect(recovery.restored.count == 1)
        #expect(recovery.untouched.count == 1)
        #expect(Set(recovery.restored + recovery.untouched) == ["fruits.yaml", "store.yaml"])
        #expect(recovery.changedSince.isEmpty && recovery.failed.isEmpty && recovery.leftAlone.isEmpty)
        // Byte for byte the set from before the edit, and nothing hidden left.
        #expect(try MenuFixture.snapshot(of: copy) == before)
        #expect(await MenuEditor(directory: copy.path).recoverInterruptedEdits().isEmpty)
        // The edit itself finished where the process lived.
        #expect(try await MenuEditor(directory: fixture.path).menu().fruits.contains { $0.id == "kiwi" })
    }

    @Test func anEditTakesBackTheHalfEditOfAnotherKilledProcessBeforeItBuildsOnTheSet() async throws {
        let fixture = try MenuFixture()
        let before = try MenuFixture.snapshot(of: fixture.directory)
        let copy = try await Self.killedAfterTheFirstFile(of: Self.kiwi, in: fixture)
        defer { try? FileManager.default.removeItem(at: copy) }
        // The intent is another process's, which has ended (a server sharing the directory, killed).
        try Self.passIntent(in: copy, to: try endedProcessID())

        _ = try await MenuEditor(directory: copy.path).apply(.changeJuice("mango-juice", JuiceChange(price: 4100)), session: "page")
        var expected = before
        expected["juices.yaml"] = Array(MenuFixture.juices.replacingOccurrences(of: "price: 4000", with: "price: 4100").utf8)
        #expect(try MenuFixture.snapshot(of: copy) == expected)
    }

    @Test func aFileChangedSinceTheInterruptedEditIsLeftAsItIs() async throws {
        let fixture = try MenuFixture()
        let copy = try await Self.killedAfterTheFirstFile(of: Self.kiwi, in: fixture)
        defer { try? FileManager.default.removeItem(at: copy) }
        let recipeFiles = try MenuFixture.snapshot(of: copy).keys.filter { !$0.hasPrefix(".") }
        // Someone fixes things by hand before the shop starts again: every recipe file gets a line.
        for name in recipeFiles {
            let url = copy.appendingPathComponent(name)
            try (String(decoding: try Data(contentsOf: url), as: UTF8.self) + "# by hand\n").write(to: url, atomically: true, encoding: .utf8)
        }
        let byHand = try MenuFixture.snapshot(of: copy).filter { !$0.key.hasPrefix(".") }
        let recovery = await MenuEditor(directory: copy.path).recoverInterruptedEdits()
        #expect(Set(recovery.changedSince) == ["fruits.yaml", "store.yaml"])
        #expect(recovery.restored.isEmpty)
        #expect(try MenuFixture.snapshot(of: copy) == byHand)
    }

    @Test func anIntentOfAnotherLiveProcessIsLeftAlone() async throws {
        let fixture = try MenuFixture()
        let copy = try await Self.killedAfterTheFirstFile(of: Self.kiwi, in: fixture)
        defer { try? FileManager.default.removeItem(at: copy) }
        // The same intent, as another process that is still running (this test's parent) would have written it.
        let path = try Self.passIntent(in: copy, to: getppid())
        let before = try MenuFixture.snapshot(of: copy)
        let recovery = await MenuEditor(directory: copy.path).recoverInterruptedEdits()
        #expect(recovery.leftAlone == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(recovery.restored.isEmpty && recovery.untouched.isEmpty)
        #expect(try MenuFixture.snapshot(of: copy) == before)
    }

    @Test func temporaryFilesOfAnEndedProcessAreRemovedOnceOverAMinuteOld() async throws {
        let fixture = try MenuFixture()
        let ended = try endedProcessID()
        let old = ".store.yaml.juice-edit-\(ended)-7"
        let young = ".store.yaml.juice-edit-\(ended)-8"
        let alive = ".juices.yaml.juice-edit-\(getppid())-9"
        let unrelated = ".store.yaml.juice-edit-notes"
        for name in [old, young, alive, unrelated] { try fixture.write(name, "x") }
        var twoMinutesAgo = [timeval(tv_sec: time(nil) - 120, tv_usec: 0), timeval(tv_sec: time(nil) - 120, tv_usec: 0)]
        for name in [old, alive, unrelated] { #expect(utimes(fixture.path + "/" + name, &twoMinutesAgo) == 0) }
        let recovery = await MenuEditor(directory: fixture.path).recoverInterruptedEdits()
        #expect(recovery.temporaryFilesRemoved == [old])
        #expect(
            try MenuFixture.snapshot(of: fixture.directory).keys.sorted()
                == [alive, unrelated, young, "fruits.yaml", "juices.yaml", "store.yaml"].sorted())
    }

    @Test func anIntentIsWrittenBeforeTheFirstFileAndGoneAfterTheLast() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let intents = Mutex<[Int]>([])
        await editor.setOnStep { step in
            guard case .beforeReplacing = step else { return }
            intents.withLock { $0.append(MenuEditIntent.left(in: fixture.path).count) }
        }
        _ = try await editor.apply(Self.kiwi, session: "page")
        #expect(intents.withLock { $0 } == [1, 1])
        #expect(MenuEditIntent.left(in: fixture.path).isEmpty)
        #expect(try MenuFixture.snapshot(of: fixture.directory).keys.sorted() == ["fruits.yaml", "juices.yaml", "store.yaml"])
    }
}
