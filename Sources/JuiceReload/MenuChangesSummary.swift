import JuiceCore

extension MenuChanges {
    /// The changes in plain words, one line each, in a fixed order: juices added and removed, names, aliases, prices,
    /// recipes, fruits added and removed, capacities, initial stock, then juices that cannot be made. `new` is the book
    /// the changes lead to (for the recipes of new juices and the stock of new fruits); `stock` names the stock the
    /// unmakeable juices were judged at. Empty when `isEmpty`.
    package func summaryLines(for new: RecipeBook, stock: String = "the current stock") -> [String] {
        var lines: [String] = []
        for id in juicesAdded {
            guard let juice = new.juice(id) else { continue }
            let recipe = juice.totals.map { "\($0.fruit) \($0.amount)" }.joined(separator: ", ")
            lines.append("juice added: \(id) (\(Self.words(juice.name))): \(recipe)")
        }
        lines += juicesRemoved.map { "juice removed: \($0)" }
        lines += namesChanged.map { "name of \($0.juice): \(Self.words($0.before)) → \(Self.words($0.after))" }
        lines += aliasesChanged.map { change in
            let parts = [("added", change.added), ("removed", change.removed)].filter { !$0.1.isEmpty }
            return "aliases of \(change.juice): " + parts.map { "\($0.0) \($0.1.joined(separator: ", "))" }.joined(separator: "; ")
        }
        lines += pricesChanged.map { "price of \($0.juice): \(Self.price($0.before)) → \(Self.price($0.after))" }
        lines += recipesChanged.map { change in
            "recipe of \(change.juice): " + change.amounts.map { "\($0.fruit) \($0.before) → \($0.after)" }.joined(separator: ", ")
        }
        lines += fruitsAdded.map { fruit in
            "fruit added: \(fruit) (initial stock \(new.store.initialStock[fruit] ?? 0), capacity \(new.store.capacity(of: fruit)))"
        }
        lines += fruitsRemoved.map { "fruit removed: \($0)" }
        lines += capacitiesChanged.map { "capacity of \($0.fruit): \($0.before) → \($0.after)" }
        lines += initialStockChanged.map { "initial stock of \($0.fruit): \($0.before) → \($0.after)" }
        lines += Self.unmakeableLines(becameUnmakeable, stock: stock)
        return lines
    }

    /// The juices `juices` that cannot be made at `stock` (words naming it), a line each.
    package static func unmakeableLines(_ juices: [UnmakeableJuice], stock: String = "the current stock") -> [String] {
        juices.map { juice in
            let lacking = juice.shortages.map { "\($0.fruit) needs \($0.needed), has \($0.inStock)" }.joined(separator: "; ")
            return "cannot be made at \(stock): \(juice.juice) (\(lacking.isEmpty ? "no ingredients" : lacking))"
        }
    }

    private static func words(_ name: LocalizedName) -> String {
        name.all.isEmpty ? "no name" : name.all.joined(separator: " / ")
    }

    private static func price(_ price: Int?) -> String {
        price.map { MoneyText.won($0, in: .english) } ?? "no price"
    }
}
