import JuiceCore
import Testing

/// Adding, removing and setting the stock of one fruit.
@Suite struct InventoryStockTests {
    @Test func initialStockAndCapacity() {
        let inventory = DefaultBook.inventory
        #expect(inventory.counts == counts())
        for fruit in DefaultBook.fruitIDs {
            #expect(inventory[fruit] == 10)
            #expect(inventory.capacity(of: fruit) == 100)
        }
        #expect(inventory["grape"] == 0)
        #expect(inventory.capacity(of: "grape") == 0)
    }

    @Test func addAndRemoveDefaultToOne() throws {
        var inventory = DefaultBook.inventory
        try inventory.add(of: "banana")
        #expect(inventory["banana"] == 11)
        try inventory.remove(of: "kiwi")
        #expect(inventory["kiwi"] == 9)
        #expect(inventory.counts == counts(["banana": 11, "kiwi": 9]))
    }

    @Test func addAndRemoveAmounts() throws {
        var inventory = DefaultBook.inventory
        try inventory.add(4, of: "banana")
        try inventory.remove(6, of: "mango")
        try inventory.add(0, of: "kiwi")
        try inventory.remove(0, of: "kiwi")
        #expect(inventory.counts == counts(["banana": 14, "mango": 4]))
    }

    @Test(arguments: [0, 1, 3, 15, 99, 100])
    func setWithinRange(value: Int) throws {
        var inventory = DefaultBook.inventory
        try inventory.set("pineapple", to: value)
        #expect(inventory.counts == counts(["pineapple": value]))
    }

    @Test func fillToCapacityAndEmptyToZero() throws {
        var inventory = DefaultBook.inventory
        try inventory.add(90, of: "banana")
        try inventory.remove(10, of: "kiwi")
        #expect(inventory.counts == counts(["banana": 100, "kiwi": 0]))
    }

    @Test(arguments: [-1, -10, Int.min])
    func setBelowZeroThrowsAndChangesNothing(value: Int) {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.belowZero("banana", stock: 10, result: value)) {
            try inventory.set("banana", to: value)
        }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func removeBelowZeroThrowsAndChangesNothing() {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.belowZero("mango", stock: 10, result: -1)) {
            try inventory.remove(11, of: "mango")
        }
        #expect(throws: StockError.belowZero("mango", stock: 10, result: 10 - Int.max)) {
            try inventory.remove(Int.max, of: "mango")
        }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func aboveCapacityThrowsAndChangesNothing() {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.aboveCapacity("kiwi", result: 101, capacity: 100)) {
            try inventory.add(91, of: "kiwi")
        }
        #expect(throws: StockError.aboveCapacity("kiwi", result: 101, capacity: 100)) {
            try inventory.set("kiwi", to: 101)
        }
        #expect(throws: StockError.aboveCapacity("kiwi", result: Int.max, capacity: 100)) {
            try inventory.set("kiwi", to: Int.max)
        }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func addingIntMaxOverflows() {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.overflow("banana")) {
            try inventory.add(Int.max, of: "banana")
        }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func overflowWithAnUnlimitedCapacity() throws {
        var inventory = Inventory(counts: ["kiwi": 1], capacities: ["kiwi": Int.max])
        #expect(throws: StockError.overflow("kiwi")) { try inventory.add(Int.max, of: "kiwi") }
        try inventory.set("kiwi", to: Int.max)
        #expect(inventory["kiwi"] == Int.max)
        #expect(throws: StockError.overflow("kiwi")) { try inventory.add(of: "kiwi") }
        #expect(inventory["kiwi"] == Int.max)
    }

    @Test(arguments: [-1, -6, Int.min])
    func negativeAmountsAreRefused(amount: Int) {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.negativeAmount("banana", amount)) { try inventory.add(amount, of: "banana") }
        #expect(throws: StockError.negativeAmount("banana", amount)) { try inventory.remove(amount, of: "banana") }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test(arguments: [
        (FruitID("bananna"), FruitID?.some("banana")),
        ("Mango", "mango"),
        ("strawbery", "strawberry"),
        ("pinaple", "pineapple"),
        ("kiwii", "kiwi"),
        ("grape", nil),
        ("watermelon", nil),
    ])
    func unknownFruitSuggestsTheClosestName(fruit: FruitID, suggestion: FruitID?) {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.unknownFruit(fruit, suggestion: suggestion)) { try inventory.add(1, of: fruit) }
        #expect(throws: StockError.unknownFruit(fruit, suggestion: suggestion)) { try inventory.remove(1, of: fruit) }
        #expect(throws: StockError.unknownFruit(fruit, suggestion: suggestion)) { try inventory.set(fruit, to: 1) }
        #expect(inventory == DefaultBook.inventory)
        #expect(inventory[fruit] == 0)
    }

    @Test func perFruitCapacityFromTheStore() throws {
        let store = Store(defaultCapacity: 100, capacities: ["mango": 20], initialStock: ["mango": 10])
        var inventory = Inventory(fruits: ["mango", "kiwi"], store: store)
        #expect(inventory.capacity(of: "mango") == 20)
        #expect(inventory.capacity(of: "kiwi") == 100)
        #expect(inventory["kiwi"] == 0)
        #expect(throws: StockError.aboveCapacity("mango", result: 21, capacity: 20)) { try inventory.add(11, of: "mango") }
        try inventory.add(10, of: "mango")
        #expect(inventory["mango"] == 20)
    }

    @Test func errorDescriptions() {
        #expect(StockError.unknownFruit("bananna", suggestion: "banana").description == "unknown fruit 'bananna'; did you mean 'banana'?")
        #expect(StockError.unknownFruit("grape", suggestion: nil).description == "unknown fruit 'grape'")
        #expect(StockError.negativeAmount("kiwi", -2).description == "invalid amount -2 for 'kiwi': amounts must be 0 or more")
        #expect(StockError.belowZero("kiwi", stock: 10, result: -1).description == "'kiwi' would go below zero (10 in stock, result -1)")
        #expect(StockError.aboveCapacity("kiwi", result: 101, capacity: 100).description == "'kiwi' would exceed the store's capacity (101 > 100)")
        #expect(StockError.overflow("kiwi").description == "the amount for 'kiwi' is too large")
    }
}
