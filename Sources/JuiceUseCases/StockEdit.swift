import JuiceCore
import JuiceShop

/// One fruit's stock changed as staff ask for it: some added, some removed, or set to a count, the fruit named by its
/// id or its Korean or English name.
package struct StockEdit: Hashable, Sendable {
    /// What the edit does with `amount`.
    package enum Operation: String, Hashable, Sendable {
        /// Adds `amount` (up to the fruit's capacity).
        case add
        /// Takes `amount` away (never below 0).
        case remove
        /// Sets the stock to `amount`.
        case set
    }

    /// The fruit, as staff named it.
    package var fruit: String
    /// What the edit does.
    package var operation: Operation
    /// How many (0 or more).
    package var amount: Int

    /// `operation` of `amount` on the fruit named `fruit`.
    package init(_ operation: Operation, _ fruit: String, _ amount: Int) {
        self.fruit = fruit
        self.operation = operation
        self.amount = amount
    }

    /// The change this edit makes to the fruit `book` finds by its name.
    func change(in book: RecipeBook) -> StockChange {
        let fruit = book.fruitID(matching: fruit)
        switch operation {
        case .add: return .add(fruit, amount)
        case .remove: return .remove(fruit, amount)
        case .set: return .set(fruit, amount)
        }
    }

    /// How a change made of `edits` is journaled: `.add` when every edit adds, `.remove` when every edit removes,
    /// `.set` otherwise.
    static func kind(of edits: [StockEdit]) -> JournalKind {
        let operations = Set(edits.map(\.operation))
        return operations == [.add] ? .add : operations == [.remove] ? .remove : .set
    }
}
