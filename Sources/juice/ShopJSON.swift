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

    /// A journal entry (`JournalEntryJSON`, as the API answers it).
    static func entry(_ entry: JournalEntry) -> JSONValue {
        JSONValue(encoding: JournalEntryJSON(entry))
    }

    /// The shelf: `today`, `lots: [{entry, fruit, received, quantity, remaining, expires, cost, supplier, expired}]`,
    /// and per fruit of `book`, `shelf: {fruit: {expiresToday, expiresTomorrow, expired, lastCounted}}`.
    static func shelf(_ shelf: Shelf, book: RecipeBook) -> [(String, JSONValue)] {
        let today = shelf.today.description
        let lots = shelf.lots.map { lot in
            JSONValue.object([
                ("entry", .int(lot.entry)), ("fruit", .string(lot.fruit.rawValue)), ("received", .string(lot.received)),
                ("quantity", .int(lot.quantity)), ("remaining", .int(lot.remaining)), ("expires", lot.expires.map(JSONValue.string) ?? .null),
                ("cost", lot.cost.map(JSONValue.int) ?? .null), ("supplier", lot.supplier.map(JSONValue.string) ?? .null),
                ("expired", .bool(lot.isExpired(today: today))),
            ])
        }
        let fruits = book.fruits.map(\.id).map { fruit in
            (
                fruit.rawValue,
                JSONValue.object([
                    ("expiresToday", .int(shelf.expiring(fruit, inDays: 0))), ("expiresTomorrow", .int(shelf.expiring(fruit, inDays: 1))),
                    ("expired", .int(shelf.expired(fruit))), ("lastCounted", shelf.lastCounted[fruit].map(JSONValue.string) ?? .null),
                ])
            )
        }
        return [("today", .string(today)), ("lots", .array(lots)), ("shelf", .object(fruits))]
    }

    /// Count lines: `[{fruit, expected, counted, variance}]` (`CountLineJSON`).
    static func countLines(_ lines: [CountLine]) -> JSONValue {
        .array(lines.map { JSONValue(encoding: CountLineJSON($0)) })
    }

    /// A refused order (`RefusedOrderJSON`, as the API answers it).
    static func refusal(_ refusal: RefusedOrder) -> JSONValue {
        JSONValue(encoding: RefusedOrderJSON(refusal))
    }

    /// A change's receipt (`ReceiptJSON`, as the API answers it, without its message and what the stock makes): the
    /// entry written (left out when nothing changed), for an undo the entry it reverted, for an order of a juice with
    /// a price at `book`'s prices what it charged, and the stock after it.
    static func receipt(_ receipt: ShopReceipt, book: RecipeBook) -> JSONValue {
        JSONValue(encoding: ReceiptJSON(receipt, book: book))
    }
}
