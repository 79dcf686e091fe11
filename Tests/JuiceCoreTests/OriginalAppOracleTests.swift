import JuiceCore
import Testing

/// The original 쥬스 메이커's unit tests, from docs of the reference app, against the default book.
@Suite struct OriginalAppOracleTests {
    @Test func bananaJuiceLeavesEightBananas() throws {
        var inventory = DefaultBook.inventory
        try inventory.make(try juice("banana-juice"))
        #expect(inventory["banana"] == 8)
        #expect(inventory.counts == counts(["banana": 8]))
    }

    @Test func mangoJuiceLeavesSevenMangoes() throws {
        var inventory = DefaultBook.inventory
        try inventory.make(try juice("mango-juice"))
        #expect(inventory["mango"] == 7)
        #expect(inventory.counts == counts(["mango": 7]))
    }

    @Test func strawberryBananaLeavesNoStrawberriesAndNineBananas() throws {
        var inventory = DefaultBook.inventory
        try inventory.make(try juice("strawberry-banana-juice"))
        #expect(inventory["strawberry"] == 0)
        #expect(inventory["banana"] == 9)
        #expect(inventory.counts == counts(["strawberry": 0, "banana": 9]))
    }

    @Test func strawberryJuiceCanNeverBeMadeFromTheInitialStock() throws {
        var inventory = DefaultBook.inventory
        let strawberry = try juice("strawberry-juice")
        do {
            try inventory.make(strawberry)
            Issue.record("strawberry juice needs 16 strawberries; there are 10")
        } catch {
            #expect(
                error
                    == .insufficientStock(
                        "strawberry-juice", count: 1,
                        shortages: [
                            Shortage(fruit: "strawberry", needed: 16, inStock: 10)
                        ]))
            guard case .insufficientStock(_, _, let shortages) = error else { return }
            #expect(shortages.map(\.short) == [6])
        }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func mangoKiwiFailsWhenMangoIsShortAndStockIsUnchanged() throws {
        var inventory = DefaultBook.inventory
        try inventory.set("mango", to: 1)
        let before = inventory
        #expect(
            throws: OrderError.insufficientStock(
                "mango-kiwi-juice", count: 1,
                shortages: [
                    Shortage(fruit: "mango", needed: 2, inStock: 1)
                ])
        ) {
            try inventory.make(try juice("mango-kiwi-juice"))
        }
        #expect(inventory == before)
        #expect(inventory.counts == counts(["mango": 1]))
    }

    @Test func mangoKiwiFailsWhenBothAreShortAndStockIsUnchanged() throws {
        var inventory = DefaultBook.inventory
        try inventory.set("mango", to: 1)
        try inventory.set("kiwi", to: 0)
        let before = inventory
        #expect(
            throws: OrderError.insufficientStock(
                "mango-kiwi-juice", count: 1,
                shortages: [
                    Shortage(fruit: "mango", needed: 2, inStock: 1),
                    Shortage(fruit: "kiwi", needed: 1, inStock: 0),
                ])
        ) {
            try inventory.make(try juice("mango-kiwi-juice"))
        }
        #expect(inventory == before)
        #expect(inventory.counts == counts(["mango": 1, "kiwi": 0]))
    }

    /// The bug one team in seven had: kiwi is fine, mango is short; kiwi must not be deducted.
    @Test func mangoKiwiWithOnlyMangoShortDoesNotTouchKiwi() throws {
        var inventory = DefaultBook.inventory
        try inventory.set("mango", to: 0)
        #expect(throws: OrderError.self) { try inventory.make(try juice("mango-kiwi-juice")) }
        #expect(inventory["kiwi"] == 10)
        #expect(inventory["mango"] == 0)
    }

    @Test(arguments: [3, 15, 100])
    func setStockWorks(value: Int) throws {
        for fruit in DefaultBook.fruitIDs {
            var inventory = DefaultBook.inventory
            try inventory.set(fruit, to: value)
            #expect(inventory.counts == counts([fruit: value]))
        }
    }

    @Test func addFourToTenGivesFourteen() throws {
        var inventory = DefaultBook.inventory
        try inventory.add(4, of: "strawberry")
        #expect(inventory["strawberry"] == 14)
    }

    @Test func subtractSixFromTenGivesFour() throws {
        var inventory = DefaultBook.inventory
        try inventory.remove(6, of: "strawberry")
        #expect(inventory["strawberry"] == 4)
    }

    @Test func setToANegativeNumberIsAnErrorAndChangesNothing() {
        var inventory = DefaultBook.inventory
        #expect(throws: StockError.belowZero("kiwi", stock: 10, result: -1)) { try inventory.set("kiwi", to: -1) }
        #expect(inventory == DefaultBook.inventory)
    }

    @Test func fiveBananaJuicesUseExactlyTenBananasAndASixthFails() throws {
        var inventory = DefaultBook.inventory
        let banana = try juice("banana-juice")
        #expect(try inventory.make(banana, count: 5) == ["banana": -10])
        #expect(inventory.counts == counts(["banana": 0]))
        let afterFive = inventory
        #expect(
            throws: OrderError.insufficientStock(
                "banana-juice", count: 1,
                shortages: [
                    Shortage(fruit: "banana", needed: 2, inStock: 0)
                ])
        ) {
            try inventory.make(banana)
        }
        #expect(inventory == afterFive)
    }

    @Test func sixBananaJuicesAtOnceNeedTwelveWithTenInStockShortTwo() throws {
        var inventory = DefaultBook.inventory
        do {
            try inventory.make(try juice("banana-juice"), count: 6)
            Issue.record("six banana juices need 12 bananas")
        } catch let error as OrderError {
            guard case .insufficientStock("banana-juice", 6, let shortages) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(shortages == [Shortage(fruit: "banana", needed: 12, inStock: 10)])
            #expect(shortages.first?.short == 2)
        }
        #expect(inventory == DefaultBook.inventory)
    }
}
