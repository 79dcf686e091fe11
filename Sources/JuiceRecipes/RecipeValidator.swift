import JuiceCore

/// Merges what every file contributes and checks the recipe set as a whole: ids, names, recipes against fruits and store.
struct RecipeValidator {
    private(set) var diagnostics: [Diagnostic] = []
    let files: SourceFiles

    init(files: SourceFiles) {
        self.files = files
    }

    private mutating func report(
        _ rule: RuleID, _ message: String, at ref: SourceRef, notes: [(String, SourceRef)] = [], fix: String? = nil
    ) {
        diagnostics.append(Diagnostic(rule, message, at: files.location(ref), length: Int(ref.length),
            notes: notes.map { DiagnosticNote($0.0, at: files.location($0.1)) }, fix: fix))
    }

    mutating func validate(_ files: [FileContents]) -> RecipeBook {
        let fruits = mergeFruits(files)
        let juices = mergeJuices(files)
        let store = mergeStore(files, fruits: fruits)
        let fruitsSection = files.lazy.compactMap(\.fruitsSection).first
        checkNames(of: fruits.map(\.nameRefs), kind: "fruit")
        checkJuiceNames(juices)
        let usable = checkRecipes(juices, fruits: fruits, store: store, fruitsSection: fruitsSection)
        checkUnusedFruits(fruits, mentioned: files.reduce(into: Set<FruitID>()) { $0.formUnion($1.mentionedFruits) })
        return RecipeBook(
            fruits: fruits.map { Fruit(id: $0.id.value, name: $0.name, emoji: $0.emoji) },
            juices: usable,
            store: store
        )
    }

    // MARK: Merging

    private mutating func mergeFruits(_ files: [FileContents]) -> [FruitDraft] {
        var seen: [FruitID: SourceRef] = [:]
        var fruits: [FruitDraft] = []
        for fruit in files.lazy.flatMap(\.fruits) {
            if let first = seen[fruit.id.value] {
                reportDuplicate("fruit '\(fruit.id.value)'", at: fruit.id.ref, first: first)
                continue
            }
            seen[fruit.id.value] = fruit.id.ref
            fruits.append(fruit)
        }
        return fruits
    }

    private mutating func mergeJuices(_ files: [FileContents]) -> [JuiceDraft] {
        var seen: [JuiceID: SourceRef] = [:]
        var juices: [JuiceDraft] = []
        for juice in files.lazy.flatMap(\.juices) {
            if let first = seen[juice.id.value] {
                reportDuplicate("juice '\(juice.id.value)'", at: juice.id.ref, first: first)
                continue
            }
            seen[juice.id.value] = juice.id.ref
            juices.append(juice)
        }
        return juices
    }

    private mutating func mergeStore(_ files: [FileContents], fruits: [FruitDraft]) -> Store {
        let known = Set(fruits.map(\.id.value))
        let fruitNames = fruits.map(\.id.value.rawValue)
        var store = Store()
        var capacityLocation: SourceRef?
        for file in files {
            guard let capacity = file.defaultCapacity else { continue }
            if let first = capacityLocation {
                reportDuplicate("the store's capacity", at: capacity.ref, first: first)
                continue
            }
            capacityLocation = capacity.ref
            store.defaultCapacity = capacity.value
        }
        var capacitySeen: [FruitID: SourceRef] = [:]
        for entry in files.lazy.flatMap(\.capacities) {
            let fruit = entry.value.fruit
            guard checkStoreFruit(fruit, at: entry.ref, known: known, names: fruitNames, field: "capacity") else { continue }
            if let first = capacitySeen[fruit] {
                reportDuplicate("the capacity of '\(fruit)'", at: entry.ref, first: first)
                continue
            }
            capacitySeen[fruit] = entry.ref
            store.capacities[fruit] = entry.value.amount
        }
        var stockSeen: [FruitID: SourceRef] = [:]
        for entry in files.lazy.flatMap(\.stock) {
            let fruit = entry.value.fruit
            guard checkStoreFruit(fruit, at: entry.ref, known: known, names: fruitNames, field: "stock") else { continue }
            if let first = stockSeen[fruit] {
                reportDuplicate("the stock of '\(fruit)'", at: entry.ref, first: first)
                continue
            }
            stockSeen[fruit] = entry.ref
            let capacity = store.capacity(of: fruit)
            if entry.value.amount > capacity {
                report(.stockExceedsCapacity, "the stock of '\(fruit)' is \(entry.value.amount), above its capacity of \(capacity)",
                       at: entry.ref, fix: "lower the stock to \(capacity) or raise the capacity")
            }
            store.initialStock[fruit] = entry.value.amount
        }
        for fruit in fruits where stockSeen[fruit.id.value] == nil {
            report(.missingStock, "fruit '\(fruit.id.value)' has no stock entry; it starts at 0", at: fruit.id.ref,
                   fix: "add '\(fruit.id.value): 10' under 'store: stock:'")
        }
        return store
    }

    private mutating func checkStoreFruit(_ fruit: FruitID, at ref: SourceRef, known: Set<FruitID>, names: [String], field: String) -> Bool {
        guard !known.contains(fruit) else { return true }
        let suggestion = NameMatching.suggestion(for: fruit.rawValue, among: names)
        report(.unknownStockFruit, "\(field) given for unknown fruit '\(fruit)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
               at: ref, fix: suggestion.map { "replace '\(fruit)' with '\($0)'" } ?? "define '\(fruit)' under 'fruits' or remove this entry")
        return false
    }

