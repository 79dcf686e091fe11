import JuiceCore

/// The juice name check done while one file is read: each juice's id, names and aliases go into a table of their
/// keys as the juice is read, and only texts whose key an earlier text has are kept for the end, where the full
/// check is replayed on just those keys. A file without such texts costs nothing at the end.
///
/// Texts are coded as in the full check: `3i`, `3i + 1`, `3i + 2` for juice `i`'s id, Korean and English name;
/// alias `k` (in juice order) is `aliasBit | k`. Only simple texts (see `NameMatching.simpleKeyHash`) are indexed;
/// after any other text, or past the codes' range, `isComplete` is false and the full check runs instead.
struct NameIndex {
    /// A slot: 7 bits of the key's hash, then the text's code plus one in the low 25 bits (0 is empty); 4 bytes, so
    /// the table of a 100,000-juice file takes 2 MB. Its keys are not stored: growing hashes the texts again.
    private var slots = [UInt32](repeating: 0, count: 64)
    private var count = 0
    private static let tagShift: UInt32 = 25
    private static let codeMask: UInt32 = 1 << 25 - 1
    /// Marks an alias's code.
    static let aliasBit: UInt32 = 1 << 24
    /// Whether every text so far has been indexed.
    private(set) var isComplete = true
    /// Texts whose key an earlier text has, with the first text that has it (codes).
    private(set) var repeats: [(text: UInt32, first: UInt32)] = []
    /// Each alias's juice and its position among that juice's aliases, by alias number.
    private(set) var aliases: [(owner: Int, position: Int)] = []

    /// An empty index; an incomplete one indexes nothing.
    init(complete: Bool = true) {
        if !complete { stop() }
    }

    /// Makes room for about `texts` texts in all, so the table need not grow again.
    mutating func reserve(texts: Int, juices: [Juice], places: [JuicePlaces]) {
        guard isComplete else { return }
        var capacity = slots.count
        while capacity * 3 < texts * 4 { capacity *= 2 }
        if capacity > slots.count { rebuild(capacity: capacity, juices: juices, places: places) }
    }

    /// Indexes the texts of juice `index`, already in `juices` and `places`.
    mutating func add(juice index: Int, juices: [Juice], places: [JuicePlaces]) {
        guard isComplete else { return }
        guard index < (1 << 24) / 3 - 1 else { return stop() }
        insert(UInt32(index * 3), juices: juices, places: places)
        if places[index].korean.exists && juices[index].name.korean != nil { insert(UInt32(index * 3 + 1), juices: juices, places: places) }
        if places[index].english.exists && juices[index].name.english != nil { insert(UInt32(index * 3 + 2), juices: juices, places: places) }
        for position in juices[index].aliases.indices where isComplete {
            guard aliases.count < Int(Self.aliasBit) - 1 else { return stop() }
            aliases.append((index, position))
            insert(Self.aliasBit | UInt32(aliases.count - 1), juices: juices, places: places)
        }
        if isComplete && count * 4 > slots.count * 3 { rebuild(capacity: slots.count * 2, juices: juices, places: places) }
    }

    /// The text coded `code`.
    func text(_ code: UInt32, juices: [Juice], places: [JuicePlaces]) -> String? {
        if code & Self.aliasBit != 0 {
            let alias = aliases[Int(code & ~Self.aliasBit)]
            return juices[alias.owner].aliases[alias.position]
        }
        let index = Int(code / 3)
        switch code % 3 {
        case 0: return juices[index].id.rawValue
        case 1: return places[index].korean.exists ? juices[index].name.korean : nil
        default: return places[index].english.exists ? juices[index].name.english : nil
        }
    }

    /// Adds text `code` to the table, or to `repeats` when an earlier text has its key.
    private mutating func insert(_ code: UInt32, juices: [Juice], places: [JuicePlaces]) {
        guard isComplete, let text = text(code, juices: juices, places: places) else { return }
        let outcome: Bool? = text.withUTF8Bytes { bytes in
            guard let full = NameMatching.simpleKeyHash(bytes) else { return nil }
            let hash = HashSlots.fold(full)
            let tag = hash >> Self.tagShift
            let mask = slots.count - 1
            var index = Int(hash) & mask
            while true {
                let slot = slots[index]
                if slot == 0 { break }
                if slot >> Self.tagShift == tag {
                    let first = (slot & Self.codeMask) - 1
                    if self.text(first, juices: juices, places: places)?.withUTF8Bytes({ NameMatching.simpleKeysEqual($0, bytes) }) ?? false {
                        repeats.append((code, first))
                        return false
                    }
                }
                index = (index + 1) & mask
            }
            slots[index] = tag << Self.tagShift | (code + 1)
            return true
        }
        guard let added = outcome else { return stop() }
        if added { count += 1 }
    }

    /// Gives up indexing: the full check will run at the end.
    private mutating func stop() {
        isComplete = false
        slots = []
        repeats = []
        aliases = []
    }

    /// Places every indexed text again in a table of `capacity` slots, hashing it anew.
    private mutating func rebuild(capacity: Int, juices: [Juice], places: [JuicePlaces]) {
        let old = slots
        slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for slot in old where slot != 0 {
            let code = (slot & Self.codeMask) - 1
            guard let text = text(code, juices: juices, places: places),
                  let full = text.withUTF8Bytes(NameMatching.simpleKeyHash) else { continue }
            var index = Int(HashSlots.fold(full)) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}

extension NameIndex {
    /// The problems among the repeated texts, as the full check finds them: `(text, other)` pairs in batch numbers
    /// (alias `k` is `3n + k` for `n` juices), in the order the full check reports them. For each key met more than
    /// once: its last id owns it; failing that, its first name, then its first alias; every other name or alias with
    /// that key is a problem when it belongs to another juice than the owner.
    func problems(juiceCount: Int) -> [(number: Int, other: Int)] {
        guard isComplete, !repeats.isEmpty else { return [] }
        var groups: [UInt32: [UInt32]] = [:]
        for (text, first) in repeats { groups[first, default: [first]].append(text) }
        let aliasBase = juiceCount * 3
        func number(_ code: UInt32) -> Int { code & Self.aliasBit != 0 ? aliasBase + Int(code & ~Self.aliasBit) : Int(code) }
        func owner(_ code: UInt32) -> Int { code & Self.aliasBit != 0 ? aliases[Int(code & ~Self.aliasBit)].owner : Int(code / 3) }
        var found: [(number: Int, other: Int)] = []
        for members in groups.values {
            let ordered = members.sorted { number($0) < number($1) }
            var holder = ordered.last { $0 & Self.aliasBit == 0 && $0 % 3 == 0 }
            for code in ordered where code & Self.aliasBit != 0 || code % 3 != 0 {
                guard let other = holder else {
                    holder = code
                    continue
                }
                if owner(other) != owner(code) { found.append((number(code), number(other))) }
            }
        }
        return found.sorted { $0.number < $1.number }
    }
}
