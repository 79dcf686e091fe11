import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop
import Testing

@Suite("Shop journal, undo and reconciliation")
struct ShopJournalTests {
    @Test("every change is journaled and stock equals initial stock plus the journal's deltas")
    func invariant() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        _ = try fixture.shop.order("banana-juice", count: 2, command: "juice order banana-juice --count 2")
        _ = try fixture.shop.changeStock([.add("kiwi", 5)], kind: .add, command: "juice stock add kiwi 5")
        _ = try fixture.shop.changeStock([.set("mango", 3), .set("pineapple", 15)], kind: .set, command: "juice stock set")
        _ = try fixture.shop.reset(command: "juice stock reset")
        let history = try fixture.shop.history()
        #expect(history.map(\.kind) == [.reset, .set, .add, .order])
        #expect(history.map(\.id) == history.map(\.id).sorted(by: >))
        #expect(history.last?.deltas == ["banana": -4])
        #expect(history.last?.command == "juice order banana-juice --count 2")
        #expect(try fixture.shop.inconsistentFruits().isEmpty)
        #expect(try fixture.stock() == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(try fixture.shop.history(limit: 2).count == 2)
    }

    @Test("undo reverts the newest change and is journaled; a second undo reverts the one before")
    func undo() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        _ = try fixture.shop.order("banana-juice", command: "test")
        _ = try fixture.shop.changeStock([.add("kiwi", 5)], kind: .add, command: "test")
        let first = try fixture.shop.undo(command: "juice undo")
        #expect(first.entry.kind == .undo)
        #expect(first.entry.deltas == ["kiwi": -5])
        #expect(try fixture.stock()["kiwi"] == 10)
        _ = try fixture.shop.undo(command: "juice undo")
        #expect(try fixture.stock()["banana"] == 10)
        #expect(throws: ShopError.nothingToUndo) { try fixture.shop.undo(command: "juice undo") }
        #expect(try fixture.shop.history().count == 4)
        #expect(try fixture.shop.inconsistentFruits().isEmpty)
    }

    @Test("undo that the stock does not allow explains why and changes nothing")
    func undoRefused() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        _ = try fixture.shop.order("banana-juice", command: "test")
        // The store's capacity for bananas is lowered to 8 in the YAML: giving the 2 bananas back would exceed it.
        var book = ShopFixture.defaultBook
        book.store.capacities["banana"] = 8
        let shop = try fixture.reopened(with: book)
        let before = try shop.snapshot()
        let entries = try shop.history()
        #expect(throws: ShopError.undoRefused(entry: 1, kind: .order, reason: .aboveCapacity("banana", result: 10, capacity: 8))) {
            try shop.undo(command: "test")
        }
        #expect(try shop.snapshot() == before)
        #expect(try shop.history() == entries)
        #expect(try shop.inconsistentFruits().isEmpty)
    }

    @Test("a fruit added to the YAML joins with its initial stock; a removed one keeps its row and is reported")
    func reconciliation() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        _ = try fixture.shop.order("banana-juice", command: "test")
        var withOrange = ShopFixture.defaultBook
        let store = Store(defaultCapacity: 100, initialStock: withOrange.store.initialStock.merging(["orange": 7]) { $1 })
        withOrange = RecipeBook(
            fruits: withOrange.fruits + [Fruit(id: "orange", name: LocalizedName(korean: "오렌지", english: "Orange"))],
            juices: withOrange.juices + [Juice(id: "orange-juice", name: LocalizedName(english: "Orange Juice"), recipe: [Ingredient(fruit: "orange", amount: 3)])],
            store: store)
        let bigger = try fixture.reopened(with: withOrange)
        #expect(try bigger.snapshot().inventory["orange"] == 7)
        _ = try bigger.order("orange-juice", command: "test")
        #expect(try bigger.snapshot().inventory["orange"] == 4)
        let withoutKiwi = RecipeBook(
            fruits: ShopFixture.defaultBook.fruits.filter { $0.id != "kiwi" },
            juices: ShopFixture.defaultBook.juices.filter { !$0.recipe.contains { $0.fruit == "kiwi" } },
            store: ShopFixture.defaultBook.store)
        let smaller = try fixture.reopened(with: withoutKiwi)
        #expect(try smaller.snapshot().orphans == ["kiwi": 10, "orange": 4])
        _ = try smaller.order("banana-juice", command: "test")
        #expect(try bigger.snapshot().inventory["kiwi"] == 10)
        #expect(try bigger.inconsistentFruits().isEmpty)
    }
}
