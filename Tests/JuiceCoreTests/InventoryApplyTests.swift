import JuiceCore
import Testing

/// `apply` makes several changes all together or not at all.
@Suite struct InventoryApplyTests {
    @Test func severalChangesReturnTheChangePerFruit() throws {
        var inventory = DefaultBook.inventory
        let deltas = try inventory.apply([.add("banana", 3), .remove("kiwi", 2), .set("mango", 10), .set("pineapple", 0)])
        #expect(deltas == ["banana": 3, "kiwi": -2, "pineapple": -10])
        #expect(inventory.counts == counts(["banana": 13, "kiwi": 8, "pineapple": 0]))
    }

    @Test func changesToOneFruitAccumulate() throws {
        var inventory = DefaultBook.inventory
        let deltas = try inventory.apply([.add("banana", 90), .remove("banana", 50), .set("kiwi", 1), .add("kiwi", 2)])
        #expect(deltas == ["banana": 40, "kiwi": -7])
        #expect(inventory.counts == counts(["banana": 50, "kiwi": 3]))
    }

    @Test func noChangesChangeNothing() throws {
        var inventory = DefaultBook.inventory
        #expect(try inventory.apply([]) == [:])
        #expect(try inventory.apply([.set("kiwi", 10), .add("kiwi", 0)]) == [:])
        #expect(inventory == DefaultBook.inventory)
    }

    /// The first three changes are fine; the last fails, and none of them is kept.
    @Test(arguments: [
        (StockChange.remove("mango", 11), StockError.belowZero("mango", stock: 10, result: -1)),
        (.add("mango", 91), .aboveCapacity("mango", result: 101, capacity: 100)),
        (.add("kiwi", 51), .aboveCapacity("kiwi", result: 101, capacity: 100)),
        (.set("pineapple", -1), .belowZero("pineapple", stock: 10, result: -1)),
        (.set("strawberry", 101), .aboveCapacity("strawberry", result: 101, capacity: 100)),
        (.add("banana", Int.max), .overflow("banana")),
        (.add("bananna", 1), .unknownFruit("bananna", suggestion: "banana")),
        (.remove("kiwi", -1), .negativeAmount("kiwi", -1)),
    ])
    func lastChangeFailsLeavingEveryCountUnchanged(last: StockChange, error: StockError) {
        var inventory = DefaultBook.inventory
        #expect(throws: error) {
            try inventory.apply([.add("banana", 5), .set("kiwi", 50), .remove("strawberry", 10), last])
        }
        #expect(inventory == DefaultBook.inventory)
        #expect(inventory.counts == counts())
    }

    @Test func eachStepIsCheckedAgainstTheRunningCount() {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.aboveCapacity("banana", result: 101, capacity: 100)) {
            try inventory.apply([.add("banana", 90), .add("banana", 1)])
        }
        #expect(throws: StockError.belowZero("banana", stock: 0, result: -1)) {
            try inventory.apply([.remove("banana", 10), .remove("banana", 1)])
        }
        #expect(throws: StockError.overflow("banana")) {
            try inventory.apply([.add("banana", 90), .add("banana", Int.max - 50)])
        }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func stockChangeNamesItsFruit() {
        #expect(StockChange.add("kiwi", 1).fruit == "kiwi")
        #expect(StockChange.remove("mango", 1).fruit == "mango")
        #expect(StockChange.set("banana", 1).fruit == "banana")
    }
}
