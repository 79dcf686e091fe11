import JuiceCore
import JuiceRecipes
import JuiceYAML

/// Where one scalar is written in its file: its whole text (quotes included) and the text of its value.
package struct ScalarSpan: Hashable, Sendable {
    /// The scalar as written, quotes included.
    package var outer: Range<Int>
    /// The value's own bytes (inside the quotes).
    package var inner: Range<Int>
    /// Whether `inner` holds exactly the value (no escapes or folded lines), so it can be edited in place.
    package var isExact: Bool

    /// A span.
    package init(outer: Range<Int>, inner: Range<Int>, isExact: Bool) {
        self.outer = outer
        self.inner = inner
        self.isExact = isExact
    }
}

/// One use of a fruit or juice id in a file.
package struct Occurrence: Hashable, Sendable {
    /// What the id names.
    package enum Kind: Hashable, Sendable {
        case fruit
        case juice
    }

    /// Where the id is used.
    package enum Role: Hashable, Sendable {
        /// A key of `fruits` or `juices`.
        case definition
        /// A fruit in the recipe of a juice.
        case recipe(JuiceID)
        /// A key of `store: stock`.
        case stock
        /// A key of `store: capacity`.
        case capacity
    }

    package var kind: Kind
    package var id: String
    package var role: Role
    /// The key.
    package var key: ScalarSpan
    /// The key's value, when it is a scalar (an amount).
    package var value: ScalarSpan?
    /// The mapping entry's key node's line (1-based) and column, for deleting the entry.
    package var line: Int
    package var column: Int
}

/// A mapping of one file, as written: where it is and how (for inserting an entry).
package struct MappingSite: Hashable, Sendable {
    /// Whether it is written `{…}`.
    package var isFlow: Bool
    /// Where the mapping starts (its `{` when flow).
    package var opening: Int
    /// Flow: the byte of `}`; block: nil.
    package var closingBrace: Int?
    /// The 1-based line of the first key.
    package var firstKeyLine: Int?
    /// The 1-based column of the first key (block), for indenting a new one.
    package var keyColumn: Int?
    /// The 1-based line of the last key, and the byte where the entry after it would start (block).
    package var lastKeyLine: Int?
    /// Whether the mapping has no entries.
    package var isEmpty: Bool
    /// The 1-based line and column of the key holding this mapping (its parent's key), if any.
    package var parentKeyLine: Int
    package var parentKeyColumn: Int
}

