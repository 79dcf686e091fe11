import JuiceCore

/// Merges what every file contributes and checks the recipe set as a whole: ids, names, recipes against fruits and store.
struct RecipeValidator {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func validate(_ files: [FileContents]) -> RecipeBook {
        let fruits = mergeFruits(files)
        let juices = mergeJuices(files)
        let store = mergeStore(files, fruits: fruits)
        let fruitsSection = files.lazy.compactMap(\.fruitsSection).first
        checkNames(of: fruits.map { ($0.id.location, $0.nameLocations) }, kind: "fruit")
        checkJuiceNames(juices)
        let usable = checkRecipes(juices, fruits: fruits, store: store, fruitsSection: fruitsSection)
        checkUnusedFruits(fruits, juices: usable)
        return RecipeBook(
            fruits: fruits.map { Fruit(id: $0.id.value, name: $0.name, emoji: $0.emoji) },
            juices: usable,
            store: store
        )
    }

    // MARK: Merging

    private mutating func mergeFruits(_ files: [FileContents]) -> [FruitDraft] {
        var seen: [FruitID: SourceLocation] = [:]
        var fruits: [FruitDraft] = []
        for fruit in files.lazy.flatMap(\.fruits) {
            if let first = seen[fruit.id.value] {
                reportDuplicate("fruit '\(fruit.id.value)'", at: fruit.id.location, first: first)
                continue
            }
            seen[fruit.id.value] = fruit.id.location
            fruits.append(fruit)
        }
        return fruits
    }

    private mutating func mergeJuices(_ files: [FileContents]) -> [JuiceDraft] {
        var seen: [JuiceID: SourceLocation] = [:]
        var juices: [JuiceDraft] = []
        for juice in files.lazy.flatMap(\.juices) {
            if let first = seen[juice.id.value] {
                reportDuplicate("juice '\(juice.id.value)'", at: juice.id.location, first: first)
                continue
            }
            seen[juice.id.value] = juice.id.location
            juices.append(juice)
        }
        return juices
    }

    private mutating func mergeStore(_ files: [FileContents], fruits: [FruitDraft]) -> Store {
        let known = Set(fruits.map(\.id.value))
        let fruitNames = fruits.map(\.id.value.rawValue)
        var store = Store()
        var capacityLocation: SourceLocation?
        for file in files {
            guard let capacity = file.defaultCapacity else { continue }
            if let first = capacityLocation {
                reportDuplicate("the store's capacity", at: capacity.location, first: first)
                continue
            }
            capacityLocation = capacity.location
            store.defaultCapacity = capacity.value
        }
        var capacitySeen: [FruitID: SourceLocation] = [:]
        for entry in files.lazy.flatMap(\.capacities) {
            let fruit = entry.value.fruit
            guard checkStoreFruit(fruit, at: entry.location, known: known, names: fruitNames, field: "capacity") else { continue }
            if let first = capacitySeen[fruit] {
                reportDuplicate("the capacity of '\(fruit)'", at: entry.location, first: first)
                continue
            }
            capacitySeen[fruit] = entry.location
            store.capacities[fruit] = entry.value.amount
        }
        var stockSeen: [FruitID: SourceLocation] = [:]
        for entry in files.lazy.flatMap(\.stock) {
            let fruit = entry.value.fruit
            guard checkStoreFruit(fruit, at: entry.location, known: known, names: fruitNames, field: "stock") else { continue }
            if let first = stockSeen[fruit] {
                reportDuplicate("the stock of '\(fruit)'", at: entry.location, first: first)
                continue
            }
            stockSeen[fruit] = entry.location
            let capacity = store.capacity(of: fruit)
            if entry.value.amount > capacity {
                diagnostics.append(Diagnostic(.stockExceedsCapacity,
                    "the stock of '\(fruit)' is \(entry.value.amount), above its capacity of \(capacity)", at: entry.location,
                    length: fruit.rawValue.unicodeScalars.count, fix: "lower the stock to \(capacity) or raise the capacity"))
            }
            store.initialStock[fruit] = entry.value.amount
        }
        for fruit in fruits where stockSeen[fruit.id.value] == nil {
            diagnostics.append(Diagnostic(.missingStock, "fruit '\(fruit.id.value)' has no stock entry; it starts at 0", at: fruit.id.location,
                length: fruit.id.value.rawValue.unicodeScalars.count, fix: "add '\(fruit.id.value): 10' under 'store: stock:'"))
        }
        return store
    }

    private mutating func checkStoreFruit(_ fruit: FruitID, at location: SourceLocation, known: Set<FruitID>, names: [String], field: String) -> Bool {
        guard !known.contains(fruit) else { return true }
        let suggestion = NameMatching.suggestion(for: fruit.rawValue, among: names)
        diagnostics.append(Diagnostic(.unknownStockFruit,
            "\(field) given for unknown fruit '\(fruit)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
            at: location, length: fruit.rawValue.unicodeScalars.count,
            fix: suggestion.map { "replace '\(fruit)' with '\($0)'" } ?? "define '\(fruit)' under 'fruits' or remove this entry"))
        return false
    }

    // MARK: Names

    private mutating func checkNames(of owners: [(id: SourceLocation, names: [Located<String>])], kind: String) {
        var seen: [String: (owner: Int, location: SourceLocation)] = [:]
        for (index, owner) in owners.enumerated() {
            for name in owner.names {
                let key = NameMatching.normalize(name.value)
                if let first = seen[key] {
                    if first.owner != index {
                        diagnostics.append(Diagnostic(.duplicateName, "two \(kind)s are named '\(name.value)'", at: name.location,
                            length: name.value.unicodeScalars.count,
                            notes: [DiagnosticNote("the other \(kind) with that name", at: first.location)],
                            fix: "give each \(kind) its own name"))
                    }
                    continue
                }
                seen[key] = (index, name.location)
            }
        }
    }

