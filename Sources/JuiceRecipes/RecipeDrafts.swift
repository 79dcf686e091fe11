import JuiceCore

/// A compact reference to a place in one of the loaded files (16 bytes, no string).
struct SourceRef: Hashable {
    var file: UInt32
    var line: UInt32
    var column: UInt32
    var length: UInt32
}

/// A place in a file known from context: line, column and underline length (12 bytes); line 0 means none.
struct Place: Hashable {
    var line: UInt32
    var column: UInt32
    var length: UInt32

    /// No place: the thing was not written.
    static let none = Place(line: 0, column: 0, length: 0)

    /// Whether the thing was written.
    var exists: Bool { line != 0 }

    /// The place as a reference into file number `file`.
    func ref(in file: UInt32) -> SourceRef {
        SourceRef(file: file, line: line, column: column, length: length)
    }
}

/// A line and column in a file known from context (8 bytes); line 0 means none.
struct Spot: Hashable {
    var line: UInt32
    var column: UInt32

    /// No spot: the thing was not written.
    static let none = Spot(line: 0, column: 0)

    /// Whether the thing was written.
    var exists: Bool { line != 0 }
}

/// How a scalar was written, as far as the length of its underline goes (`RecipeFileReader.span(of:)`): kept instead
/// of the length, which follows from it and the scalar's text.
enum SpanStyle: UInt8 {
    /// Plain or tagged: the underline spans the text.
    case plain
    /// In quotes: the underline spans the text and its quotes.
    case quoted
    /// A block scalar: the underline is one column.
    case block

    init(_ style: ScalarStyle) {
        switch style {
        case .plain, .taggedString: self = .plain
        case .singleQuoted, .doubleQuoted: self = .quoted
        case .literal, .folded: self = .block
        }
    }

    /// The underline length of a scalar written in this style whose text is `bytes`.
    func span(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard self != .block else { return 1 }
        var scalars = 0
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D { return 1 }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        return scalars + (self == .quoted ? 2 : 0)
    }

    /// The place at `spot` of a scalar written in this style whose text is `text`.
    func place(at spot: Spot, text: String) -> Place {
        Place(line: spot.line, column: spot.column, length: UInt32(truncatingIfNeeded: text.withUTF8Bytes { span(of: $0) }))
    }
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
    var koreanName = Place.none
    var englishName = Place.none
    var emoji: String?

    var nameRefs: [Located<String>] {
        [name.korean.flatMap { text in koreanName.exists ? Located(value: text, ref: koreanName.ref(in: id.ref.file)) : nil },
         name.english.flatMap { text in englishName.exists ? Located(value: text, ref: englishName.ref(in: id.ref.file)) : nil }].compactMap { $0 }
    }
}

/// Where one juice's id and names were written (a name's spot exists exactly when the name was read), with how
/// each was written, from which their underline lengths follow (28 bytes).
struct JuicePlaces {
    var id: Spot
    var korean = Spot.none
    var english = Spot.none
    private var styles: UInt8

    init(id: Spot, style: SpanStyle) {
        self.id = id
        styles = style.rawValue
    }

    /// Records where and how the Korean name was written.
    mutating func setKorean(_ spot: Spot, style: SpanStyle) {
        korean = spot
        styles = styles & ~(3 << 2) | style.rawValue << 2
    }

    /// Records where and how the English name was written.
    mutating func setEnglish(_ spot: Spot, style: SpanStyle) {
        english = spot
        styles = styles & ~(3 << 4) | style.rawValue << 4
    }

    /// The place of the id (`field` 0), Korean name (1) or English name (2), whose text is `text`.
    func place(_ field: Int, text: String) -> Place {
        let spot = field == 0 ? id : field == 1 ? korean : english
        let style = SpanStyle(rawValue: styles >> UInt8(field * 2) & 3) ?? .plain
        return style.place(at: spot, text: text)
    }
}

/// One recipe ingredient: its fruit, by number in `JuiceList.fruits`, and where the fruit was written (12 bytes; the
/// underline spans the fruit's id unless `JuiceList.ingredientPlaces` says otherwise).
struct IngredientPlace {
    var fruit: UInt32
    var spot: Spot
}

/// Juices as read, in final form, with where each part was written in flat side tables: reading a juice allocates
/// nothing beyond the `Juice`'s own arrays.
struct JuiceList {
    /// The juices; each recipe holds every ingredient whose amount could be read.
    var juices: [Juice] = []
    /// Where each juice's id and names were written, parallel to `juices`.
    var places: [JuicePlaces] = []
    /// Where each alias was written, in juice order.
    var aliasPlaces: [Place] = []
    /// Each recipe ingredient's fruit and spot, in juice order.
    var ingredients: [IngredientPlace] = []
    /// The places of ingredients whose fruit was not written plain (rare), by ingredient number.
    var ingredientPlaces: [Int: Place] = [:]
    /// The fruit ids recipes name, including those with invalid amounts.
    var fruits = FruitNames()
    /// Whether every juice id is simple (see `NameMatching.isSimple`): then ids equal as strings are equal as bytes.
    var idsAreSimple = true
    /// The juice name check as far as it can be done while reading (complete only for the juices of one file).
    var names = NameIndex()
    /// Which file each run of juices came from, by first juice, in order.
    var fileRuns: [(start: Int, file: UInt32)] = []

    /// An empty list; with `namesIndexed` false, the name check is left for the end.
    init(namesIndexed: Bool = true) {
        if !namesIndexed { names = NameIndex(complete: false) }
    }

    /// Adds a juice read from the file of the last run.
    mutating func append(_ juice: consuming Juice, places: JuicePlaces) {
        juices.append(juice)
        self.places.append(places)
    }

    /// Makes room for `juices` juices and `ingredients` ingredients in all, so that the arrays need not grow again.
    ///
    /// Growing by doubling would copy each array several times and leave the old copies as holes in the heap, which
    /// stay resident; one allocation of the final size is also large enough to go back to the system when freed.
    mutating func reserve(juices: Int, ingredients: Int) {
        guard juices > self.juices.capacity else { return }
        self.juices.reserveCapacity(juices)
        places.reserveCapacity(juices)
        names.reserve(texts: juices * 3 + aliasPlaces.count * juices / max(self.juices.count, 1), juices: self.juices, places: places)
        self.ingredients.reserveCapacity(ingredients)
    }

    /// Adds the texts of the juice last added to the name index.
    mutating func indexNames() {
        names.add(juice: juices.count - 1, juices: juices, places: places)
    }

    /// The place of ingredient number `index`.
    func ingredientPlace(_ index: Int) -> Place {
        if let place = ingredientPlaces[index] { return place }
        let entry = ingredients[index]
        let length = fruits.withBytes(of: Int(entry.fruit)) { SpanStyle.plain.span(of: $0) }
        return Place(line: entry.spot.line, column: entry.spot.column, length: UInt32(truncatingIfNeeded: length))
    }

    /// The file juice number `index` came from.
    func file(ofJuice index: Int) -> UInt32 {
        var file: UInt32 = 0
        for run in fileRuns {
            if run.start > index { break }
            file = run.file
        }
        return file
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
