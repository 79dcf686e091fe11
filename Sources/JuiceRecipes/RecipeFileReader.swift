import JuiceCore

/// Reads one parsed recipe file into drafts, reporting every schema problem it finds.
struct RecipeFileReader {
    static let topLevelKeys = ["version", "fruits", "juices", "store"]
    static let fruitKeys = ["name", "emoji"]
    static let nameKeys = ["ko", "en"]
    static let juiceKeys = ["name", "aliases", "price", "recipe"]
    static let storeKeys = ["capacity", "stock"]
    /// The largest quantity accepted anywhere (recipe amount, stock, capacity, price).
    static let maxQuantity = 1_000_000_000
    static let supportedVersion = 1

    let document: YAMLDocument
    let fileIndex: UInt32
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var contents = FileContents()

    init(document: YAMLDocument, fileIndex: Int) {
        self.document = document
        self.fileIndex = UInt32(truncatingIfNeeded: fileIndex)
    }

    /// A compact reference to `node`, spanning its text.
    func ref(_ node: YAMLNodeID) -> SourceRef {
        SourceRef(file: fileIndex, line: UInt32(truncatingIfNeeded: document.line(of: node)),
                  column: UInt32(truncatingIfNeeded: document.column(of: node)), length: UInt32(truncatingIfNeeded: span(of: node)))
    }

    // MARK: Sections

    mutating func read() {
        guard let root = document.root else { return }
        guard expectMapping(root, "the file", expecting: "a mapping with 'version: 1' and sections 'fruits', 'juices', 'store'") else { return }
        var sawVersion = false
        for (key, value) in document.entries(of: root) {
            switch document.index(of: key, in: ["version", "fruits", "juices", "store"]) {
            case 0:
                sawVersion = true
                readVersion(value)
            case 1: readFruits(value, section: key)
            case 2: readJuices(value)
            case 3: readStore(value)
            default: reportUnknownKey(key, allowed: Self.topLevelKeys, in: "at the top level")
            }
        }
        if !sawVersion {
            report(.missingField, "missing 'version'; recipe files start with 'version: 1'", at: root, fix: "add 'version: 1' as the first line")
        }
    }

    private mutating func readVersion(_ node: YAMLNodeID) {
        guard let version = readInteger(node, field: "version", minimum: Int.min) else { return }
        if version != Self.supportedVersion {
            report(.unsupportedVersion, "unsupported version \(version); this JuiceMaker reads version \(Self.supportedVersion)", at: node, fix: "write 'version: 1'")
        }
    }

    private mutating func readFruits(_ node: YAMLNodeID, section: YAMLNodeID) {
        if contents.fruitsSection == nil { contents.fruitsSection = ref(section) }
        guard expectMapping(node, "'fruits'", expecting: "a mapping from fruit id to fruit") else { return }
        for (key, value) in document.entries(of: node) {
            guard let id = readID(key, kind: "fruit") else { continue }
            var fruit = FruitDraft(id: Located(value: FruitID(id), ref: ref(key)))
            guard expectMapping(value, "fruit '\(id)'", expecting: "a mapping with 'name' (and optionally 'emoji')") else { continue }
            var sawName = false
            for (field, fieldValue) in document.entries(of: value) {
                switch document.index(of: field, in: ["name", "emoji"]) {
                case 0:
                    sawName = true
                    readName(fieldValue, owner: "fruit '\(id)'", into: &fruit.name, korean: &fruit.koreanName, english: &fruit.englishName)
                case 1:
                    fruit.emoji = readText(fieldValue, field: "emoji of fruit '\(id)'")
                default:
                    reportUnknownKey(field, allowed: Self.fruitKeys, in: "in fruit '\(id)'")
                }
            }
            if !sawName {
                report(.missingField, "fruit '\(id)' has no 'name'", at: key, fix: "add 'name: {ko: …, en: …}'")
            }
            contents.fruits.append(fruit)
        }
    }

