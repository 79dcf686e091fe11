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
    /// Juices read before those in `juices`, in chunks: a second half keeps its juices so (see `RecipeFileHalves`),
    /// so that joining it to the first costs the memory of one chunk at a time, not of all its juices.
    var juiceChunks: [JuiceList] = []
    var fruitsSection: SourceRef?
    var defaultCapacity: Located<Int>?
    var capacities: [Located<(fruit: FruitID, amount: Int)>] = []
    var stock: [Located<(fruit: FruitID, amount: Int)>] = []

    /// What file number `file` contributes, before it is read; with `namesIndexed` false, juice names are not
    /// indexed as they are read.
    init(file: UInt32, namesIndexed: Bool = true) {
        self.file = file
        juices = JuiceList(namesIndexed: namesIndexed)
        juices.fileRuns = [(0, file)]
    }

    /// Adds what the second half of the same file contributes (see `RecipeFileHalves`), as if read after this;
    /// false when a juice id is in both halves, which a single pass would have refused as a duplicate key (then
    /// these contents are unusable).
    mutating func append(continuation other: consuming FileContents) -> Bool {
        fruits += other.fruits
        fruitsSection = fruitsSection ?? other.fruitsSection
        defaultCapacity = defaultCapacity ?? other.defaultCapacity
        capacities += other.capacities
        stock += other.stock
        let start = juices.juices.count
        let repeatsBefore = juices.names.repeats.count
        // One chunk at a time (the last is `other.juices`), each let go once copied.
        for index in 0...other.juiceChunks.count {
            var chunk = JuiceList()
            if index < other.juiceChunks.count { swap(&chunk, &other.juiceChunks[index]) } else { swap(&chunk, &other.juices) }
            juices.append(continuation: chunk)
            HeapTrim.giveBackFreedMemory()
        }
        return !juices.mayRepeatID(from: start, repeatsBefore: repeatsBefore)
    }

    /// Where the first juice was written, if any juice was read.
    var firstJuiceSpot: Spot? {
        (juiceChunks.first ?? juices).places.first?.id
    }

    /// Sets the juices read so far aside as a chunk, and goes on in an empty list with room for `room` juices.
    mutating func startJuiceChunk(room: Int) {
        var full = JuiceList(namesIndexed: juices.names.isComplete)
        full.juices.reserveCapacity(room)
        full.places.reserveCapacity(room)
        full.fileRuns = [(0, file)]
        swap(&full, &juices)
        juiceChunks.append(full)
    }
}

/// The names of the files being loaded, to turn `SourceRef`s back into `SourceLocation`s.
struct SourceFiles {
    var names: [String] = []

    func location(_ ref: SourceRef) -> SourceLocation {
        SourceLocation(file: names[Int(ref.file)], line: Int(ref.line), column: Int(ref.column))
    }
}
