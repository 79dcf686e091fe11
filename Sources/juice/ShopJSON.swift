import JuiceCore
import JuiceRecipes
import JuiceShop

/// The JSON forms of what shop commands print.
enum ShopJSON {
    static func counts(_ counts: [FruitID: Int]) -> JSONValue {
        .object(counts.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .int($0.value)) })
    }

    /// `{"stock": {fruit: count}, "capacity": {fruit: count}, "orphans": {…}}`, fruits in recipe order.
    static func stock(_ snapshot: ShopSnapshot, book: RecipeBook) -> JSONValue {
        let fruits = book.fruits.map(\.id)
        return .object([
            ("stock", .object(fruits.map { ($0.rawValue, .int(snapshot.inventory[$0])) })),
            ("capacity", .object(fruits.map { ($0.rawValue, .int(snapshot.inventory.capacity(of: $0))) })),
            ("orphans", counts(snapshot.orphans)),
        ])
    }

    static func entry(_ entry: JournalEntry) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .int(entry.id)), ("time", .string(entry.time)), ("kind", .string(entry.kind.rawValue)),
            ("command", .string(entry.command)),
        ]
        if let juice = entry.juice { members.append(("juice", .string(juice.rawValue))) }
        if let count = entry.count { members.append(("count", .int(count))) }
        members.append(("deltas", counts(entry.deltas)))
        if let undoes = entry.undoes { members.append(("undoes", .int(undoes))) }
        if let undoneBy = entry.undoneBy { members.append(("undoneBy", .int(undoneBy))) }
        if let request = entry.request { members.append(("request", .string(request))) }
        return .object(members)
    }

    /// A refused order: `{"id", "time", "command", "juice", "count", "shortages": [{"fruit", "needed", "inStock",
    /// "short"}]}`.
    static func refusal(_ refusal: RefusedOrder) -> JSONValue {
        .object([
            ("id", .int(refusal.id)), ("time", .string(refusal.time)), ("command", .string(refusal.command)),
            ("juice", .string(refusal.juice.rawValue)), ("count", .int(refusal.count)),
            (
                "shortages",
                .array(
                    refusal.shortages.map { shortage in
                        .object([
                            ("fruit", .string(shortage.fruit.rawValue)), ("needed", .int(shortage.needed)),
                            ("inStock", .int(shortage.inStock)), ("short", .int(shortage.short)),
                        ])
                    })
            ),
        ])
    }

    /// `{"entry": {…} or null (nothing changed), "stock": {…}}`, and for an undo `"undone": {…}`, the entry it reverted.
    static func receipt(_ receipt: ShopReceipt) -> JSONValue {
        .object(members(of: receipt, amount: nil))
    }

    /// An order's receipt: `{"entry": {…}, "amount": won or null, "stock": {…}}`, the amount being what the order
    /// charged at the prices of `book` (null when its juice has no price).
    static func orderReceipt(_ receipt: ShopReceipt, book: RecipeBook) -> JSONValue {
        .object(members(of: receipt, amount: ("amount", receipt.amount(in: book).map(JSONValue.int) ?? .null)))
    }

    private static func members(of receipt: ShopReceipt, amount: (String, JSONValue)?) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("entry", receipt.entry.map(entry) ?? .null)]
        if let undone = receipt.undone { members.append(("undone", entry(undone))) }
        if let amount { members.append(amount) }
        members.append(("stock", counts(receipt.snapshot.inventory.counts)))
        return members
    }
}
