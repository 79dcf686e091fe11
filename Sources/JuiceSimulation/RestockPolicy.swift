/// When a simulation refills fruit during the run.
package struct RestockPolicy: Hashable, Sendable {
    /// Refill every fruit to capacity after every `every` orders.
    package var every: Int?
    /// Refill a fruit to `to` when it falls below `below`.
    package var below: Int?
    /// The level a `below` refill brings a fruit to.
    package var to: Int?

    /// No restocking.
    package static let none = RestockPolicy()

    /// Creates a policy.
    package init(every: Int? = nil, below: Int? = nil, to: Int? = nil) {
        self.every = every
        self.below = below
        self.to = to
    }

    /// Whether any restocking happens.
    package var isActive: Bool { every != nil || below != nil }

    /// Parses `every=K` or `below=T,to=C` (the value of one `--restock` option) into this policy.
    package mutating func add(_ text: String) throws(OrderSourceError) {
        var values: [String: Int] = [:]
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, let value = Int(pieces[1]), value >= 0 else {
                throw .badRestock(.notARule(text, numbers: true))
            }
            values[String(pieces[0])] = value
        }
        if let every = values["every"] {
            guard values.count == 1 else { throw .badRestock(.everyNotAlone) }
            guard every >= 1 else { throw .badRestock(.everyZero) }
            self.every = every
        } else if let below = values["below"], let to = values["to"], values.count == 2 {
            guard to >= below else { throw .badRestock(.toBelowThreshold(below: below, to: to)) }
            self.below = below
            self.to = to
        } else {
            throw .badRestock(.notARule(text, numbers: false))
        }
    }

    /// Checks the policy against `menu`: a `to=C` above a fruit's capacity could never be reached, so it is refused,
    /// naming the first fruit whose capacity is below it.
    package func check(against menu: CompiledMenu) throws(OrderSourceError) {
        guard let to, let fruit = menu.capacities.indices.first(where: { menu.capacities[$0] < to }) else { return }
        let capacity = menu.capacities[fruit]
        throw .badRestock(.aboveCapacity(to: to, fruit: "\(menu.fruits[fruit])", capacity: capacity, most: menu.capacities.min() ?? capacity))
    }
}
