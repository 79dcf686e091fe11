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

    mutating func report(_ rule: RuleID, _ message: String, at place: Located<some Any>, notes: [DiagnosticNote] = [], fix: String? = nil) {
        diagnostics.append(Diagnostic(rule, message, at: place.location, length: Int(place.length), notes: notes, fix: fix))
    }

    /// Validates the recipe set and builds its book.
    mutating func validate(_ contents: [FileContents]) -> RecipeBook {
        let fruits = mergeFruits(contents)
        var juices = mergeJuices(contents)
        let store = mergeStore(contents, fruits: fruits)
        let fruitsSection = contents.lazy.compactMap(\.fruitsSection).first
        checkNames(of: fruits, kind: "fruit")
        checkNames(of: juices, kind: "juice")
        var used = checkRecipes(&juices, namer: FruitNamer(fruits), store: store, fruitsSection: fruitsSection)
        for file in contents { used.formUnion(file.fruitsWithInvalidAmounts) }
        for fruit in fruits where !used.contains(fruit.id.value) && !unreadKeys.contains(fruit.id.value.rawValue) {
            report(.unusedFruit, "no juice uses fruit '\(fruit.id.value)'", at: fruit.id, fix: "add it to a recipe or remove it")
        }
        return RecipeBook(fruits: fruits.map(\.fruit), juices: juices.map(\.juice), store: store)
    }

    // MARK: Merging

    private mutating func mergeFruits(_ files: [FileContents]) -> [FruitDraft] {
        firstDefinitions(files.flatMap(\.fruits), kind: "fruit", id: \.id)
    }

    /// Every file's juices in one list, the first definition of each id kept.
    private mutating func mergeJuices(_ files: [FileContents]) -> [JuiceDraft] {
        // Ids within one file differ (the YAML layer refuses a key given twice); only several files need a check.
        let sources = files.filter { !$0.juices.isEmpty }
        guard sources.count > 1 else { return sources.first?.juices ?? [] }
        return firstDefinitions(sources.flatMap(\.juices), kind: "juice", id: \.id)
    }

    /// `drafts` with the first definition of each id kept; a later one is reported as defined twice.
    private mutating func firstDefinitions<Draft, ID: Hashable>(_ drafts: [Draft], kind: String, id: (Draft) -> Located<ID>) -> [Draft] {
        var seen: [ID: SourceLocation] = [:]
        var kept: [Draft] = []
        kept.reserveCapacity(drafts.count)
        for draft in drafts {
            let id = id(draft)
            if let first = seen[id.value] {
                reportDuplicate("\(kind) '\(id.value)'", at: id, first: first)
                continue
            }
            seen[id.value] = id.location
            kept.append(draft)
        }
        return kept
    }

    private mutating func mergeStore(_ files: [FileContents], fruits: [FruitDraft]) -> Store {
        let namer = FruitNamer(fruits)
        var store = Store()
        var capacityLocation: SourceLocation?
        for file in files {
            guard let capacity = file.defaultCapacity else { continue }
            if let first = capacityLocation {
                reportDuplicate("the store's capacity", at: capacity, first: first)
                continue
            }
            capacityLocation = capacity.location
            store.defaultCapacity = capacity.value
        }
        var capacitySeen: [FruitID: SourceLocation] = [:]
        for entry in files.lazy.flatMap(\.capacities) {
            let fruit = entry.value.fruit
            guard checkStoreFruit(entry, namer: namer, field: "capacity") else { continue }
            if let first = capacitySeen[fruit] {
                reportDuplicate("the capacity of '\(fruit)'", at: entry, first: first)
                continue
            }
            capacitySeen[fruit] = entry.location
            store.capacities[fruit] = entry.value.amount
        }
        var stockSeen: [FruitID: SourceLocation] = [:]
        for entry in files.lazy.flatMap(\.stock) {
            let fruit = entry.value.fruit
            guard checkStoreFruit(entry, namer: namer, field: "stock") else { continue }
            if let first = stockSeen[fruit] {
                reportDuplicate("the stock of '\(fruit)'", at: entry, first: first)
                continue
            }
            stockSeen[fruit] = entry.location
            let capacity = store.capacity(of: fruit)
            if entry.value.amount > capacity {
                report(.stockExceedsCapacity, "the stock of '\(fruit)' is \(entry.value.amount), above its capacity of \(capacity)",
                       at: entry, fix: "lower the stock to \(capacity) or raise the capacity")
            }
            store.initialStock[fruit] = entry.value.amount
        }
        for fruit in fruits where stockSeen[fruit.id.value] == nil && !unreadKeys.contains(fruit.id.value.rawValue) {
            report(.missingStock, "fruit '\(fruit.id.value)' has no stock entry; it starts at 0", at: fruit.id,
                   fix: "add '\(fruit.id.value): 10' under 'store: stock:'")
        }
        return store
    }

    private mutating func checkStoreFruit(_ entry: Located<FruitAmount>, namer: FruitNamer, field: String) -> Bool {
        let fruit = entry.value.fruit
        guard !namer.isDefined(fruit) else { return true }
        guard !unreadKeys.contains(fruit.rawValue) else { return false }
        let suggestion = namer.suggestion(for: fruit)
        report(.unknownStockFruit, "\(field) given for unknown fruit '\(fruit)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
               at: entry, fix: suggestion.map { "replace '\(fruit)' with '\($0)'" } ?? "define '\(fruit)' under 'fruits' or remove this entry")
        return false
    }

    // MARK: Recipes

    /// What the store says about one defined fruit.
    private struct StoredFruit {
        var capacity: Int
        var stock: Int
    }

    /// Checks every recipe against the fruits and the store; restricts each recipe to defined fruits. Returns the
    /// defined fruits the recipes use.
    private mutating func checkRecipes(_ juices: inout [JuiceDraft], namer: FruitNamer, store: Store, fruitsSection: SourceLocation?) -> Set<FruitID> {
        // Each fruit is looked up once per ingredient, in one table.
        var stored: [FruitID: StoredFruit] = [:]
        for fruit in namer.ids { stored[fruit] = StoredFruit(capacity: store.capacity(of: fruit), stock: store.initialStock[fruit] ?? 0) }
        var used: Set<FruitID> = []
        for index in juices.indices {
            var unknown = false
            for ingredient in juices[index].recipe {
                let (fruit, amount) = (ingredient.value.fruit, ingredient.value.amount)
                let juice = juices[index].id.value
                guard let known = stored[fruit] else {
                    unknown = true
                    if !unreadKeys.contains(fruit.rawValue) { reportUnknownFruit(ingredient, in: juice, namer: namer, fruitsSection: fruitsSection) }
                    continue
                }
                if used.count < stored.count { used.insert(fruit) }
                if amount > known.capacity {
                    report(.exceedsCapacity,
                           "juice '\(juice)' needs \(amount) '\(fruit)' but the store holds at most \(known.capacity); it can never be made",
                           at: ingredient, fix: "use at most \(known.capacity) or raise the capacity of '\(fruit)'")
                } else if amount > known.stock {
                    report(.exceedsInitialStock,
                           "juice '\(juice)' needs \(amount) '\(fruit)' but the store starts with \(known.stock); it cannot be made until restocked",
                           at: ingredient, fix: "raise the initial stock of '\(fruit)' to \(amount)")
                }
            }
            if unknown { juices[index].recipe.removeAll { stored[$0.value.fruit] == nil } }
        }
        return used
    }

    private mutating func reportUnknownFruit(_ ingredient: Located<Ingredient>, in juice: JuiceID, namer: FruitNamer, fruitsSection: SourceLocation?) {
        let fruit = ingredient.value.fruit
        let suggestion = namer.suggestion(for: fruit)
        let message = "unknown fruit '\(fruit)' in juice '\(juice)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        report(.unknownFruit, message, at: ingredient, notes: fruitsSection.map { [DiagnosticNote("fruits are defined here", at: $0)] } ?? [],
               fix: suggestion.map { "replace '\(fruit)' with '\($0)'" } ?? "define '\(fruit)' under 'fruits'")
    }

    mutating func reportDuplicate(_ what: String, at place: Located<some Any>, first: SourceLocation) {
        report(.duplicateID, "\(what) is defined twice", at: place, notes: [DiagnosticNote("first defined here", at: first)],
               fix: "remove one of the definitions")
    }
}

