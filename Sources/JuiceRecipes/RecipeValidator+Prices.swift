import JuiceCore

/// Prices against what the fruits cost (`price-below-cost`).
extension RecipeValidator {
    /// How many of a juice's costliest fruits a `price-below-cost` finding names, each with a note at its cost.
    static let costliestShown = 3

    /// Reports each juice whose price is not above what its fruits cost, when its whole recipe was read, every fruit
    /// of it is defined and has a cost (written, or from its pack price: the cost the shop counts everywhere), and the
    /// fruits cost something.
    mutating func checkPrices(of juices: [JuiceDraft], fruits: [FruitDraft], namer: FruitNamer) {
        for juice in juices {
            guard let price = juice.price, !juice.recipeIncomplete else { continue }
            let recipe = juice.recipe.map(\.value)
            guard let cost = RecipeCost(recipe: recipe, unitCost: { namer.position(of: $0).flatMap { fruits[$0].fruit.cost } }),
                cost.total > 0, price.value <= cost.total
            else { continue }
            let shown = cost.costliestFirst.prefix(Self.costliestShown)
            let notes = shown.compactMap { share in namer.position(of: share.fruit).flatMap { Self.costNote(share, of: fruits[$0]) } }
            report(
                .priceBelowCost, .priceNotAboveCost(juice: juice.id.value.rawValue, price: price.value, cost: cost), at: price, notes: notes,
                fix: .raisePrice(above: cost.total, orCheck: shown.map(\.fruit.rawValue)))
        }
    }

    /// The note at where `share`'s unit cost is given: the fruit's `cost`, else its pack's `price`.
    static func costNote(_ share: FruitCostShare, of fruit: FruitDraft) -> DiagnosticNote? {
        let name = share.fruit.rawValue
        if let written = fruit.cost {
            return DiagnosticNote(.unitCost(fruit: name, cost: share.unitCost, amount: share.amount), at: written.location)
        }
        guard let price = fruit.buy?.price else { return nil }
        let note = NoteMessage.packUnitCost(
            fruit: name, cost: share.unitCost, pack: fruit.buy?.pack?.value ?? 1, price: price.value, amount: share.amount)
        return DiagnosticNote(note, at: price.location)
    }
}
