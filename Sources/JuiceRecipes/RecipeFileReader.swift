import JuiceCore

/// Reads one recipe file into drafts while it is parsed, reporting every schema problem it finds.
///
/// It is the parser's entry visitor: each fruit and each juice is read as soon as the parser has it, and the parser
/// then drops its nodes, so a large file is never held as one tree. It reads in the order a walk of the whole tree
/// would, so its diagnostics come out in the same order.
struct RecipeFileReader: YAMLEntryVisitor {
    static let topLevelKeys = ["version", "fruits", "juices", "store"]
    static let fruitKeys = ["name", "emoji"]
    static let nameKeys = ["ko", "en"]
    static let juiceKeys = ["name", "aliases", "price", "recipe"]
    static let storeKeys = ["capacity", "stock"]
    /// The largest quantity accepted anywhere (recipe amount, stock, capacity, price).
    static let maxQuantity = 1_000_000_000
    static let supportedVersion = 1

    /// The sections whose entries are read one by one.
    private enum Section {
        case fruits, juices
    }

    /// The document of the visit in progress (an empty one between visits, so the parser's arrays stay unshared).
    private(set) var document: YAMLDocument
    private let idle: YAMLDocument
    let fileIndex: UInt32
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var contents: FileContents
    private var sawVersion = false
    private var section: Section?
    /// Counts the file's lines, to project how many juices a large section holds.
    private let countLines: () -> Int
    /// Whether this reads the second half of a file (see `RecipeFileHalves`): it starts inside the `juices` section,
    /// so its version is in the first half, and its juice names are indexed when the halves are joined.
    private let isContinuation: Bool
    /// The text of every top-level key visited, in order (to compare the two halves of a file, `RecipeFileHalves`).
    private(set) var topLevelKeys: [String] = []
    /// The line of the first juice read.
    private var firstJuiceLine: UInt32 = 0
    /// After this many juices, room is made for all the section is projected to hold.
    private static let projectionSample = 1024
    /// How many juices a continuation keeps in one chunk (see `FileContents.juiceChunks`).
    static let chunkSize = 4096

    /// A reader of file number `fileIndex`, named `file`, holding `bytes`.
    init(file: String, fileIndex: Int, bytes: [UInt8]) {
        self.init(file: file, fileIndex: fileIndex, countingLines: { Self.lineCount(of: bytes) })
    }

    /// A reader of file number `fileIndex`, named `file`, whose lines `countLines` counts.
    init(file: String, fileIndex: Int, countingLines countLines: @escaping () -> Int) {
        self.init(file: file, fileIndex: fileIndex, countingLines: countLines, continuation: false)
    }

    /// A reader of the second half of file number `fileIndex`, named `file` (see `RecipeFileHalves`); it keeps its
    /// juices in chunks rather than projecting how many there are, so it needs no line count.
    init(continuationOf file: String, fileIndex: Int) {
        self.init(file: file, fileIndex: fileIndex, countingLines: { 0 }, continuation: true)
    }

    private init(file: String, fileIndex: Int, countingLines countLines: @escaping () -> Int, continuation: Bool) {
        idle = YAMLDocument(file: file)
        document = idle
        self.fileIndex = UInt32(truncatingIfNeeded: fileIndex)
        self.countLines = countLines
        isContinuation = continuation
        contents = FileContents(file: self.fileIndex, namesIndexed: !continuation)
    }

    /// The number of lines in `bytes` (line feeds, plus one), counted eight bytes at a time.
    static func lineCount(of bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer(lineCount(of:))
    }

