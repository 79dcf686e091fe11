import JuiceCore

/// Merges what every file contributes and checks the recipe set as a whole: ids, names, recipes against fruits and store.
struct RecipeValidator {
    private(set) var diagnostics: [Diagnostic] = []
    let files: SourceFiles

    init(files: SourceFiles) {
        self.files = files
    }

    mutating func report(
        _ rule: RuleID, _ message: String, at ref: SourceRef, notes: [(String, SourceRef)] = [], fix: String? = nil
    ) {
        diagnostics.append(Diagnostic(rule, message, at: files.location(ref), length: Int(ref.length),
            notes: notes.map { DiagnosticNote($0.0, at: files.location($0.1)) }, fix: fix))
    }

    /// Validates the recipe set and builds its book; takes the juices out of `contents` (so the book does not copy them).
    ///
    /// Checks whose rules differ may run in any order (diagnostics are sorted by location, severity and rule); the
    /// recipe checks run before the name checks so that each side table is released as soon as it is done with.
    mutating func validate(_ contents: inout [FileContents]) -> RecipeBook {
        let fruits = mergeFruits(contents)
        var juices = mergeJuices(&contents)
        let store = mergeStore(contents, fruits: fruits)
        let fruitsSection = contents.lazy.compactMap(\.fruitsSection).first
        contents = []
        checkNames(of: fruits.map(\.nameRefs), kind: "fruit")
        checkRecipes(&juices, fruits: fruits, store: store, fruitsSection: fruitsSection)
        juices.ingredients = []
        juices.ingredientPlaces = [:]
        checkJuiceNames(juices)
        checkUnusedFruits(fruits, mentioned: Set(juices.fruits.ids))
        let usable = juices.juices
        juices = JuiceList()
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

    /// Every file's juices in one list, the first definition of each id kept; takes the lists out of `files`.
    private mutating func mergeJuices(_ files: inout [FileContents]) -> JuiceList {
        let sources = files.indices.filter { !files[$0].juices.juices.isEmpty || !files[$0].juices.fruits.ids.isEmpty }
        // Ids within one file differ in their bytes (the YAML layer refuses duplicate keys); for simple texts that
        // means they differ as strings too, so one file of simple ids needs no check.
        let simple = sources.allSatisfy { files[$0].juices.idsAreSimple }
        if sources.count <= 1 && simple {
            guard let only = sources.first else { return JuiceList() }
            var list = JuiceList()
            swap(&list, &files[only].juices)
            return list
        }
        // Juices of several files are numbered anew: the name check runs in full at the end.
        var merged = JuiceList(namesIndexed: false)
        merged.juices.reserveCapacity(sources.reduce(0) { $0 + files[$1].juices.juices.count })
        var seen = JuiceIDSet(simple: simple, expected: merged.juices.capacity)
        for index in sources {
            var list = JuiceList()
            swap(&list, &files[index].juices)
            let fruitNumbers = list.fruits.ids.indices.map { number in list.fruits.withBytes(of: number) { merged.fruits.number(of: $0) } }
            let file = files[index].file
            merged.fileRuns.append((merged.juices.count, file))
            var alias = 0
            var ingredient = 0
            for (position, juice) in list.juices.enumerated() {
                let aliases = alias..<alias + juice.aliases.count
                let ingredients = ingredient..<ingredient + juice.recipe.count
                alias = aliases.upperBound
                ingredient = ingredients.upperBound
                let ref = list.places[position].place(0, text: juice.id.rawValue).ref(in: file)
                if let first = seen.insert(juice.id, ref: ref) {
                    reportDuplicate("juice '\(juice.id)'", at: ref, first: first)
                    continue
                }
                merged.append(juice, places: list.places[position])
                merged.aliasPlaces += list.aliasPlaces[aliases]
                for index in ingredients {
                    if let place = list.ingredientPlaces[index] { merged.ingredientPlaces[merged.ingredients.count] = place }
                    let entry = list.ingredients[index]
                    merged.ingredients.append(IngredientPlace(fruit: fruitNumbers[Int(entry.fruit)], spot: entry.spot))
                }
            }
        }
        return merged
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

    // MARK: Recipes

    /// What the store says about one fruit a recipe names.
    private struct RecipeFruit {
        var known: Bool
        var capacity: Int
        var stock: Int
    }

    /// Checks every recipe; restricts each recipe to known fruits.
    private mutating func checkRecipes(_ list: inout JuiceList, fruits: [FruitDraft], store: Store, fruitsSection: SourceRef?) {
        let known = Set(fruits.map(\.id.value))
        let fruitNames = fruits.map(\.id.value.rawValue)
        // Each fruit is looked up once, however many recipes name it.
        let recipeFruits = list.fruits.ids.map { fruit in
            RecipeFruit(known: known.contains(fruit), capacity: store.capacity(of: fruit), stock: store.initialStock[fruit] ?? 0)
        }
        var suggestions: [Int: String?] = [:]
        var run = 0
        var file = list.fileRuns.first?.file ?? 0
        var next = 0
        for index in list.juices.indices {
            while run + 1 < list.fileRuns.count, list.fileRuns[run + 1].start <= index {
                run += 1
                file = list.fileRuns[run].file
            }
            let count = list.juices[index].recipe.count
            var unknown = 0
            for position in 0..<count {
                let entry = list.ingredients[next + position]
                let fruit = recipeFruits[Int(entry.fruit)]
                let amount = list.juices[index].recipe[position].amount
                if fruit.known && amount <= fruit.stock && amount <= fruit.capacity { continue }
                let ingredient = list.juices[index].recipe[position]
                let juice = list.juices[index].id
                let ref = list.ingredientPlace(next + position).ref(in: file)
                guard fruit.known else {
                    let suggestion = suggestions[Int(entry.fruit)] ?? NameMatching.suggestion(for: ingredient.fruit.rawValue, among: fruitNames)
                    suggestions[Int(entry.fruit)] = suggestion
                    reportUnknownFruit(ingredient.fruit, in: juice, at: ref, suggestion: suggestion, fruitsSection: fruitsSection)
                    unknown += 1
                    continue
                }
                if amount > fruit.capacity {
                    report(.exceedsCapacity,
                           "juice '\(juice)' needs \(amount) '\(ingredient.fruit)' but the store holds at most \(fruit.capacity); it can never be made",
                           at: ref, fix: "use at most \(fruit.capacity) or raise the capacity of '\(ingredient.fruit)'")
                } else {
                    report(.exceedsInitialStock,
                           "juice '\(juice)' needs \(amount) '\(ingredient.fruit)' but the store starts with \(fruit.stock); it cannot be made until restocked",
                           at: ref, fix: "raise the initial stock of '\(ingredient.fruit)' to \(amount)")
                }
            }
            if unknown > 0 {
                let kept = (0..<count).filter { recipeFruits[Int(list.ingredients[next + $0].fruit)].known }
                list.juices[index].recipe = kept.map { list.juices[index].recipe[$0] }
            }
            next += count
        }
    }

    private mutating func reportUnknownFruit(_ fruit: FruitID, in juice: JuiceID, at ref: SourceRef, suggestion: String?, fruitsSection: SourceRef?) {
        let message = "unknown fruit '\(fruit)' in juice '\(juice)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        report(.unknownFruit, message, at: ref, notes: fruitsSection.map { [("fruits are defined here", $0)] } ?? [],
               fix: suggestion.map { "replace '\(fruit)' with '\($0)'" } ?? "define '\(fruit)' under 'fruits'")
    }

    private mutating func checkUnusedFruits(_ fruits: [FruitDraft], mentioned: Set<FruitID>) {
        for fruit in fruits where !mentioned.contains(fruit.id.value) {
            report(.unusedFruit, "no juice uses fruit '\(fruit.id.value)'", at: fruit.id.ref, fix: "add it to a recipe or remove it")
        }
    }

    /// Forgets the diagnostics from number `start` on.
    mutating func dropDiagnostics(from start: Int) {
        diagnostics.removeSubrange(start...)
    }

    mutating func reportDuplicate(_ what: String, at ref: SourceRef, first: SourceRef) {
        report(.duplicateID, "\(what) is defined twice", at: ref, notes: [("first defined here", first)], fix: "remove one of the definitions")
    }
}
