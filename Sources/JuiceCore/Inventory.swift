/// One change to the stock of one fruit.
public enum StockChange: Hashable, Sendable {
    /// Add `amount` (at least 0) of a fruit.
    case add(FruitID, Int)
    /// Take away `amount` (at least 0) of a fruit.
    case remove(FruitID, Int)
    /// Set a fruit's stock to an absolute value.
    case set(FruitID, Int)

    /// The fruit this change is about.
    public var fruit: FruitID {
        switch self {
        case .add(let fruit, _), .remove(let fruit, _), .set(let fruit, _): return fruit
        }
    }
}

/// Why a stock change was refused; stock is unchanged whenever one is thrown.
public enum StockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The fruit is not in the inventory.
    case unknownFruit(FruitID, suggestion: FruitID?)
    /// An amount to add or remove is negative.
    case negativeAmount(FruitID, Int)
    /// The change would take the fruit below zero.
    case belowZero(FruitID, stock: Int, result: Int)
    /// The change would take the fruit above the store's capacity.
    case aboveCapacity(FruitID, result: Int, capacity: Int)
    /// The arithmetic would overflow a 64-bit integer.
    case overflow(FruitID)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .unknownFruit(let fruit, let suggestion):
            return "unknown fruit '\(fruit)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .negativeAmount(let fruit, let amount):
            return "invalid amount \(amount) for '\(fruit)': amounts must be 0 or more"
        case .belowZero(let fruit, let stock, let result):
            return "'\(fruit)' would go below zero (\(stock) in stock, result \(result))"
        case .aboveCapacity(let fruit, let result, let capacity):
            return "'\(fruit)' would exceed the store's capacity (\(result) > \(capacity))"
        case .overflow(let fruit):
            return "the amount for '\(fruit)' is too large"
        }
    }
}

/// The stock of every fruit, kept between 0 and each fruit's capacity.
public struct Inventory: Hashable, Sendable {
    /// The count of each fruit.
    public private(set) var counts: [FruitID: Int]
    /// The most of each fruit the store can hold.
    public let capacities: [FruitID: Int]

    /// An inventory of `fruits` at the store's initial stock (0 where none is given).
    public init(fruits: [FruitID], store: Store) {
        var counts: [FruitID: Int] = [:]
        var capacities: [FruitID: Int] = [:]
        for fruit in fruits {
            counts[fruit] = store.initialStock[fruit] ?? 0
            capacities[fruit] = store.capacity(of: fruit)
        }
        self.counts = counts
        self.capacities = capacities
    }

    /// An inventory with explicit counts and capacities.
    public init(counts: [FruitID: Int], capacities: [FruitID: Int]) {
        self.counts = counts
        self.capacities = capacities
    }

    /// The stock of `fruit` (0 for a fruit the inventory does not hold).
    public subscript(fruit: FruitID) -> Int { counts[fruit] ?? 0 }

    /// The capacity of `fruit` (0 for a fruit the inventory does not hold).
    public func capacity(of fruit: FruitID) -> Int { capacities[fruit] ?? 0 }

    /// Adds `amount` (default 1) of `fruit`.
    public mutating func add(_ amount: Int = 1, of fruit: FruitID) throws(StockError) {
        try apply([.add(fruit, amount)])
    }

    /// Takes away `amount` (default 1) of `fruit`.
    public mutating func remove(_ amount: Int = 1, of fruit: FruitID) throws(StockError) {
        try apply([.remove(fruit, amount)])
    }

    /// Sets the stock of `fruit` to `value`.
    public mutating func set(_ fruit: FruitID, to value: Int) throws(StockError) {
        try apply([.set(fruit, value)])
    }

    /// Applies every change in order, or none of them; returns the resulting change per fruit.
    @discardableResult
    public mutating func apply(_ changes: [StockChange]) throws(StockError) -> [FruitID: Int] {
        var result = counts
        for change in changes {
            let fruit = change.fruit
            guard let current = result[fruit] else {
                let suggestion = NameMatching.suggestion(for: fruit.rawValue, among: counts.keys.map(\.rawValue))
                throw .unknownFruit(fruit, suggestion: suggestion.map { FruitID($0) })
            }
            let next: Int
            switch change {
            case .add(_, let amount):
                guard amount >= 0 else { throw .negativeAmount(fruit, amount) }
                let (sum, overflow) = current.addingReportingOverflow(amount)
                guard !overflow else { throw .overflow(fruit) }
                next = sum
            case .remove(_, let amount):
                guard amount >= 0 else { throw .negativeAmount(fruit, amount) }
                next = current - amount
            case .set(_, let value):
                next = value
            }
            guard next >= 0 else { throw .belowZero(fruit, stock: current, result: next) }
            // Capacity limits growth only: stock already above a lowered capacity may still be used up.
            let capacity = capacity(of: fruit)
            guard next <= capacity || next <= current else { throw .aboveCapacity(fruit, result: next, capacity: capacity) }
            result[fruit] = next
        }
        var deltas: [FruitID: Int] = [:]
        for (fruit, value) in result where value != counts[fruit] {
            deltas[fruit] = value - (counts[fruit] ?? 0)
        }
        counts = result
        return deltas
    }
}
