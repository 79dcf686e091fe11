import JuiceCore

/// A journal entry as JSON: `GET /api/history`, every receipt's `entry` (the API's and `juice … --json`'s) and `juice
/// history --json` answer this one type. What a delivery, waste or count recorded beyond its deltas sits beside
/// them; absent values are left out.
public struct JournalEntryJSON: Codable, Sendable, Hashable {
    /// The entry's number in the journal.
    public var id: Int
    /// When it was made (ISO 8601, UTC).
    public var time: String
    /// `order`, `add`, `remove`, `set`, `reset`, `undo`, `retire`, `delivery`, `waste` or `count`.
    public var kind: String
    /// The command or route that made it, as it was given.
    public var command: String
    /// The juice ordered, for an order.
    public var juice: String?
    /// How many were ordered, for an order.
    public var count: Int?
    /// How the stock of each fruit changed, keys sorted.
    public var deltas: SortedObject<Int>
    /// The entry this one reverted, for an undo.
    public var undoes: Int?
    /// The undo that reverted this one, once undone.
    public var undoneBy: Int?
    /// The request id the change was made under (every order's); look it up with `GET /api/orders/{request}`.
    public var request: String?
    /// A delivery's lots, in the order given.
    public var lots: [DeliveryLineJSON]?
    /// Who delivered, for a delivery, if given.
    public var supplier: String?
    /// Why fruit was thrown away, for a waste: `spoiled`, `expired`, `dropped`, `staff` or `other`.
    public var reason: String?
    /// What staff wrote about a waste, if anything.
    public var note: String?
    /// What a waste's fruit cost in won, when every fruit wasted has a cost.
    public var cost: Int?
    /// A count's lines: every fruit counted, with the expected value and the variance.
    public var counts: [CountLineJSON]?
    /// The count session a count was applied in.
    public var session: String?
    /// The purchase order a delivery received.
    public var purchaseOrder: Int?
    /// What the entry did, in the reader's language, as the staff page lists it ("딸기쥬스 2잔 주문", "Stock added"):
    /// `GET /api/history` only.
    public var label: String?
    /// A waste's reason in the reader's language ("상함", "Spoiled"): `GET /api/history` only.
    public var reasonLabel: String?

    /// `entry` as the journal keeps it, with what it recorded beyond its deltas.
    public init(_ entry: JournalEntry) {
        id = entry.id
        time = entry.time
        kind = entry.kind.rawValue
        command = entry.command
        juice = entry.juice?.rawValue
        count = entry.count
        deltas = SortedObject(entry.deltas)
        undoes = entry.undoes
        undoneBy = entry.undoneBy
        request = entry.request
        guard let detail = entry.detail else { return }
        lots = detail.lots?.map(DeliveryLineJSON.init)
        supplier = detail.supplier
        reason = detail.reason?.rawValue
        note = detail.note
        cost = detail.cost
        counts = detail.counts?.map(CountLineJSON.init)
        session = detail.session
        purchaseOrder = detail.purchaseOrder
    }
}

/// One lot of a delivery as JSON: `{"fruit", "quantity", "expires"?, "cost"?, "ordered"?}`.
public struct DeliveryLineJSON: Codable, Sendable, Hashable {
    /// The fruit's id.
    public var fruit: String
    /// How many units came.
    public var quantity: Int
    /// Its use-by date (`YYYY-MM-DD`, the shop's local date), if known.
    public var expires: String?
    /// What one unit cost, in won, if given.
    public var cost: Int?
    /// How many units were ordered, when that is known.
    public var ordered: Int?

    /// The lot as the journal keeps it.
    public init(_ line: DeliveryLine) {
        fruit = line.fruit.rawValue
        quantity = line.quantity
        expires = line.expires
        cost = line.cost
        ordered = line.ordered
    }
}

/// One fruit of a count as JSON: `{"fruit", "expected", "counted", "variance"}`.
public struct CountLineJSON: Codable, Sendable, Hashable {
    /// The fruit's id.
    public var fruit: String
    /// The stock the journal says there was when the count started.
    public var expected: Int
    /// What staff counted.
    public var counted: Int
    /// `counted − expected`: below 0 when fruit went missing.
    public var variance: Int

    /// The line as the shop made it.
    public init(_ line: CountLine) {
        fruit = line.fruit.rawValue
        expected = line.expected
        counted = line.counted
        variance = line.variance
    }
}
