import JuiceCore
import JuiceRecipeText
import JuiceRecipes
import JuiceYAML

extension RecipeWorkspace {
    /// The fixes `diagnostic` (one of this workspace's) suggests, as edits that make it go away: each is checked by
    /// linting the edited set, and only the ones after which the diagnostic is gone are offered. Suggestions that need
    /// a choice only the writer can make (which of two names to change, what text to write) have none.
    package func quickFixes(for diagnostic: Diagnostic) -> [QuickFix] {
        guard let fix = diagnostic.suggestedFix, let source = source(named: diagnostic.location.file) else { return [] }
        let title = fix.text(in: language) ?? diagnostic.message(in: language)
        let editor = FixEditor(workspace: self, source: source, diagnostic: diagnostic)
        let candidates = editor.edits(for: fix)
        if case .defineFruitOrRemoveEntry = fix {
            // Two fixes: define the fruit, or remove the entry naming it.
            return zip(candidates, [title, FixText.removeEntry.text(in: language)]).enumerated().compactMap { position, pair in
                guard !pair.0.isEmpty, removes(diagnostic, by: pair.0) else { return nil }
                return QuickFix(title: pair.1, edits: pair.0, isPreferred: position == 0)
            }
        }
        // One fix: the first candidate that works (a syntax error may have several guesses).
        guard let edits = candidates.first(where: { !$0.isEmpty && removes(diagnostic, by: $0) }) else { return [] }
        return [QuickFix(title: title, edits: edits)]
    }

    /// Whether the set with `edits` applied no longer has `diagnostic` (its file, rule and finding, wherever it moved)
    /// and no new kind of error (a typo fixed into a duplicate key is no fix; an id made valid may let problems of its
    /// entry be seen that its invalid id hid, which are not new).
    func removes(_ diagnostic: Diagnostic, by edits: [TextEdit]) -> Bool {
        var rules = self.rules
        if let configuration = rules.files.first(where: { $0.name == diagnostic.location.file }) {
            // A fix of the configuration file: read the edited file again as `juice lint` would.
            let edited = Self.applying(edits, to: [configuration])[0]
            let (settings, problems) = RuleConfiguration.parse(edited)
            rules.configuration = settings
            rules.diagnostics = problems
            rules.files = [edited]
        }
        let after = RecipeWorkspace(files: applying(edits), rules: rules, language: language)
        func count(_ diagnostics: [Diagnostic]) -> Int {
            diagnostics.count {
                $0.location.file == diagnostic.location.file && $0.rule == diagnostic.rule && $0.finding == diagnostic.finding
            }
        }
        guard count(after.result.diagnostics) < count(result.diagnostics) else { return false }
        let kinds = Set(result.diagnostics.filter { $0.severity == .error }.map(\.rule))
        return after.result.diagnostics.allSatisfy { $0.severity != .error || kinds.contains($0.rule) }
    }
}

/// The words of fix titles beyond lint's own.
enum FixText {
    case removeEntry

    func text(in language: Language) -> String {
        switch self {
        case .removeEntry: return language == .korean ? "이 항목을 지우세요" : "remove this entry"
        }
    }
}

/// Turns one lint suggestion into candidate edits, the preferred first.
struct FixEditor {
    let workspace: RecipeWorkspace
    let source: RecipeSourceFile
    let diagnostic: Diagnostic
    let index: LineIndex
    let outline: RecipeOutline?
    /// Where the diagnostic points and the bytes it underlines.
    let start: Int
    let end: Int

    init(workspace: RecipeWorkspace, source: RecipeSourceFile, diagnostic: Diagnostic) {
        self.workspace = workspace
        self.source = source
        self.diagnostic = diagnostic
        index = LineIndex(source.bytes)
        outline = workspace.outline(of: source.name)
        start = index.byteOffset(line: diagnostic.location.line, scalarColumn: diagnostic.location.column)
        end = index.byteOffset(start, advancedByScalars: diagnostic.length)
    }

    private var file: String { source.name }
    private var bytes: [UInt8] { index.bytes }

    private func edit(_ range: Range<Int>, _ text: String, in file: String? = nil) -> TextEdit {
        TextEdit(TextSpan(file: file ?? self.file, start: range.lowerBound, end: range.upperBound), with: text)
    }

