import JuiceCore
import JuiceYAML

/// Reads one parsed recipe file into drafts, reporting every schema problem it finds, in document order.
struct RecipeFileReader {
    static let topLevelKeys = ["version", "fruits", "juices", "store", "suppliers", "calendar"]
    static let calendarKeys = ["closed", "events"]
    static let eventKeys = ["date", "factor", "note"]
    static let fruitKeys = ["name", "emoji", "cost", "shelf-life", "buy"]
    static let supplierKeys = ["name", "lead-time", "order-days", "minimum", "cut-off"]
    static let buyKeys = ["supplier", "pack", "price"]
    static let nameKeys = ["ko", "en"]
    static let juiceKeys = ["name", "aliases", "price", "recipe"]
    static let storeKeys = ["capacity", "stock"]
    /// The largest quantity accepted anywhere (recipe amount, stock, capacity, price).
    static let maxQuantity = 1_000_000_000
    static let supportedVersion = 1

    let document: YAMLDocument
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var contents = FileContents()

    /// Reads `document` at once.
    init(_ document: YAMLDocument) {
        self.document = document
        read()
    }

    /// Records a supplier (for the extension that reads them, which cannot set `contents`).
    mutating func appendSupplier(_ supplier: SupplierDraft) {
        contents.suppliers.append(supplier)
    }

    /// Records what a `calendar` declares (for the extension that reads it).
    mutating func appendCalendar(
        weekdays: [Located<Weekday>], dates: [Located<CivilDate>], events: [Located<ShopCalendar.Event>]
    ) {
        contents.closedWeekdays += weekdays
        contents.closedDates += dates
        contents.events += events
    }

