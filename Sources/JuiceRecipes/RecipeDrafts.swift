import JuiceCore

/// A value read from a file, with where it was written.
struct Located<Value> {
    var value: Value
    var ref: SourceRef
}

/// A fruit as read from one file, before cross-file validation.
struct FruitDraft {
    var id: Located<FruitID>
    var name = LocalizedName()
    var koreanName = Place.none
    var englishName = Place.none
    var emoji: String?

    var nameRefs: [Located<String>] {
        [name.korean.flatMap { text in koreanName.exists ? Located(value: text, ref: koreanName.ref(in: id.ref.file)) : nil },
         name.english.flatMap { text in englishName.exists ? Located(value: text, ref: englishName.ref(in: id.ref.file)) : nil }].compactMap { $0 }
    }
}

/// Everything one file contributes to a recipe set.
struct FileContents {
    var file: UInt32
    var fruits: [FruitDraft] = []
    var juices = JuiceList()
    var fruitsSection: SourceRef?
    var defaultCapacity: Located<Int>?
    var capacities: [Located<(fruit: FruitID, amount: Int)>] = []
    var stock: [Located<(fruit: FruitID, amount: Int)>] = []

    init(file: UInt32) {
        self.file = file
        juices.fileRuns = [(0, file)]
    }
}

/// The names of the files being loaded, to turn `SourceRef`s back into `SourceLocation`s.
struct SourceFiles {
    var names: [String] = []

    func location(_ ref: SourceRef) -> SourceLocation {
        SourceLocation(file: names[Int(ref.file)], line: Int(ref.line), column: Int(ref.column))
    }
}
