import Foundation
import JuiceCore
import JuiceRecipes
import JuiceReload
import Testing

/// Loading, forced reloads and the reload state, without the watcher.
@Suite struct LiveMenuTests {
    /// Runs `body` with a live menu on a new default set (not watched), then removes the directory.
    private func withMenu(_ body: (RecipeDirectory, LiveMenu) async throws -> Void) async throws {
        let directory = try RecipeDirectory()
        defer { directory.delete() }
        try await body(directory, LiveMenu(directory: directory.path, settings: quickSettings(.polling)))
    }

    @Test func startsOnAGoodSetWithItsVersionAndWarnings() async throws {
        try await withMenu { directory, menu in
            let current = await menu.current
            #expect(current.book.juices.count == 7)
            #expect(current.version.count == 64)
            #expect(current.warnings.map(\.rule) == [.exceedsInitialStock])
            let status = await menu.status()
            #expect(status.version == current.version)
            #expect(status.lastAttempt == nil)
            #expect(status.lastReloadSuccessful)
            #expect(status.attempts == [.applied: 0, .unchanged: 0, .rejected: 0])
            // The same bytes elsewhere are the same version.
            let copy = try RecipeDirectory()
            defer { copy.delete() }
            #expect(try await LiveMenu(directory: copy.path, settings: quickSettings(.polling)).current.version == current.version)
        }
    }

    @Test func refusesToStartOnABrokenSet() throws {
        let directory = try RecipeDirectory()
        defer { directory.delete() }
        try directory.write("juices.yaml", RecipeDirectory.brokenJuices)
        #expect {
            try LiveMenu(directory: directory.path, settings: quickSettings(.polling))
        } throws: { error in
            guard case .invalid(let result) = error as? LiveMenuError else { return false }
            return result.diagnostics.contains { $0.location.description == "\(directory.path)/juices.yaml:13:14" && $0.rule == .unknownFruit }
                && "\(error)".contains("juices.yaml:13:14: error: unknown fruit 'bananna'")
        }
    }

    @Test func refusesToStartOnAMissingDirectory() {
        #expect {
            try LiveMenu(directory: "/nonexistent/recipes", settings: quickSettings(.polling))
        } throws: { error in
            guard case .unreadable(.notFound(let path)) = error as? LiveMenuError else { return false }
            return path == "/nonexistent/recipes" && "\(error)" == "cannot read the recipes: /nonexistent/recipes: no such file or directory"
        }
    }

    @Test func reloadIsUnchangedAppliedOrRejectedAndCounted() async throws {
        try await withMenu { directory, menu in
            let first = await menu.current

            let unchanged = await menu.reload()
            #expect(unchanged.result == .unchanged)
            #expect(unchanged.version == first.version)
            #expect(await menu.current.loadedAt == first.loadedAt)

            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 3))
            let applied = await menu.reload()
            #expect(applied.result == .applied)
            #expect(applied.changes == ["recipe of banana-juice: banana 2 → 3"])
            #expect(applied.menuChanges?.recipesChanged.map(\.juice) == ["banana-juice"])
            let second = await menu.current
            #expect(second.version == applied.version && second.version != first.version)
            #expect(second.book.juice("banana-juice")?.amount(of: "banana") == 3)
            // A request that started on the first menu still has it, whole.
            #expect(first.book.juice("banana-juice")?.amount(of: "banana") == 2)

            try directory.write("juices.yaml", RecipeDirectory.brokenJuices)
            let rejected = await menu.reload()
            #expect(rejected.result == .rejected)
            #expect(rejected.version == second.version)
            #expect(rejected.attemptedVersion != nil && rejected.attemptedVersion != second.version)
            #expect(rejected.errors.map(\.location.description) == ["\(directory.path)/juices.yaml:13:14"])
            #expect(rejected.logLines.first?.hasPrefix("recipe reload rejected; the last good menu") == true)
            #expect(rejected.logLines.contains { $0.hasPrefix("\(directory.path)/juices.yaml:13:14: error: unknown fruit 'bananna'") })
            #expect(await menu.current.version == second.version)

            let status = await menu.status()
            #expect(!status.lastReloadSuccessful)
            #expect(status.attempts == [.applied: 1, .unchanged: 1, .rejected: 1])
            #expect(status.lastSuccessAt == applied.at)
            #expect(status.loadedAt == second.loadedAt)
            #expect(status.lastAttempt?.result == .rejected)
        }
    }

    @Test func aVanishedDirectoryIsRejectedWithTheReason() async throws {
        let directory = try RecipeDirectory()
        let menu = try LiveMenu(directory: directory.path, settings: quickSettings(.polling))
        directory.delete()
        let attempt = await menu.reload()
        #expect(attempt.result == .rejected)
        #expect(attempt.failure == .notFound(directory.path))
        #expect(attempt.logLines.last == "\(directory.path): no such file or directory")
        #expect(await menu.current.book.juices.count == 7)
    }

    @Test func updatesDeliverEveryAttemptWithItsLogLines() async throws {
        let directory = try RecipeDirectory()
        defer { directory.delete() }
        let menu = try LiveMenu(directory: directory.path, settings: quickSettings(.polling))
        let log = await AttemptLog(menu)
        defer { Task { await log.stop() } }
        try directory.write("juices.yaml", RecipeDirectory.juices(banana: 4))
        await menu.reload()
        await menu.reload()
        let applied = try await log.attempt(after: 0)
        let unchanged = try await log.attempt(after: 1)
        #expect(applied.result == .applied)
        #expect(unchanged.result == .unchanged)
        let version = await menu.current.version
        #expect(
            applied.logLines + unchanged.logLines == [
                "recipe reload applied: menu version \(version.prefix(12))",
                "recipe of banana-juice: banana 2 → 4",
                "recipe reload: the recipe files are unchanged (menu version \(version.prefix(12)))",
            ])
    }

    @Test func anAppliedReloadJudgesNoStockAndCarriesBothBooksForTheShopToJudge() async throws {
        try await withMenu { directory, menu in
            let before = await menu.current.book
            // 11 bananas a juice: more than the initial stock (10), and still no word of stock from the menu.
            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 11))
            let attempt = await menu.reload()
            #expect(attempt.changes == ["recipe of banana-juice: banana 2 → 11"])
            #expect(attempt.menuChanges?.becameUnmakeable == [])
            let book = try #require(attempt.book)
            let replaced = try #require(attempt.replacedBook)
            #expect(replaced.juice("banana-juice")?.amount(of: "banana") == before.juice("banana-juice")?.amount(of: "banana"))
            var stock = replaced.initialInventory
            try stock.set("banana", to: 3)
            #expect(MenuChanges.unmakeable(from: replaced, to: book, stock: stock).map(\.juice) == ["banana-juice"])
        }
    }

    @Test func reloadsAskedForAtOnceAllFinishAndAgree() async throws {
        try await withMenu { directory, menu in
            try directory.write("juices.yaml", RecipeDirectory.juices(banana: 5))
            let results = await withTaskGroup(of: ReloadAttempt.Result.self) { group in
                for _ in 0..<8 { group.addTask { await menu.reload().result } }
                return await group.reduce(into: [ReloadAttempt.Result]()) { $0.append($1) }
            }
            #expect(results.sorted { $0.rawValue < $1.rawValue } == [.applied] + Array(repeating: .unchanged, count: 7))
        }
    }
}
