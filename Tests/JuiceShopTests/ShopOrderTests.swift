import Foundation
import JuiceCore
import JuiceShop
import Testing

@Suite("Shop orders against the state file")
struct ShopOrderTests {
    @Test("the original app's oracles hold through the state file")
    func oracles() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        _ = try fixture.shop.order("banana-juice", command: "test")
        #expect(try fixture.stock()["banana"] == 8)
        _ = try fixture.shop.order("딸바쥬스", command: "test")
        #expect(try fixture.stock()["strawberry"] == 0)
        #expect(try fixture.stock()["banana"] == 7)
        _ = try fixture.shop.order("mango juice", command: "test")
        #expect(try fixture.stock()["mango"] == 7)
    }

    @Test("a refused order changes neither stock nor journal, and lists every short fruit")
    func refusedOrderChangesNothing() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        _ = try fixture.shop.changeStock([.set("mango", 1), .set("kiwi", 0)], kind: .set, command: "test")
        let before = try fixture.stock()
        let entries = try fixture.shop.history().count
        #expect(throws: ShopError.orderRefused(.insufficientStock("mango-kiwi-juice", count: 1, shortages: [
            Shortage(fruit: "mango", needed: 2, inStock: 1), Shortage(fruit: "kiwi", needed: 1, inStock: 0),
        ]))) {
            try fixture.shop.order("망키쥬스", command: "test")
        }
        #expect(try fixture.stock() == before)
        #expect(try fixture.shop.history().count == entries)
    }

    @Test("juices are found by id, Korean or English name and alias, ignoring case and spaces", arguments: [
        ("strawberry-banana-juice", "strawberry-banana-juice"), ("딸바쥬스", "strawberry-banana-juice"),
        ("딸기바나나주스", "strawberry-banana-juice"), ("STRAWBERRY-BANANA juice", "strawberry-banana-juice"),
        ("망고 키위 쥬스", "mango-kiwi-juice"), ("Kiwi Juice", "kiwi-juice"), ("키위주스", "kiwi-juice"), ("mango kiwi juice", "mango-kiwi-juice"),
        ("strawberry_banana_juice", "strawberry-banana-juice"),
    ])
    func lookup(name: String, id: String) throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        #expect(try fixture.shop.order(name, command: "test").entry.juice?.rawValue == id)
    }

    @Test("an unknown juice suggests the closest name")
    func unknownJuice() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        #expect(throws: ShopError.unknownJuice(.unknown("bananna juice", suggestion: "Banana Juice"))) {
            try fixture.shop.order("bananna juice", command: "test")
        }
    }

    @Test("several of a juice are checked for the whole count")
    func countIsAllOrNothing() throws {
        let fixture = try ShopFixture()
        defer { fixture.remove() }
        #expect(throws: ShopError.self) { try fixture.shop.order("banana-juice", count: 6, command: "test") }
        #expect(try fixture.stock()["banana"] == 10)
        _ = try fixture.shop.order("banana-juice", count: 5, command: "test")
        #expect(try fixture.stock()["banana"] == 0)
    }
}
