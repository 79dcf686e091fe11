import JuiceCore
import JuiceShop
import Testing

@Suite("Shop: the operations on top of a store")
struct ShopTests {
    @Test(
        "juices are found by id, Korean or English name and alias, ignoring case and spaces",
        arguments: [
            ("strawberry-banana-juice", "strawberry-banana-juice"), ("딸바쥬스", "strawberry-banana-juice"),
            ("딸기바나나주스", "strawberry-banana-juice"), ("STRAWBERRY-BANANA juice", "strawberry-banana-juice"),
            ("망고 키위 쥬스", "mango-kiwi-juice"), ("Kiwi Juice", "kiwi-juice"), ("키위주스", "kiwi-juice"), ("mango kiwi juice", "mango-kiwi-juice"),
            ("strawberry_banana_juice", "strawberry-banana-juice"),
        ])
    func lookup(name: String, id: String) async throws {
        let shop = Shop(book: TestBook.standard, store: MemoryStore())
        #expect(try await shop.order(name, command: "test").entry?.juice?.rawValue == id)
    }

    @Test("reset sets every fruit of the book back to the store section's initial stock, journaled as a reset")
    func reset() async throws {
        let shop = Shop(book: TestBook.standard, store: MemoryStore())
        _ = try await shop.changeStock([.set("kiwi", 0), .add("mango", 30)], kind: .set, command: "test")
        let receipt = try await shop.reset(command: "juice stock reset")
        #expect(receipt.entry?.kind == .reset)
        #expect(receipt.entry?.deltas == ["kiwi": 10, "mango": -30])
        #expect(receipt.snapshot.inventory == TestBook.standard.initialInventory)
    }
}
