import JuiceCore

/// Why fruit was thrown away (`juice waste --reason`).
public enum WasteReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// It went bad before its use-by date.
    case spoiled
    /// Its use-by date passed (`juice waste --expired` writes these off).
    case expired
    /// It was dropped or spilled.
    case dropped
    /// Staff ate or drank it (a staff meal, a tasting).
    case staff
    /// Anything else; the note says what.
    case other

    /// The reason `text` names: its id (`spoiled`) or its Korean words as staff type them (`상함`, `떨어뜨림`,
    /// `직원 식사`, with or without the space; `직원` or `시식` for a staff meal or tasting), in any case; nil for anything
    /// else.
    public init?(words text: String) {
        let typed = text.trimmingCharactersInWhitespace().lowercased()
        let compact = String(typed.filter { $0 != " " })
        let korean = ShopText(language: .korean, book: RecipeBook(fruits: [], juices: [], store: Store()))
        if let found = Self.allCases.first(where: { typed == $0.rawValue || compact == String(korean.word(for: $0).filter { $0 != " " }) }) {
            self = found
        } else if ["직원", "시식"].contains(compact) {
            self = .staff
        } else {
            return nil
        }
    }
}

/// One fruit of a delivery: a lot.
public struct DeliveryLine: Hashable, Sendable, Codable {
    /// The fruit delivered.
    public var fruit: FruitID
    /// How many units came (at least 1).
    public var quantity: Int
    /// Its use-by date (`YYYY-MM-DD`, the shop's local date), if known.
    public var expires: String?
    /// What one unit cost, in won, if given.
    public var cost: Int?
    /// How many units were ordered (or invoiced), when that is known: the receiving difference is `ordered − quantity`.
    public var ordered: Int?

    /// A delivery line.
    public init(fruit: FruitID, quantity: Int, expires: String? = nil, cost: Int? = nil, ordered: Int? = nil) {
        self.fruit = fruit
        self.quantity = quantity
        self.expires = expires
        self.cost = cost
        self.ordered = ordered
    }

    /// Units ordered but not received (below 0: more came than was ordered); 0 when what was ordered is not known.
    public var shortfall: Int { ordered.map { $0 - quantity } ?? 0 }
}

/// One fruit of a count (stocktake): what the system expected, what was counted, and the difference.
public struct CountLine: Hashable, Sendable, Codable {
    /// The fruit counted.
    public var fruit: FruitID
    /// The stock the journal says there was when the count started.
    public var expected: Int
    /// What staff counted.
    public var counted: Int
    /// `counted − expected`: below 0 when fruit went missing.
    public var variance: Int

    /// A count line.
    public init(fruit: FruitID, expected: Int, counted: Int) {
        self.fruit = fruit
        self.expected = expected
        self.counted = counted
        variance = counted - expected
    }
}

extension CountLine {
    /// The share of the expected value above which a count's variance is large enough to confirm first (20%).
    public static let defaultLargeVariance = 0.2

    /// Whether the variance is more than `share` of the expected value (any variance when 0 was expected): a count to
    /// confirm before it is applied (`juice count` asks; the API wants `"confirm": true`).
    public func isLarge(beyond share: Double = CountLine.defaultLargeVariance) -> Bool {
        guard expected > 0 else { return variance != 0 }
        return Double(variance.magnitude) > share * Double(expected)
    }
}

/// What a delivery, a waste or a count recorded beyond its deltas, kept with its journal entry (as JSON in the stores).
/// Only the fields of the entry's kind are set.
public struct JournalDetail: Hashable, Sendable, Codable {
    /// A delivery's lots, in the order given.
    public var lots: [DeliveryLine]?
    /// Who delivered, for a delivery, if given.
    public var supplier: String?
    /// Why fruit was thrown away, for a waste.
    public var reason: WasteReason?
    /// What staff wrote about it, if anything.
    public var note: String?
    /// What the wasted fruit cost in won, for a waste whose fruits all have a cost.
    public var cost: Int?
    /// A count's lines, every fruit counted (those that matched too), in the order given.
    public var counts: [CountLine]?
    /// The count session the count was applied in, if it was started first (`juice count --start`).
    public var session: String?
    /// The purchase order a delivery received (`juice receive --order ID`), if it was one.
    public var purchaseOrder: Int?

    /// A detail with the given fields.
    public init(
        lots: [DeliveryLine]? = nil, supplier: String? = nil, reason: WasteReason? = nil, note: String? = nil, cost: Int? = nil,
        counts: [CountLine]? = nil, session: String? = nil, purchaseOrder: Int? = nil
    ) {
        self.lots = lots
        self.supplier = supplier
        self.reason = reason
        self.note = note
        self.cost = cost
        self.counts = counts
        self.session = session
        self.purchaseOrder = purchaseOrder
    }
}
