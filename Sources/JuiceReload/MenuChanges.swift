import JuiceCore

/// What changed between two recipe books, for reviewing an edit before it ships and for logging a reload.
///
/// A pure comparison: juices added and removed, names, aliases, prices and recipes changed, fruits added and removed,
/// capacities and initial stock changed, and the juices that cannot be made at a given stock once the new book is live.
package struct MenuChanges: Hashable, Sendable, Codable {
    /// Juices only the new book has, in its menu order.
    package var juicesAdded: [JuiceID]
    /// Juices only the old book has, in its menu order.
    package var juicesRemoved: [JuiceID]
    /// Juices whose display name changed.
    package var namesChanged: [NameChange]
    /// Juices whose aliases changed.
    package var aliasesChanged: [AliasChange]
    /// Juices whose price changed.
    package var pricesChanged: [PriceChange]
    /// Juices whose recipe changed.
    package var recipesChanged: [RecipeChange]
    /// Fruits only the new book has, in its order.
    package var fruitsAdded: [FruitID]
    /// Fruits only the old book has, in its order.
    package var fruitsRemoved: [FruitID]
    /// Fruits in both books whose capacity changed.
    package var capacitiesChanged: [AmountChange]
    /// Fruits in both books whose initial stock changed.
    package var initialStockChanged: [AmountChange]
    /// Juices of the new book that cannot be made at the stock given, and could be before (or are new).
    package var becameUnmakeable: [UnmakeableJuice]

    /// A juice's display name, before and after.
    package struct NameChange: Hashable, Sendable, Codable {
        /// The juice.
        package var juice: JuiceID
        /// Its name in the old book.
        package var before: LocalizedName
        /// Its name in the new book.
        package var after: LocalizedName

        /// Creates a record of a name change.
        package init(juice: JuiceID, before: LocalizedName, after: LocalizedName) {
            self.juice = juice
            self.before = before
            self.after = after
        }
    }

    /// The aliases a juice gained and lost.
    package struct AliasChange: Hashable, Sendable, Codable {
        /// The juice.
        package var juice: JuiceID
        /// Aliases only the new book gives it.
        package var added: [String]
        /// Aliases only the old book gave it.
        package var removed: [String]

        /// Creates a record of an alias change.
        package init(juice: JuiceID, added: [String], removed: [String]) {
            self.juice = juice
            self.added = added
            self.removed = removed
        }
    }

    /// A juice's price, before and after (nil: no price).
    package struct PriceChange: Hashable, Sendable, Codable {
        /// The juice.
        package var juice: JuiceID
        /// Its price in the old book.
        package var before: Int?
        /// Its price in the new book.
        package var after: Int?

        /// Creates a record of a price change.
        package init(juice: JuiceID, before: Int?, after: Int?) {
            self.juice = juice
            self.before = before
            self.after = after
        }
    }

    /// How a juice's recipe changed: each fruit whose amount differs (0 where the recipe does not use it).
    package struct RecipeChange: Hashable, Sendable, Codable {
        /// The juice.
        package var juice: JuiceID
        /// The fruits whose amounts changed, in the order the new recipe (then the old one) names them.
        package var amounts: [AmountChange]

        /// Creates a record of a recipe change.
        package init(juice: JuiceID, amounts: [AmountChange]) {
            self.juice = juice
            self.amounts = amounts
        }
    }

    /// One fruit's amount before and after.
    package struct AmountChange: Hashable, Sendable, Codable {
        /// The fruit.
        package var fruit: FruitID
        /// The amount in the old book.
        package var before: Int
        /// The amount in the new book.
        package var after: Int

        /// Creates a record of an amount change.
        package init(fruit: FruitID, before: Int, after: Int) {
            self.fruit = fruit
            self.before = before
            self.after = after
        }
    }

    /// A juice that cannot be made at the stock given, and what it lacks.
    package struct UnmakeableJuice: Hashable, Sendable, Codable {
        /// The juice.
        package var juice: JuiceID
        /// Each fruit one juice needs more of than is in stock.
        package var shortages: [Shortage]

        /// Creates a record of a juice that cannot be made.
        package init(juice: JuiceID, shortages: [Shortage]) {
            self.juice = juice
            self.shortages = shortages
        }
    }

    /// Compares `old` with `new`.
    ///
    /// `stock` is the stock the old book is served at (nil: the old book's initial stock). Fruits new to the set join
    /// it at their initial stock in the new book, as the shop does; a juice that could be made from `stock` under the
    /// old book (or is new) and cannot be made under the new one is listed in `becameUnmakeable`.
    package init(from old: RecipeBook, to new: RecipeBook, stock: Inventory? = nil) {
        self.init(menuOf: old, to: new)
        becameUnmakeable = Self.unmakeable(from: old, to: new, stock: stock ?? old.initialInventory)
    }

    /// Compares the menus of `old` and `new` alone: `becameUnmakeable` is empty, as no stock is judged (the live menu
    /// knows nothing of stock; the shop judges its own with `unmakeable(from:to:stock:)`).
    package init(menuOf old: RecipeBook, to new: RecipeBook) {
        let oldJuiceIDs = Set(old.juices.map(\.id))
        let newJuiceIDs = Set(new.juices.map(\.id))
        juicesAdded = new.juices.map(\.id).filter { !oldJuiceIDs.contains($0) }
        juicesRemoved = old.juices.map(\.id).filter { !newJuiceIDs.contains($0) }
        namesChanged = []
        aliasesChanged = []
        pricesChanged = []
        recipesChanged = []
        for after in new.juices {
            guard let before = old.juice(after.id) else { continue }
            if before.name != after.name {
                namesChanged.append(NameChange(juice: after.id, before: before.name, after: after.name))
            }
            let added = after.aliases.filter { !before.aliases.contains($0) }
            let removed = before.aliases.filter { !after.aliases.contains($0) }
            if !added.isEmpty || !removed.isEmpty {
                aliasesChanged.append(AliasChange(juice: after.id, added: added, removed: removed))
            }
            if before.price != after.price {
                pricesChanged.append(PriceChange(juice: after.id, before: before.price, after: after.price))
            }
            let fruits = Self.union(after.totals.map(\.fruit), before.totals.map(\.fruit))
            let amounts = Self.changes(of: fruits, before: before.amount(of:), after: after.amount(of:))
            if !amounts.isEmpty { recipesChanged.append(RecipeChange(juice: after.id, amounts: amounts)) }
        }
        let oldFruitIDs = Set(old.fruits.map(\.id))
        let newFruitIDs = Set(new.fruits.map(\.id))
        fruitsAdded = new.fruits.map(\.id).filter { !oldFruitIDs.contains($0) }
        fruitsRemoved = old.fruits.map(\.id).filter { !newFruitIDs.contains($0) }
        let kept = new.fruits.map(\.id).filter { oldFruitIDs.contains($0) }
        capacitiesChanged = Self.changes(of: kept, before: old.store.capacity(of:), after: new.store.capacity(of:))
        initialStockChanged = Self.changes(of: kept, before: { old.store.initialStock[$0] ?? 0 }, after: { new.store.initialStock[$0] ?? 0 })
        becameUnmakeable = []
    }

    /// The juices of `new` that cannot be made at `stock` (the stock `old` is served at), and could be under `old` (or
    /// are new). Fruits new to the set join the stock at their initial stock in `new`, as the shop does.
    package static func unmakeable(from old: RecipeBook, to new: RecipeBook, stock: Inventory) -> [UnmakeableJuice] {
        let newStock = Self.stock(stock, servedWith: new)
        return new.juices.compactMap { juice in
            guard newStock.availability(of: juice).makeable == 0 else { return nil }
            if let before = old.juice(juice.id), stock.availability(of: before).makeable == 0 { return nil }
            return UnmakeableJuice(juice: juice.id, shortages: newStock.shortages(for: juice))
        }
    }

    /// Whether the two books sell the same things in the same way (they may still differ in display details such as
    /// emoji, fruit names or menu order).
    package var isEmpty: Bool {
        juicesAdded.isEmpty && juicesRemoved.isEmpty && namesChanged.isEmpty && aliasesChanged.isEmpty
            && pricesChanged.isEmpty && recipesChanged.isEmpty && fruitsAdded.isEmpty && fruitsRemoved.isEmpty
            && capacitiesChanged.isEmpty && initialStockChanged.isEmpty && becameUnmakeable.isEmpty
    }

    /// The stock `new` is served at when the shop had `stock`: the fruits it keeps at their current counts, fruits
    /// new to it at its initial stock, each within the new book's capacities.
    package static func stock(_ stock: Inventory, servedWith new: RecipeBook) -> Inventory {
        var counts: [FruitID: Int] = [:]
        var capacities: [FruitID: Int] = [:]
        for fruit in new.fruits.map(\.id) {
            counts[fruit] = stock.counts[fruit] ?? new.store.initialStock[fruit] ?? 0
            capacities[fruit] = new.store.capacity(of: fruit)
        }
        return Inventory(counts: counts, capacities: capacities)
    }

    private static func union(_ first: [FruitID], _ second: [FruitID]) -> [FruitID] {
        first + second.filter { !first.contains($0) }
    }

    private static func changes(of fruits: [FruitID], before: (FruitID) -> Int, after: (FruitID) -> Int) -> [AmountChange] {
        fruits.compactMap { fruit in
            let change = AmountChange(fruit: fruit, before: before(fruit), after: after(fruit))
            return change.before == change.after ? nil : change
        }
    }
}
