import JuiceCore
import JuiceRecipes
import JuiceYAML

/// Where one scalar is written in its file: its whole text (quotes included) and the text of its value.
struct ScalarSpan: Hashable, Sendable {
    /// The scalar as written, quotes included.
    var outer: Range<Int>
    /// The value's own bytes (inside the quotes).
    var inner: Range<Int>
    /// Whether `inner` holds exactly the value (no escapes or folded lines), so it can be edited in place.
    var isExact: Bool
}

/// One use of a fruit or juice id in a file.
struct Occurrence: Hashable, Sendable {
    /// What the id names.
    enum Kind: Hashable, Sendable {
        case fruit
        case juice
    }

    /// Where the id is used.
    enum Role: Hashable, Sendable {
        /// A key of `fruits` or `juices`.
        case definition
        /// A fruit in the recipe of a juice.
        case recipe(JuiceID)
        /// A key of `store: stock`.
        case stock
        /// A key of `store: capacity`.
        case capacity
    }

    var kind: Kind
    var id: String
    var role: Role
    /// The key.
    var key: ScalarSpan
    /// The key's value, when it is a scalar (an amount).
    var value: ScalarSpan?
    /// The mapping entry's key node's line (1-based) and column, for deleting the entry.
    var line: Int
    var column: Int
}

/// A mapping of one file, as written: where it is and how (for inserting an entry).
struct MappingSite: Hashable, Sendable {
    /// Whether it is written `{…}`.
    var isFlow: Bool
    /// Where the mapping starts (its `{` when flow).
    var opening: Int
    /// Flow: the byte of `}`; block: nil.
    var closingBrace: Int?
    /// The 1-based line of the first key.
    var firstKeyLine: Int?
    /// The 1-based column of the first key (block), for indenting a new one.
    var keyColumn: Int?
    /// The 1-based line of the last key, and the byte where the entry after it would start (block).
    var lastKeyLine: Int?
    /// Whether the mapping has no entries.
    var isEmpty: Bool
    /// The 1-based line and column of the key holding this mapping (its parent's key), if any.
    var parentKeyLine: Int
    var parentKeyColumn: Int
}

/// What one recipe file defines and uses, with byte spans: read from the YAML tree (a file that does not parse has
/// an empty outline).
struct RecipeOutline: Sendable {
    let file: String
    let index: LineIndex
    private(set) var occurrences: [Occurrence] = []
    /// Where `fruits`, `juices`, `store: stock` and each juice's `recipe` mapping are.
    private(set) var fruitsMapping: MappingSite?
    private(set) var juicesMapping: MappingSite?
    private(set) var stockMapping: MappingSite?
    private(set) var storeMapping: MappingSite?
    private(set) var recipeMappings: [JuiceID: MappingSite] = [:]
    /// Each fruit's and juice's entry value (a mapping), by id: for inserting a missing field.
    private(set) var entryMappings: [String: MappingSite] = [:]
    /// Each juice's `name` mapping and each fruit's.
    private(set) var nameMappings: [String: MappingSite] = [:]
    /// Each juice's aliases, by alias text.
    private(set) var aliases: [(juice: JuiceID, text: String, span: ScalarSpan, line: Int, column: Int, isFlowItem: Bool)] = []
    /// The root mapping.
    private(set) var root: MappingSite?
    /// Whether the file parsed far enough to be outlined.
    private(set) var parsed = false

    /// The outline of `source`.
    init(_ source: RecipeSourceFile) {
        file = source.name
        index = LineIndex(source.bytes)
        guard source.oversizedBy == nil else { return }
        let result = YAMLParser().parse(source.bytes, file: source.name)
        guard let document = result.document, let rootNode = document.root, document.kind(of: rootNode) == .mapping else { return }
        parsed = true
        root = site(of: rootNode, in: document, parentLine: 1, parentColumn: 1)
        for (key, value) in document.entries(of: rootNode) {
            switch document.string(key) {
            case "fruits":
                guard document.kind(of: value) == .mapping else { continue }
                fruitsMapping = site(of: value, in: document, key: key)
                for (fruit, entry) in document.entries(of: value) {
                    add(.fruit, .definition, key: fruit, value: nil, in: document)
                    readEntry(fruit, entry, in: document)
                }
            case "juices":
                guard document.kind(of: value) == .mapping else { continue }
                juicesMapping = site(of: value, in: document, key: key)
                for (juice, entry) in document.entries(of: value) {
                    add(.juice, .definition, key: juice, value: nil, in: document)
                    readEntry(juice, entry, in: document)
                }
            case "store":
                guard document.kind(of: value) == .mapping else { continue }
                storeMapping = site(of: value, in: document, key: key)
                for (field, amounts) in document.entries(of: value) where document.kind(of: amounts) == .mapping {
                    let name = document.string(field)
                    guard name == "stock" || name == "capacity" else { continue }
                    if name == "stock" { stockMapping = site(of: amounts, in: document, key: field) }
                    for (fruit, amount) in document.entries(of: amounts) {
                        add(.fruit, name == "stock" ? .stock : .capacity, key: fruit, value: amount, in: document)
                    }
                }
            default: continue
            }
        }
    }