    private mutating func readJuices(_ node: YAMLNodeID) {
        guard expectMapping(node, "'juices'", expecting: "a mapping from juice id to juice") else { return }
        for (key, value) in document.entries(of: node) {
            guard let id = readID(key, kind: "juice") else { continue }
            var juice = JuiceDraft(id: Located(value: JuiceID(id), ref: ref(key)))
            guard expectMapping(value, "juice '\(id)'", expecting: "a mapping with 'name' and 'recipe'") else { continue }
            var sawName = false
            for (field, fieldValue) in document.entries(of: value) {
                switch document.index(of: field, in: ["name", "aliases", "price", "recipe"]) {
                case 0:
                    sawName = true
                    readName(fieldValue, owner: "juice '\(id)'", into: &juice.name, korean: &juice.koreanName, english: &juice.englishName)
                case 1:
                    juice.aliases = readAliases(fieldValue, juice: id)
                case 2:
                    juice.price = readInteger(fieldValue, field: "price of juice '\(id)'", minimum: 0)
                case 3:
                    juice.hasRecipe = true
                    juice.recipe = readRecipe(fieldValue, juice: id)
                default:
                    reportUnknownKey(field, allowed: Self.juiceKeys, in: "in juice '\(id)'")
                }
            }
            if !sawName {
                report(.missingField, "juice '\(id)' has no 'name'", at: key, fix: "add 'name: {ko: …, en: …}'")
            }
            if !juice.hasRecipe {
                report(.missingField, "juice '\(id)' has no 'recipe'", at: key, fix: "add 'recipe: {fruit: amount}'")
            }
            contents.juices.append(juice)
        }
    }

    private mutating func readName(
        _ node: YAMLNodeID, owner: @autoclosure () -> String, into name: inout LocalizedName,
        korean: inout SourceRef?, english: inout SourceRef?
    ) {
        guard expectMapping(node, "the name of \(owner())", expecting: "a mapping like {ko: 딸기, en: Strawberry}") else { return }
        let entries = document.entries(of: node)
        for (key, value) in entries {
            switch document.index(of: key, in: ["ko", "en"]) {
            case 0:
                guard let text = readText(value, field: "Korean name of \(owner())") else { continue }
                name.korean = text
                korean = ref(value)
            case 1:
                guard let text = readText(value, field: "English name of \(owner())") else { continue }
                name.english = text
                english = ref(value)
            default:
                reportUnknownKey(key, allowed: Self.nameKeys, in: "in the name of \(owner())")
            }
        }
        if entries.isEmpty {
            report(.missingField, "the name of \(owner()) is empty", at: node, fix: "give 'ko' and 'en' names")
        }
    }

    private mutating func readAliases(_ node: YAMLNodeID, juice: @autoclosure () -> String) -> [Located<String>] {
        guard document.kind(of: node) == .sequence else {
            reportWrongType(node, field: "aliases of juice '\(juice())'", expected: "a list of names, like [딸기바나나쥬스]")
            return []
        }
        return document.items(of: node).compactMap { item in
            readText(item, field: "alias of juice '\(juice())'").map { Located(value: $0, ref: ref(item)) }
        }
    }

    private mutating func readRecipe(_ node: YAMLNodeID, juice: @autoclosure () -> String) -> [Located<Ingredient>] {
        guard expectMapping(node, "the recipe of juice '\(juice())'", expecting: "a mapping from fruit id to amount, like {banana: 2}") else { return [] }
        let entries = document.entries(of: node)
        if entries.isEmpty {
            report(.emptyRecipe, "juice '\(juice())' has an empty recipe", at: node, fix: "add at least one fruit, like {banana: 2}")
        }
        var ingredients: [Located<Ingredient>] = []
        ingredients.reserveCapacity(entries.count)
        for (key, value) in entries {
            let fruit = document.string(key)
            contents.mentionedFruits.insert(FruitID(fruit))
            guard let amount = readInteger(value, field: "amount of '\(fruit)' in juice '\(juice())'", minimum: 1) else { continue }
            ingredients.append(Located(value: Ingredient(fruit: FruitID(fruit), amount: amount), ref: ref(key)))
        }
        return ingredients
    }

