import JuiceCore

/// Juice ids, names and aliases must each lead to one juice only (orders are matched by any of them).
///
/// Texts are numbered: juice `i` has its id at `3i`, its Korean name at `3i + 1` and its English name at `3i + 2`;
/// alias `k` (in juice order) is `3n + k`. One map from normalised text to its first owner serves all three checks:
/// every id first (a later equal id takes the text over), then the names, then the aliases.
extension RecipeValidator {
    /// What a juice name, id or alias is, for messages.
    private enum NameRole {
        case id, name, alias

        func describe(_ juice: JuiceID) -> String {
            switch self {
            case .id: return "the id of juice '\(juice)'"
            case .name: return "a name of juice '\(juice)'"
            case .alias: return "an alias of juice '\(juice)'"
            }
        }
    }

    /// The texts of a juice list, by number.
    private struct NameTexts {
        let list: JuiceList
        /// For each alias, its juice and its position among that juice's aliases.
        let aliases: [(owner: Int, position: Int)]

        init(_ list: JuiceList) {
            self.list = list
            var aliases: [(owner: Int, position: Int)] = []
            aliases.reserveCapacity(list.aliasPlaces.count)
            for owner in list.juices.indices {
                for position in list.juices[owner].aliases.indices { aliases.append((owner, position)) }
            }
            self.aliases = aliases
        }

        var aliasBase: Int { list.juices.count * 3 }

        func owner(_ text: Int) -> Int { text < aliasBase ? text / 3 : aliases[text - aliasBase].owner }

        func role(_ text: Int) -> NameRole { text >= aliasBase ? .alias : text % 3 == 0 ? .id : .name }

        func text(_ number: Int) -> String? {
            if number >= aliasBase {
                let alias = aliases[number - aliasBase]
                return list.juices[alias.owner].aliases[alias.position]
            }
            let index = number / 3
            switch number % 3 {
            case 0: return list.juices[index].id.rawValue
            case 1: return list.places[index].korean.exists ? list.juices[index].name.korean : nil
            default: return list.places[index].english.exists ? list.juices[index].name.english : nil
            }
        }

        func ref(_ number: Int) -> SourceRef {
            let file = list.file(ofJuice: owner(number))
            if number >= aliasBase { return list.aliasPlaces[number - aliasBase].ref(in: file) }
            return list.places[number / 3].place(number % 3, text: text(number) ?? "").ref(in: file)
        }
    }

    /// Checks juice ids, names and aliases against one another.
    mutating func checkJuiceNames(_ list: JuiceList) {
        if list.names.isComplete {
            // Done while reading; only keys met twice are looked at.
            let problems = list.names.problems(juiceCount: list.juices.count)
            guard !problems.isEmpty else { return }
            let texts = NameTexts(list)
            for (number, other) in problems {
                guard let text = texts.text(number) else { continue }
                reportSameName(number, other: other, text: text, texts: texts)
            }
            return
        }
        let texts = NameTexts(list)
        let start = diagnostics.count
        if checkBySimpleKeys(texts) { return }
        // A text outside the simple set: start again with normalised strings.
        dropDiagnostics(from: start)
        checkByNormalizedStrings(texts)
    }

    /// The check for texts that are all simple (see `NameMatching.simpleKeyHash`), without making a string per text;
    /// false (having reported some problems, perhaps) as soon as a text is not simple.
    private mutating func checkBySimpleKeys(_ texts: NameTexts) -> Bool {
        var table = HashSlots(expected: texts.list.juices.count * 2 + texts.aliases.count)
        for number in stride(from: 0, to: texts.aliasBase, by: 3) {
            guard check(number, texts: texts, table: &table) else { return false }
        }
        for number in 0..<texts.aliasBase + texts.aliases.count where number % 3 != 0 || number >= texts.aliasBase {
            guard check(number, texts: texts, table: &table) else { return false }
        }
        return true
    }

    /// Checks text `number` against the texts in `table`, adding it; false when the text is not simple.
    private mutating func check(_ number: Int, texts: NameTexts, table: inout HashSlots) -> Bool {
        guard let text = texts.text(number) else { return true }
        let result: (slot: Int, value: UInt32)?? = text.withUTF8Bytes { bytes in
            guard let full = NameMatching.simpleKeyHash(bytes) else { return nil }
            let hash = HashSlots.fold(full)
            let found = table.find(hash) { other in
                texts.text(Int(other))?.withUTF8Bytes { NameMatching.simpleKeysEqual($0, bytes) } ?? false
            }
            if found == nil { table.insert(hash, UInt32(truncatingIfNeeded: number)) }
            return .some(found)
        }
        guard let found = result else { return false }
        guard let found else { return true }
        if number < texts.aliasBase && number % 3 == 0 {
            // A later juice with an equal id takes the text over.
            table.replace(slot: found.slot, with: UInt32(truncatingIfNeeded: number))
        } else {
            reportSameName(number, other: Int(found.value), text: text, texts: texts)
        }
        return true
    }

    /// The check for any texts: keys are `NameMatching.normalize` results, compared as strings.
    private mutating func checkByNormalizedStrings(_ texts: NameTexts) {
        var owners: [String: Int] = [:]
        owners.reserveCapacity(texts.list.juices.count * 3)
        for number in stride(from: 0, to: texts.aliasBase, by: 3) {
            guard let text = texts.text(number) else { continue }
            owners[NameMatching.normalize(text)] = number
        }
        for number in 0..<texts.aliasBase + texts.aliases.count where number % 3 != 0 || number >= texts.aliasBase {
            guard let text = texts.text(number) else { continue }
            let key = NameMatching.normalize(text)
            guard let other = owners[key] else {
                owners[key] = number
                continue
            }
            reportSameName(number, other: other, text: text, texts: texts)
        }
    }

    /// Reports text `number` when `other`, which has the same key, belongs to another juice.
    private mutating func reportSameName(_ number: Int, other: Int, text: String, texts: NameTexts) {
        let owner = texts.owner(number)
        let otherOwner = texts.owner(other)
        guard otherOwner != owner else { return }
        let juices = texts.list.juices
        let role = texts.role(other)
        if texts.role(number) == .alias {
            report(.duplicateAlias, "alias '\(text)' of juice '\(juices[owner].id)' is already \(role.describe(juices[otherOwner].id))",
                   at: texts.ref(number), notes: [("already used here", texts.ref(other))], fix: "remove the alias or rename it")
        } else {
            report(.duplicateName, "two juices are named '\(text)'" + (role == .id ? " (it is the id of juice '\(juices[otherOwner].id)')" : ""),
                   at: texts.ref(number), notes: [("the other juice with that name", texts.ref(other))], fix: "give each juice its own name")
        }
    }
}
