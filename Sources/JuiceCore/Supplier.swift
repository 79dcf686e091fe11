/// The id of a supplier, as written in recipe files (for example `garak-market`).
public struct SupplierID: RecipeIdentifier {
    /// The id's text.
    public var rawValue: String
    /// Wraps `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// Someone the shop buys fruit from: how long an order takes to arrive, on which days one can be placed, the least an
/// order may come to, and the time of day after which an order counts for the next order day.
public struct Supplier: Hashable, Sendable, Codable, Identifiable {
    /// The supplier's id.
    public var id: SupplierID
    /// Its display name.
    public var name: LocalizedName
    /// Days from placing an order to its delivery (0: the same day).
    public var leadTime: Int
    /// The days an order can be placed (every day when the recipe files give none).
    public var orderDays: Set<Weekday>
    /// The least an order may come to, in won, if there is such a minimum.
    public var minimum: Int?
    /// The last minute of the day (from midnight) at which an order still counts for that day, if there is a cut-off.
    public var cutOff: Int?

    /// Creates a supplier.
    public init(
        id: SupplierID, name: LocalizedName, leadTime: Int, orderDays: Set<Weekday> = Set(Weekday.allCases), minimum: Int? = nil,
        cutOff: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.leadTime = leadTime
        self.orderDays = orderDays
        self.minimum = minimum
        self.cutOff = cutOff
    }
}

/// How a fruit is bought: from which supplier, in packs of how many units, at what price a pack.
public struct FruitPurchase: Hashable, Sendable, Codable {
    /// The supplier.
    public var supplier: SupplierID
    /// Units in a pack (at least 1): orders are whole packs.
    public var pack: Int
    /// What a pack costs, in won, if given.
    public var price: Int?

    /// Creates a way to buy a fruit.
    public init(supplier: SupplierID, pack: Int = 1, price: Int? = nil) {
        self.supplier = supplier
        self.pack = pack
        self.price = price
    }

    /// What one unit costs, in won, from the pack's price (rounded to the nearest won), if the price is given.
    public var unitCost: Int? {
        price.map { pack > 0 ? ($0 + pack / 2) / pack : $0 }
    }
}
