import JuiceCore
import JuiceYAML

/// Ids, names and aliases must each lead to one fruit, or one juice, only: orders and stock commands find them by
/// any of these, as `NameKey` compares names.
extension RecipeValidator {
    /// What a text is to its owner, for messages.
    private enum NameRole {
        case id, name, alias

        func describe(_ kind: String, _ owner: String) -> String {
            switch self {
            case .id: return "the id of \(kind) '\(owner)'"
            case .name: return "a name of \(kind) '\(owner)'"
            case .alias: return "an alias of \(kind) '\(owner)'"
            }
        }
    }

    /// One text of one owner.
    private struct Claim {
        var owner: Int
        var role: NameRole
        var text: Located<String>
    }

    /// Reports every text whose key an earlier text of another owner has. `texts[i]` holds owner `i`'s id, then its
    /// names; `aliases[i]` its aliases. Every id is claimed first, then every name, then every alias, so the
    /// error falls on a name or alias rather than on the id it repeats.
    mutating func checkNames(of texts: [[Located<String>]], aliases: [[Located<String>]], kind: String) {
        var claims: [NameKey: Claim] = [:]
        claims.reserveCapacity(texts.count * 3)
        let ids = texts.indices.map { Claim(owner: $0, role: .id, text: texts[$0][0]) }
        let names = texts.indices.lazy.flatMap { owner in texts[owner].dropFirst().map { Claim(owner: owner, role: .name, text: $0) } }
        let aliasClaims = aliases.indices.lazy.flatMap { owner in aliases[owner].map { Claim(owner: owner, role: .alias, text: $0) } }
        for claim in [AnySequence(ids), AnySequence(names), AnySequence(aliasClaims)].joined() {
            let key = NameKey(claim.text.value)
            guard let first = claims[key] else {
                claims[key] = claim
                continue
            }
            guard first.owner != claim.owner else { continue }
            reportCollision(claim, first: first, owners: texts, kind: kind)
        }
    }

    private mutating func reportCollision(_ claim: Claim, first: Claim, owners: [[Located<String>]], kind: String) {
        let owner = owners[claim.owner][0].value
        let text = claim.text.value
        let differs = text != first.text.value
        // A name or alias that is not the same text is quoted, as the key it shares may not show.
        let other = first.role.describe(kind, owners[first.owner][0].value) + (differs && first.role != .id ? " ('\(first.text.value)')" : "")
        let same = differs ? "; names match ignoring case, spaces, '-' and '_'" : ""
        switch claim.role {
        case .alias:
            report(.duplicateAlias, "alias '\(text)' of \(kind) '\(owner)' is already \(other)\(same)", at: claim.text,
                   notes: [DiagnosticNote("already used here", at: first.text.location)], fix: "remove the alias or rename it")
        case .name:
            report(.duplicateName, "two \(kind)s are named '\(text)'" + (first.role == .id ? " (it is \(other))" : "") + same, at: claim.text,
                   notes: [DiagnosticNote("the other \(kind) with that name", at: first.text.location)], fix: "give each \(kind) its own name")
        case .id:
            report(.duplicateName, "\(kind) id '\(text)' is the same name as \(other)\(same)", at: claim.text,
                   notes: [DiagnosticNote("the other \(kind) with that name", at: first.text.location)], fix: "rename one of the \(kind)s")
        }
    }
}
