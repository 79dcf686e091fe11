import JuiceCommandLine
import JuiceCore

/// `FRUIT=N` arguments, as `juice stock set`, `juice receive`, `juice waste` and `juice count` take them.
struct FruitAssignments {
    /// Each argument's fruit (as typed: an id or a name) and number, in order.
    let pairs: [(name: String, value: Int)]

    /// The given pairs.
    init(pairs: [(name: String, value: Int)]) {
        self.pairs = pairs
    }

    /// Parses `arguments`; one that is not `FRUIT=N` is a usage error naming it.
    init(_ arguments: [String], reporter: Reporter) throws {
        pairs = try arguments.map { argument in
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let value = Int(parts[1]) else { throw reporter.usage(.badAssignment(argument)) }
            return (String(parts[0]), value)
        }
    }

    /// `FRUIT N` (two arguments, the second a number) or `FRUIT=N …`.
    init(fruitAndAmountOr arguments: [String], reporter: Reporter) throws {
        if arguments.count == 2, !arguments[0].contains("="), let value = Int(arguments[1]) {
            self.init(pairs: [(arguments[0], value)])
        } else {
            try self.init(arguments, reporter: reporter)
        }
    }

    /// The pairs with each fruit resolved in `book` (an id, or a Korean or English name).
    func resolved(in book: RecipeBook) -> [(fruit: FruitID, value: Int)] {
        pairs.map { (book.fruitID(matching: $0.name), $0.value) }
    }
}
