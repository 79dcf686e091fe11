import JuiceCore
import JuiceYAML

/// Merges what every file contributes and checks the recipe set as a whole: ids, names, recipes against fruits and store.
struct RecipeValidator {
    private(set) var diagnostics: [Diagnostic] = []
    /// The keys written in files that could not be parsed: what those files would have defined is unknown, so
    /// nothing named by one of these is reported as unknown, unstocked or unused.
    let unreadKeys: Set<String>

    init(unreadKeys: Set<String> = []) {
        self.unreadKeys = unreadKeys
    }

    mutating func report(_ rule: RuleID, _ finding: LintFinding, at place: Located<some Any>, notes: [DiagnosticNote] = [], fix: LintFix? = nil) {
        diagnostics.append(Diagnostic(rule, finding, at: place.location, length: Int(place.length), notes: notes, fix: fix))
    }

    /// Validates the recipe set and builds its book.
    ///
    /// Tables are keyed `[FruitID: Int]`, `[JuiceID: Int]` and `[NameKey: Int]` only, positions into arrays: each
    /// other dictionary type would cost `juice lint` its own start-up work in the Swift runtime.
    mutating func validate(_ contents: [FileContents]) -> RecipeBook {
        let fruits = mergeFruits(contents)
        var juices = mergeJuices(contents)
        let namer = FruitNamer(fruits)
        let store = mergeStore(contents, fruits: fruits, namer: namer)
        let fruitsSection = contents.lazy.compactMap(\.fruitsSection).first
        checkNames(of: fruits, kind: .fruit)
        checkNames(of: juices, kind: .juice)
        var used = checkRecipes(&juices, namer: namer, store: store, fruitsSection: fruitsSection)
        checkPrices(of: juices, fruits: fruits, namer: namer)
        for fruit in contents.lazy.flatMap(\.fruitsWithInvalidAmounts) {
            if let position = namer.position(of: fruit) { used[position] = true }
        }
        for (position, fruit) in fruits.enumerated() where !used[position] && !unreadKeys.contains(fruit.id.value.rawValue) {
            report(.unusedFruit, .unusedFruit(fruit.id.value.rawValue), at: fruit.id, fix: .useOrRemoveFruit)
        }
        let suppliers = checkPurchases(contents, fruits: fruits, used: used, store: store)
        let calendar = mergeCalendar(contents)
        return RecipeBook(fruits: fruits.map(\.fruit), juices: juices.map(\.juice), store: store, suppliers: suppliers, calendar: calendar)
    }

    // MARK: Merging

    private mutating func mergeFruits(_ files: [FileContents]) -> [FruitDraft] {
        firstDefinitions(files.flatMap(\.fruits), kind: .fruit, id: \.id)
    }

    /// Every file's juices in one list, the first definition of each id kept.
    private mutating func mergeJuices(_ files: [FileContents]) -> [JuiceDraft] {
        // Ids within one file differ (the YAML layer refuses a key given twice); only several files need a check.
        let sources = files.filter { !$0.juices.isEmpty }
        guard sources.count > 1 else { return sources.first?.juices ?? [] }
        return firstDefinitions(sources.flatMap(\.juices), kind: .juice, id: \.id)
    }

    /// `drafts` with the first definition of each id kept; a later one is reported as defined twice.
    mutating func firstDefinitions<Draft, ID: Hashable & CustomStringConvertible>(
        _ drafts: [Draft], kind: RecipeKind, id idOf: (Draft) -> Located<ID>
    ) -> [Draft] {
        var seen: [ID: Int] = [:]
        var kept: [Draft] = []
        kept.reserveCapacity(drafts.count)
        for draft in drafts {
            let id = idOf(draft)
            if let first = seen[id.value] {
                reportDuplicate(.entry(RecipeEntry(kind, id.value.description)), at: id, first: idOf(kept[first]).location)
                continue
            }
            seen[id.value] = kept.count
            kept.append(draft)
        }
        return kept
    }

