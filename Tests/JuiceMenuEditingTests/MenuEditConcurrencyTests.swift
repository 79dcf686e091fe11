import Foundation
import JuiceCore
import Testing

@testable import JuiceMenuEditing

/// Two staff at once, and an edit racing a save on disk: one is refused as stale, or they apply in turn; no update is
/// ever lost.
@Suite struct MenuEditConcurrencyTests {
    @Test func twoEditsOfOneJuiceOnOneVersionAcceptOneAndRefuseTheOtherAsStale() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let version = try await editor.menu().version
        /// One staff member's edit: its outcome, or why it was refused.
        @Sendable func edit(_ price: Int, _ session: String) async -> Result<MenuEditOutcome, MenuEditError> {
            do throws(MenuEditError) {
                return .success(
                    try await editor.apply(.changeJuice("strawberry-juice", JuiceChange(price: price)), ifMatch: [version], session: session))
            } catch {
                return .failure(error)
            }
        }
        async let first = edit(3100, "a")
        async let second = edit(3200, "b")
        let results = await [first, second]
        let accepted = results.compactMap { try? $0.get() }
        try #require(accepted.count == 1)
        let refusals = results.compactMap { result -> MenuEditError? in
            if case .failure(let error) = result { return error }
            return nil
        }
        #expect(refusals == [MenuEditError.stale(current: accepted[0].version)])
        let price = try await editor.menu().juices.first { $0.id == "strawberry-juice" }?.price
        #expect(price == (accepted[0].record?.session == "a" ? 3100 : 3200))
    }

    @Test func editsWithoutAVersionApplyInTurnAndNeitherIsLost() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await editor.apply(.changeJuice("strawberry-juice", JuiceChange(price: 3300)), session: "a") }
            group.addTask { _ = try await editor.apply(.changeJuice("strawberry-juice", JuiceChange(aliases: ["딸쥬"])), session: "b") }
            group.addTask { _ = try await editor.apply(.changeFruit("strawberry", FruitChange(stock: 30)), session: "c") }
            try await group.waitForAll()
        }
        let menu = try await editor.menu()
        let juice = try #require(menu.juices.first { $0.id == "strawberry-juice" })
        #expect(juice.price == 3300)
        #expect(juice.aliases == ["딸쥬"])
        #expect(menu.fruits.first { $0.id == "strawberry" }?.stock == 30)
        #expect(await editor.edits().count == 3)
    }

    @Test func anEditRacingASaveOnDiskIsStaleWithAVersionAndOnTopOfTheSaveWithout() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let seen = try await editor.menu().version
        // Someone saves juices.yaml in an editor after the page read the menu.
        let saved = MenuFixture.juices.replacingOccurrences(of: "# the end", with: "# the end, edited by hand")
        try fixture.write("juices.yaml", saved)
        let now = try await editor.menu().version
        #expect(now != seen)
        await #expect(throws: MenuEditError.stale(current: now)) {
            try await editor.apply(.changeJuice("mango-juice", JuiceChange(price: 4100)), ifMatch: [seen], session: "page")
        }
        #expect(try fixture.text("juices.yaml") == saved)
        // Without a version the edit is made on the saved file: both changes are there.
        _ = try await editor.apply(.changeJuice("mango-juice", JuiceChange(price: 4100)), session: "page")
        #expect(try fixture.text("juices.yaml") == saved.replacingOccurrences(of: "price: 4000", with: "price: 4100"))
    }

    @Test func aSaveLandingWhileAnEditIsBeingWrittenRefusesTheEditAndKeepsTheSave() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let saved = MenuFixture.store + "# saved meanwhile\n"
        // The save lands after the edit read the files and wrote its temporary file, before it is put in place.
        await editor.setOnStep { step in
            if step == .beforeComparing { try? fixture.write("store.yaml", saved) }
        }
        do {
            _ = try await editor.apply(.changeFruit("mango", FruitChange(stock: 9)), session: "page")
            Issue.record("accepted")
        } catch {
            guard case .changedOnDisk(let file, let current) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == "store.yaml")
            await editor.setOnStep { _ in }
            #expect(try await current == editor.menu().version)
        }
        #expect(try fixture.text("store.yaml") == saved)
        // No temporary file is left behind.
        #expect(try fixture.snapshot().keys.sorted() == ["fruits.yaml", "juices.yaml", "store.yaml"])
        #expect(await editor.edits().isEmpty)
    }
}
