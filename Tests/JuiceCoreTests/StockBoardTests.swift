import JuiceCore
import Testing

/// Stock changes can be followed as a stream, as the original app's labels followed notifications.
@Suite("Stock board updates")
struct StockBoardTests {
    @Test("every successful change is published; a refused order publishes nothing")
    func publishesChanges() async throws {
        let inventory = Inventory(counts: ["banana": 10, "kiwi": 1], capacities: ["banana": 100, "kiwi": 100])
        let board = StockBoard(inventory)
        let updates = await board.updates()
        let banana = Juice(id: "banana-juice", name: LocalizedName(english: "Banana Juice"), recipe: [Ingredient(fruit: "banana", amount: 2)])
        let kiwi = Juice(id: "kiwi-juice", name: LocalizedName(english: "Kiwi Juice"), recipe: [Ingredient(fruit: "kiwi", amount: 3)])
        try await board.make(banana)
        await #expect(throws: OrderError.self) { try await board.make(kiwi) }
        try await board.apply([.add("kiwi", 4)])
        var iterator = updates.makeAsyncIterator()
        let first = try #require(await iterator.next())
        #expect(first.deltas == ["banana": -2])
        #expect(first.inventory["banana"] == 8)
        let second = try #require(await iterator.next())
        #expect(second.deltas == ["kiwi": 4], "the refused kiwi juice published nothing")
        #expect(second.inventory["kiwi"] == 5)
        #expect(await board.inventory["kiwi"] == 5)
    }
}