    /// The candidate edits for `fix`, the preferred first.
    func edits(for fix: LintFix) -> [[TextEdit]] {
        switch fix {
        case .replace(let name, let suggestion), .renameKey(let name, let suggestion):
            return [replacingText(name, with: suggestion)].compactMap { $0 }
        case .useID(let id): return [[edit(scalar().inner, id)]]
        case .writeSetting(let setting): return [[edit(scalar().outer, setting)]]
        case .turnOff: return [[edit(scalar().outer, RuleSetting.off.rawValue)]]
        case .writeVersion: return [[edit(scalar().outer, "1")]]
        case .dropLeadingZero(let value), .writeNumber(let value): return [[edit(scalar().outer, "\(value)")]]
        case .quote(let text):
            let escaped = text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
            return [[edit(scalar().outer, "\"\(escaped)\"")]]
        case .removeQuotes:
            let span = scalar()
            return [[edit(span.outer, String(decoding: bytes[span.inner], as: UTF8.self))]]
        case .spaceAfterColon:
            let line = index.byteRange(ofLine: index.line(ofByteOffset: start))
            guard let colon = bytes[start..<line.upperBound].firstIndex(of: UInt8(ascii: ":")) else { return [] }
            return [[edit((colon + 1)..<(colon + 1), " ")]]
        case .addVersion:
            guard let root = outline?.root else { return [[edit(0..<0, "version: 1\n")]] }
            return [[insertion(of: "version: 1", into: root, file: file, index: index)].compactMap { $0 }]
        case .addStock(let fruit): return [setStock(of: fruit, to: 10)]
        case .raiseStock(let fruit, let amount): return [setStock(of: fruit, to: amount)]
        case .lowerStock(let capacity), .useAtMost(let capacity, _):
            guard let occurrence = occurrenceHere(), let value = occurrence.value else { return [] }
            return [[edit(value.outer, "\(capacity)")]]
        case .defineFruit(let fruit): return [defineFruit(fruit)]
        case .defineFruitOrRemoveEntry(let fruit): return [defineFruit(fruit), removingEntryHere()]
        case .removeOneDefinition: return [removingEntryHere()]
        case .useOrRemoveFruit:
            guard let occurrence = occurrenceHere() else { return [] }
            return [removingEveryUse(of: occurrence.id)]
        case .removeAlias:
            guard let alias = outline?.aliases.first(where: { $0.span.outer.contains(start) || $0.span.outer.lowerBound == start }) else { return [] }
            return [deletion(ofEntryAt: alias.line, column: alias.column, in: index, file: file)]
        case .addName:
            guard let occurrence = occurrenceHere(), let entry = outline?.entryMappings[occurrence.id] else { return [] }
            let name = "name: {ko: \(occurrence.id), en: \(occurrence.id)}"
            return [[insertion(of: name, into: entry, file: file, index: index)].compactMap { $0 }]
        case .giveNames:
            guard let (id, site) = outline?.nameMappings.first(where: { $0.value.opening == start }), let closing = site.closingBrace else {
                return []
            }
            return [[edit(site.opening..<(closing + 1), "{ko: \(id), en: \(id)}")]]
        case .addRecipe:
            guard let occurrence = occurrenceHere(), let entry = outline?.entryMappings[occurrence.id], let fruit = firstFruit else { return [] }
            return [[insertion(of: "recipe: {\(fruit): 1}", into: entry, file: file, index: index)].compactMap { $0 }]
        case .addFruit:
            guard let site = outline?.recipeMappings.values.first(where: { $0.opening == start }), let closing = site.closingBrace,
                let fruit = firstFruit
            else { return [] }
            return [[edit(site.opening..<(closing + 1), "{\(fruit): 1}")]]
        case .yaml(.tabIndentation):
            let line = index.byteRange(ofLine: index.line(ofByteOffset: start))
            let tabs = bytes[line].prefix { $0 == 0x09 || $0 == 0x20 }
            let spaces = tabs.reduce(0) { $0 + ($1 == 0x09 ? 2 : 1) }
            return [[edit(line.lowerBound..<(line.lowerBound + tabs.count), String(repeating: " ", count: spaces))]]
        case .yaml(.duplicateKey): return [removingEntryHere()]
        case .renameOne, .ownName: return distinctName()
        case .matchPackCost(let cost): return [[edit(scalar().outer, "\(cost)")]]
        case .lowerMinimum(let most): return [[edit(scalar().outer, "\(most)")]]
        case .raisePrice, .shortenID, .defineSupplier, .fasterSupplier, .addOrderDay, .addBuy, .addKey, .openOrMoveEvent:
            // How much to charge, which cost is wrong, what a shorter id is, which supplier to buy from or what to
            // write in a new key is the writer's choice.
            return []
        case .writeText:
            // An empty name: the id of the entry it belongs to, which is text.
            guard let owner = outline?.occurrences.last(where: { $0.role == .definition && $0.key.outer.lowerBound < start }) else { return [] }
            return [[edit(scalar().outer, owner.id)]]
        case .yaml(.nonStringKey):
            let span = scalar()
            return [[edit(span.outer, "\"" + String(decoding: bytes[span.outer], as: UTF8.self) + "\"")]]
        case .yaml(.byteOrderMarkInside):
            return [[edit(start..<min(start + 3, bytes.count), "")]]
        case .yaml(.syntax):
            return closingCandidates()
        case .yaml:
            // Advice rather than an edit (re-save as UTF-8, split the file): nothing to apply.
            return []
        }
    }