    private mutating func mergeStore(_ files: [FileContents], fruits: [FruitDraft], namer: FruitNamer) -> Store {
        var store = Store()
        var capacityLocation: SourceLocation?
        for file in files {
            guard let capacity = file.defaultCapacity else { continue }
            if let first = capacityLocation {
                reportDuplicate(.storeCapacity, at: capacity, first: first)
                continue
            }
            capacityLocation = capacity.location
            store.defaultCapacity = capacity.value
        }
        let capacities = files.flatMap(\.capacities)
        var capacitySeen: [FruitID: Int] = [:]
        for (index, entry) in capacities.enumerated() {
            let fruit = entry.value.fruit
            guard checkStoreFruit(entry, namer: namer, stock: false) else { continue }
            if let first = capacitySeen[fruit] {
                reportDuplicate(.capacity(fruit: fruit.rawValue), at: entry, first: capacities[first].location)
                continue
            }
            capacitySeen[fruit] = index
            store.capacities[fruit] = entry.value.amount
        }
        let stock = files.flatMap(\.stock)
        var stockSeen: [FruitID: Int] = [:]
        for (index, entry) in stock.enumerated() {
            let fruit = entry.value.fruit
            guard checkStoreFruit(entry, namer: namer, stock: true) else { continue }
            if let first = stockSeen[fruit] {
                reportDuplicate(.stock(fruit: fruit.rawValue), at: entry, first: stock[first].location)
                continue
            }
            stockSeen[fruit] = index
            let capacity = store.capacity(of: fruit)
            if entry.value.amount > capacity {
                report(
                    .stockExceedsCapacity, .stockAboveCapacity(fruit: fruit.rawValue, stock: entry.value.amount, capacity: capacity),
                    at: entry, fix: .lowerStock(to: capacity))
            }
            store.initialStock[fruit] = entry.value.amount
        }
        for fruit in fruits where stockSeen[fruit.id.value] == nil && !unreadKeys.contains(fruit.id.value.rawValue) {
            report(.missingStock, .missingStock(fruit: fruit.id.value.rawValue), at: fruit.id, fix: .addStock(fruit: fruit.id.value.rawValue))
        }
        return store
    }

    private mutating func checkStoreFruit(_ entry: Located<FruitAmount>, namer: FruitNamer, stock: Bool) -> Bool {
        let fruit = entry.value.fruit
        guard !namer.isDefined(fruit) else { return true }
        guard !unreadKeys.contains(fruit.rawValue) else { return false }
        let suggestion = namer.suggestion(for: fruit)
        report(
            .unknownStockFruit, .unknownStockFruit(fruit: fruit.rawValue, stock: stock, suggestion: suggestion?.rawValue), at: entry,
            fix: suggestion.map { .replace(fruit.rawValue, with: $0.rawValue) } ?? .defineFruitOrRemoveEntry(fruit.rawValue))
        return false
    }

    // MARK: Recipes

    /// What the store says about one defined fruit.
    private struct StoredFruit {
        var capacity: Int
        var stock: Int
    }