    private mutating func readStore(_ node: YAMLNodeID) {
        guard expectMapping(node, "'store'", expecting: "a mapping with 'capacity' and 'stock'") else { return }
        for (key, value) in document.entries(of: node) {
            switch document.index(of: key, in: ["capacity", "stock"]) {
            case 0:
                if document.kind(of: value) == .mapping {
                    contents.capacities += readFruitAmounts(value, field: "capacity")
                } else if let amount = readInteger(value, field: "capacity", minimum: 0) {
                    contents.defaultCapacity = Located(value: amount, ref: ref(value))
                }
            case 1:
                guard expectMapping(value, "'stock'", expecting: "a mapping from fruit id to count, like {banana: 10}") else { continue }
                contents.stock += readFruitAmounts(value, field: "stock")
            default:
                reportUnknownKey(key, allowed: Self.storeKeys, in: "in 'store'")
            }
        }
    }

    private mutating func readFruitAmounts(_ node: YAMLNodeID, field: String) -> [Located<(fruit: FruitID, amount: Int)>] {
        document.entries(of: node).compactMap { key, value in
            let fruit = document.string(key)
            guard let amount = readInteger(value, field: "\(field) of '\(fruit)'", minimum: 0) else { return nil }
            return Located(value: (FruitID(fruit), amount), ref: ref(key))
        }
    }

    // MARK: Typed values