    /// For two fruits or juices that share a name: the name written here made distinct (" 2" after it), or, on an
    /// id, the id renamed with "-2" in every file.
    private func distinctName() -> [[TextEdit]] {
        if let occurrence = occurrenceHere() {
            guard let edits = try? workspace.rename(in: file, at: occurrence.key.inner.lowerBound, to: occurrence.id + "-2") else { return [] }
            return [edits]
        }
        let span = scalar()
        guard span.inner.upperBound > span.inner.lowerBound else { return [] }
        return [[edit(span.inner.upperBound..<span.inner.upperBound, " 2")]]
    }

    /// For a syntax error: what closes an open quote, bracket or brace at the end of the line it is on (or of a line a
    /// note points at). Only the ones after which the file parses survive the check.
    private func closingCandidates() -> [[TextEdit]] {
        var lines = [index.line(ofByteOffset: start)]
        for note in diagnostic.notes where note.location.file == file { lines.append(note.location.line - 1) }
        if let previous = lines.first, previous > 0 { lines.append(previous - 1) }
        var candidates: [[TextEdit]] = []
        for line in lines {
            var end = index.byteRange(ofLine: line).upperBound
            while end > index.byteRange(ofLine: line).lowerBound, bytes[end - 1] == 0x20 { end -= 1 }
            for closer in ["}", "]", "\"", "'"] { candidates.append([edit(end..<end, closer)]) }
        }
        return candidates
    }

    /// The first fruit the set defines (for a recipe that needs one).
    private var firstFruit: String? { workspace.result.book.fruits.first?.id.rawValue }

