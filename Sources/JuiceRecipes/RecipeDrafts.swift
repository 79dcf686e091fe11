import JuiceCore

/// A value read from a file, with where it was written.
struct Located<Value> {
    var value: Value
    var location: SourceLocation
}

/// A fruit as read from one file, before cross-file validation.
struct FruitDraft {
    var id: Located<FruitID>
    var name = LocalizedName()
    var nameLocations: [Located<String>] = []
    var emoji: String?
}

/// A juice as read from one file, before cross-file validation.
struct JuiceDraft {
    var id: Located<JuiceID>
    var name = LocalizedName()
    var nameLocations: [Located<String>] = []
    var aliases: [Located<String>] = []
    var price: Int?
    var recipe: [Located<Ingredient>] = []
    var recipeLocation: SourceLocation?
}

/// Everything one file contributes to a recipe set.
struct FileContents {
    var fruits: [FruitDraft] = []
    var juices: [JuiceDraft] = []
    var fruitsSection: SourceLocation?
    var defaultCapacity: Located<Int>?
    var capacities: [Located<(fruit: FruitID, amount: Int)>] = []
    var stock: [Located<(fruit: FruitID, amount: Int)>] = []
}
