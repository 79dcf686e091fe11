import JuiceCore
import JuiceRecipeText
import JuiceRecipes

/// What a menu change does to the recipe files: edits of files the set has, and files it adds.
package struct MenuTextChange: Sendable {
    /// Byte-exact edits of existing files (names as the set names them).
    package var edits: [TextEdit] = []
    /// New files, with their whole text.
    package var newFiles: [RecipeSourceFile] = []
}

/// Turns a `MenuChange` into the smallest text edits of the files that define what it changes: one scalar replaced,
/// one entry inserted or deleted, the rest of every file byte for byte as it was (comments, key order, quoting, flow
/// or block style). Pure: files in, edits out; whether the edited set is good is `juice lint`'s to say.
package struct MenuTextEditor {
    /// The set's files (names relative to the recipe directory), in load order.
    let files: [RecipeSourceFile]
    /// Their outlines, in the same order.
    let outlines: [RecipeOutline]
    /// The book the files make (for effective capacities).
    let book: RecipeBook

    /// The editor of the set `files`, which make `book`.
    package init(files: [RecipeSourceFile], book: RecipeBook) {
        self.files = files
        self.outlines = files.map(RecipeOutline.init)
        self.book = book
    }

    /// The edits `change` needs.
    package func edits(for change: MenuChange) throws(MenuEditError) -> MenuTextChange {
        switch change {
        case .changeJuice(let id, let juiceChange): return MenuTextChange(edits: try changeJuice(id, juiceChange))
        case .addJuice(let juice): return try addJuice(juice)
        case .removeJuice(let id):
            guard let (outline, entry) = entry(.juice, id.rawValue) else { throw .unknownJuice(id) }
            return MenuTextChange(
                edits: MappingEntryEdits.deletion(ofEntryAt: entry.keyLine, column: entry.keyColumn, in: outline.index, file: outline.file))
        case .addFruit(let fruit): return try addFruit(fruit)
        case .changeFruit(let id, let fruitChange): return try changeFruit(id, fruitChange)
        }
    }

    // MARK: Where things are

    /// The first file defining the fruit or juice `id`, and its entry there.
    func entry(_ kind: Occurrence.Kind, _ id: String) -> (RecipeOutline, EntryOutline)? {
        for outline in outlines {
            if let entry = outline.entries[EntryKey(kind: kind, id: id)] { return (outline, entry) }
        }
        return nil
    }

    private func outline(named name: String) -> RecipeOutline? { outlines.first { $0.file == name } }

    // MARK: Juices

    private func changeJuice(_ id: JuiceID, _ change: JuiceChange) throws(MenuEditError) -> [TextEdit] {
        guard let (outline, entry) = entry(.juice, id.rawValue) else { throw .unknownJuice(id) }
        guard let site = entry.value else { throw .notEditableInPlace(field: id.rawValue, file: outline.file, line: entry.keyLine) }
        // The edits of fields the entry has, then the fields it gets: an entry added to a block field that ends the
        // juice and a field added to the juice are inserted at the same offset, the nested one first.
        var edits: [TextEdit] = []
        var added: [TextEdit] = []
        func collect(_ key: String, _ fieldEdits: [TextEdit]) {
            if entry.fields[key] == nil { added += fieldEdits } else { edits += fieldEdits }
        }
        if let name = change.name { collect("name", try setName(name, fields: entry.fields, site: site, in: outline)) }
        if let aliases = change.aliases { collect("aliases", try setAliases(aliases, fields: entry.fields, site: site, in: outline)) }
        if let price = change.price {
            collect("price", try setScalar("price", to: String(price), isNumber: true, fields: entry.fields, site: site, in: outline))
        }
        if let recipe = change.recipe { collect("recipe", try setRecipe(recipe, fields: entry.fields, site: site, in: outline)) }
        return edits + added
    }

    private func addJuice(_ juice: NewJuice) throws(MenuEditError) -> MenuTextChange {
        if let (outline, _) = entry(.juice, juice.id.rawValue) { throw .juiceExists(juice.id, file: outline.file) }
        let fileName = juice.file ?? outlines.first { $0.juicesMapping != nil }?.file ?? "juices.yaml"
        try Self.checkFileName(fileName)
        var fields = [("name", Self.flowName(juice.name))]
        if !juice.aliases.isEmpty { fields.append(("aliases", Self.flowList(juice.aliases))) }
        if let price = juice.price { fields.append(("price", String(price))) }
        fields.append(("recipe", Self.flowRecipe(juice.recipe)))
        return try addEntry(key: juice.id.rawValue, fields: fields, section: "juices", file: fileName, mapping: \.juicesMapping)
    }

    // MARK: Fruits

    private func addFruit(_ fruit: NewFruit) throws(MenuEditError) -> MenuTextChange {
        if let (outline, _) = entry(.fruit, fruit.id.rawValue) { throw .fruitExists(fruit.id, file: outline.file) }
        let fileName = fruit.file ?? outlines.first { $0.fruitsMapping != nil }?.file ?? "fruits.yaml"
        try Self.checkFileName(fileName)
        var fields = [("name", Self.flowName(fruit.name))]
        if let emoji = fruit.emoji { fields.append(("emoji", ScalarText.render(emoji))) }
        var change = try addEntry(key: fruit.id.rawValue, fields: fields, section: "fruits", file: fileName, mapping: \.fruitsMapping)
        // The store's edits go first: a `fruits` section added at the end of a file comes after an entry added to the
        // store mapping that ends it, at the same offset.
        let entryEdits = change.edits
        change.edits = []
        var section: [(String, String)] = []
        var storeFields: [TextEdit] = []
        if let capacity = fruit.capacity, capacity != book.store.defaultCapacity {
            switch try setCapacity(fruit.id, to: capacity, home: fileName) {
            case .edits(let edits): change.edits += edits
            case .field(let edits): storeFields += edits
            case .section(let key, let entry): section.append((key, entry))
            }
        }
        if let stock = fruit.stock {
            switch try setStock(fruit.id, to: stock, home: fileName) {
            case .edits(let edits): change.edits += edits
            case .field(let edits): storeFields += edits
            case .section(let key, let entry): section.append((key, entry))
            }
        }
        change.edits += storeFields + entryEdits
        if !section.isEmpty { try appendStoreSection(section, to: fileName, change: &change) }
        return change
    }

    private func changeFruit(_ id: FruitID, _ change: FruitChange) throws(MenuEditError) -> MenuTextChange {
        guard let (outline, entry) = entry(.fruit, id.rawValue) else { throw .unknownFruit(id) }
        guard let site = entry.value else { throw .notEditableInPlace(field: id.rawValue, file: outline.file, line: entry.keyLine) }
        var result = MenuTextChange()
        // As for a juice: the edits inside fields the fruit (or a store mapping) has, then the fields added to it.
        var added: [TextEdit] = []
        if let name = change.name {
            let edits = try setName(name, fields: entry.fields, site: site, in: outline)
            if entry.fields["name"] == nil { added += edits } else { result.edits += edits }
        }
        if let emoji = change.emoji {
            let edits = try setScalar("emoji", to: emoji, isNumber: false, fields: entry.fields, site: site, in: outline)
            if entry.fields["emoji"] == nil { added += edits } else { result.edits += edits }
        }
        var section: [(String, String)] = []
        if let capacity = change.capacity {
            switch try setCapacity(id, to: capacity, home: outline.file) {
            case .edits(let edits): result.edits += edits
            case .field(let edits): added += edits
            case .section(let key, let entry): section.append((key, entry))
            }
        }
        if let stock = change.stock {
            switch try setStock(id, to: stock, home: outline.file) {
            case .edits(let edits): result.edits += edits
            case .field(let edits): added += edits
            case .section(let key, let entry): section.append((key, entry))
            }
        }
        result.edits += added
        if !section.isEmpty { try appendStoreSection(section, to: outline.file, change: &result) }
        return result
    }

    /// A store entry's edit: edits of existing text, or an entry for a new `store` section of the fruit's own file.
    private enum StoreEdit {
        case edits([TextEdit])
        /// A field (`stock:` or `capacity:`) added to a `store` mapping: applied after the edits inside its other
        /// fields, which may insert at the same offset (the end of its last field).
        case field([TextEdit])
        case section(key: String, entry: String)
    }

    /// The fruit's initial stock: its `store: stock` entry changed, or one added to the first stock mapping (or the
    /// first `store` mapping), else a new section.
    private func setStock(_ id: FruitID, to amount: Int, home: String) throws(MenuEditError) -> StoreEdit {
        let entry = "\(ScalarText.render(id.rawValue)): \(amount)"
        for outline in outlines {
            if let occurrence = outline.occurrences.first(where: { $0.role == .stock && $0.kind == .fruit && $0.id == id.rawValue }) {
                return .edits(try replacing(occurrence.value, with: String(amount), field: "stock", line: occurrence.line, in: outline))
            }
        }
        for outline in outlines {
            if let stock = outline.stockMapping, let edit = MappingEntryEdits.appending(entry, to: stock, file: outline.file, index: outline.index) {
                return .edits([edit])
            }
        }
        for outline in outlines {
            if let store = outline.storeMapping, let edit = appendingField("stock", "{\(entry)}", block: ["\(entry)"], to: store, in: outline) {
                return .field([edit])
            }
        }
        return .section(key: "stock", entry: entry)
    }

    /// The fruit's capacity: its `store: capacity` entry changed, or one added to the first capacity mapping, or a
    /// `capacity` mapping added to its own file's `store` section (refused where that section gives the number form).
    private func setCapacity(_ id: FruitID, to amount: Int, home: String) throws(MenuEditError) -> StoreEdit {
        let entry = "\(ScalarText.render(id.rawValue)): \(amount)"
        for outline in outlines {
            if let occurrence = outline.occurrences.first(where: { $0.role == .capacity && $0.kind == .fruit && $0.id == id.rawValue }) {
                return .edits(try replacing(occurrence.value, with: String(amount), field: "capacity", line: occurrence.line, in: outline))
            }
        }
        if amount == book.store.capacity(of: id) && book.fruit(id) != nil { return .edits([]) }
        for outline in outlines {
            if let capacity = outline.capacityMapping,
                let edit = MappingEntryEdits.appending(entry, to: capacity, file: outline.file, index: outline.index)
            {
                return .edits([edit])
            }
        }
        guard let own = outline(named: home), let store = own.storeMapping else { return .section(key: "capacity", entry: entry) }
        if let number = own.capacityNumber {
            throw .capacityShared(id, file: home, line: own.index.line(ofByteOffset: number.outer.lowerBound) + 1)
        }
        guard let edit = appendingField("capacity", "{\(entry)}", block: [entry], to: store, in: own) else {
            throw .notEditableInPlace(field: "store", file: home, line: store.parentKeyLine)
        }
        return .field([edit])
    }

    /// A `store:` section with `entries` (`stock` or `capacity` → one entry each) at the end of `file` (or in the new
    /// file the change creates).
    private func appendStoreSection(_ entries: [(String, String)], to file: String, change: inout MenuTextChange) throws(MenuEditError) {
        let text = "store:\n" + entries.map { "  \($0.0):\n    \($0.1)\n" }.joined()
        if let index = change.newFiles.firstIndex(where: { $0.name == file }) {
            change.newFiles[index] = RecipeSourceFile(name: file, bytes: change.newFiles[index].bytes + Array(text.utf8))
            return
        }
        guard let outline = outline(named: file) else { throw .invalidFile(file) }
        change.edits.append(Self.appendingAtEnd(text, to: outline))
    }

    // MARK: Fields

    /// The scalar field `key` of an entry set to `value` (rendered like the value it replaces), or added.
    private func setScalar(
        _ key: String, to value: String, isNumber: Bool, fields: [String: FieldOutline], site: MappingSite, in outline: RecipeOutline
    ) throws(MenuEditError) -> [TextEdit] {
        guard let field = fields[key] else {
            let written = isNumber ? value : ScalarText.render(value)
            guard let edit = MappingEntryEdits.appending("\(key): \(written)", to: site, file: outline.file, index: outline.index) else {
                throw .notEditableInPlace(field: key, file: outline.file, line: site.parentKeyLine)
            }
            return [edit]
        }
        guard let scalar = field.scalar, scalar.isExact, !scalar.outer.isEmpty else {
            throw .notEditableInPlace(field: key, file: outline.file, line: field.keyLine)
        }
        let style = ScalarText.style(ofFirstByte: outline.index.bytes[scalar.outer.lowerBound])
        let written = isNumber ? value : ScalarText.render(value, like: style)
        guard !outline.index.bytes[scalar.outer].elementsEqual(written.utf8) else { return [] }
        return [TextEdit(outline.textSpan(scalar.outer), with: written)]
    }

    /// A scalar value (a stock or capacity amount) replaced by `text`.
    private func replacing(
        _ span: ScalarSpan?, with text: String, field: String, line: Int, in outline: RecipeOutline
    ) throws(MenuEditError) -> [TextEdit] {
        guard let span, span.isExact, !span.outer.isEmpty else { throw .notEditableInPlace(field: field, file: outline.file, line: line) }
        guard !outline.index.bytes[span.outer].elementsEqual(text.utf8) else { return [] }
        return [TextEdit(outline.textSpan(span.outer), with: text)]
    }

    /// The `name` mapping's `ko` and `en` set (each given one), or a `name` added.
    private func setName(
        _ name: NameChange, fields: [String: FieldOutline], site: MappingSite, in outline: RecipeOutline
    ) throws(MenuEditError) -> [TextEdit] {
        guard let field = fields["name"] else {
            guard let edit = MappingEntryEdits.appending("name: \(Self.flowName(name))", to: site, file: outline.file, index: outline.index) else {
                throw .notEditableInPlace(field: "name", file: outline.file, line: site.parentKeyLine)
            }
            return [edit]
        }
        guard let mapping = field.mapping else { throw .notEditableInPlace(field: "name", file: outline.file, line: field.keyLine) }
        var edits: [TextEdit] = []
        for (key, value) in [("ko", name.korean), ("en", name.english)] {
            guard let value else { continue }
            edits += try setScalar(key, to: value, isNumber: false, fields: field.children, site: mapping, in: outline)
        }
        return edits
    }

    /// The aliases set to `aliases`: a flow list rewritten in place (items kept as written), block items deleted and
    /// added, the field added or removed.
    private func setAliases(
        _ aliases: [String], fields: [String: FieldOutline], site: MappingSite, in outline: RecipeOutline
    ) throws(MenuEditError) -> [TextEdit] {
        let bytes = outline.index.bytes
        guard let field = fields["aliases"] else {
            guard !aliases.isEmpty else { return [] }
            guard let edit = MappingEntryEdits.appending("aliases: \(Self.flowList(aliases))", to: site, file: outline.file, index: outline.index)
            else {
                throw .notEditableInPlace(field: "aliases", file: outline.file, line: site.parentKeyLine)
            }
            return [edit]
        }
        guard let sequence = field.sequence, sequence.items.allSatisfy({ $0.text != nil && $0.span?.isExact == true }) else {
            throw .notEditableInPlace(field: "aliases", file: outline.file, line: field.keyLine)
        }
        let old = sequence.items.compactMap(\.text)
        guard old != aliases else { return [] }
        var written: [String: String] = [:]
        for item in sequence.items {
            if let text = item.text, let span = item.span { written[text] = String(decoding: bytes[span.outer], as: UTF8.self) }
        }
        if sequence.isFlow {
            guard let closing = sequence.closing else { throw .notEditableInPlace(field: "aliases", file: outline.file, line: field.keyLine) }
            let list = "[" + aliases.map { written[$0] ?? ScalarText.render($0) }.joined(separator: ", ") + "]"
            return [TextEdit(TextSpan(file: outline.file, start: sequence.opening, end: closing + 1), with: list)]
        }
        if aliases.isEmpty {
            return MappingEntryEdits.deletion(ofEntryAt: field.keyLine, column: field.keyColumn, in: outline.index, file: outline.file)
        }
        guard let first = sequence.items.first, let last = sequence.items.last else {
            throw .notEditableInPlace(field: "aliases", file: outline.file, line: field.keyLine)
        }
        // The text before each item on its line ("    - ").
        let firstLine = outline.index.byteRange(ofLine: first.line - 1)
        let itemStart = outline.index.byteOffset(line: first.line, scalarColumn: first.column)
        let lead = String(decoding: bytes[firstLine.lowerBound..<itemStart], as: UTF8.self)
        let lastLine = outline.index.byteRange(ofLine: last.line - 1)
        let afterLast = last.line < outline.index.lineCount ? outline.index.byteRange(ofLine: last.line).lowerBound : bytes.count
        let kept = old.filter(aliases.contains)
        if !kept.isEmpty, kept == aliases.filter(old.contains), lastLine.upperBound <= afterLast {
            var edits: [TextEdit] = []
            for item in sequence.items where !aliases.contains(item.text ?? "") {
                edits += MappingEntryEdits.deletion(ofEntryAt: item.line, column: item.column, in: outline.index, file: outline.file)
            }
            let added = aliases.filter { !old.contains($0) }
            if !added.isEmpty {
                let breakFirst = afterLast == bytes.count && bytes.last != 0x0A ? "\n" : ""
                let text = breakFirst + added.map { lead + ScalarText.render($0) + "\n" }.joined()
                edits.append(TextEdit(TextSpan(file: outline.file, start: afterLast, end: afterLast), with: text))
            }
            return edits
        }
        let text = aliases.map { lead + (written[$0] ?? ScalarText.render($0)) + "\n" }.joined()
        return [TextEdit(TextSpan(file: outline.file, start: firstLine.lowerBound, end: afterLast), with: text)]
    }

    /// The recipe set to `recipe`: a flow mapping rewritten in place (entries kept as written, in their order, new ones
    /// after them); in a block mapping each amount replaced, each fruit taken out deleted with its line, each new one
    /// added after the last.
    private func setRecipe(
        _ recipe: [Ingredient], fields: [String: FieldOutline], site: MappingSite, in outline: RecipeOutline
    ) throws(MenuEditError) -> [TextEdit] {
        let bytes = outline.index.bytes
        guard let field = fields["recipe"] else {
            guard let edit = MappingEntryEdits.appending("recipe: \(Self.flowRecipe(recipe))", to: site, file: outline.file, index: outline.index)
            else {
                throw .notEditableInPlace(field: "recipe", file: outline.file, line: site.parentKeyLine)
            }
            return [edit]
        }
        guard let mapping = field.mapping else { throw .notEditableInPlace(field: "recipe", file: outline.file, line: field.keyLine) }
        let amounts = Dictionary(recipe.map { ($0.fruit.rawValue, $0.amount) }, uniquingKeysWith: { $1 })
        let old = field.children.sorted { ($0.value.keyLine, $0.value.keyColumn) < ($1.value.keyLine, $1.value.keyColumn) }
        let added = recipe.filter { field.children[$0.fruit.rawValue] == nil }
        func text(_ span: ScalarSpan) -> String { String(decoding: bytes[span.outer], as: UTF8.self) }
        if mapping.isFlow {
            guard let closing = mapping.closingBrace else { throw .notEditableInPlace(field: "recipe", file: outline.file, line: field.keyLine) }
            var parts: [String] = []
            for (fruit, entry) in old {
                guard let amount = amounts[fruit] else { continue }
                let value = entry.scalar.map(text)
                parts.append(text(entry.key) + ": " + (value.flatMap { Int($0) } == amount ? value ?? String(amount) : String(amount)))
            }
            parts += added.map { "\(ScalarText.render($0.fruit.rawValue)): \($0.amount)" }
            let written = "{" + parts.joined(separator: ", ") + "}"
            guard !bytes[mapping.opening...closing].elementsEqual(written.utf8) else { return [] }
            return [TextEdit(TextSpan(file: outline.file, start: mapping.opening, end: closing + 1), with: written)]
        }
        var edits: [TextEdit] = []
        for (fruit, entry) in old {
            if let amount = amounts[fruit] {
                edits += try replacing(entry.scalar, with: String(amount), field: fruit, line: entry.keyLine, in: outline)
            } else if added.isEmpty {
                edits += MappingEntryEdits.deletion(ofEntryAt: entry.keyLine, column: entry.keyColumn, in: outline.index, file: outline.file)
            } else if let deletion = MappingEntryEdits.entryDeletion(
                ofEntryAt: entry.keyLine, column: entry.keyColumn, in: outline.index, file: outline.file)
            {
                // New fruits follow: the mapping never empties, so no `{}` for the last of its old ones.
                edits.append(deletion)
            }
        }
        if !added.isEmpty {
            let lines = added.map { "\(ScalarText.render($0.fruit.rawValue)): \($0.amount)\n" }
            guard let column = mapping.keyColumn, let end = MappingEntryEdits.blockEnd(of: mapping, in: outline.index) else {
                throw .notEditableInPlace(field: "recipe", file: outline.file, line: field.keyLine)
            }
            let indentation = String(repeating: " ", count: column - 1)
            let lead = end == bytes.count && bytes.last != 0x0A ? "\n" : ""
            edits.append(TextEdit(TextSpan(file: outline.file, start: end, end: end), with: lead + lines.map { indentation + $0 }.joined()))
        }
        return edits
    }

    // MARK: Entries and sections

    /// A new entry `key` with `fields` (each `name: flow value`) in the `section` mapping of `file`: in the style of
    /// that mapping and its last entry (a flow entry in a flow mapping or after a one-line entry; else a block entry
    /// indented as its siblings' fields), after the last entry; a new section at the end of a file without one; a new
    /// file when `file` is not in the set.
    private func addEntry(
        key: String, fields: [(String, String)], section: String, file: String, mapping: KeyPath<RecipeOutline, MappingSite?>
    ) throws(MenuEditError) -> MenuTextChange {
        let renderedKey = ScalarText.render(key)
        let block = fields.map { "\($0.0): \($0.1)" }
        guard let outline = outline(named: file) else {
            let text = "version: 1\n\(section):\n  \(renderedKey):\n" + block.map { "    \($0)\n" }.joined()
            return MenuTextChange(newFiles: [RecipeSourceFile(name: file, text: text)])
        }
        guard outline.parsed else { throw .notEditableInPlace(field: section, file: file, line: 1) }
        guard let site = outline[keyPath: mapping] else {
            let text = "\(section):\n  \(renderedKey):\n" + block.map { "    \($0)\n" }.joined()
            return MenuTextChange(edits: [Self.appendingAtEnd(text, to: outline)])
        }
        if site.isFlow {
            let entry = "\(renderedKey): {" + block.joined(separator: ", ") + "}"
            guard let edit = MappingEntryEdits.insertion(of: entry, into: site, file: file, index: outline.index) else {
                throw .notEditableInPlace(field: section, file: file, line: site.parentKeyLine)
            }
            return MenuTextChange(edits: [edit])
        }
        let kind: Occurrence.Kind = section == "fruits" ? .fruit : .juice
        // After a last sibling written on one line (`mango: {name: …, emoji: 🥭}`), the new entry is one line too.
        let siblings = outline.entries.values.filter { $0.kind == kind }
        if let last = siblings.max(by: { $0.keyLine < $1.keyLine }), last.value?.isFlow == true {
            let entry = "\(renderedKey): {" + block.joined(separator: ", ") + "}"
            guard let edit = MappingEntryEdits.appending(entry, to: site, file: file, index: outline.index) else {
                throw .notEditableInPlace(field: section, file: file, line: site.parentKeyLine)
            }
            return MenuTextChange(edits: [edit])
        }
        // The siblings' field indentation, relative to their keys (2 when no sibling has a block mapping).
        let step =
            outline.entries.values.lazy.filter { $0.kind == kind }.compactMap { entry -> Int? in
                guard let value = entry.value, !value.isFlow, let column = value.keyColumn else { return nil }
                return column - entry.keyColumn
            }.first ?? 2
        let fieldIndentation = String(repeating: " ", count: step)
        let text =
            "\(renderedKey):\n"
            + block.map { (site.keyColumn.map { String(repeating: " ", count: $0 - 1) } ?? "") + fieldIndentation + $0 + "\n" }.joined()
        guard let edit = MappingEntryEdits.appending(text, to: site, file: file, index: outline.index) else {
            throw .notEditableInPlace(field: section, file: file, line: site.parentKeyLine)
        }
        return MenuTextChange(edits: [edit])
    }

    /// A field `key` added to the mapping `site`: `key: flow` in a flow mapping, `key:` with `block` lines under it in
    /// a block one.
    private func appendingField(_ key: String, _ flow: String, block: [String], to site: MappingSite, in outline: RecipeOutline) -> TextEdit? {
        if site.isFlow { return MappingEntryEdits.insertion(of: "\(key): \(flow)", into: site, file: outline.file, index: outline.index) }
        let indentation = String(repeating: " ", count: (site.keyColumn ?? 1) - 1)
        let text = "\(key):\n" + block.map { indentation + "  " + $0 + "\n" }.joined()
        return MappingEntryEdits.appending(text, to: site, file: outline.file, index: outline.index)
    }

    /// `text` at the end of the file, on lines of its own.
    private static func appendingAtEnd(_ text: String, to outline: RecipeOutline) -> TextEdit {
        let bytes = outline.index.bytes
        let lead = bytes.isEmpty || bytes.last == 0x0A ? "" : "\n"
        return TextEdit(TextSpan(file: outline.file, start: bytes.count, end: bytes.count), with: lead + text)
    }

    // MARK: Writing values

    /// `{ko: …, en: …}` with the names given.
    static func flowName(_ name: NameChange) -> String {
        let parts = [name.korean.map { "ko: \(ScalarText.render($0))" }, name.english.map { "en: \(ScalarText.render($0))" }]
        return "{" + parts.compactMap { $0 }.joined(separator: ", ") + "}"
    }

    /// `[a, b]`.
    static func flowList(_ items: [String]) -> String { "[" + items.map { ScalarText.render($0) }.joined(separator: ", ") + "]" }

    /// `{fruit: amount, …}`.
    static func flowRecipe(_ recipe: [Ingredient]) -> String {
        "{" + recipe.map { "\(ScalarText.render($0.fruit.rawValue)): \($0.amount)" }.joined(separator: ", ") + "}"
    }

    /// Throws unless `name` is a relative `*.yaml`/`*.yml` path of at most 200 bytes whose parts are ASCII letters,
    /// digits, `_`, `-` and `.`, none starting with `.` or `-` (so no `..` and no hidden file): the OpenAPI document's
    /// pattern for `file`.
    package static func checkFileName(_ name: String) throws(MenuEditError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        func isNamePart(_ part: Substring) -> Bool {
            guard let first = part.unicodeScalars.first, first != ".", first != "-" else { return false }
            return part.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || "_-.".unicodeScalars.contains($0)
            }
        }
        guard name.utf8.count <= 200, name.hasSuffix(".yaml") || name.hasSuffix(".yml"), parts.allSatisfy(isNamePart) else {
            throw .invalidFile(name)
        }
    }
}
