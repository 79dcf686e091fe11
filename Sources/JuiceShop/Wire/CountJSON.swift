import JuiceCore

/// A count session just started, as JSON: `POST /api/counts` and `juice count --start --json`.
public struct CountSessionJSON: Codable, Sendable, Hashable {
    /// The session's id, for `POST /api/counts/{id}` and `juice count --session`.
    public var session: String
    /// The newest journal entry when it started.
    public var start: Int
    /// When it started (ISO 8601, UTC).
    public var startedAt: String
    /// Each fruit's stock when it started, keys sorted: what a count will be compared with (the page shows it only
    /// once a value is counted, so counters are not anchored by it). Left out where it was not asked for.
    public var expected: SortedObject<Int>?

    /// `session`, with each fruit's `expected` stock when given.
    public init(_ session: CountSession, expected: [CountLine]? = nil) {
        self.session = session.id
        start = session.start
        startedAt = session.startedAt
        self.expected = expected.map { lines in
            SortedObject(Dictionary(lines.map { ($0.fruit, $0.expected) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}

/// A count applied, as JSON: `POST /api/counts/{id}` and `juice count --json`. Its lines (every fruit counted, with
/// what was expected and the variance), then the receipt's members.
public struct CountResultJSON: Codable, Sendable, Hashable {
    /// The count's lines, in the order given.
    public var counts: [CountLineJSON]
    /// The message for staff, in the reader's language (the API's).
    public var message: String?
    /// The journal entry written.
    public var entry: JournalEntryJSON?
    /// The stock of each fruit after the count, keys sorted.
    public var stock: SortedObject<Int>
    /// How many of each juice of the menu the stock after the count makes (the API's).
    public var makeable: SortedObject<Int>?

    /// The count `receipt` made, its lines from its entry; with `message`, and with what the stock makes when
    /// `makeable`.
    public init(_ receipt: ShopReceipt, book: RecipeBook, message: String? = nil, makeable: Bool = false) {
        let receiptJSON = ReceiptJSON(receipt, book: book, message: message, makeable: makeable)
        counts = (receipt.entry?.detail?.counts ?? []).map(CountLineJSON.init)
        self.message = message
        entry = receiptJSON.entry
        stock = receiptJSON.stock
        self.makeable = receiptJSON.makeable
    }
}
