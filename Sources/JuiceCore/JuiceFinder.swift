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

/// Finds juices by id, Korean or English name, or alias, ignoring case, spaces, hyphens and underscores.
public struct JuiceFinder: Sendable {
    private let book: RecipeBook
    private let index: [String: JuiceID]

    /// Indexes every id, name and alias of `book`'s juices (the first juice to claim a name keeps it).
    public init(book: RecipeBook) {
        self.book = book
        var index: [String: JuiceID] = [:]
        for juice in book.juices {
            for text in [juice.id.rawValue] + juice.name.all + juice.aliases {
                let key = Self.key(text)
                if index[key] == nil { index[key] = juice.id }
            }
        }
        self.index = index
    }

    /// The look-up key of a name: normalised, without hyphens and underscores ("Mango Kiwi" finds "Mango-Kiwi").
    static func key(_ name: String) -> String {
        NameMatching.normalize(name).filter { $0 != "-" && $0 != "_" }
    }

    /// The juice `name` refers to.
    public func juice(named name: String) throws(JuiceLookupError) -> Juice {
        if let id = index[Self.key(name)], let juice = book.juice(id) { return juice }
        let candidates = book.juices.flatMap { [$0.id.rawValue] + $0.name.all + $0.aliases }
        throw .unknown(name, suggestion: NameMatching.suggestion(for: name, among: candidates))
    }
}

extension RecipeBook {
    /// The id of the fruit `name` refers to (id, Korean or English name, ignoring case and spaces); `name` itself when none does.
    public func fruitID(matching name: String) -> FruitID {
        let key = JuiceFinder.key(name)
        let match = fruits.first { fruit in
            ([fruit.id.rawValue] + fruit.name.all).contains { JuiceFinder.key($0) == key }
        }
        return match?.id ?? FruitID(name)
    }
}
