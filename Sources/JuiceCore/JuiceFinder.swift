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

/// Finds juices by id, Korean or English name, or alias, ignoring case and spaces.
public struct JuiceFinder: Sendable {
    private let book: RecipeBook
    private let index: [String: JuiceID]

    /// Indexes every id, name and alias of `book`'s juices (the first juice to claim a name keeps it).
    public init(book: RecipeBook) {
        self.book = book
        var index: [String: JuiceID] = [:]
        for juice in book.juices {
            for text in [juice.id.rawValue] + juice.name.all + juice.aliases {
                let key = NameMatching.normalize(text)
                if index[key] == nil { index[key] = juice.id }
            }
        }
        self.index = index
    }

    /// The juice `name` refers to.
    public func juice(named name: String) throws(JuiceLookupError) -> Juice {
        if let id = index[NameMatching.normalize(name)], let juice = book.juice(id) { return juice }
        let candidates = book.juices.flatMap { [$0.id.rawValue] + $0.name.all + $0.aliases }
        throw .unknown(name, suggestion: NameMatching.suggestion(for: name, among: candidates))
    }
}
