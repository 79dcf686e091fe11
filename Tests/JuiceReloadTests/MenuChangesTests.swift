import JuiceCore
import JuiceReload
import Testing

/// The comparison of two recipe books: what `juice diff` prints and what a reload logs.
@Suite struct MenuChangesTests {
    /// The default book with `edit` applied to its juices, fruits and store.
    private func edited(_ edit: (inout [Juice], inout [Fruit], inout Store) -> Void) -> RecipeBook {
        var juices = DefaultBook.juices
        var fruits = DefaultBook.fruits
        var store = DefaultBook.store
        edit(&juices, &fruits, &store)
        return RecipeBook(fruits: fruits, juices: juices, store: store)
    }

    @Test func identicalBooksHaveNoChanges() {
        let changes = MenuChanges(from: DefaultBook.book, to: DefaultBook.book, stock: DefaultBook.inventory)
        #expect(changes.isEmpty)
        #expect(changes.summaryLines(for: DefaultBook.book).isEmpty)
    }

    @Test func juicesAddedAndRemovedInMenuOrder() {
        let new = edited { juices, _, _ in
            juices.removeAll { $0.id == "kiwi-juice" || $0.id == "mango-juice" }
            juices.append(
                Juice(
                    id: "banana-kiwi-juice", name: LocalizedName(korean: "바나키쥬스", english: "Banana-Kiwi Juice"),
                    recipe: [Ingredient(fruit: "banana", amount: 1), Ingredient(fruit: "kiwi", amount: 1)]))
        }
        let changes = MenuChanges(from: DefaultBook.book, to: new)
        #expect(changes.juicesAdded == ["banana-kiwi-juice"])
        #expect(changes.juicesRemoved == ["kiwi-juice", "mango-juice"])
        #expect(changes.recipesChanged.isEmpty)
        #expect(
            changes.summaryLines(for: new) == [
                "juice added: banana-kiwi-juice (바나키쥬스 / Banana-Kiwi Juice): banana 1, kiwi 1",
                "juice removed: kiwi-juice",
                "juice removed: mango-juice",
            ])
    }

    @Test func namesAliasesAndPricesChanged() {
        let new = edited { juices, _, _ in
            juices[1].name.english = "Banana Smoothie"
            juices[1].aliases += ["바나나스무디"]
            juices[1].price = 3500
        }
        let changes = MenuChanges(from: DefaultBook.book, to: new)
        #expect(
            changes.namesChanged == [
                MenuChanges.NameChange(
                    juice: "banana-juice", before: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"),
                    after: LocalizedName(korean: "바나나쥬스", english: "Banana Smoothie"))
            ])
        #expect(changes.aliasesChanged == [MenuChanges.AliasChange(juice: "banana-juice", added: ["바나나스무디"], removed: [])])
        #expect(changes.pricesChanged == [MenuChanges.PriceChange(juice: "banana-juice", before: nil, after: 3500)])
        #expect(
            changes.summaryLines(for: new) == [
                "name of banana-juice: 바나나쥬스 / Banana Juice → 바나나쥬스 / Banana Smoothie",
                "aliases of banana-juice: added 바나나스무디",
                "price of banana-juice: no price → ₩3,500",
            ])
    }

    @Test func recipeChangesListEachFruitBeforeAndAfter() {
        let new = edited { juices, _, _ in
            // strawberry-banana: strawberry 10 → 8, banana 1 → 1 (unchanged), kiwi 0 → 1 (new), written as two kiwi entries summed.
            juices[4].recipe = [
                Ingredient(fruit: "strawberry", amount: 8), Ingredient(fruit: "banana", amount: 1), Ingredient(fruit: "kiwi", amount: 1),
            ]
            // mango-kiwi: kiwi dropped.
            juices[6].recipe = [Ingredient(fruit: "mango", amount: 2)]
        }
        let changes = MenuChanges(from: DefaultBook.book, to: new)
        #expect(
            changes.recipesChanged == [
                MenuChanges.RecipeChange(
                    juice: "strawberry-banana-juice",
                    amounts: [
                        MenuChanges.AmountChange(fruit: "strawberry", before: 10, after: 8),
                        MenuChanges.AmountChange(fruit: "kiwi", before: 0, after: 1),
                    ]),
                MenuChanges.RecipeChange(juice: "mango-kiwi-juice", amounts: [MenuChanges.AmountChange(fruit: "kiwi", before: 1, after: 0)]),
            ])
        #expect(
            changes.summaryLines(for: new) == [
                "recipe of strawberry-banana-juice: strawberry 10 → 8, kiwi 0 → 1",
                "recipe of mango-kiwi-juice: kiwi 1 → 0",
            ])
    }

    @Test func aRecipeWrittenDifferentlyButTheSameIsNoChange() {
        let new = edited { juices, _, _ in
            juices[4].recipe = [
                Ingredient(fruit: "banana", amount: 1), Ingredient(fruit: "strawberry", amount: 4), Ingredient(fruit: "strawberry", amount: 6),
            ]
        }
        #expect(MenuChanges(from: DefaultBook.book, to: new).isEmpty)
    }

    @Test func fruitsCapacitiesAndInitialStock() {
        let new = edited { juices, fruits, store in
            fruits.removeAll { $0.id == "pineapple" }
            juices.removeAll { $0.id == "pineapple-juice" }
            fruits.append(Fruit(id: "grape", name: LocalizedName(korean: "포도", english: "Grape")))
            store.initialStock["pineapple"] = nil
            store.initialStock["grape"] = 5
            store.capacities["grape"] = 20
            store.capacities["banana"] = 50
            store.initialStock["kiwi"] = 30
        }
        let changes = MenuChanges(from: DefaultBook.book, to: new)
        #expect(changes.fruitsAdded == ["grape"])
        #expect(changes.fruitsRemoved == ["pineapple"])
        #expect(changes.capacitiesChanged == [MenuChanges.AmountChange(fruit: "banana", before: 100, after: 50)])
        #expect(changes.initialStockChanged == [MenuChanges.AmountChange(fruit: "kiwi", before: 10, after: 30)])
        #expect(
            changes.summaryLines(for: new) == [
                "juice removed: pineapple-juice",
                "fruit added: grape (initial stock 5, capacity 20)",
                "fruit removed: pineapple",
                "capacity of banana: 100 → 50",
                "initial stock of kiwi: 10 → 30",
            ])
    }

    @Test func aDefaultCapacityChangeIsReportedPerFruit() {
        let new = edited { _, _, store in store.defaultCapacity = 80 }
        let changes = MenuChanges(from: DefaultBook.book, to: new)
        #expect(changes.capacitiesChanged.map(\.fruit) == DefaultBook.fruitIDs)
        #expect(changes.capacitiesChanged.allSatisfy { $0.before == 100 && $0.after == 80 })
    }

    /// Unmakeable is judged at the stock given, not the initial stock: here banana is down to 1.
    @Test func juicesThatBecomeUnmakeableAtTheCurrentStock() throws {
        var stock = DefaultBook.inventory
        try stock.set("banana", to: 2)
        let new = edited { juices, _, _ in
            juices[1].recipe = [Ingredient(fruit: "banana", amount: 3)]  // banana-juice: 2 → 3, with 2 in stock
            juices[5].recipe = [Ingredient(fruit: "mango", amount: 4)]  // mango-juice: 3 → 4, 10 in stock: still makeable
        }
        let changes = MenuChanges(from: DefaultBook.book, to: new, stock: stock)
        #expect(
            changes.becameUnmakeable == [
                MenuChanges.UnmakeableJuice(juice: "banana-juice", shortages: [Shortage(fruit: "banana", needed: 3, inStock: 2)])
            ])
        #expect(changes.summaryLines(for: new).last == "cannot be made at the current stock: banana-juice (banana needs 3, has 2)")
        // At the initial stock (10 bananas) the same edit leaves everything makeable but strawberry-juice, which already was not.
        #expect(MenuChanges(from: DefaultBook.book, to: new).becameUnmakeable.isEmpty)
    }

    /// A fruit new to the set joins the stock at its initial amount; a new juice that cannot be made is listed.
    @Test func newFruitsJoinAtTheirInitialStock() {
        let new = edited { juices, fruits, store in
            fruits.append(Fruit(id: "grape", name: LocalizedName(english: "Grape")))
            fruits.append(Fruit(id: "lemon", name: LocalizedName(english: "Lemon")))
            store.initialStock["grape"] = 4
            juices.append(Juice(id: "grape-juice", name: LocalizedName(english: "Grape Juice"), recipe: [Ingredient(fruit: "grape", amount: 4)]))
            juices.append(Juice(id: "lemonade", name: LocalizedName(english: "Lemonade"), recipe: [Ingredient(fruit: "lemon", amount: 1)]))
        }
        let changes = MenuChanges(from: DefaultBook.book, to: new, stock: DefaultBook.inventory)
        #expect(changes.becameUnmakeable.map(\.juice) == ["lemonade"])
        let served = MenuChanges.stock(DefaultBook.inventory, servedWith: new)
        #expect(served["grape"] == 4)
        #expect(served["lemon"] == 0)
        #expect(served["kiwi"] == 10)
    }

    @Test func theStockServedKeepsCurrentCountsAndTakesNewCapacities() throws {
        var stock = DefaultBook.inventory
        try stock.set("kiwi", to: 70)
        let new = edited { _, fruits, store in
            fruits.removeAll { $0.id == "mango" }
            store.capacities["kiwi"] = 50
        }
        let served = MenuChanges.stock(stock, servedWith: new)
        #expect(served["kiwi"] == 70)
        #expect(served.capacity(of: "kiwi") == 50)
        #expect(served.counts["mango"] == nil)
    }
}