/// What one recipe file defines and uses, with byte spans: read from the YAML tree (a file that does not parse has
/// an empty outline).
package struct RecipeOutline: Sendable {
    package let file: String
    package let index: LineIndex
    package private(set) var occurrences: [Occurrence] = []
    /// Where `fruits`, `juices`, `store: stock` and each juice's `recipe` mapping are.
    package private(set) var fruitsMapping: MappingSite?
    package private(set) var juicesMapping: MappingSite?
    package private(set) var stockMapping: MappingSite?
    package private(set) var storeMapping: MappingSite?
    /// `store: capacity` in its map form, and in its number form.
    package private(set) var capacityMapping: MappingSite?
    package private(set) var capacityNumber: ScalarSpan?
    /// Each fruit's and juice's entry with where each of its fields is written (`EntryOutline`).
    package private(set) var entries: [EntryKey: EntryOutline] = [:]
    package private(set) var recipeMappings: [JuiceID: MappingSite] = [:]
    /// Each fruit's and juice's entry value (a mapping), by id: for inserting a missing field.
    package private(set) var entryMappings: [String: MappingSite] = [:]
    /// Each juice's `name` mapping and each fruit's.
    package private(set) var nameMappings: [String: MappingSite] = [:]
    /// Each juice's aliases, by alias text.
    package private(set) var aliases: [(juice: JuiceID, text: String, span: ScalarSpan, line: Int, column: Int, isFlowItem: Bool)] = []
    /// The root mapping.
    package private(set) var root: MappingSite?
    /// Whether the file parsed far enough to be outlined.
    package private(set) var parsed = false

    /// The outline of `source`.
    package init(_ source: RecipeSourceFile) {
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
                    readFields(.fruit, fruit, entry, in: document)
                }
            case "juices":
                guard document.kind(of: value) == .mapping else { continue }
                juicesMapping = site(of: value, in: document, key: key)
                for (juice, entry) in document.entries(of: value) {
                    add(.juice, .definition, key: juice, value: nil, in: document)
                    readEntry(juice, entry, in: document)
                    readFields(.juice, juice, entry, in: document)
                }
            case "store":
                guard document.kind(of: value) == .mapping else { continue }
                storeMapping = site(of: value, in: document, key: key)
                for (field, amounts) in document.entries(of: value) {
                    let name = document.string(field)
                    if name == "capacity", document.kind(of: amounts) == .scalar { capacityNumber = span(of: amounts, in: document) }
                    guard document.kind(of: amounts) == .mapping else { continue }
                    if name == "capacity" { capacityMapping = site(of: amounts, in: document, key: field) }
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

    /// Records where `entry`'s fields (and, for a mapping field such as `name`, its fields) are written.
    private mutating func readFields(_ kind: Occurrence.Kind, _ key: YAMLNodeID, _ entry: YAMLNodeID, in document: YAMLDocument) {
        guard document.kind(of: key) == .scalar else { return }
        let id = document.string(key)
        var outline = EntryOutline(
            kind: kind, id: id, key: span(of: key, in: document), keyLine: document.line(of: key), keyColumn: document.column(of: key))
        if document.kind(of: entry) == .mapping {
            outline.value = site(of: entry, in: document, key: key)
            outline.fields = fields(of: entry, in: document, depth: 1)
        }
        entries[EntryKey(kind: kind, id: id)] = outline
    }

    /// The scalar-keyed fields of the mapping `node`, `depth` levels down.
    private func fields(of node: YAMLNodeID, in document: YAMLDocument, depth: Int) -> [String: FieldOutline] {
        var fields: [String: FieldOutline] = [:]
        for (key, value) in document.entries(of: node) where document.kind(of: key) == .scalar {
            var field = FieldOutline(key: span(of: key, in: document), keyLine: document.line(of: key), keyColumn: document.column(of: key))
            switch document.kind(of: value) {
            case .scalar:
                field.scalar = span(of: value, in: document)
            case .mapping:
                field.mapping = site(of: value, in: document, key: key)
                if depth > 0 { field.children = self.fields(of: value, in: document, depth: depth - 1) }
            case .sequence:
                let start = index.byteOffset(line: document.line(of: value), scalarColumn: document.column(of: value))
                let isFlow = byte(at: document, value) == UInt8(ascii: "[")
                field.sequence = SequenceSite(
                    isFlow: isFlow, opening: start, closing: isFlow ? Self.matchingBrace(in: index.bytes, openingAt: start) : nil,
                    items: document.items(of: value).map { item in
                        SequenceItem(
                            text: document.kind(of: item) == .scalar ? document.string(item) : nil,
                            span: document.kind(of: item) == .scalar ? span(of: item, in: document) : nil, line: document.line(of: item),
                            column: document.column(of: item))
                    })
            default:
                break
            }
            fields[document.string(key)] = field
        }
        return fields
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
    package static func matchingBrace(in bytes: [UInt8], openingAt start: Int) -> Int? {
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
    package func occurrence(at offset: Int) -> Occurrence? {
        occurrences.first { $0.key.outer.lowerBound <= offset && offset <= $0.key.outer.upperBound }
    }

    /// The span of `range` in this file.
    package func textSpan(_ range: Range<Int>) -> TextSpan { TextSpan(file: file, start: range.lowerBound, end: range.upperBound) }
}
