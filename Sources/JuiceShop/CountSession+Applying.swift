import JuiceCore

extension CountSession {
    /// The one rule of where a count may be applied, for the preview (`Shop.previewCount`) and every store: in a
    /// session that exists and has not been applied. `found` is session `id` as the store read it (nil: there is
    /// none): the journal entry it started at and the count entry that applied it, if one did. Returns where it
    /// started; refused: an unknown session (`ShopError.unknownCountSession`), an applied one (`.countSessionApplied`).
    static func requireOpen(_ id: String, found: (start: Int, appliedBy: Int?)?) throws(ShopError) -> Int {
        guard let found else { throw .unknownCountSession(id) }
        if let applied = found.appliedBy { throw .countSessionApplied(id, entry: applied) }
        return found.start
    }
}

extension CountLine {
    /// The one rule of a counted value, for a count's lines (`Shop.previewCount`, `Shop.count`) and the ledger that
    /// applies it: 0 or more; refused as `ShopError.invalidQuantity`, unplaced.
    static func requireValid(_ count: Int, of fruit: FruitID) throws(ShopError) {
        guard count >= 0 else { throw .negativeCount(fruit, count) }
    }
}
