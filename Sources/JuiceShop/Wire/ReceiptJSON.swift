import JuiceCore

/// What a change answers with, as JSON: every change's receipt in the API (`POST /api/orders`, `/api/stock`, `/api/undo`,
/// deliveries, waste, counts) and in `juice order`, `stock`, `undo`, `receive`, `waste` and `count` with `--json`.
/// The entry written (none when nothing changed), for an undo the entry it reverted, what an order charged, and the
/// stock after it; the API adds a message for the customer and what the stock makes now. Absent values are left out.
public struct ReceiptJSON: Codable, Sendable, Hashable {
    /// The message for the customer or staff, in the reader's language (the API's).
    public var message: String?
    /// The journal entry written; left out when the change changed nothing.
    public var entry: JournalEntryJSON?
    /// For an undo, the entry it reverted (with its `undoneBy`).
    public var undone: JournalEntryJSON?
    /// What an order charged, in won: its juice's price times the count (left out when the juice has no price, and
    /// for anything but an order).
    public var amount: Int?
    /// The stock of each fruit after the change, keys sorted.
    public var stock: SortedObject<Int>
    /// How many of each juice of the menu the stock after the change makes (the API's).
    public var makeable: SortedObject<Int>?

    /// A receipt of these members.
    public init(
        message: String? = nil, entry: JournalEntryJSON?, undone: JournalEntryJSON? = nil, stock: SortedObject<Int>,
        makeable: SortedObject<Int>? = nil, amount: Int? = nil
    ) {
        self.message = message
        self.entry = entry
        self.undone = undone
        self.amount = amount
        self.stock = stock
        self.makeable = makeable
    }

    /// `receipt`, its amount at the prices of `book` (the menu the change was made with); with `message`, and with
    /// what the stock makes when `makeable`.
    public init(_ receipt: ShopReceipt, book: RecipeBook, message: String? = nil, makeable: Bool = false) {
        let inventory = receipt.snapshot.inventory
        self.init(
            message: message, entry: receipt.entry.map(JournalEntryJSON.init), undone: receipt.undone.map(JournalEntryJSON.init),
            stock: SortedObject(inventory.counts), makeable: makeable ? Self.makeable(inventory, book: book) : nil,
            amount: receipt.amount(in: book))
    }

    /// How many of each juice of `book` `inventory` makes.
    public static func makeable(_ inventory: Inventory, book: RecipeBook) -> SortedObject<Int> {
        SortedObject(
            Dictionary(book.juices.map { ($0.id.rawValue, inventory.availability(of: $0).makeable) }, uniquingKeysWith: { first, _ in first }))
    }
}
