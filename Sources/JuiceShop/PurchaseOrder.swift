import JuiceCore

/// Whether a purchase order's fruit is still to come or has come.
public enum PurchaseOrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Ordered, not yet received.
    case open
    /// Received (`juice receive --order ID`): the delivery's journal entry says what came.
    case received
}

/// One fruit of a purchase order: how many packs, how many units they make, and what a unit costs.
public struct PurchaseLine: Hashable, Sendable, Codable {
    /// The fruit ordered.
    public var fruit: FruitID
    /// Whole packs ordered (at least 1).
    public var packs: Int
    /// The units those packs hold (at least 1): what the delivery is expected to bring.
    public var units: Int
    /// What one unit costs, in won, if known (a line's whole cost is units × this).
    public var unitCost: Int?

    /// A line.
    public init(fruit: FruitID, packs: Int, units: Int, unitCost: Int? = nil) {
        self.fruit = fruit
        self.packs = packs
        self.units = units
        self.unitCost = unitCost
    }
}

/// A purchase order to be kept (`ShopStore.createPurchaseOrder`): whom fruit is ordered from, by when, when it should
/// arrive, and the lines. Checked by `Shop.createPurchaseOrder` before any store sees it.
public struct PurchaseOrderDraft: Hashable, Sendable {
    /// The supplier's id (`suppliers:` in the recipe files).
    public var supplier: SupplierID
    /// The last day (and, with a cut-off, minute) to place it, if known.
    public var orderBy: OrderDeadline?
    /// The day it should arrive, if known.
    public var arrives: CivilDate?
    /// The fruits ordered, in order; each fruit once.
    public var lines: [PurchaseLine]
    /// What it comes to, in won: as planned when given, else the lines' units × cost when every line has a cost.
    public var total: Int?

    /// A draft.
    public init(supplier: SupplierID, orderBy: OrderDeadline? = nil, arrives: CivilDate? = nil, lines: [PurchaseLine], total: Int? = nil) {
        self.supplier = supplier
        self.orderBy = orderBy
        self.arrives = arrives
        self.lines = lines
        self.total = total
    }

    /// The lines' units × cost, when every line has a cost (nil when one has none, or the sum overflows).
    public var linesTotal: Int? {
        var sum = 0
        for line in lines {
            guard let cost = line.unitCost else { return nil }
            let (product, overflow) = line.units.multipliedReportingOverflow(by: cost)
            let (next, overflowSum) = sum.addingReportingOverflow(product)
            guard !overflow, !overflowSum else { return nil }
            sum = next
        }
        return sum
    }
}

/// A purchase order the shop keeps: open until its delivery is received, then received with the journal entry of
/// that delivery. Its supplier is kept by id, so an order whose supplier has left the recipe files stays readable.
public struct PurchaseOrder: Hashable, Sendable {
    /// The order's number (increasing, from 1; a sequence of its own, not the journal's).
    public var id: Int
    /// The supplier's id.
    public var supplier: SupplierID
    /// The last day (and, with a cut-off, minute) to place it, if known.
    public var orderBy: OrderDeadline?
    /// The day it should arrive, if known.
    public var arrives: CivilDate?
    /// The fruits ordered, in order.
    public var lines: [PurchaseLine]
    /// What it comes to, in won, if known.
    public var total: Int?
    /// Open or received.
    public var status: PurchaseOrderStatus
    /// When it was kept, ISO 8601 in UTC.
    public var createdAt: String
    /// The journal entry of its delivery, once received.
    public var receivedEntry: Int?
    /// When it was received (the delivery entry's time, ISO 8601 in UTC), once received.
    public var receivedAt: String?

    /// An order.
    public init(
        id: Int, supplier: SupplierID, orderBy: OrderDeadline? = nil, arrives: CivilDate? = nil, lines: [PurchaseLine], total: Int? = nil,
        status: PurchaseOrderStatus = .open, createdAt: String, receivedEntry: Int? = nil, receivedAt: String? = nil
    ) {
        self.id = id
        self.supplier = supplier
        self.orderBy = orderBy
        self.arrives = arrives
        self.lines = lines
        self.total = total
        self.status = status
        self.createdAt = createdAt
        self.receivedEntry = receivedEntry
        self.receivedAt = receivedAt
    }

    /// The order `draft` becomes when kept as number `id` at `createdAt`: open, its total as given or from its lines.
    public init(id: Int, draft: PurchaseOrderDraft, createdAt: String) {
        self.init(
            id: id, supplier: draft.supplier, orderBy: draft.orderBy, arrives: draft.arrives, lines: draft.lines,
            total: draft.total ?? draft.linesTotal, createdAt: createdAt)
    }

    /// The line of `fruit`, if the order has one.
    public func line(of fruit: FruitID) -> PurchaseLine? {
        lines.first { $0.fruit == fruit }
    }
}

/// One fruit whose delivery differed from its purchase order.
public struct PurchaseDifference: Hashable, Sendable {
    /// The fruit.
    public var fruit: FruitID
    /// Units ordered (0 for a fruit the order did not have).
    public var ordered: Int
    /// Units received (0 for a fruit that did not come).
    public var received: Int

    /// A difference.
    public init(fruit: FruitID, ordered: Int, received: Int) {
        self.fruit = fruit
        self.ordered = ordered
        self.received = received
    }

    /// `ordered − received`: above 0 when fruit is missing, below 0 when more came.
    public var short: Int { ordered - received }
}

/// What receiving a purchase order did: the order as it is now (received), the delivery's receipt, and every fruit
/// whose delivery differed from the order (ordered ones that did not come included).
public struct PurchaseReceipt: Hashable, Sendable {
    /// The order, received.
    public var order: PurchaseOrder
    /// The delivery: its journal entry (kind `delivery`, its lots with `ordered`) and the stock after it.
    public var receipt: ShopReceipt
    /// The fruits whose delivery differed from the order, in the order's line order, then fruits it did not have.
    public var differences: [PurchaseDifference]

    /// A receipt.
    public init(order: PurchaseOrder, receipt: ShopReceipt, differences: [PurchaseDifference]) {
        self.order = order
        self.receipt = receipt
        self.differences = differences
    }
}