    // MARK: Names

    private mutating func checkNames(of owners: [[Located<String>]], kind: String) {
        var seen: [String: (owner: Int, ref: SourceRef)] = [:]
        seen.reserveCapacity(owners.count * 2)
        for (index, names) in owners.enumerated() {
            for name in names {
                let key = NameMatching.normalize(name.value)
                if let first = seen[key] {
                    if first.owner != index {
                        report(.duplicateName, "two \(kind)s are named '\(name.value)'", at: name.ref,
                               notes: [("the other \(kind) with that name", first.ref)], fix: "give each \(kind) its own name")
                    }
                    continue
                }
                seen[key] = (index, name.ref)
            }
        }
    }

    /// What a juice name, id or alias is, for messages.
    private enum NameRole {
        case id, name, alias

        func describe(_ juice: JuiceID) -> String {
            switch self {
            case .id: return "the id of juice '\(juice)'"
            case .name: return "a name of juice '\(juice)'"
            case .alias: return "an alias of juice '\(juice)'"
            }
        }
    }

    /// Juice ids, names and aliases must each lead to one juice only (orders are matched by any of them).
    ///
    /// One map from normalised text to its first owner serves all three checks, so each text is normalised once.
    private mutating func checkJuiceNames(_ juices: [JuiceDraft]) {
        var owners: [String: (owner: Int, ref: SourceRef, role: NameRole)] = [:]
        owners.reserveCapacity(juices.count * 3)
        for (index, juice) in juices.enumerated() {
            owners[NameMatching.normalize(juice.id.value.rawValue)] = (index, juice.id.ref, .id)
        }
        for (index, juice) in juices.enumerated() {
            for (text, ref) in [(juice.name.korean, juice.koreanName), (juice.name.english, juice.englishName)] {
                guard let text, let ref else { continue }
                let key = NameMatching.normalize(text)
                guard let other = owners[key] else {
                    owners[key] = (index, ref, .name)
                    continue
                }
                guard other.owner != index else { continue }
                report(.duplicateName, "two juices are named '\(text)'" + (other.role == .id ? " (it is the id of juice '\(juices[other.owner].id.value)')" : ""),
                       at: ref, notes: [("the other juice with that name", other.ref)], fix: "give each juice its own name")
            }
        }
        for (index, juice) in juices.enumerated() {
            for alias in juice.aliases {
                let key = NameMatching.normalize(alias.value)
                if let other = owners[key] {
                    if other.owner != index {
                        report(.duplicateAlias,
                               "alias '\(alias.value)' of juice '\(juice.id.value)' is already \(other.role.describe(juices[other.owner].id.value))",
                               at: alias.ref, notes: [("already used here", other.ref)], fix: "remove the alias or rename it")
                    }
                    continue
                }
                owners[key] = (index, alias.ref, .alias)
            }
        }
    }

    // MARK: Recipes

    /// Checks every recipe; returns the juices with their recipes restricted to known fruits.
    private mutating func checkRecipes(_ juices: [JuiceDraft], fruits: [FruitDraft], store: Store, fruitsSection: SourceRef?) -> [Juice] {
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
                    reportUnknownFruit(ingredient.fruit, in: draft.id.value, at: entry.ref, names: fruitNames, fruitsSection: fruitsSection)
                    continue
                }
                let capacity = store.capacity(of: ingredient.fruit)
                let stock = store.initialStock[ingredient.fruit] ?? 0
                if ingredient.amount > capacity {
                    report(.exceedsCapacity,
                           "juice '\(draft.id.value)' needs \(ingredient.amount) '\(ingredient.fruit)' but the store holds at most \(capacity); it can never be made",
                           at: entry.ref, fix: "use at most \(capacity) or raise the capacity of '\(ingredient.fruit)'")
                } else if ingredient.amount > stock {
                    report(.exceedsInitialStock,
                           "juice '\(draft.id.value)' needs \(ingredient.amount) '\(ingredient.fruit)' but the store starts with \(stock); it cannot be made until restocked",
                           at: entry.ref, fix: "raise the initial stock of '\(ingredient.fruit)' to \(ingredient.amount)")
                }
                recipe.append(ingredient)
            }
            result.append(Juice(id: draft.id.value, name: draft.name, aliases: draft.aliases.map(\.value), price: draft.price, recipe: recipe))
        }
        return result
    }

    private mutating func reportUnknownFruit(_ fruit: FruitID, in juice: JuiceID, at ref: SourceRef, names: [String], fruitsSection: SourceRef?) {
        let suggestion = NameMatching.suggestion(for: fruit.rawValue, among: names)
        let message = "unknown fruit '\(fruit)' in juice '\(juice)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        report(.unknownFruit, message, at: ref, notes: fruitsSection.map { [("fruits are defined here", $0)] } ?? [],
               fix: suggestion.map { "replace '\(fruit)' with '\($0)'" } ?? "define '\(fruit)' under 'fruits'")
    }

    private mutating func checkUnusedFruits(_ fruits: [FruitDraft], mentioned: Set<FruitID>) {
        for fruit in fruits where !mentioned.contains(fruit.id.value) {
            report(.unusedFruit, "no juice uses fruit '\(fruit.id.value)'", at: fruit.id.ref, fix: "add it to a recipe or remove it")
        }
    }

    private mutating func reportDuplicate(_ what: String, at ref: SourceRef, first: SourceRef) {
        report(.duplicateID, "\(what) is defined twice", at: ref, notes: [("first defined here", first)], fix: "remove one of the definitions")
    }
}