    /// Records a diagnostic (for the extensions, which cannot set `diagnostics`).
    mutating func appendDiagnostic(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// `value`, read from `node`, with the node's location and span.
    func located<Value>(_ value: Value, at node: YAMLNodeID) -> Located<Value> {
        Located(value: value, location: document.location(of: node), length: Int32(clamping: span(of: node)))
    }

    private mutating func read() {
        guard let root = document.root else { return }
        guard expectMapping(root, .file) else { return }
        var sawVersion = false
        for (key, value) in document.entries(of: root) {
            switch document.index(of: key, in: ["version", "fruits", "juices", "store", "suppliers", "calendar"]) {
            case 0:
                sawVersion = true
                readVersion(value)
            case 1:
                if contents.fruitsSection == nil { contents.fruitsSection = document.location(of: key) }
                guard expectMapping(value, .fruits) else { continue }
                for (key, value) in document.entries(of: value) { readFruit(key, value) }
            case 2:
                guard expectMapping(value, .juices) else { continue }
                contents.juices.reserveCapacity(document.entries(of: value).count)
                for (key, value) in document.entries(of: value) { readJuice(key, value) }
            case 3: readStore(value)
            case 4:
                guard expectMapping(value, .suppliers) else { continue }
                for (key, value) in document.entries(of: value) { readSupplier(key, value) }
            case 5: readCalendar(value)
            default: reportUnknownKey(key, in: .topLevel)
            }
        }
        if !sawVersion {
            report(.missingField, .missingVersion, at: root, fix: .addVersion)
        }
    }

    private mutating func readVersion(_ node: YAMLNodeID) {
        guard let version = readInteger(node, field: .version, minimum: Int.min) else { return }
        if version != Self.supportedVersion {
            report(.unsupportedVersion, .unsupportedVersion(version, supported: Self.supportedVersion), at: node, fix: .writeVersion)
        }
    }

    private mutating func readFruit(_ key: YAMLNodeID, _ value: YAMLNodeID) {
        guard let id = readID(key, kind: .fruit) else { return }
        var fruit = FruitDraft(id: located(FruitID(id), at: key))
        let entry = RecipeEntry(.fruit, id)
        guard expectMapping(value, .entry(entry)) else { return }
        var sawName = false
        for (field, fieldValue) in document.entries(of: value) {
            switch document.index(of: field, in: ["name", "emoji", "cost", "shelf-life", "buy"]) {
            case 0:
                sawName = true
                (fruit.korean, fruit.english) = readName(fieldValue, owner: entry)
            case 1:
                fruit.emoji = readText(fieldValue, field: .emoji(fruit: id))
            case 2:
                fruit.cost = readInteger(fieldValue, field: .cost(fruit: id), minimum: 0).map { located($0, at: fieldValue) }
            case 3:
                fruit.shelfLife = readInteger(fieldValue, field: .shelfLife(fruit: id), minimum: 1).map { located($0, at: fieldValue) }
            case 4:
                fruit.writesBuy = true
                fruit.buy = readBuy(fieldValue, fruit: id)
            default:
                reportUnknownKey(field, in: .entry(entry))
            }
        }
        if !sawName {
            report(.missingField, .missingName(entry), at: key, fix: .addName)
        }
        contents.fruits.append(fruit)
    }

    private mutating func readJuice(_ key: YAMLNodeID, _ value: YAMLNodeID) {
        guard let id = readID(key, kind: .juice) else { return }
        var juice = JuiceDraft(id: located(JuiceID(id), at: key))
        let entry = RecipeEntry(.juice, id)
        guard expectMapping(value, .entry(entry)) else { return }
        var sawName = false
        var hasRecipe = false
        for (field, fieldValue) in document.entries(of: value) {
            switch document.index(of: field, in: ["name", "aliases", "price", "recipe"]) {
            case 0:
                sawName = true
                (juice.korean, juice.english) = readName(fieldValue, owner: entry)
            case 1:
                juice.aliases = readAliases(fieldValue, juice: id)
            case 2:
                juice.price = readInteger(fieldValue, field: .price(juice: id), minimum: 0).map { located($0, at: fieldValue) }
            case 3:
                hasRecipe = true
                (juice.recipe, juice.recipeIncomplete) = readRecipe(fieldValue, juice: id)
            default:
                reportUnknownKey(field, in: .entry(entry))
            }
        }
        if !sawName {
            report(.missingField, .missingName(entry), at: key, fix: .addName)
        }
        if !hasRecipe {
            report(.missingField, .missingRecipe(juice: id), at: key, fix: .addRecipe)
        }
        contents.juices.append(juice)
    }

    /// The Korean and English names in the name mapping `node`.
    mutating func readName(_ node: YAMLNodeID, owner: RecipeEntry) -> (Located<String>?, Located<String>?) {
        guard expectMapping(node, .name(owner)) else { return (nil, nil) }
        var korean: Located<String>?
        var english: Located<String>?
        let entries = document.entries(of: node)
        for (key, value) in entries {
            switch document.index(of: key, in: ["ko", "en"]) {
            case 0:
                korean = readText(value, field: .koreanName(owner)).map { located($0, at: value) }
            case 1:
                english = readText(value, field: .englishName(owner)).map { located($0, at: value) }
            default:
                reportUnknownKey(key, in: .name(owner))
            }
        }
        if entries.isEmpty {
            report(.missingField, .emptyName(owner), at: node, fix: .giveNames)
        }
        return (korean, english)
    }

    private mutating func readAliases(_ node: YAMLNodeID, juice: String) -> [Located<String>] {
        guard document.kind(of: node) == .sequence else {
            reportWrongType(node, field: .aliases(juice: juice), expected: .listOfNames)
            return []
        }
        return document.items(of: node).compactMap { item in
            readText(item, field: .alias(juice: juice)).map { located($0, at: item) }
        }
    }

    /// The ingredients of the recipe `node` whose amounts could be read, and whether any could not.
    private mutating func readRecipe(_ node: YAMLNodeID, juice: String) -> ([Located<Ingredient>], incomplete: Bool) {
        guard expectMapping(node, .recipe(juice: juice)) else { return ([], true) }
        let entries = document.entries(of: node)
        if entries.isEmpty {
            report(.emptyRecipe, .emptyRecipe(juice: juice), at: node, fix: .addFruit)
        }
        var ingredients: [Located<Ingredient>] = []
        ingredients.reserveCapacity(entries.count)
        var incomplete = false
        for (key, value) in entries {
            let fruit = FruitID(document.string(key))
            guard let amount = readInteger(value, field: .amount(fruit: fruit.rawValue, juice: juice), minimum: 1) else {
                // Named all the same: it is not reported as unused.
                contents.fruitsWithInvalidAmounts.insert(fruit)
                incomplete = true
                continue
            }
            ingredients.append(located(Ingredient(fruit: fruit, amount: amount), at: key))
        }
        return (ingredients, incomplete)
    }

    private mutating func readStore(_ node: YAMLNodeID) {
        guard expectMapping(node, .store) else { return }
        for (key, value) in document.entries(of: node) {
            switch document.index(of: key, in: ["capacity", "stock"]) {
            case 0:
                if document.kind(of: value) == .mapping {
                    contents.capacities += readFruitAmounts(value, stock: false)
                } else if let amount = readInteger(value, field: .capacity, minimum: 0) {
                    contents.defaultCapacity = located(amount, at: value)
                }
            case 1:
                guard expectMapping(value, .stock) else { continue }
                contents.stock += readFruitAmounts(value, stock: true)
            default:
                reportUnknownKey(key, in: .store)
            }
        }
    }

    private mutating func readFruitAmounts(_ node: YAMLNodeID, stock: Bool) -> [Located<FruitAmount>] {
        document.entries(of: node).compactMap { key, value in
            let fruit = document.string(key)
            guard let amount = readInteger(value, field: stock ? .stockOf(fruit: fruit) : .capacityOf(fruit: fruit), minimum: 0) else { return nil }
            return located(FruitAmount(fruit: FruitID(fruit), amount: amount), at: key)
        }
    }
}
