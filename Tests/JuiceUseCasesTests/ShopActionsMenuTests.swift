import Foundation
import JuiceCore
import JuiceShop
import JuiceUseCases
import Testing

/// The menu as the stock stands: what `juice menu` shows.
@Suite struct ShopActionsMenuTests {
    /// Every juice of the book, in its order, with what the stock read for it makes (the same as working it out from
    /// that stock), and fewer once the stock goes down.
    @Test func theMenuFollowsTheStock() async throws {
        let clock = try ShopActionsTests.clock()
        let book = ShopActionsTests.book
        let actions = ShopActions(shop: Shop(book: book, store: MemoryStore(clock: clock)), clock: clock)
        let menu = try await actions.menu()
        #expect(menu.entries.map(\.juice.id) == book.juices.map(\.id))
        for entry in menu.entries {
            #expect(entry.availability == menu.snapshot.inventory.availability(of: entry.juice))
        }
        let kiwiJuice = try #require(menu.entries.first { $0.juice.id == "kiwi-juice" })
        let perGlass = try #require(kiwiJuice.juice.recipe.first { $0.fruit == "kiwi" }).amount
        _ = try await actions.waste([("kiwi", perGlass)], reason: .spoiled, note: nil, command: "t")
        let after = try #require(try await actions.menu().entries.first { $0.juice.id == "kiwi-juice" })
        #expect(after.availability.makeable == kiwiJuice.availability.makeable - 1)
    }
}