    /// Checks every recipe against the fruits and the store; restricts each recipe to defined fruits. Returns
    /// which fruits (by position) the recipes use.
    private mutating func checkRecipes(_ juices: inout [JuiceDraft], namer: FruitNamer, store: Store, fruitsSection: SourceLocation?) -> [Bool] {
        // Each fruit is looked up once per ingredient.
        let stored = namer.ids.map { StoredFruit(capacity: store.capacity(of: $0), stock: store.initialStock[$0] ?? 0) }
        var used = [Bool](repeating: false, count: stored.count)
        for index in juices.indices {
            var unknown = false
            for ingredient in juices[index].recipe {
                let (fruit, amount) = (ingredient.value.fruit, ingredient.value.amount)
                let juice = juices[index].id.value
                guard let position = namer.position(of: fruit) else {
                    unknown = true
                    if !unreadKeys.contains(fruit.rawValue) { reportUnknownFruit(ingredient, in: juice, namer: namer, fruitsSection: fruitsSection) }
                    continue
                }
                let known = stored[position]
                used[position] = true
                if amount > known.capacity {
                    report(
                        .exceedsCapacity, .exceedsCapacity(juice: juice.rawValue, fruit: fruit.rawValue, amount: amount, capacity: known.capacity),
                        at: ingredient, fix: .useAtMost(known.capacity, fruit: fruit.rawValue))
                } else if amount > known.stock {
                    report(
                        .exceedsInitialStock, .exceedsInitialStock(juice: juice.rawValue, fruit: fruit.rawValue, amount: amount, stock: known.stock),
                        at: ingredient, fix: .raiseStock(fruit: fruit.rawValue, to: amount))
                }
            }
            if unknown {
                juices[index].recipe.removeAll { !namer.isDefined($0.value.fruit) }
                juices[index].recipeIncomplete = true
            }
        }
        return used
    }

    private mutating func reportUnknownFruit(_ ingredient: Located<Ingredient>, in juice: JuiceID, namer: FruitNamer, fruitsSection: SourceLocation?)
    {
        let fruit = ingredient.value.fruit
        let suggestion = namer.suggestion(for: fruit)
        report(
            .unknownFruit, .unknownFruit(fruit.rawValue, juice: juice.rawValue, suggestion: suggestion?.rawValue), at: ingredient,
            notes: fruitsSection.map { [DiagnosticNote(.fruitsDefinedHere, at: $0)] } ?? [],
            fix: suggestion.map { .replace(fruit.rawValue, with: $0.rawValue) } ?? .defineFruit(fruit.rawValue))
    }

    mutating func reportDuplicate(_ what: RecipeDefinition, at place: Located<some Any>, first: SourceLocation) {
        report(.duplicateID, .definedTwice(what), at: place, notes: [DiagnosticNote(.firstDefinedHere, at: first)], fix: .removeOneDefinition)
    }
}

/// The defined fruits, found by id, and "did you mean" suggestions for a fruit id that is not defined: a fruit
/// named by its Korean or English name, or by a typo of its id or either name, is suggested by its id.
struct FruitNamer {
    /// The defined fruits' ids, in order.
    let ids: [FruitID]
    private let positions: [FruitID: Int]
    /// Each fruit's id and names by key, the first fruit to claim a key keeping it (positions).
    private let byKey: [NameKey: Int]
    /// Each fruit's id and names, for typo suggestions, with the fruit's position.
    private let texts: [(text: String, fruit: Int)]

    init(_ fruits: [FruitDraft]) {
        ids = fruits.map(\.id.value)
        var positions: [FruitID: Int] = [:]
        var byKey: [NameKey: Int] = [:]
        var texts: [(text: String, fruit: Int)] = []
        for (position, fruit) in fruits.enumerated() {
            positions[fruit.id.value] = position
            for text in [fruit.id.value.rawValue] + fruit.names.map(\.value) {
                if byKey[NameKey(text)] == nil { byKey[NameKey(text)] = position }
                texts.append((text, position))
            }
        }
        self.positions = positions
        self.byKey = byKey
        self.texts = texts
    }

    /// The position of the fruit `fruit`, if it is defined.
    func position(of fruit: FruitID) -> Int? { positions[fruit] }

    func isDefined(_ fruit: FruitID) -> Bool { positions[fruit] != nil }

    /// The id of the fruit `fruit` most likely means, if any is close: one whose id or name it is, else the fruit
    /// of the closest id or name (in Korean or English).
    func suggestion(for fruit: FruitID) -> FruitID? {
        if let match = byKey[NameKey(fruit.rawValue)] { return ids[match] }
        guard let text = NameMatching.suggestion(for: fruit.rawValue, among: texts.map(\.text)) else { return nil }
        return texts.first { $0.text == text }.map { ids[$0.fruit] }
    }
}
