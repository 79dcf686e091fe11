/// A fruit an order is short of.
public struct Shortage: Hashable, Sendable, Codable {
    /// The fruit.
    public var fruit: FruitID
    /// How many the order needs.
    public var needed: Int
    /// How many are in stock.
    public var inStock: Int
    /// How many more would be needed.
    public var short: Int { needed - inStock }

    /// Creates a shortage record.
    public init(fruit: FruitID, needed: Int, inStock: Int) {
        self.fruit = fruit
        self.needed = needed
        self.inStock = inStock
    }
}

/// Why an order was refused; stock is unchanged whenever one is thrown.
public enum OrderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The count is less than 1.
    case invalidCount(Int)
    /// The quantities for the count overflow a 64-bit integer.
    case countTooLarge(Int)
    /// Some fruits are short; every one is listed.
    case insufficientStock(JuiceID, count: Int, shortages: [Shortage])

    /// A readable explanation.
    public var description: String {
        switch self {
        case .invalidCount(let count):
            return "invalid count \(count): order at least 1"
        case .countTooLarge(let count):
            return "count \(count) is too large"
        case .insufficientStock(let juice, let count, let shortages):
            let list = shortages.map { "\($0.fruit) needs \($0.needed), has \($0.inStock), short \($0.short)" }
            return "not enough ingredients for \(count) × \(juice): " + list.joined(separator: "; ")
        }
    }
}

/// How many of a juice can be made from the current stock, and what limits it.
public struct Availability: Hashable, Sendable, Codable {
    /// How many can be made now.
    public var makeable: Int
    /// The fruit that runs out first (nil for a recipe with no ingredients).
    public var limitingFruit: FruitID?
    /// How much more of each fruit one more juice would need (only fruits that would be short).
    public var neededForOneMore: [FruitID: Int]

    /// Creates an availability record.
    public init(makeable: Int, limitingFruit: FruitID?, neededForOneMore: [FruitID: Int]) {
        self.makeable = makeable
        self.limitingFruit = limitingFruit
        self.neededForOneMore = neededForOneMore
    }
}

extension Inventory {
    /// The fruits `count` of `juice` would be short of (empty when it can be made).
    public func shortages(for juice: Juice, count: Int = 1) -> [Shortage] {
        juice.totals.compactMap { ingredient in
            let (needed, overflow) = ingredient.amount.multipliedReportingOverflow(by: count)
            let stock = self[ingredient.fruit]
            return overflow || needed > stock ? Shortage(fruit: ingredient.fruit, needed: overflow ? .max : needed, inStock: stock) : nil
        }
    }

    /// Makes `count` of `juice`: checks every ingredient for the whole count, then deducts them all.
    ///
    /// Returns the change per fruit. On any shortage nothing is deducted and every short fruit is reported.
    @discardableResult
    public mutating func make(_ juice: Juice, count: Int = 1) throws(OrderError) -> [FruitID: Int] {
        guard count >= 1 else { throw .invalidCount(count) }
        for ingredient in juice.totals where ingredient.amount.multipliedReportingOverflow(by: count).overflow {
            throw .countTooLarge(count)
        }
        let shortages = shortages(for: juice, count: count)
        guard shortages.isEmpty else { throw .insufficientStock(juice.id, count: count, shortages: shortages) }
        var changes: [StockChange] = []
        for ingredient in juice.totals {
            let (needed, overflow) = ingredient.amount.multipliedReportingOverflow(by: count)
            guard !overflow else { throw .countTooLarge(count) }
            changes.append(.remove(ingredient.fruit, needed))
        }
        do {
            return try apply(changes)
        } catch {
            // The shortage check above makes this unreachable; report it as a shortage rather than trap.
            throw .insufficientStock(juice.id, count: count, shortages: self.shortages(for: juice, count: count))
        }
    }

    /// How many of `juice` can be made now, which fruit limits it, and what one more would need.
    public func availability(of juice: Juice) -> Availability {
        var best: (makeable: Int, fruit: FruitID)?
        let totals = juice.totals
        for ingredient in totals where ingredient.amount > 0 {
            let possible = self[ingredient.fruit] / ingredient.amount
            if possible < best?.makeable ?? .max || best == nil {
                best = (possible, ingredient.fruit)
            }
        }
        guard let (makeable, limiting) = best else { return Availability(makeable: 0, limitingFruit: nil, neededForOneMore: [:]) }
        var needed: [FruitID: Int] = [:]
        for ingredient in totals {
            let (next, nextOverflow) = makeable.addingReportingOverflow(1)
            let (total, overflow) = ingredient.amount.multipliedReportingOverflow(by: nextOverflow ? .max : next)
            let extra = overflow || nextOverflow ? Int.max : total - self[ingredient.fruit]
            if extra > 0 { needed[ingredient.fruit, default: 0] = extra }
        }
        return Availability(makeable: makeable, limitingFruit: limiting, neededForOneMore: needed)
    }
}
