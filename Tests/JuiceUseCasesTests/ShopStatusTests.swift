import Foundation
import JuiceCore
import JuiceShop
import JuiceUseCases
import Testing

/// `juice status`'s use case: what it counts as problems, and its JSON.
@Suite struct ShopStatusTests {
    static let recipes = ShopStatus.Recipes(directory: nil, files: 2, fruits: 2, juices: 1, errors: 1, warnings: 3)

    /// A state that does not exist yet is no problem (only the recipes' errors count); one that exists is read:
    /// its journal's entries and its health.
    @Test func aStateIsReadOnlyWhenItExists() async throws {
        let none = await ShopStatus.read(recipes: Self.recipes, location: "new.sqlite", shop: nil)
        #expect(!none.state.exists && none.state.journalEntries == 0 && none.state.healthy)
        #expect(none.problems == 1, "the recipes' one error")
        let shop = Shop(book: PlanningActionsTests.book, store: MemoryStore())
        _ = try await shop.order("kiwi-juice", command: "t")
        _ = try await shop.order("kiwi-juice", command: "t")
        let read = await ShopStatus.read(recipes: Self.recipes, location: "shop.sqlite", shop: shop)
        #expect(read.state.exists && read.state.journalEntries == 2 && read.state.healthy && read.state.orphans.isEmpty)
        #expect(read.problems == 1)
    }

    /// The JSON keeps `null` for what is absent (the built-in set's directory, no error). (Its members' order is the
    /// CLI's golden transcripts' to check: Foundation's encoder does not keep it.)
    @Test func theJSONSaysNullForWhatIsAbsent() async throws {
        let status = await ShopStatus.read(recipes: Self.recipes, location: "new.sqlite", shop: nil)
        let text = ShopText(language: .english, book: PlanningActionsTests.book)
        let data = try JSONEncoder().encode(ShopStatusJSON(status, text: text))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let recipes = try #require(json["recipes"] as? [String: Any])
        let state = try #require(json["state"] as? [String: Any])
        #expect(recipes["directory"] is NSNull && recipes["builtIn"] as? Bool == true && recipes["files"] as? Int == 2)
        #expect(state["error"] is NSNull && (state["orphans"] as? [String: Any])?.isEmpty == true)
        #expect(json["problems"] as? Int == 1)
    }
}
