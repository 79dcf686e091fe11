import JuiceCore
import JuiceYAML

/// A fruit or juice draft as the name rules see it: an id, names and aliases, each where it was written.
protocol NamedDraft {
    /// The id's text and place.
    var idText: Located<String> { get }
    var korean: Located<String>? { get }
    var english: Located<String>? { get }
    var aliases: [Located<String>] { get }
}

extension NamedDraft {
    /// The text in `slot`: 0 the id, 1 the Korean name, 2 the English name, 3 and on the aliases.
    func text(_ slot: Int) -> Located<String>? {
        switch slot {
        case 0: return idText
        case 1: return korean
        case 2: return english
        default: return aliases[slot - 3]
        }
    }
}

extension FruitDraft: NamedDraft {
    var idText: Located<String> { Located(value: id.value.rawValue, location: id.location, length: id.length) }
    var aliases: [Located<String>] { [] }
}

extension JuiceDraft: NamedDraft {
    var idText: Located<String> { Located(value: id.value.rawValue, location: id.location, length: id.length) }
}

/// Ids, names and aliases must each lead to one fruit, or one juice, only: orders and stock commands find them by
/// any of these, as `NameKey` compares names.
extension RecipeValidator {
    /// One text of one draft: the draft's position and the text's slot (see `NamedDraft.text`).
    private struct Claim {
        var owner: Int
        var slot: Int
    }

    /// Reports every text whose key an earlier text of another draft has. Every id is claimed first, then every
    /// name, then every alias, so the error falls on a name or alias rather than on the id it repeats.
    mutating func checkNames(of drafts: [some NamedDraft], kind: RecipeKind) {
        // Each key's first claim, by position in `claimed`.
        var firsts: [NameKey: Int] = [:]
        firsts.reserveCapacity(drafts.count * 3)
        var claimed: [Claim] = []
        func claim(_ text: String, _ candidate: Claim) -> Claim? {
            func firstClaim(_ existing: inout Int?) -> Claim? {
                guard let existing else {
                    existing = claimed.count
                    claimed.append(candidate)
                    return nil
                }
                return claimed[existing]
            }
            return firstClaim(&firsts[NameKey(text)])
        }
        var collisions: [(Claim, first: Claim)] = []
        for owner in drafts.indices {
            let candidate = Claim(owner: owner, slot: 0)
            if let first = claim(drafts[owner].idText.value, candidate) { collisions.append((candidate, first)) }
        }
        for owner in drafts.indices {
            for slot in 1...2 {
                guard let text = slot == 1 ? drafts[owner].korean : drafts[owner].english else { continue }
                let candidate = Claim(owner: owner, slot: slot)
                if let first = claim(text.value, candidate), first.owner != owner { collisions.append((candidate, first)) }
            }
        }
        for owner in drafts.indices where !drafts[owner].aliases.isEmpty {
            for (index, alias) in drafts[owner].aliases.enumerated() {
                let candidate = Claim(owner: owner, slot: 3 + index)
                if let first = claim(alias.value, candidate), first.owner != owner { collisions.append((candidate, first)) }
            }
        }
        for (claim, first) in collisions { reportCollision(claim, first: first, drafts: drafts, kind: kind) }
    }

    private mutating func reportCollision(_ claim: Claim, first: Claim, drafts: [some NamedDraft], kind: RecipeKind) {
        guard let text = drafts[claim.owner].text(claim.slot), let firstText = drafts[first.owner].text(first.slot) else { return }
        let owner = RecipeEntry(kind, drafts[claim.owner].idText.value)
        let differs = text.value != firstText.value
        // A name or alias that is not the same text is quoted, as the key it shares may not show.
        let role: NameClaim.Role = first.slot == 0 ? .id : first.slot < 3 ? .name : .alias
        let other = NameClaim(
            role, of: RecipeEntry(kind, drafts[first.owner].idText.value),
            shownText: differs && first.slot != 0 ? firstText.value : nil)
        switch claim.slot {
        case 0:
            report(
                .duplicateName, .idIsAnotherName(RecipeEntry(kind, text.value), same: other, differs: differs), at: text,
                notes: [DiagnosticNote(.otherWithThatName(kind), at: firstText.location)], fix: .renameOne(kind))
        case 1, 2:
            report(
                .duplicateName, .nameTaken(kind, name: text.value, same: other, differs: differs), at: text,
                notes: [DiagnosticNote(.otherWithThatName(kind), at: firstText.location)], fix: .ownName(kind))
        default:
            report(
                .duplicateAlias, .aliasTaken(alias: text.value, of: owner, same: other, differs: differs), at: text,
                notes: [DiagnosticNote(.alreadyUsedHere, at: firstText.location)], fix: .removeAlias)
        }
    }
}
