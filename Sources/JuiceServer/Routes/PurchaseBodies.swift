import JuiceCore
import JuiceShop

/// `POST /api/purchases`: `{"supplier", "orderBy"?, "arrives"?, "lines": [{"fruit", "packs", "units"?, "cost"?}, …]}`.
struct PurchaseRequest: Decodable, Sendable {
    /// One fruit to order, as sent.
    struct Line: Decodable, Sendable {
        /// The fruit's id or name, as the client wrote it.
        var fruit: String
        /// Whole packs (the shop refuses fewer than 1).
        var packs: Int
        /// The units, when not packs × the fruit's pack.
        var units: Int?
        /// What a unit costs in won, when not the recipe files' price.
        var cost: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.rejectUnknownKeys(allowed: ["fruit", "packs", "units", "cost"])
            fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
            packs = try container.decodeInteger("packs")
            units = try container.decodeOptionalInteger("units")
            cost = try container.decodeOptionalInteger("cost")
            if let cost, cost < 0 {
                throw APIError.outOfRange(field: fieldPath(decoder.codingPath + [AnyKey("cost")]), value: cost, range: 0...Int.max)
            }
        }
    }

    var supplier: String
    var orderBy: String?
    var arrives: String?
    var lines: [Line]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["supplier", "orderBy", "arrives", "lines"])
        supplier = try container.decode(String.self, forKey: AnyKey("supplier"))
        orderBy = try container.decodeIfPresent(String.self, forKey: AnyKey("orderBy"))
        arrives = try container.decodeIfPresent(String.self, forKey: AnyKey("arrives"))
        lines = try container.decode([Line].self, forKey: AnyKey("lines"))
    }
}

/// `POST /api/purchases/{id}/receive`: `{"lines"?: [{"fruit", "quantity", "expires"?, "cost"?}, …]}`, what came (by
/// default what was ordered).
struct PurchaseReceiveRequest: Decodable, Sendable {
    /// One fruit that came, as sent.
    struct Line: Decodable, Sendable {
        var fruit: String
        /// How many came (0: none of an ordered fruit).
        var quantity: Int
        var expires: String?
        var cost: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.rejectUnknownKeys(allowed: ["fruit", "quantity", "expires", "cost"])
            fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
            quantity = try container.decodeInteger("quantity")
            expires = try container.decodeIfPresent(String.self, forKey: AnyKey("expires"))
            cost = try container.decodeOptionalInteger("cost")
            if let cost, cost < 0 {
                throw APIError.outOfRange(field: fieldPath(decoder.codingPath + [AnyKey("cost")]), value: cost, range: 0...Int.max)
            }
        }
    }

    /// What came, when it differs from the order.
    var lines: [Line]?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["lines"])
        lines = try container.decodeIfPresent([Line].self, forKey: AnyKey("lines"))
    }

    /// No lines: what was ordered came.
    init() {}
}

/// A purchase order: `{"id", "supplier", "orderBy"?, "arrives"?, "lines": [{"fruit", "packs", "units", "cost"?}],
/// "total"?, "status", "createdAt", "receivedEntry"?, "receivedAt"?}` (absent values left out).
struct PurchaseOrderBody: Codable, Sendable, Hashable {
    /// One fruit ordered.
    struct Line: Codable, Sendable, Hashable {
        var fruit: String
        var packs: Int
        var units: Int
        var cost: Int?
    }

    var id: Int
    var supplier: String
    /// The supplier's name in the request's language, when the recipe files still have it.
    var supplierName: String?
    var orderBy: String?
    var arrives: String?
    var lines: [Line]
    var total: Int?
    var status: String
    var createdAt: String
    var receivedEntry: Int?
    var receivedAt: String?
    /// What staff should know of an order just kept (bought elsewhere, below the minimum, kept twice), when anything.
    var notes: [Note]?

    /// A note on an order just kept: its kind, and what it says in the request's language.
    struct Note: Codable, Sendable, Hashable {
        var kind: String
        var message: String
    }

    /// The order, its supplier named from `book` in `language`, with `notes` (an order just kept).
    init(_ order: PurchaseOrder, book: RecipeBook, language: Language, notes: [PurchaseOrderNote] = []) {
        id = order.id
        supplier = order.supplier.rawValue
        supplierName = book.supplier(order.supplier)?.name.text(in: language, fallback: order.supplier.rawValue)
        orderBy = order.orderBy
        arrives = order.arrives
        lines = order.lines.map { Line(fruit: $0.fruit.rawValue, packs: $0.packs, units: $0.units, cost: $0.cost) }
        total = order.total
        status = order.status.rawValue
        createdAt = order.createdAt
        receivedEntry = order.receivedEntry
        receivedAt = order.receivedAt
        let text = ShopText(language: language, book: book)
        self.notes = notes.isEmpty ? nil : notes.map { Note(kind: $0.kind, message: PurchaseMessage.text(of: $0, text: text)) }
    }
}

/// `GET /api/purchases`: the orders, newest first.
struct PurchaseListBody: Codable, Sendable, Hashable {
    var orders: [PurchaseOrderBody]
}

/// `POST /api/purchases/{id}/receive`: the order (received), the delivery's entry and the stock after it, and what
/// came differently from the order.
struct PurchaseReceiptBody: Codable, Sendable, Hashable {
    /// A fruit whose delivery differed from the order.
    struct Difference: Codable, Sendable, Hashable {
        var fruit: String
        var ordered: Int
        var received: Int
        /// `ordered − received`: above 0 when fruit is missing, below 0 when more came.
        var short: Int
    }

    var message: String
    var order: PurchaseOrderBody
    var entry: EntryBody?
    var stock: [String: Int]
    /// How many of each juice of the menu the stock after the delivery makes.
    var makeable: [String: Int]?
    var differences: [Difference]

    /// The receipt of `receipt`, saying `message`.
    init(_ receipt: PurchaseReceipt, message: String, book: RecipeBook, language: Language) {
        // The delivery's entry and the stock after it, as any stock change's receipt gives them.
        let delivery = ReceiptBody(receipt.receipt, message: message, book: book)
        (self.message, entry, stock, makeable) = (message, delivery.entry, delivery.stock, delivery.makeable)
        order = PurchaseOrderBody(receipt.order, book: book, language: language)
        differences = receipt.differences.map {
            Difference(fruit: $0.fruit.rawValue, ordered: $0.ordered, received: $0.received, short: $0.short)
        }
    }
}