    /// The scalar written at the diagnostic's start.
    private func scalar() -> ScalarSpan {
        let line = index.byteRange(ofLine: index.line(ofByteOffset: start))
        let quote = start < bytes.count ? bytes[start] : 0
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            // A plain scalar: to the end of its text (a key up to its colon), at least what the diagnostic underlines.
            let stops: [UInt8] = [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "#")]
            var stop = start
            while stop < line.upperBound, !stops.contains(bytes[stop]) { stop += 1 }
            while stop > start, bytes[stop - 1] == 0x20 { stop -= 1 }
            let stopAt = max(stop, end)
            return ScalarSpan(outer: start..<stopAt, inner: start..<stopAt, isExact: true)
        }
        var close = start + 1
        while close < line.upperBound, bytes[close] != quote {
            close += quote == UInt8(ascii: "\"") && bytes[close] == UInt8(ascii: "\\") ? 2 : 1
        }
        let closeEnd = min(close + 1, line.upperBound)
        return ScalarSpan(outer: start..<closeEnd, inner: (start + 1)..<min(close, line.upperBound), isExact: true)
    }

    /// `name` replaced by `replacement` where it is written at the diagnostic's start (inside quotes too).
    private func replacingText(_ name: String, with replacement: String) -> [TextEdit]? {
        let target = Array(name.utf8)
        let line = index.byteRange(ofLine: index.line(ofByteOffset: start))
        var offset = start
        while offset + target.count <= line.upperBound {
            if bytes[offset..<(offset + target.count)].elementsEqual(target) { return [edit(offset..<(offset + target.count), replacement)] }
            offset += 1
        }
        return nil
    }

    /// The fruit or juice id occurrence the diagnostic points at.
    private func occurrenceHere() -> Occurrence? {
        outline?.occurrences.first { $0.key.outer.lowerBound == start || $0.key.inner.lowerBound == start }
    }

    /// Sets the initial stock of `fruit` to `amount`: its entry changed, or one added under `store: stock`.
    private func setStock(of fruit: String, to amount: Int) -> [TextEdit] {
        for outline in workspace.outlines {
            if let entry = outline.occurrences.first(where: { $0.role == .stock && $0.id == fruit }), let value = entry.value {
                return [TextEdit(outline.textSpan(value.outer), with: "\(amount)")]
            }
        }
        let entry = "\(fruit): \(amount)"
        if let (outline, stock) = workspace.outlines.lazy.compactMap({ outline in outline.stockMapping.map { (outline, $0) } }).first {
            return [insertion(of: entry, into: stock, file: outline.file, index: outline.index)].compactMap { $0 }
        }
        if let (outline, store) = workspace.outlines.lazy.compactMap({ outline in outline.storeMapping.map { (outline, $0) } }).first {
            return [insertion(of: "stock: {\(entry)}", into: store, file: outline.file, index: outline.index)].compactMap { $0 }
        }
        return [appending("store:\n  stock:\n    \(entry)\n")]
    }

    /// A definition of `fruit` added under `fruits` (in the first file that has the section, else this one).
    private func defineFruit(_ fruit: String) -> [TextEdit] {
        let entry = "\(fruit): {name: {ko: \(fruit), en: \(fruit)}}"
        if let (outline, fruits) = workspace.outlines.lazy.compactMap({ outline in outline.fruitsMapping.map { (outline, $0) } }).first {
            return [insertion(of: entry, into: fruits, file: outline.file, index: outline.index)].compactMap { $0 }
        }
        return [appending("fruits:\n  \(entry)\n")]
    }

    /// Text added at the end of this file, on a line of its own.
    private func appending(_ text: String) -> TextEdit {
        let needsBreak = !(bytes.last.map { $0 == 0x0A || $0 == 0x0D } ?? true)
        return edit(bytes.count..<bytes.count, (needsBreak ? "\n" : "") + text)
    }

    /// The deletion of the mapping entry whose key the diagnostic points at.
    private func removingEntryHere() -> [TextEdit] {
        let location = diagnostic.location
        return deletion(ofEntryAt: location.line, column: location.column, in: index, file: file)
    }

    /// The fruit `id`'s definition and every store entry naming it, deleted.
    private func removingEveryUse(of id: String) -> [TextEdit] {
        var edits: [TextEdit] = []
        for outline in workspace.outlines {
            for occurrence in outline.occurrences where occurrence.kind == .fruit && occurrence.id == id {
                if case .recipe = occurrence.role { continue }
                edits += deletion(ofEntryAt: occurrence.line, column: occurrence.column, in: outline.index, file: outline.file)
            }
        }
        return edits
    }
}

/// Inserting and deleting mapping entries as text (`MappingEntryEdits`, shared with menu editing).
extension FixEditor {
    /// `entry` (`key: value`) added to the mapping `site` as its first entry (block) or last (flow).
    func insertion(of entry: String, into site: MappingSite, file: String, index: LineIndex) -> TextEdit? {
        MappingEntryEdits.insertion(of: entry, into: site, file: file, index: index)
    }

    /// The deletion of the mapping entry (or sequence item) whose key starts at 1-based `line` and `column`.
    func deletion(ofEntryAt line: Int, column: Int, in index: LineIndex, file: String) -> [TextEdit] {
        MappingEntryEdits.deletion(ofEntryAt: line, column: column, in: index, file: file)
    }
}

extension String {
    /// This text with every `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
