import JuiceCore

/// What staff should know of a purchase order just kept, though nothing in it is wrong enough to refuse: a shop may buy
/// a fruit elsewhere for once, place an order under the minimum on purpose, or keep the same order twice by mistake.
public enum PurchaseOrderNote: Hashable, Sendable {
    /// The recipe files buy `fruit` from `seller` (nil: from no supplier), not from the order's supplier.
    case boughtElsewhere(FruitID, seller: SupplierID?)
    /// The order comes to `total` won, below its supplier's minimum order of `minimum`.
    case belowMinimum(total: Int, minimum: Int)
    /// The open order `id` has the same supplier, arrival day and lines: kept twice?
    case sameAsOpen(Int)

    /// A stable name for scripts (`notes[].kind`); never translated.
    public var kind: String {
        switch self {
        case .boughtElsewhere: return "bought-elsewhere"
        case .belowMinimum: return "below-minimum"
        case .sameAsOpen: return "same-as-open"
        }
    }

    /// The notes on `order` as `book` sells its fruit, beside the orders that were open before it (`open`; the order
    /// itself and newer ones are passed over).
    public static func notes(on order: PurchaseOrder, book: RecipeBook, open: [PurchaseOrder]) -> [PurchaseOrderNote] {
        var notes: [PurchaseOrderNote] = []
        for line in order.lines {
            let seller = book.fruit(line.fruit)?.buy?.supplier
            if seller != order.supplier { notes.append(.boughtElsewhere(line.fruit, seller: seller)) }
        }
        if let minimum = book.supplier(order.supplier)?.minimum, let total = order.total, total < minimum {
            notes.append(.belowMinimum(total: total, minimum: minimum))
        }
        func content(_ order: PurchaseOrder) -> [FruitID: Int] {
            Dictionary(order.lines.map { ($0.fruit, $0.units) }, uniquingKeysWith: +)
        }
        let twins = open.filter { other in
            other.id < order.id && other.status == .open && other.supplier == order.supplier && other.arrives == order.arrives
                && content(other) == content(order)
        }
        if let twin = twins.max(by: { $0.id < $1.id }) { notes.append(.sameAsOpen(twin.id)) }
        return notes
    }
}