    /// Juice ids, names and aliases must each lead to one juice only (orders are matched by any of them).
    private mutating func checkJuiceNames(_ juices: [JuiceDraft]) {
        checkNames(of: juices.map { ($0.id.location, $0.nameLocations) }, kind: "juice")
        var owners: [String: (owner: Int, location: SourceLocation, what: String)] = [:]
        for (index, juice) in juices.enumerated() {
            owners[NameMatching.normalize(juice.id.value.rawValue)] = (index, juice.id.location, "the id of juice '\(juice.id.value)'")
        }
        for (index, juice) in juices.enumerated() {
            for name in juice.nameLocations {
                let key = NameMatching.normalize(name.value)
                if owners[key] == nil { owners[key] = (index, name.location, "a name of juice '\(juice.id.value)'") }
            }
        }
        for (index, juice) in juices.enumerated() {
            for alias in juice.aliases {
                let key = NameMatching.normalize(alias.value)
                if let other = owners[key] {
                    if other.owner != index {
                        diagnostics.append(Diagnostic(.duplicateAlias,
                            "alias '\(alias.value)' of juice '\(juice.id.value)' is already \(other.what)", at: alias.location,
                            length: alias.value.unicodeScalars.count,
                            notes: [DiagnosticNote("already used here", at: other.location)], fix: "remove the alias or rename it"))
                    }
                    continue
                }
                owners[key] = (index, alias.location, "an alias of juice '\(juice.id.value)'")
            }
        }
    }

    // MARK: Recipes

    /// Checks every recipe; returns the juices with their recipes restricted to known fruits.
    private mutating func checkRecipes(_ juices: [JuiceDraft], fruits: [FruitDraft], store: Store, fruitsSection: SourceLocation?) -> [Juice] {
        let known = Set(fruits.map(\.id.value))
        let fruitNames = fruits.map(\.id.value.rawValue)
        var result: [Juice] = []
        result.reserveCapacity(juices.count)
        for draft in juices {
            var recipe: [Ingredient] = []
            recipe.reserveCapacity(draft.recipe.count)
            for entry in draft.recipe {
                let ingredient = entry.value
                guard known.contains(ingredient.fruit) else {
                    reportUnknownFruit(ingredient.fruit, in: draft.id.value, at: entry.location, names: fruitNames, fruitsSection: fruitsSection)
                    continue
                }
                let capacity = store.capacity(of: ingredient.fruit)
                let stock = store.initialStock[ingredient.fruit] ?? 0
                if ingredient.amount > capacity {
                    diagnostics.append(Diagnostic(.exceedsCapacity,
                        "juice '\(draft.id.value)' needs \(ingredient.amount) '\(ingredient.fruit)' but the store holds at most \(capacity); it can never be made",
                        at: entry.location, length: ingredient.fruit.rawValue.unicodeScalars.count,
                        fix: "use at most \(capacity) or raise the capacity of '\(ingredient.fruit)'"))
                } else if ingredient.amount > stock {
                    diagnostics.append(Diagnostic(.exceedsInitialStock,
                        "juice '\(draft.id.value)' needs \(ingredient.amount) '\(ingredient.fruit)' but the store starts with \(stock); it cannot be made until restocked",
                        at: entry.location, length: ingredient.fruit.rawValue.unicodeScalars.count,
                        fix: "raise the initial stock of '\(ingredient.fruit)' to \(ingredient.amount)"))
                }
                recipe.append(ingredient)
            }
            result.append(Juice(id: draft.id.value, name: draft.name, aliases: draft.aliases.map(\.value), price: draft.price, recipe: recipe))
        }
        return result
    }

    private mutating func reportUnknownFruit(_ fruit: FruitID, in juice: JuiceID, at location: SourceLocation, names: [String], fruitsSection: SourceLocation?) {
        let suggestion = NameMatching.suggestion(for: fruit.rawValue, among: names)
        let message = "unknown fruit '\(fruit)' in juice '\(juice)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        let notes = fruitsSection.map { [DiagnosticNote("fruits are defined here", at: $0)] } ?? []
        diagnostics.append(Diagnostic(.unknownFruit, message, at: location, length: fruit.rawValue.unicodeScalars.count, notes: notes,
            fix: suggestion.map { "replace '\(fruit)' with '\($0)'" } ?? "define '\(fruit)' under 'fruits'"))
    }

    private mutating func checkUnusedFruits(_ fruits: [FruitDraft], juices: [Juice]) {
        var used = Set<FruitID>()
        for juice in juices { for ingredient in juice.recipe { used.insert(ingredient.fruit) } }
        for fruit in fruits where !used.contains(fruit.id.value) {
            diagnostics.append(Diagnostic(.unusedFruit, "no juice uses fruit '\(fruit.id.value)'", at: fruit.id.location,
                length: fruit.id.value.rawValue.unicodeScalars.count, fix: "add it to a recipe or remove it"))
        }
    }

    private mutating func reportDuplicate(_ what: String, at location: SourceLocation, first: SourceLocation) {
        diagnostics.append(Diagnostic(.duplicateID, "\(what) is defined twice", at: location,
            notes: [DiagnosticNote("first defined here", at: first)], fix: "remove one of the definitions"))
    }
}
