import JuiceCore

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

    /// Adds the juices of `other`, read from the same file right after these, as if they had been read into this
    /// list (their names are indexed here, as `other` does not index them).
    mutating func append(continuation other: consuming JuiceList) {
        let base = juices.count
        // Each part of `other` is let go as soon as it is copied, so that memory grows by one part at a time.
        juices.append(contentsOf: other.juices)
        other.juices = []
        places.append(contentsOf: other.places)
        other.places = []
        let fruitNumbers = other.fruits.ids.indices.map { number in other.fruits.withBytes(of: number) { fruits.number(of: $0) } }
        for (index, place) in other.ingredientPlaces { ingredientPlaces[ingredients.count + index] = place }
        ingredients.reserveCapacity(ingredients.count + other.ingredients.count)
        for entry in other.ingredients { ingredients.append(IngredientPlace(fruit: fruitNumbers[Int(entry.fruit)], spot: entry.spot)) }
        other.ingredients = []
        aliasPlaces += other.aliasPlaces
        idsAreSimple = idsAreSimple && other.idsAreSimple
        for index in base..<juices.count { names.add(juice: index, juices: juices, places: places) }
    }

    /// Whether a juice id from number `start` on may be equal, byte for byte, to an earlier one, where `repeatsBefore`
    /// is how many repeats the name index had when juice `start` was added. Exact when the name index is incomplete;
    /// otherwise any repeated id counts (it may share only a name's key, so this may say yes wrongly, never no).
    func mayRepeatID(from start: Int, repeatsBefore: Int) -> Bool {
        if names.isComplete {
            // An id equal in bytes to an earlier text has the same key, so it is among the repeats.
            return names.repeats[repeatsBefore...].contains { repeated in
                repeated.text & NameIndex.aliasBit == 0 && repeated.text % 3 == 0 && Int(repeated.text / 3) >= start
            }
        }
        var ids = JuiceIDSet(simple: true, expected: juices.count)
        let ref = SourceRef(file: 0, line: 0, column: 0, length: 0)
        return !juices.allSatisfy { ids.insert($0.id, ref: ref) == nil }
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
