import JuiceCore

/// What `juice diff --json` prints, as a `Codable` wire model: the two paths, whether the menus are the same, the
/// summary lines, and each kind of change in the order the summary has them (absent prices and names are null).
package struct MenuChangesJSON: Codable, Sendable, Hashable {
    /// A juice's names, each null when the recipes do not give it.
    package struct Name: Codable, Sendable, Hashable {
        package var ko: String?
        package var en: String?

        init(_ name: LocalizedName) { (ko, en) = (name.korean, name.english) }

        /// Writes both members, null when absent.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ko, forKey: .ko)
            try container.encode(en, forKey: .en)
        }
    }

    /// A juice renamed.
    package struct NameChange: Codable, Sendable, Hashable {
        package var juice: String
        package var before: Name
        package var after: Name
    }

    /// A juice's aliases added and removed.
    package struct AliasChange: Codable, Sendable, Hashable {
        package var juice: String
        package var added: [String]
        package var removed: [String]
    }

    /// A juice's price, before and after (null: no price).
    package struct PriceChange: Codable, Sendable, Hashable {
        package var juice: String
        package var before: Int?
        package var after: Int?

        /// Writes every member, a price null when absent.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(juice, forKey: .juice)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
        }
    }

    /// A fruit's amount, capacity or initial stock, before and after.
    package struct Amount: Codable, Sendable, Hashable {
        package var fruit: String
        package var before: Int
        package var after: Int

        init(_ change: MenuChanges.AmountChange) { (fruit, before, after) = (change.fruit.rawValue, change.before, change.after) }
    }

    /// A juice's recipe, fruit by fruit.
    package struct RecipeChange: Codable, Sendable, Hashable {
        package var juice: String
        package var amounts: [Amount]
    }

    /// A juice the old set's initial stock made that the new set's does not, with what it is short of.
    package struct Unmakeable: Codable, Sendable, Hashable {
        package var juice: String
        package var shortages: [ShortageJSON]
    }

    package var old: String
    package var new: String
    package var identical: Bool
    package var summary: [String]
    package var juicesAdded: [String]
    package var juicesRemoved: [String]
    package var namesChanged: [NameChange]
    package var aliasesChanged: [AliasChange]
    package var pricesChanged: [PriceChange]
    package var recipesChanged: [RecipeChange]
    package var fruitsAdded: [String]
    package var fruitsRemoved: [String]
    package var capacitiesChanged: [Amount]
    package var initialStockChanged: [Amount]
    package var becameUnmakeable: [Unmakeable]

    /// `changes` between the sets at `old` and `new`, summed up in `summary`.
    package init(_ changes: MenuChanges, summary: [String], old: String, new: String) {
        (self.old, self.new, identical, self.summary) = (old, new, changes.isEmpty, summary)
        juicesAdded = changes.juicesAdded.map(\.rawValue)
        juicesRemoved = changes.juicesRemoved.map(\.rawValue)
        namesChanged = changes.namesChanged.map { NameChange(juice: $0.juice.rawValue, before: Name($0.before), after: Name($0.after)) }
        aliasesChanged = changes.aliasesChanged.map { AliasChange(juice: $0.juice.rawValue, added: $0.added, removed: $0.removed) }
        pricesChanged = changes.pricesChanged.map { PriceChange(juice: $0.juice.rawValue, before: $0.before, after: $0.after) }
        recipesChanged = changes.recipesChanged.map { RecipeChange(juice: $0.juice.rawValue, amounts: $0.amounts.map(Amount.init)) }
        fruitsAdded = changes.fruitsAdded.map(\.rawValue)
        fruitsRemoved = changes.fruitsRemoved.map(\.rawValue)
        capacitiesChanged = changes.capacitiesChanged.map(Amount.init)
        initialStockChanged = changes.initialStockChanged.map(Amount.init)
        becameUnmakeable = changes.becameUnmakeable.map { juice in
            Unmakeable(
                juice: juice.juice.rawValue,
                shortages: juice.shortages.map { ShortageJSON($0) })
        }
    }
}
