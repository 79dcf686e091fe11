/// The id of a lint rule; every diagnostic names the rule that found it.
public enum RuleID: String, Sendable, Hashable, CaseIterable, Codable {
    /// libyaml could not parse the file.
    case yamlSyntax = "yaml-syntax"
    /// Tabs used for indentation.
    case tabIndentation = "tab-indentation"
    /// Not UTF-8: invalid bytes, NUL, UTF-16/32, control characters or a stray byte order mark.
    case encoding = "encoding"
    /// An empty or comment-only file.
    case emptyFile = "empty-file"
    /// More than one YAML document in a file.
    case multipleDocuments = "multiple-documents"
    /// Anchors and aliases, which are refused.
    case alias = "alias"
    /// The merge key `<<`.
    case mergeKey = "merge-key"
    /// A key repeated in one mapping.
    case duplicateKey = "duplicate-key"
    /// A key that is not a string.
    case nonStringKey = "non-string-key"
    /// A tag such as `!!python/object` or `!Ref`.
    case unsupportedTag = "unsupported-tag"
    /// A file past the size, depth, node-count or scalar-length limits.
    case limitExceeded = "limit-exceeded"
    /// A plain value that YAML 1.1 tools read differently (`no`, `010`, `1:30`).
    case yaml11Ambiguity = "yaml11-ambiguity"
    /// A key the format does not define.
    case unknownKey = "unknown-key"
    /// A required field is missing.
    case missingField = "missing-field"
    /// A value of the wrong type.
    case wrongType = "wrong-type"
    /// A `version` other than 1.
    case unsupportedVersion = "unsupported-version"
    /// An id with characters ids may not hold, of dots only, or too long.
    case invalidID = "invalid-id"
    /// An id (or a store entry) defined twice.
    case duplicateID = "duplicate-id"
    /// Two juices, or two fruits, with ids or names that are the same name (`NameKey`).
    case duplicateName = "duplicate-name"
    /// An alias that is the same name (`NameKey`) as another juice's id, name or alias.
    case duplicateAlias = "duplicate-alias"
    /// A recipe names a fruit that is not defined.
    case unknownFruit = "unknown-fruit"
    /// A quantity that is zero, negative, fractional or out of range.
    case invalidQuantity = "invalid-quantity"
    /// An integer that does not fit in 64 bits.
    case integerOverflow = "integer-overflow"
    /// A juice whose recipe has no ingredients.
    case emptyRecipe = "empty-recipe"
    /// A juice that needs more of a fruit than the store can ever hold.
    case exceedsCapacity = "exceeds-capacity"
    /// A juice that needs more of a fruit than the store starts with.
    case exceedsInitialStock = "exceeds-initial-stock"
    /// Stock or capacity given for a fruit that is not defined.
    case unknownStockFruit = "unknown-stock-fruit"
    /// A fruit with no stock entry.
    case missingStock = "missing-stock"
    /// Initial stock above the fruit's capacity.
    case stockExceedsCapacity = "stock-exceeds-capacity"
    /// A fruit no juice uses.
    case unusedFruit = "unused-fruit"
    /// A juice whose price is not above what its fruits cost.
    case priceBelowCost = "price-below-cost"
    /// A fruit bought from a supplier that is not defined.
    case unknownSupplier = "unknown-supplier"
    /// A day name other than mon … sun.
    case unknownWeekday = "unknown-weekday"
    /// A supplier that delivers a fruit later than it keeps.
    case arrivesSpoiled = "arrives-spoiled"
    /// A supplier with no order day.
    case noOrderDay = "no-order-day"
    /// A supplier's minimum order that its fruits can never reach.
    case unreachableMinimum = "unreachable-minimum"
    /// A fruit on the menu with no supplier, where the set has suppliers.
    case noWayToBuy = "no-way-to-buy"
    /// A fruit's cost that is not its pack's price over its pack.
    case packCostMismatch = "pack-cost-mismatch"
    /// An event on a day the calendar closes.
    case eventOnClosedDay = "event-on-closed-day"
    /// A closing day or date written twice in the calendar.
    case closedTwice = "closed-twice"

    /// The severity the rule's diagnostics have.
    public var severity: Severity {
        switch self {
        case .yaml11Ambiguity, .exceedsInitialStock, .missingStock, .unusedFruit, .priceBelowCost, .noWayToBuy, .packCostMismatch, .eventOnClosedDay,
            .closedTwice:
            return .warning
        default: return .error
        }
    }