    /// The number of lines in `bytes` (line feeds, plus one), counted eight bytes at a time.
    static func lineCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        var count = 1
        var offset = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while offset + 8 <= raw.count {
            // Bytes equal to 0x0A become zero; each zero byte sets its top bit in `zeros`, exactly.
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ (ones &* 0x0A)
            let zeros = ~(((word & low) &+ low) | word | low)
            count += zeros.nonzeroBitCount
            offset += 8
        }
        while offset < raw.count {
            if raw[offset] == 0x0A { count += 1 }
            offset += 1
        }
        return count
    }

    /// Takes what the file contributes out of the reader (which is left with nothing), without copying it.
    mutating func takeContents() -> FileContents {
        var taken = FileContents(file: fileIndex)
        swap(&taken, &contents)
        return taken
    }

    /// A compact reference to `node`, spanning its text.
    func ref(_ node: YAMLNodeID) -> SourceRef {
        place(node).ref(in: fileIndex)
    }

    /// Where `node` starts.
    func spot(_ node: YAMLNodeID) -> Spot {
        Spot(line: UInt32(truncatingIfNeeded: document.line(of: node)), column: UInt32(truncatingIfNeeded: document.column(of: node)))
    }

    /// Where `node` is, spanning its text.
    func place(_ node: YAMLNodeID) -> Place {
        Place(line: UInt32(truncatingIfNeeded: document.line(of: node)), column: UInt32(truncatingIfNeeded: document.column(of: node)),
              length: UInt32(truncatingIfNeeded: span(of: node)))
    }

    /// Records a diagnostic (for the extensions, which cannot set `diagnostics`).
    mutating func appendDiagnostic(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    // MARK: Visiting

    mutating func streamsEntries(under key: YAMLNodeID, in document: borrowing YAMLDocument) -> Bool {
        switch document.index(of: key, in: ["fruits", "juices"]) {
        case 0: section = .fruits
        case 1: section = .juices
        default: return false
        }
        return true
    }

    mutating func visitEntry(key: YAMLNodeID, value: YAMLNodeID, section _: YAMLNodeID, in document: borrowing YAMLDocument) {
        self.document = copy document
        defer { self.document = idle }
        switch section {
        case .fruits: readFruit(key, value)
        case .juices: readJuice(key, value)
        case nil: break
        }
    }

    mutating func visitTopLevelEntry(key: YAMLNodeID, value: YAMLNodeID, streamed: Bool, in document: borrowing YAMLDocument) {
        self.document = copy document
        defer { self.document = idle }
        topLevelKeys.append(document.string(key))
        switch document.index(of: key, in: ["version", "fruits", "juices", "store"]) {
        case 0:
            sawVersion = true
            readVersion(value)
        case 1:
            if contents.fruitsSection == nil { contents.fruitsSection = ref(key) }
            if !streamed { readFruits(value) }
        case 2:
            if !streamed { readJuices(value) }
        case 3: readStore(value)
        default: reportUnknownKey(key, allowed: Self.topLevelKeys, in: "at the top level")
        }
    }

    /// Finishes reading once the parse is complete: checks the root and the version.
    mutating func finish(_ document: YAMLDocument) {
        self.document = document
        defer { self.document = idle }
        guard let root = document.root else { return }
        guard expectMapping(root, "the file", expecting: "a mapping with 'version: 1' and sections 'fruits', 'juices', 'store'") else { return }
        if !sawVersion && !isContinuation {
            report(.missingField, "missing 'version'; recipe files start with 'version: 1'", at: root, fix: "add 'version: 1' as the first line")
        }
    }

    // MARK: Sections

    private mutating func readVersion(_ node: YAMLNodeID) {
        guard let version = readInteger(node, field: "version", minimum: Int.min) else { return }
        if version != Self.supportedVersion {
            report(.unsupportedVersion, "unsupported version \(version); this JuiceMaker reads version \(Self.supportedVersion)", at: node, fix: "write 'version: 1'")
        }
    }

    /// A 'fruits' section that was not streamed (so not a mapping, unless read from a whole tree).
    private mutating func readFruits(_ node: YAMLNodeID) {
        guard expectMapping(node, "'fruits'", expecting: "a mapping from fruit id to fruit") else { return }
        for (key, value) in document.entries(of: node) { readFruit(key, value) }
    }

    private mutating func readFruit(_ key: YAMLNodeID, _ value: YAMLNodeID) {
        guard let id = readID(key, kind: "fruit") else { return }
        var fruit = FruitDraft(id: Located(value: FruitID(id), ref: ref(key)))
        guard expectMapping(value, "fruit '\(id)'", expecting: "a mapping with 'name' (and optionally 'emoji')") else { return }
        var sawName = false
        for (field, fieldValue) in document.entries(of: value) {
            switch document.index(of: field, in: ["name", "emoji"]) {
            case 0:
                sawName = true
                var korean: YAMLNodeID?
                var english: YAMLNodeID?
                readName(fieldValue, owner: "fruit '\(id)'", into: &fruit.name, korean: &korean, english: &english)
                if let korean { fruit.koreanName = place(korean) }
                if let english { fruit.englishName = place(english) }
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

    /// A 'juices' section that was not streamed (so not a mapping, unless read from a whole tree).
    private mutating func readJuices(_ node: YAMLNodeID) {
        guard expectMapping(node, "'juices'", expecting: "a mapping from juice id to juice") else { return }
        for (key, value) in document.entries(of: node) { readJuice(key, value) }
    }

    private mutating func readJuice(_ key: YAMLNodeID, _ value: YAMLNodeID) {
        guard let id = readID(key, kind: "juice") else { return }
        var places = JuicePlaces(id: spot(key), style: SpanStyle(document.style(of: key)))
        guard expectMapping(value, "juice '\(id)'", expecting: "a mapping with 'name' and 'recipe'") else { return }
        var name = LocalizedName()
        var aliases: [String] = []
        var price: Int?
        var recipe: [Ingredient] = []
        var sawName = false
        var hasRecipe = false
        for (field, fieldValue) in document.entries(of: value) {
            switch document.index(of: field, in: ["name", "aliases", "price", "recipe"]) {
            case 0:
                sawName = true
                var korean: YAMLNodeID?
                var english: YAMLNodeID?
                readName(fieldValue, owner: "juice '\(id)'", into: &name, korean: &korean, english: &english)
                if let korean { places.setKorean(spot(korean), style: SpanStyle(document.style(of: korean))) }
                if let english { places.setEnglish(spot(english), style: SpanStyle(document.style(of: english))) }
            case 1:
                aliases = readAliases(fieldValue, juice: id)
            case 2:
                price = readInteger(fieldValue, field: "price of juice '\(id)'", minimum: 0)
            case 3:
                hasRecipe = true
                recipe = readRecipe(fieldValue, juice: id)
            default:
                reportUnknownKey(field, allowed: Self.juiceKeys, in: "in juice '\(id)'")
            }
        }
        if !sawName {
            report(.missingField, "juice '\(id)' has no 'name'", at: key, fix: "add 'name: {ko: …, en: …}'")
        }
        if !hasRecipe {
            report(.missingField, "juice '\(id)' has no 'recipe'", at: key, fix: "add 'recipe: {fruit: amount}'")
        }
        let count = contents.juices.juices.count
        if count == 0 && firstJuiceLine == 0 { firstJuiceLine = places.id.line }
        if contents.juices.idsAreSimple {
            contents.juices.idsAreSimple = document.withBytes(of: key, NameMatching.isSimple)
        }
        // Made here, as a temporary, so that it moves into the list rather than being copied.
        contents.juices.append(Juice(id: JuiceID(id), name: name, aliases: aliases, price: price, recipe: recipe), places: places)
        contents.juices.indexNames()
        if isContinuation {
            if count + 1 == Self.chunkSize { contents.startJuiceChunk(room: Self.chunkSize) }
        } else if count + 1 == Self.projectionSample {
            reserveForSection(lastLine: places.id.line)
        }
    }

    /// Makes room for every juice the section is projected to hold, from the lines its first juices took (assuming
    /// the rest of the file is mostly juices); a wrong projection costs only the usual growth.
    private mutating func reserveForSection(lastLine: UInt32) {
        let sampled = Self.projectionSample - 1
        let span = Int(lastLine) - Int(firstJuiceLine)
        // Counted only now, for a file that has many juices (and while the parse is waiting on libyaml).
        let lineCount = countLines()
        guard span > 0, lineCount > Int(lastLine) else { return }
        let projected = min((lineCount - Int(firstJuiceLine)) * sampled / span, lineCount)
        let list = contents.juices
        contents.juices.reserve(juices: projected + projected / 64 + 16,
                                ingredients: list.ingredients.count * (projected + projected / 64) / list.juices.count + 16)
    }

    private mutating func readName(
        _ node: YAMLNodeID, owner: @autoclosure () -> String, into name: inout LocalizedName,
        korean: inout YAMLNodeID?, english: inout YAMLNodeID?
    ) {
        guard expectMapping(node, "the name of \(owner())", expecting: "a mapping like {ko: 딸기, en: Strawberry}") else { return }
        let entries = document.entries(of: node)
        for (key, value) in entries {
            switch document.index(of: key, in: ["ko", "en"]) {
            case 0:
                guard let text = readText(value, field: "Korean name of \(owner())") else { continue }
                name.korean = text
                korean = value
            case 1:
                guard let text = readText(value, field: "English name of \(owner())") else { continue }
                name.english = text
                english = value
            default:
                reportUnknownKey(key, allowed: Self.nameKeys, in: "in the name of \(owner())")
            }
        }
        if entries.isEmpty {
            report(.missingField, "the name of \(owner()) is empty", at: node, fix: "give 'ko' and 'en' names")
        }
    }

    private mutating func readAliases(_ node: YAMLNodeID, juice: @autoclosure () -> String) -> [String] {
        guard document.kind(of: node) == .sequence else {
            reportWrongType(node, field: "aliases of juice '\(juice())'", expected: "a list of names, like [딸기바나나쥬스]")
            return []
        }
        var aliases: [String] = []
        for item in document.items(of: node) {
            guard let text = readText(item, field: "alias of juice '\(juice())'") else { continue }
            aliases.append(text)
            contents.juices.aliasPlaces.append(place(item))
        }
        return aliases
    }

    private mutating func readRecipe(_ node: YAMLNodeID, juice: @autoclosure () -> String) -> [Ingredient] {
        guard expectMapping(node, "the recipe of juice '\(juice())'", expecting: "a mapping from fruit id to amount, like {banana: 2}") else { return [] }
        let entries = document.entries(of: node)
        if entries.isEmpty {
            report(.emptyRecipe, "juice '\(juice())' has an empty recipe", at: node, fix: "add at least one fruit, like {banana: 2}")
        }
        var ingredients: [Ingredient] = []
        ingredients.reserveCapacity(entries.count)
        for (key, value) in entries {
            // Every fruit named counts as mentioned, even where its amount is invalid (so it is not reported as unused).
            let number = contents.juices.fruits.number(of: key, in: document)
            let fruit = contents.juices.fruits.ids[Int(number)]
            guard let amount = readInteger(value, field: "amount of '\(fruit)' in juice '\(juice())'", minimum: 1) else { continue }
            ingredients.append(Ingredient(fruit: fruit, amount: amount))
            if document.style(of: key) != .plain && document.style(of: key) != .taggedString {
                contents.juices.ingredientPlaces[contents.juices.ingredients.count] = place(key)
            }
            contents.juices.ingredients.append(IngredientPlace(fruit: number, spot: spot(key)))
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
}