    /// A key used as a fruit or juice id; reports ids with characters ids may not hold.
    private mutating func readID(_ key: YAMLNodeID, kind: String) -> String? {
        let id = document.string(key)
        warnIfYAML11Reads(key, as: "a \(kind) id")
        let allowed = document.withBytes(of: key) { bytes in
            bytes.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x2E
                    || (byte >= 0x41 && byte <= 0x5A)
            }
        } || id.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_" || scalar == "."
        }
        guard !id.isEmpty, allowed else {
            let suggestion = id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-").lowercased()
            report(.invalidID, "\(kind) id '\(id)' may hold only letters, digits, '-', '_' and '.'", at: key,
                   fix: suggestion.isEmpty ? nil : "use '\(suggestion)'")
            return nil
        }
        return id
    }

    /// A text field; numbers, booleans and nulls written plainly are refused, YAML 1.1 hazards warned about.
    private mutating func readText(_ node: YAMLNodeID, field: @autoclosure () -> String) -> String? {
        guard document.kind(of: node) == .scalar else {
            reportWrongType(node, field: field(), expected: "text")
            return nil
        }
        switch document.coreValue(of: node) {
        case .string:
            let text = document.string(node)
            if text.isEmpty {
                report(.wrongType, "the \(field()) is empty", at: node, fix: "write some text")
                return nil
            }
            warnIfYAML11Reads(node, as: "the \(field())")
            return text
        case .null:
            report(.wrongType, "the \(field()) is empty", at: node, fix: "write some text")
            return nil
        case .bool, .int, .intOutOfRange, .float:
            let text = document.string(node)
            report(.wrongType, "expected text for the \(field()), got \(document.describe(node))", at: node, fix: "quote it: \"\(text)\"")
            return nil
        }
    }

    /// A whole number of at least `minimum` and at most `maxQuantity`.
    private mutating func readInteger(_ node: YAMLNodeID, field: @autoclosure () -> String, minimum: Int) -> Int? {
        guard document.kind(of: node) == .scalar else {
            reportWrongType(node, field: field(), expected: "a whole number")
            return nil
        }
        let text = document.string(node)
        switch document.coreValue(of: node) {
        case .int(let value):
            if case .octal(let octal)? = YAML11Reading.reading(of: text) {
                report(.yaml11Ambiguity, "'\(text)' is \(value) here, but YAML 1.1 tools read it as octal \(octal)", at: node,
                       fix: "write \(value) without the leading zero")
            } else if text.hasPrefix("0o") {
                report(.yaml11Ambiguity, "'\(text)' is \(value) here, but YAML 1.1 tools read it as text", at: node,
                       fix: "write \(value)")
            }
            if value < minimum {
                let what = value == 0 ? "zero" : "negative"
                report(.invalidQuantity, "the \(field()) is \(what) (\(value)); it must be at least \(minimum)", at: node)
                return nil
            }
            if minimum >= 0 && value > Self.maxQuantity {
                report(.invalidQuantity, "the \(field()) is \(value); the most allowed is \(Self.maxQuantity)", at: node)
                return nil
            }
            return value
        case .intOutOfRange:
            report(.integerOverflow, "the \(field()) \(text) does not fit in a 64-bit integer", at: node)
        case .float:
            report(.invalidQuantity, "the \(field()) must be a whole number, not \(text)", at: node)
        case .string where document.style(of: node) != .plain:
            report(.wrongType, "expected a whole number for the \(field()), got the text \"\(text)\"", at: node,
                   fix: Int(text) != nil ? "remove the quotes" : nil)
        case .string:
            if let reading = YAML11Reading.reading(of: text) {
                report(.wrongType, "expected a whole number for the \(field()), got '\(text)' (YAML 1.1 tools would read it as \(reading))", at: node,
                       fix: Self.numberFix(reading))
            } else {
                reportWrongType(node, field: field(), expected: "a whole number")
            }
        case .null, .bool:
            reportWrongType(node, field: field(), expected: "a whole number")
        }
        return nil
    }

    private static func numberFix(_ reading: YAML11Reading) -> String? {
        switch reading {
        case .sexagesimal(let value), .underscoredInteger(let value), .binary(let value), .octal(let value): return "write \(value)"
        case .boolean: return nil
        }
    }

    private mutating func warnIfYAML11Reads(_ node: YAMLNodeID, as what: String) {
        guard document.style(of: node) == .plain else { return }
        let text = document.string(node)
        guard let reading = YAML11Reading.reading(of: text) else { return }
        report(.yaml11Ambiguity, "'\(text)' is text here, but YAML 1.1 tools read \(what) as \(reading)", at: node,
               fix: "quote it: \"\(text)\"")
    }

    // MARK: Reporting

    private mutating func expectMapping(_ node: YAMLNodeID, _ what: @autoclosure () -> String, expecting: @autoclosure () -> String) -> Bool {
        switch document.kind(of: node) {
        case .mapping: return true
        case .invalid: return false
        case .scalar, .sequence:
            report(.wrongType, "expected \(expecting()) for \(what()), got \(document.describe(node))", at: node)
            return false
        }
    }

    private mutating func reportWrongType(_ node: YAMLNodeID, field: @autoclosure () -> String, expected: String) {
        guard document.kind(of: node) != .invalid else { return }
        report(.wrongType, "expected \(expected) for the \(field()), got \(document.describe(node))", at: node)
    }

    private mutating func reportUnknownKey(_ key: YAMLNodeID, allowed: [String], in context: String) {
        let name = document.string(key)
        let suggestion = NameMatching.suggestion(for: name, among: allowed)
        let message = "unknown key '\(name)' \(context)"
            + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of " + allowed.map { "'\($0)'" }.joined(separator: ", "))
        report(.unknownKey, message, at: key, fix: suggestion.map { "rename '\(name)' to '\($0)'" })
    }

    private mutating func report(_ rule: RuleID, _ message: String, at node: YAMLNodeID, notes: [DiagnosticNote] = [], fix: String? = nil) {
        diagnostics.append(Diagnostic(rule, message, at: document.location(of: node), length: span(of: node), notes: notes, fix: fix))
    }

    /// The number of columns `node` spans on its first line, for underlining.
    private func span(of node: YAMLNodeID) -> Int {
        guard document.kind(of: node) == .scalar else { return 1 }
        let style = document.style(of: node)
        guard style != .literal && style != .folded else { return 1 }
        guard !document.withBytes(of: node, { $0.contains(0x0A) || $0.contains(0x0D) }) else { return 1 }
        let quotes = style == .singleQuoted || style == .doubleQuoted ? 2 : 0
        return document.scalarCount(of: node) + quotes
    }
}