    /// Reads a fruit's or juice's entry: its name mapping, aliases and recipe.
    private mutating func readEntry(_ key: YAMLNodeID, _ entry: YAMLNodeID, in document: YAMLDocument) {
        guard document.kind(of: entry) == .mapping else { return }
        let id = document.string(key)
        entryMappings[id] = site(of: entry, in: document, key: key)
        for (field, value) in document.entries(of: entry) {
            switch document.string(field) {
            case "name" where document.kind(of: value) == .mapping:
                nameMappings[id] = site(of: value, in: document, key: field)
            case "aliases":
                let flow = document.kind(of: value) == .sequence && byte(at: document, value) == UInt8(ascii: "[")
                for item in document.items(of: value) where document.kind(of: item) == .scalar {
                    aliases.append(
                        (JuiceID(id), document.string(item), span(of: item, in: document), document.line(of: item), document.column(of: item), flow))
                }
            case "recipe" where document.kind(of: value) == .mapping:
                recipeMappings[JuiceID(id)] = site(of: value, in: document, key: field)
                for (fruit, amount) in document.entries(of: value) {
                    add(.fruit, .recipe(JuiceID(id)), key: fruit, value: amount, in: document)
                }
            default: continue
            }
        }
    }

    private mutating func add(_ kind: Occurrence.Kind, _ role: Occurrence.Role, key: YAMLNodeID, value: YAMLNodeID?, in document: YAMLDocument) {
        guard document.kind(of: key) == .scalar else { return }
        let valueSpan = value.flatMap { document.kind(of: $0) == .scalar ? span(of: $0, in: document) : nil }
        occurrences.append(
            Occurrence(
                kind: kind, id: document.string(key), role: role, key: span(of: key, in: document), value: valueSpan,
                line: document.line(of: key), column: document.column(of: key)))
    }

    private func byte(at document: YAMLDocument, _ node: YAMLNodeID) -> UInt8? {
        let offset = index.byteOffset(line: document.line(of: node), scalarColumn: document.column(of: node))
        return offset < index.bytes.count ? index.bytes[offset] : nil
    }

    /// Where the scalar `node` is written.
    private func span(of node: YAMLNodeID, in document: YAMLDocument) -> ScalarSpan {
        let start = index.byteOffset(line: document.line(of: node), scalarColumn: document.column(of: node))
        let value = Array(document.string(node).utf8)
        let quoted = document.style(of: node) == .singleQuoted || document.style(of: node) == .doubleQuoted
        let innerStart = quoted ? start + 1 : start
        let innerEnd = min(innerStart + value.count, index.bytes.count)
        let exact = innerEnd - innerStart == value.count && index.bytes[innerStart..<innerEnd].elementsEqual(value)
        let outerEnd = quoted && exact ? min(innerEnd + 1, index.bytes.count) : innerEnd
        return ScalarSpan(outer: start..<outerEnd, inner: innerStart..<innerEnd, isExact: exact)
    }

    /// Where the mapping `node` is and how it is written.
    private func site(of node: YAMLNodeID, in document: YAMLDocument, key: YAMLNodeID) -> MappingSite {
        site(of: node, in: document, parentLine: document.line(of: key), parentColumn: document.column(of: key))
    }

    private func site(of node: YAMLNodeID, in document: YAMLDocument, parentLine: Int, parentColumn: Int) -> MappingSite {
        let entries = document.entries(of: node)
        let isFlow = byte(at: document, node) == UInt8(ascii: "{")
        let start = index.byteOffset(line: document.line(of: node), scalarColumn: document.column(of: node))
        // The `}` closing a flow mapping: the first one not inside a nested flow collection or quotes.
        let closing = isFlow ? Self.matchingBrace(in: index.bytes, openingAt: start) : nil
        let lastKey = entries.last?.key
        return MappingSite(
            isFlow: isFlow, opening: start, closingBrace: closing, firstKeyLine: entries.first.map { document.line(of: $0.key) },
            keyColumn: entries.first.map { document.column(of: $0.key) },
            lastKeyLine: lastKey.map { document.line(of: $0) }, isEmpty: entries.isEmpty, parentKeyLine: parentLine,
            parentKeyColumn: parentColumn)
    }

    /// The offset of the bracket closing the `{` or `[` at `start`, skipping quoted text and comments.
    static func matchingBrace(in bytes: [UInt8], openingAt start: Int) -> Int? {
        var depth = 0
        var index = start
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") {
                    index += 1
                } else if byte == open {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The occurrence whose key holds byte `offset` (its end included, where a cursor after the last letter is).
    func occurrence(at offset: Int) -> Occurrence? {
        occurrences.first { $0.key.outer.lowerBound <= offset && offset <= $0.key.outer.upperBound }
    }

    /// The span of `range` in this file.
    func textSpan(_ range: Range<Int>) -> TextSpan { TextSpan(file: file, start: range.lowerBound, end: range.upperBound) }
}
