import JuiceCore

/// A purchase order received, as JSON: `POST /api/purchases/{id}/receive` and `juice receive --order --json`. The
/// order as it is now, the delivery's entry and the stock after it, and what came differently from the order.
public struct PurchaseReceiptJSON: Codable, Sendable, Hashable {
    /// The order, received.
    public var order: PurchaseOrderJSON
    /// The message for staff, in the reader's language (the API's).
    public var message: String?
    /// The delivery's journal entry.
    public var entry: JournalEntryJSON?
    /// The stock of each fruit after the delivery, keys sorted.
    public var stock: SortedObject<Int>
    /// How many of each juice of the menu the stock after the delivery makes (the API's).
    public var makeable: SortedObject<Int>?
    /// The fruits whose delivery differed from the order.
    public var differences: [PurchaseDifferenceJSON]

    /// `receipt`, its supplier named by `text`; with `message`, and with what the stock makes when `makeable`.
    public init(_ receipt: PurchaseReceipt, text: ShopText, message: String? = nil, makeable: Bool = false) {
        // The delivery's entry and the stock after it, as any stock change's receipt gives them.
        let delivery = ReceiptJSON(receipt.receipt, book: text.book, message: message, makeable: makeable)
        order = PurchaseOrderJSON(receipt.order, text: text)
        self.message = message
        entry = delivery.entry
        stock = delivery.stock
        self.makeable = delivery.makeable
        differences = receipt.differences.map(PurchaseDifferenceJSON.init)
    }
}
