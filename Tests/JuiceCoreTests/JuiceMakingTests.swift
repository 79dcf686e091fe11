import JuiceCore
import Testing

/// `make(_:count:)` checks every ingredient for the whole count, then deducts all of them, or nothing.
@Suite struct JuiceMakingTests {
    @Test func makingReturnsTheChangePerFruit() throws {
        var inventory = DefaultBook.inventory
        #expect(try inventory.make(try juice("mango-kiwi-juice")) == ["mango": -2, "kiwi": -1])
        #expect(inventory.counts == counts(["mango": 8, "kiwi": 9]))
    }

    @Test func makingSeveralAtOnce() throws {
        var inventory = DefaultBook.inventory
        #expect(try inventory.make(try juice("kiwi-juice"), count: 3) == ["kiwi": -9])
        #expect(inventory.counts == counts(["kiwi": 1]))
    }

    @Test(arguments: [0, -1, Int.min])
    func countBelowOneIsRefused(count: Int) throws {
        var inventory = DefaultBook.inventory
        let banana = try juice("banana-juice")
        #expect(throws: OrderError.invalidCount(count)) { try inventory.make(banana, count: count) }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func everyShortFruitIsListedInRecipeOrder() throws {
        var inventory = DefaultBook.inventory
        try inventory.set("mango", to: 3)
        try inventory.set("kiwi", to: 1)
        let before = inventory
        #expect(
            throws: OrderError.insufficientStock(
                "mango-kiwi-juice", count: 2,
                shortages: [
                    Shortage(fruit: "mango", needed: 4, inStock: 3),
                    Shortage(fruit: "kiwi", needed: 2, inStock: 1),
                ])
        ) {
            try inventory.make(try juice("mango-kiwi-juice"), count: 2)
        }
        #expect(inventory == before)
    }

    @Test func shortagesWithoutMaking() throws {
        let inventory = DefaultBook.inventory
        #expect(inventory.shortages(for: try juice("strawberry-juice")) == [Shortage(fruit: "strawberry", needed: 16, inStock: 10)])
        #expect(inventory.shortages(for: try juice("banana-juice"), count: 5).isEmpty)
        #expect(inventory.shortages(for: try juice("banana-juice"), count: 6) == [Shortage(fruit: "banana", needed: 12, inStock: 10)])
    }

    @Test func shortageComputesHowManyAreMissing() {
        #expect(Shortage(fruit: "kiwi", needed: 16, inStock: 10).short == 6)
        #expect(Shortage(fruit: "kiwi", needed: 2, inStock: 0).short == 2)
    }

    @Test func fruitMissingFromTheInventoryIsShortByTheWholeAmount() {
        var inventory = DefaultBook.inventory
        let grape = Juice(id: "grape-juice", name: LocalizedName(english: "Grape Juice"), recipe: [Ingredient(fruit: "grape", amount: 1)])
        #expect(throws: OrderError.insufficientStock("grape-juice", count: 1, shortages: [Shortage(fruit: "grape", needed: 1, inStock: 0)])) {
            try inventory.make(grape)
        }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func countThatNeedsMoreThanIntMaxIsTooLarge() throws {
        var inventory = DefaultBook.inventory
        let banana = try juice("banana-juice")
        // 2 × Int.max bananas cannot even be counted.
        #expect(throws: OrderError.countTooLarge(Int.max)) { try inventory.make(banana, count: Int.max) }
        #expect(throws: OrderError.countTooLarge(Int.max / 2 + 1)) { try inventory.make(banana, count: Int.max / 2 + 1) }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func countOfIntMaxWithOneFruitEachIsAShortage() throws {
        var inventory = Inventory(counts: ["kiwi": 10], capacities: ["kiwi": 100])
        let kiwi = Juice(id: "kiwi-shot", name: LocalizedName(english: "Kiwi Shot"), recipe: [Ingredient(fruit: "kiwi", amount: 1)])
        #expect(throws: OrderError.insufficientStock("kiwi-shot", count: Int.max, shortages: [Shortage(fruit: "kiwi", needed: Int.max, inStock: 10)]))
        {
            try inventory.make(kiwi, count: Int.max)
        }
        #expect(inventory["kiwi"] == 10)
    }

    /// A recipe may list a fruit twice (`Juice.amount(of:)` adds them up); the check must use the total.
    @Test func fruitListedTwiceIsCheckedOnItsTotal() throws {
        let twice = Juice(
            id: "double-banana", name: LocalizedName(english: "Double Banana"),
            recipe: [Ingredient(fruit: "banana", amount: 1), Ingredient(fruit: "banana", amount: 1)])
        #expect(twice.amount(of: "banana") == 2)
        var inventory = Inventory(counts: ["banana": 1], capacities: ["banana": 100])
        #expect(throws: OrderError.insufficientStock("double-banana", count: 1, shortages: [Shortage(fruit: "banana", needed: 2, inStock: 1)])) {
            try inventory.make(twice)
        }
        #expect(inventory["banana"] == 1)
        try inventory.set("banana", to: 3)
        #expect(try inventory.make(twice) == ["banana": -2])
        #expect(inventory["banana"] == 1)
    }

    @Test func orderErrorDescriptions() {
        #expect(OrderError.invalidCount(0).description == "invalid count 0: order at least 1")
        #expect(OrderError.countTooLarge(7).description == "count 7 is too large")
        let error = OrderError.insufficientStock(
            "mango-kiwi-juice", count: 1,
            shortages: [
                Shortage(fruit: "mango", needed: 2, inStock: 1),
                Shortage(fruit: "kiwi", needed: 1, inStock: 0),
            ])
        #expect(error.description == "not enough ingredients for 1 × mango-kiwi-juice: mango needs 2, has 1, short 1; kiwi needs 1, has 0, short 1")
    }
}

