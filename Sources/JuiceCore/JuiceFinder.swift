/// Why a juice name could not be resolved.
public enum JuiceLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No juice has that id, name or alias; `suggestion` is the closest one, if any is close.
    case unknown(String, suggestion: String?)

    /// A readable explanation with a suggestion.
    public var description: String {
        switch self {
        case .unknown(let name, let suggestion):
            return "unknown juice '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        }
    }
}

/// Finds juices by id, Korean or English name, or alias, as `NameKey` compares names.
public struct JuiceFinder: Sendable {
    private let book: RecipeBook
    /// Each key's juice, by position in `book.juices` (the book's own index, built on the first finder of the book).
    private let index: [NameKey: Int]

    /// Finds juices of `book` by every id, name and alias: ids first, then names and aliases; the first juice to
    /// claim a key keeps it (a book that lints clean has no key claimed twice).
    public init(book: RecipeBook) {
        self.book = book
        self.index = book.juiceNameIndex
    }

    /// The juice `name` refers to.
    public func juice(named name: String) throws(JuiceLookupError) -> Juice {
        if let position = index[NameKey(name)] { return book.juices[position] }
        let candidates = book.juices.flatMap { [$0.id.rawValue] + $0.name.all + $0.aliases }
        throw .unknown(name, suggestion: NameMatching.suggestion(for: name, among: candidates))
    }
}

extension RecipeBook {
    /// The id of the fruit `name` refers to (its id, Korean or English name, as `NameKey` compares names); `name`
    /// itself when none does. An exact id wins over another fruit's name.
    public func fruitID(matching name: String) -> FruitID {
        if fruit(FruitID(name)) != nil { return FruitID(name) }
        let key = NameKey(name)
        let match = fruits.first { NameKey($0.id.rawValue) == key } ?? fruits.first { $0.name.all.contains { NameKey($0) == key } }
        return match?.id ?? FruitID(name)
    }
}
