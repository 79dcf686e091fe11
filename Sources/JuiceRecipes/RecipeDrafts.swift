import JuiceCore

/// A compact reference to a place in one of the loaded files (16 bytes, no string).
struct SourceRef: Hashable {
    var file: UInt32
    var line: UInt32
    var column: UInt32
    var length: UInt32
}

/// A value read from a file, with where it was written.
struct Located<Value> {
    var value: Value
    var ref: SourceRef
}

/// A fruit as read from one file, before cross-file validation.
struct FruitDraft {
    var id: Located<FruitID>
    var name = LocalizedName()
    var koreanName: SourceRef?
    var englishName: SourceRef?
    var emoji: String?

    var nameRefs: [Located<String>] {
        [name.korean.flatMap { text in koreanName.map { Located(value: text, ref: $0) } },
         name.english.flatMap { text in englishName.map { Located(value: text, ref: $0) } }].compactMap { $0 }
    }
}

/// A juice as read from one file, before cross-file validation.
struct JuiceDraft {
    var id: Located<JuiceID>
    var name = LocalizedName()
    var koreanName: SourceRef?
    var englishName: SourceRef?
    var aliases: [Located<String>] = []
    var price: Int?
    var recipe: [Located<Ingredient>] = []
    var hasRecipe = false

    var nameRefs: [Located<String>] {
        [name.korean.flatMap { text in koreanName.map { Located(value: text, ref: $0) } },
         name.english.flatMap { text in englishName.map { Located(value: text, ref: $0) } }].compactMap { $0 }
    }
}

/// Everything one file contributes to a recipe set.
struct FileContents {
    var fruits: [FruitDraft] = []
    var juices: [JuiceDraft] = []
    var fruitsSection: SourceRef?
    var defaultCapacity: Located<Int>?
    var capacities: [Located<(fruit: FruitID, amount: Int)>] = []
    var stock: [Located<(fruit: FruitID, amount: Int)>] = []
    /// Every fruit a recipe names, even where its amount is invalid (so it is not reported as unused).
    var mentionedFruits: Set<FruitID> = []
}

/// The names of the files being loaded, to turn `SourceRef`s back into `SourceLocation`s.
struct SourceFiles {
    var names: [String] = []

    func location(_ ref: SourceRef) -> SourceLocation {
        SourceLocation(file: names[Int(ref.file)], line: Int(ref.line), column: Int(ref.column))
    }
}
