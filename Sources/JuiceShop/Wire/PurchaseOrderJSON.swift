import JuiceCore

/// One fruit of a purchase order as JSON, kept or planned: the same type in the API's bodies, `juice purchase --json`
/// and a plan's `orders[].lines` (which `juice purchase create --from-plan` reads back). `unitCost` is what one unit
/// costs, `lineCost` what the whole line costs (units × unit cost for a kept order; packs × the pack's price for a
/// planned one), each left out when unknown.
public struct PurchaseLineJSON: Codable, Sendable, Hashable {
    /// The fruit's id.
    public var fruit: String
    /// Whole packs.
    public var packs: Int
    /// The units those packs hold.
    public var units: Int
    /// What one unit costs, in won.
    public var unitCost: Int?
    /// What the line costs, in won.
    public var lineCost: Int?

    /// A line.
    public init(fruit: String, packs: Int, units: Int, unitCost: Int? = nil, lineCost: Int? = nil) {
        self.fruit = fruit
        self.packs = packs
        self.units = units
        self.unitCost = unitCost
        self.lineCost = lineCost
    }

    /// A kept order's line: its unit cost, and units × that (left out should it overflow).
    public init(_ line: PurchaseLine) {
        let lineCost = line.unitCost.flatMap { cost -> Int? in
            let (product, overflow) = line.units.multipliedReportingOverflow(by: cost)
            return overflow ? nil : product
        }
        self.init(fruit: line.fruit.rawValue, packs: line.packs, units: line.units, unitCost: line.unitCost, lineCost: lineCost)
    }
}

/// A purchase order the shop keeps, as JSON: `GET /api/purchases`, `POST /api/purchases`, `juice purchase list
/// --json` and `juice purchase create --json` answer this one type. Absent values are left out.
public struct PurchaseOrderJSON: Codable, Sendable, Hashable {
    /// Something staff should know of an order just kept: its kind (stable, for scripts) and what it says.
    public struct Note: Codable, Sendable, Hashable {
        /// `bought-elsewhere`, `below-minimum` or `same-as-open`.
        public var kind: String
        /// The note in the reader's language.
        public var message: String

        /// A note.
        public init(kind: String, message: String) {
            self.kind = kind
            self.message = message
        }
    }

    /// The order's number.
    public var id: Int
    /// The supplier's id.
    public var supplier: String
    /// The supplier's name in the reader's language, while the recipe files still have the supplier.
    public var supplierName: String?
    /// The last day to place it.
    public var orderBy: String?
    /// The day it should arrive.
    public var arrives: String?
    /// The fruits ordered, in order.
    public var lines: [PurchaseLineJSON]
    /// What it comes to, in won.
    public var total: Int?
    /// `open` or `received`.
    public var status: String
    /// When it was kept (ISO 8601, UTC).
    public var createdAt: String
    /// The journal entry of its delivery, once received.
    public var receivedEntry: Int?
    /// When it was received (ISO 8601, UTC).
    public var receivedAt: String?
    /// What staff should know of an order just kept, when anything.
    public var notes: [Note]?

    /// `order`, its supplier named by `text` (in its language, from its recipe book), with `notes` (an order just kept).
    public init(_ order: PurchaseOrder, text: ShopText, notes: [PurchaseOrderNote] = []) {
        id = order.id
        supplier = order.supplier.rawValue
        supplierName = text.book.supplier(order.supplier)?.name.text(in: text.language, fallback: order.supplier.rawValue)
        orderBy = order.orderBy?.description
        arrives = order.arrives?.description
        lines = order.lines.map(PurchaseLineJSON.init)
        total = order.total
        status = order.status.rawValue
        createdAt = order.createdAt
        receivedEntry = order.receivedEntry
        receivedAt = order.receivedAt
        self.notes = notes.isEmpty ? nil : notes.map { Note(kind: $0.kind, message: PurchaseMessage.text(of: $0, text: text)) }
    }
}

/// A fruit whose delivery differed from its purchase order, as JSON (a purchase order's receipt, in the API and
/// `juice receive --order --json`).
public struct PurchaseDifferenceJSON: Codable, Sendable, Hashable {
    /// The fruit's id.
    public var fruit: String
    /// Units ordered.
    public var ordered: Int
    /// Units received.
    public var received: Int
    /// `ordered − received`: above 0 when fruit is missing, below 0 when more came.
    public var short: Int

    /// The difference `difference`.
    public init(_ difference: PurchaseDifference) {
        fruit = difference.fruit.rawValue
        ordered = difference.ordered
        received = difference.received
        short = difference.short
    }
}