/// `availability(of:)`: how many can be made now, what limits it, what one more would need.
@Suite struct AvailabilityTests {
    @Test(
        arguments: [
            ("banana-juice", 5, FruitID("banana"), ["banana": 2] as [FruitID: Int]),
            ("strawberry-juice", 0, "strawberry", ["strawberry": 6]),
            ("strawberry-banana-juice", 1, "strawberry", ["strawberry": 10]),
            ("kiwi-juice", 3, "kiwi", ["kiwi": 2]),
            ("pineapple-juice", 5, "pineapple", ["pineapple": 2]),
            ("mango-juice", 3, "mango", ["mango": 2]),
            ("mango-kiwi-juice", 5, "mango", ["mango": 2]),
        ] as [(JuiceID, Int, FruitID, [FruitID: Int])])
    func fromTheInitialStock(id: JuiceID, makeable: Int, limiting: FruitID, needed: [FruitID: Int]) throws {
        let availability = DefaultBook.inventory.availability(of: try juice(id))
        #expect(availability == Availability(makeable: makeable, limitingFruit: limiting, neededForOneMore: needed))
    }

    @Test func limitingFruitChangesWithStock() throws {
        var inventory = DefaultBook.inventory
        try inventory.set("kiwi", to: 3)
        let availability = inventory.availability(of: try juice("mango-kiwi-juice"))
        #expect(availability == Availability(makeable: 3, limitingFruit: "kiwi", neededForOneMore: ["kiwi": 1]))
    }

    @Test func oneMoreCanNeedSeveralFruits() throws {
        var inventory = DefaultBook.inventory
        try inventory.set("mango", to: 4)
        try inventory.set("kiwi", to: 2)
        let availability = inventory.availability(of: try juice("mango-kiwi-juice"))
        #expect(availability == Availability(makeable: 2, limitingFruit: "mango", neededForOneMore: ["mango": 2, "kiwi": 1]))
    }

    @Test func recipeWithoutIngredients() {
        let water = Juice(id: "water", name: LocalizedName(english: "Water"), recipe: [])
        #expect(DefaultBook.inventory.availability(of: water) == Availability(makeable: 0, limitingFruit: nil, neededForOneMore: [:]))
    }

    @Test func fruitListedTwiceCountsTwice() {
        let twice = Juice(
            id: "double-banana", name: LocalizedName(english: "Double Banana"),
            recipe: [Ingredient(fruit: "banana", amount: 1), Ingredient(fruit: "banana", amount: 1)])
        let inventory = Inventory(counts: ["banana": 3], capacities: ["banana": 100])
        #expect(inventory.availability(of: twice) == Availability(makeable: 1, limitingFruit: "banana", neededForOneMore: ["banana": 1]))
    }

    /// With Int.max in stock and one per juice, Int.max juices can be made (and the arithmetic must not trap).
    @Test func stockOfIntMaxIsNotMistakenForNothing() {
        let shot = Juice(id: "kiwi-shot", name: LocalizedName(english: "Kiwi Shot"), recipe: [Ingredient(fruit: "kiwi", amount: 1)])
        let inventory = Inventory(counts: ["kiwi": Int.max], capacities: ["kiwi": Int.max])
        let availability = inventory.availability(of: shot)
        #expect(availability.makeable == Int.max)
        #expect(availability.limitingFruit == "kiwi")
    }

    /// What availability promises is what `make` does: `makeable` succeed, one more fails needing exactly the reported amounts.
    @Test(arguments: DefaultBook.juices.map(\.id))
    func availabilityAgreesWithMake(id: JuiceID) throws {
        let recipe = try juice(id)
        var inventory = DefaultBook.inventory
        let availability = inventory.availability(of: recipe)
        if availability.makeable > 0 {
            try inventory.make(recipe, count: availability.makeable)
        }
        do {
            try inventory.make(recipe)
            Issue.record("one more \(id) should not be makeable")
        } catch {
            guard case .insufficientStock(_, _, let shortages) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            let missing = Dictionary(uniqueKeysWithValues: shortages.map { ($0.fruit, $0.short) })
            #expect(missing == availability.neededForOneMore)
        }
    }
}
