/// What one fruit of a recipe adds to the cost of one juice.
public struct FruitCostShare: Hashable, Sendable {
    /// The fruit.
    public var fruit: FruitID
    /// How many of it one juice takes (every line of the recipe that names it, summed).
    public var amount: Int
    /// What one unit of it costs (`Fruit.cost`).
    public var unitCost: Int
    /// `amount × unitCost` (`Int.max` when that does not fit).
    public var cost: Int

    /// The share of `amount` units at `unitCost` each.
    public init(fruit: FruitID, amount: Int, unitCost: Int) {
        self.fruit = fruit
        self.amount = amount
        self.unitCost = unitCost
        let (product, overflow) = amount.multipliedReportingOverflow(by: unitCost)
        cost = overflow ? .max : product
    }
}

/// What the fruits of one juice cost, known only when every fruit of its recipe has a cost.
public struct RecipeCost: Hashable, Sendable {
    /// Each fruit of the recipe once, in first-use order.
    public var shares: [FruitCostShare]
    /// The sum of the shares (`Int.max` when it does not fit).
    public var total: Int

    /// The cost of `recipe` with each fruit's unit cost from `unitCost`; nil when the recipe is empty or a fruit has
    /// no cost.
    public init?(recipe: [Ingredient], unitCost: (FruitID) -> Int?) {
        var shares: [FruitCostShare] = []
        for ingredient in recipe {
            guard let cost = unitCost(ingredient.fruit) else { return nil }
            if let index = shares.firstIndex(where: { $0.fruit == ingredient.fruit }) {
                let (amount, overflow) = shares[index].amount.addingReportingOverflow(ingredient.amount)
                shares[index] = FruitCostShare(fruit: ingredient.fruit, amount: overflow ? .max : amount, unitCost: cost)
            } else {
                shares.append(FruitCostShare(fruit: ingredient.fruit, amount: ingredient.amount, unitCost: cost))
            }
        }
        guard !shares.isEmpty else { return nil }
        self.init(shares: shares)
    }

    /// The cost made of `shares`, one per fruit.
    public init(shares: [FruitCostShare]) {
        self.shares = shares
        total = shares.reduce(0) { sum, share in
            let (next, overflow) = sum.addingReportingOverflow(share.cost)
            return overflow ? .max : next
        }
    }

    /// The shares, costliest first (equal shares in recipe order).
    public var costliestFirst: [FruitCostShare] {
        shares.enumerated().sorted { ($0.element.cost, -$0.offset) > ($1.element.cost, -$1.offset) }.map(\.element)
    }
}

extension RecipeBook {
    /// What the fruits of `juice` cost, when every fruit of its recipe is in the book and has a cost.
    public func fruitCost(of juice: Juice) -> RecipeCost? {
        RecipeCost(recipe: juice.recipe) { fruit($0)?.cost }
    }
}
