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
        if let detail = entry.detail { members += Self.detail(detail) }
        return .object(members)
    }

    /// What a delivery, waste or count recorded: `lots: [{fruit, quantity, expires, cost, ordered}]`, `supplier`, `reason`,
    /// `note`, `cost`, `counts: [{fruit, expected, counted, variance}]`, `session`, `purchaseOrder` (those it has).
    static func detail(_ detail: JournalDetail) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let lots = detail.lots {
            members.append(
                (
                    "lots",
                    .array(
                        lots.map { line in
                            .object([
                                ("fruit", .string(line.fruit.rawValue)), ("quantity", .int(line.quantity)),
                                ("expires", line.expires.map(JSONValue.string) ?? .null), ("cost", line.cost.map(JSONValue.int) ?? .null),
                                ("ordered", line.ordered.map(JSONValue.int) ?? .null),
                            ])
                        })
                ))
        }
        if let supplier = detail.supplier { members.append(("supplier", .string(supplier))) }
        if let reason = detail.reason { members.append(("reason", .string(reason.rawValue))) }
        if let note = detail.note { members.append(("note", .string(note))) }
        if let cost = detail.cost { members.append(("cost", .int(cost))) }
        if let counts = detail.counts { members.append(("counts", countLines(counts))) }
        if let session = detail.session { members.append(("session", .string(session))) }
        if let order = detail.purchaseOrder { members.append(("purchaseOrder", .int(order))) }
        return members
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

    /// Count lines: `[{fruit, expected, counted, variance}]`.
    static func countLines(_ lines: [CountLine]) -> JSONValue {
        .array(
            lines.map { line in
                .object([
                    ("fruit", .string(line.fruit.rawValue)), ("expected", .int(line.expected)), ("counted", .int(line.counted)),
                    ("variance", .int(line.variance)),
                ])
            })
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