/// The defined fruits, found by id, and "did you mean" suggestions for a fruit id that is not defined: a fruit
/// named by its Korean or English name, or by a typo of its id or either name, is suggested by its id.
struct FruitNamer {
    /// The defined fruits' ids.
    let ids: Set<FruitID>
    /// Each fruit's id and names by key, the first fruit to claim a key keeping it.
    private let byKey: [NameKey: FruitID]
    /// Each fruit's id and names, for typo suggestions, with the fruit each names.
    private let texts: [String: FruitID]

    init(_ fruits: [FruitDraft]) {
        ids = Set(fruits.map(\.id.value))
        var byKey: [NameKey: FruitID] = [:]
        var texts: [String: FruitID] = [:]
        for fruit in fruits {
            for text in [fruit.id.value.rawValue] + fruit.names.map(\.value) {
                if byKey[NameKey(text)] == nil { byKey[NameKey(text)] = fruit.id.value }
                if texts[text] == nil { texts[text] = fruit.id.value }
            }
        }
        self.byKey = byKey
        self.texts = texts
    }

    func isDefined(_ fruit: FruitID) -> Bool { ids.contains(fruit) }

    /// The id of the fruit `fruit` most likely means, if any is close: one whose id or name it is, else the fruit
    /// of the closest id or name (in Korean or English).
    func suggestion(for fruit: FruitID) -> FruitID? {
        if let match = byKey[NameKey(fruit.rawValue)] { return match }
        return NameMatching.suggestion(for: fruit.rawValue, among: texts.keys).flatMap { texts[$0] }
    }
}
