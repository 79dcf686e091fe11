import Foundation
import JuiceCore
import JuiceReload
import Testing

/// The ways editors and deployments save, each seen by inotify and by polling.
@Suite struct WatcherMatrixTests {
    static let methods: [WatchMethod] = [.inotify, .polling]

    /// Runs `body` with a watched default set, then stops the watch and removes the directory.
    private func withWatched(
        _ method: WatchMethod, configMap: Bool = false, debounce: Duration = .milliseconds(50),
        _ body: (RecipeDirectory, LiveMenu, AttemptLog) async throws -> Void
    ) async throws {
        let directory = try RecipeDirectory(configMap: configMap)
        defer { directory.delete() }
        let (menu, log, task) = try await watching(directory, quickSettings(method, debounce: debounce))
        #expect(await menu.status().watching == method)
        try await body(directory, menu, log)
        task.cancel()
        await task.value
        await log.stop()
        #expect(await menu.status().watching == nil)
    }

    @Test(arguments: methods) func inPlaceWrite(method: WatchMethod) async throws {
        try await withWatched(method) { directory, menu, log in
            let inode = directory.inode("juices.yaml")
            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 3))
            #expect(directory.inode("juices.yaml") == inode)
            let attempt = try await log.attempt(after: 0)
            #expect(attempt.result == .applied)
            #expect(attempt.changes == ["recipe of banana-juice: banana 2 → 3"])
            #expect(await menu.current.version == attempt.version)
        }
    }

    @Test(arguments: methods) func writeToTemporaryThenRename(method: WatchMethod) async throws {
        try await withWatched(method) { directory, menu, log in
            let inode = directory.inode("juices.yaml")
            try directory.replace("juices.yaml", RecipeDirectory.juices(banana: 4))
            #expect(directory.inode("juices.yaml") != inode)
            #expect(try await log.change(after: 0).changes == ["recipe of banana-juice: banana 2 → 4"])
            // The new inode is watched too: a second save by rename is seen.
            try directory.replace("juices.yaml", RecipeDirectory.juices(banana: 5))
            #expect(try await log.change(after: 1).changes == ["recipe of banana-juice: banana 4 → 5"])
            #expect(await menu.current.book.juice("banana-juice")?.amount(of: "banana") == 5)
        }
    }

    @Test(arguments: methods) func configMapSymlinkSwap(method: WatchMethod) async throws {
        try await withWatched(method, configMap: true) { directory, menu, log in
            #expect(await menu.current.book.juices.count == 7, "the files are read through ..data")
            var files = RecipeDirectory.defaultFiles
            files["juices.yaml"] = RecipeDirectory.juices(banana: 6)
            try directory.swapConfigMap(to: files, generation: 2)
            #expect(try await log.change(after: 0).changes == ["recipe of banana-juice: banana 2 → 6"])
            // The watches follow the new ..data: a second swap is seen too.
            files["juices.yaml"] = RecipeDirectory.juices(banana: 7)
            try directory.swapConfigMap(to: files, generation: 3)
            #expect(try await log.change(after: 1).changes == ["recipe of banana-juice: banana 6 → 7"])
        }
    }

    @Test(arguments: methods) func fileAddedThenRemoved(method: WatchMethod) async throws {
        try await withWatched(method) { directory, menu, log in
            try FileManager.default.createDirectory(atPath: "\(directory.path)/seasonal", withIntermediateDirectories: false)
            try directory.write(
                "seasonal/autumn.yml",
                """
                version: 1
                juices:
                  kiwi-banana-juice:
                    name: {ko: 키바쥬스, en: Kiwi-Banana Juice}
                    recipe: {kiwi: 1, banana: 1}

                """)
            #expect(try await log.change(after: 0).changes == ["juice added: kiwi-banana-juice (키바쥬스 / Kiwi-Banana Juice): kiwi 1, banana 1"])
            try directory.remove("seasonal/autumn.yml")
            #expect(try await log.change(after: 1).changes == ["juice removed: kiwi-banana-juice"])
            #expect(await menu.current.book.juices.count == 7)
        }
    }

    @Test(arguments: methods) func halfWrittenFileCompletedWithinTheDebounce(method: WatchMethod) async throws {
        try await withWatched(method, debounce: .milliseconds(300)) { directory, menu, log in
            let text = RecipeDirectory.juices(banana: 8)
            let cut = text.index(text.startIndex, offsetBy: text.count / 2)
            try directory.write("juices.yaml", String(text[..<cut]))
            blockingPause(.milliseconds(30))
            try directory.append("juices.yaml", String(text[cut...]))
            let attempt = try await log.attempt(after: 0)
            #expect(attempt.result == .applied)
            #expect(attempt.changes == ["recipe of banana-juice: banana 2 → 8"])
            #expect(await menu.status().attempts[.rejected] == 0)
        }
    }

    @Test(arguments: methods) func brokenFileAmongGoodOnesThenTheFix(method: WatchMethod) async throws {
        try await withWatched(method) { directory, menu, log in
            let good = await menu.current.version
            try directory.write("juices.yaml", RecipeDirectory.brokenJuices)
            let rejected = try await log.attempt(after: 0)
            #expect(rejected.result == .rejected)
            #expect(rejected.errors.map(\.location.description) == ["\(directory.path)/juices.yaml:13:14"])
            #expect(rejected.errors.first?.fix == "replace 'bananna' with 'banana'")
            #expect(rejected.version == good)
            #expect(await menu.current.version == good)
            #expect(await !menu.status().lastReloadSuccessful)

            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 9))
            let fixed = try await log.attempt(after: 1)
            #expect(fixed.result == .applied)
            #expect(fixed.changes == ["recipe of banana-juice: banana 2 → 9"])
            #expect(await menu.status().lastReloadSuccessful)
        }
    }

    @Test(arguments: methods) func identicalRewriteIsUnchanged(method: WatchMethod) async throws {
        try await withWatched(method) { directory, menu, log in
            let version = await menu.current.version
            try directory.write("juices.yaml", RecipeDirectory.defaultFiles["juices.yaml", default: ""])
            let attempt = try await log.attempt(after: 0)
            #expect(attempt.result == .unchanged)
            #expect(attempt.version == version)
        }
    }

    @Test(arguments: methods) func directoryReplacedWhole(method: WatchMethod) async throws {
        try await withWatched(method) { directory, menu, log in
            let staged = try RecipeDirectory()
            try staged.write("juices.yaml", RecipeDirectory.juices(banana: 10))
            guard rename(directory.path, directory.path + ".old") == 0, rename(staged.path, directory.path) == 0 else {
                Issue.record("could not swap the directories")
                return
            }
            defer { try? FileManager.default.removeItem(atPath: directory.path + ".old") }
            #expect(try await log.change(after: 0).changes == ["recipe of banana-juice: banana 2 → 10"])
            // The new directory is watched from then on.
            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 1))
            #expect(try await log.change(after: 1).changes == ["recipe of banana-juice: banana 10 → 1"])
        }
    }

    /// A parse failure right after a burst is "not yet": a fix within one more debounce interval is applied and the
    /// failure is never reported.
    @Test(arguments: methods) func failureDuringABurstIsNotYetReported(method: WatchMethod) async throws {
        try await withWatched(method, debounce: .milliseconds(400)) { directory, menu, log in
            try directory.write("juices.yaml", RecipeDirectory.brokenJuices)
            blockingPause(.milliseconds(500))
            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 3))
            #expect(try await log.attempt(after: 0).result == .applied)
            #expect(await menu.status().attempts[.rejected] == 0)
        }
    }

    @Test func editsBeforeTheWatchStartsArePickedUp() async throws {
        let directory = try RecipeDirectory()
        defer { directory.delete() }
        let menu = try LiveMenu(directory: directory.path, settings: quickSettings(.inotify))
        try directory.write("juices.yaml", RecipeDirectory.juices(banana: 3))
        let task = Task { await menu.watch() }
        defer { task.cancel() }
        let deadline = ContinuousClock.now + testTimeout
        while await menu.status().watching == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(await menu.current.book.juice("banana-juice")?.amount(of: "banana") == 3)
        #expect(await menu.status().attempts[.unchanged] == 0)
    }

    /// vim's swap file and its `4913` probe are not recipe files: no reload for them (else an `unchanged` comes first).
    @Test(arguments: methods) func editorSwapFilesAreNotEdits(method: WatchMethod) async throws {
        try await withWatched(method) { directory, _, log in
            try directory.write(".juices.yaml.swp", "swap")
            try directory.write("4913", "")
            try await Task.sleep(for: .milliseconds(200))
            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 3))
            #expect(try await log.attempt(after: 0).result == .applied)
        }
    }
}