    /// A one-line description of what the rule checks.
    public var summary: String {
        switch self {
        case .yamlSyntax: return "The file must be well-formed YAML."
        case .tabIndentation: return "Indentation must use spaces; YAML forbids tabs there."
        case .encoding: return "Files must be UTF-8 text: no invalid bytes, NUL, UTF-16/32, control characters or stray byte order marks."
        case .emptyFile: return "A recipe file must hold a mapping, at least 'version: 1'."
        case .multipleDocuments: return "A file holds exactly one YAML document."
        case .alias: return "Anchors (&a) and aliases (*a) are refused: they hide what a value is and allow alias bombs."
        case .mergeKey: return "The merge key '<<' is not supported; write entries out."
        case .duplicateKey: return "A key may appear only once in a mapping ('a' and \"a\" are the same key)."
        case .nonStringKey: return "Mapping keys must be strings, not mappings, lists, null, numbers or booleans."
        case .unsupportedTag: return "Tags such as !!python/object or !Ref are refused."
        case .limitExceeded: return "Files stay within the size, nesting depth, node count and value length limits."
        case .yaml11Ambiguity: return "A plain value that YAML 1.1 tools read differently (no, on, 010, 1:30) should be written unambiguously."
        case .unknownKey: return "Only the keys the format defines are allowed."
        case .missingField: return "Required fields (version, a fruit's or juice's name, a juice's recipe) must be present."
        case .wrongType: return "Every field has the type the format gives it."
        case .unsupportedVersion: return "'version' must be 1."
        case .invalidID: return "Fruit and juice ids hold only letters, digits, '-', '_' and '.', not only dots, and at most 100 characters."
        case .duplicateID: return "A fruit, juice or store entry is defined only once across all files."
        case .duplicateName:
            return "Two juices, or two fruits, may not share an id or a name; names match as orders match them, ignoring case, spaces, '-' and '_'."
        case .duplicateAlias: return "A juice alias may not match another juice's id, name or alias (ignoring case, spaces, '-' and '_')."
        case .unknownFruit: return "A recipe may use only fruits that are defined."
        case .invalidQuantity:
            return
                "Quantities are whole numbers in range: recipe amounts, shelf lives and packs at least 1; stock, capacity, price, cost, lead time and minimum at least 0."
        case .integerOverflow: return "Integers must fit in 64 bits."
        case .emptyRecipe: return "A juice's recipe needs at least one fruit."
        case .exceedsCapacity: return "A juice that needs more of a fruit than the store can hold can never be made."
        case .exceedsInitialStock: return "A juice that needs more of a fruit than the initial stock cannot be made until restocked."
        case .unknownStockFruit: return "Stock and capacity may be given only for defined fruits."
        case .missingStock: return "Every fruit should have a stock entry (it counts as 0 otherwise)."
        case .stockExceedsCapacity: return "Initial stock may not exceed the fruit's capacity."
        case .unusedFruit: return "Every fruit should be used by at least one juice."
        case .priceBelowCost:
            return "A juice's price should be above what its fruits cost (amount × cost over the recipe, when every fruit has a cost)."
        case .unknownSupplier: return "A fruit may be bought ('buy: supplier') only from a supplier defined under 'suppliers'."
        case .unknownWeekday: return "Days are written mon, tue, wed, thu, fri, sat, sun (in order days and closing days)."
        case .arrivesSpoiled:
            return "A supplier's lead time may not be longer than the shelf life of the fruits bought there, or they arrive spoiled."
        case .noOrderDay: return "A supplier's 'order-days' lists at least one day (leave it out for every day)."
        case .unreachableMinimum:
            return "A supplier's minimum order must be reachable: a full store of the fruits bought there, at their costs, must come to it."
        case .noWayToBuy: return "Once the set has suppliers, every fruit the menu uses should say how it is bought ('buy')."
        case .packCostMismatch: return "A fruit's 'cost', when given with a pack price, should be the price over the pack."
        case .eventOnClosedDay: return "An event should fall on a day the shop is open: the calendar closes that day."
        case .closedTwice: return "A closing day or date is written once in 'calendar: closed' (in any file): twice may be a typo for another day."
        }
    }
}
