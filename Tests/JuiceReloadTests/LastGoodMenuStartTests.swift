import Foundation
import JuiceCore
import JuiceRecipes
import JuiceReload
import Testing

/// `LiveMenu(directory:settings:lastGood:rejected:)`: a menu started on the last good set a state kept, because the
/// directory's set could not be served.
@Suite struct LastGoodMenuStartTests {
    @Test func servesTheKeptSetAndReportsTheDirectorysProblemsThenTakesTheFix() async throws {
        let directory = try RecipeDirectory()
        defer { directory.delete() }
        let good = try LiveMenu(directory: directory.path, settings: quickSettings(.polling))
        let goodVersion = await good.current.version
        let files = await good.current.files
        #expect(files.map(\.name).sorted() == ["fruits.yaml", "juices.yaml", "store.yaml"], "named relative to the directory")

        try directory.write("juices.yaml", RecipeDirectory.brokenJuices)
        var rejected: LiveMenuError?
        do throws(LiveMenuError) { _ = try LiveMenu(directory: directory.path, settings: quickSettings(.polling)) } catch { rejected = error }
        let error = try #require(rejected)
        let menu = try LiveMenu(directory: directory.path, settings: quickSettings(.polling), lastGood: files, rejected: error)
        let current = await menu.current
        #expect(current.origin == .lastGood)
        #expect(current.version == goodVersion, "the kept files hash to the version they had")
        #expect(current.book.juices.count == 7)
        let status = await menu.status()
        #expect(!status.lastReloadSuccessful)
        #expect(status.lastAttempt?.result == .rejected)
        #expect(status.lastAttempt?.errors.map(\.location.description) == ["\(directory.path)/juices.yaml:13:14"])
        #expect(status.attempts[.rejected] == 1)

        #expect(await menu.reload().result == .rejected, "still broken")
        try directory.write("juices.yaml", RecipeDirectory.defaultFiles["juices.yaml", default: ""])
        let fixed = await menu.reload()
        #expect(fixed.result == .unchanged, "the directory holds the kept set again")
        #expect(await menu.status().lastReloadSuccessful, "the problems are gone")
        #expect(await menu.current.origin == .directory)
        try directory.write("juices.yaml", RecipeDirectory.juices(banana: 3))
        #expect(await menu.reload().result == .applied)
    }

    @Test func refusesAKeptSetThatNoLongerLintsClean() throws {
        let directory = try RecipeDirectory()
        defer { directory.delete() }
        try directory.write("juices.yaml", RecipeDirectory.brokenJuices)
        let broken = [RecipeSourceFile(name: "juices.yaml", text: RecipeDirectory.brokenJuices)]
        #expect {
            try LiveMenu(
                directory: directory.path, settings: quickSettings(.polling), lastGood: broken,
                rejected: .unreadable(.noRecipeFiles(directory.path)))
        } throws: { error in
            guard case .invalid(let result) = error as? LiveMenuError else { return false }
            return result.hasErrors
        }
    }
}
