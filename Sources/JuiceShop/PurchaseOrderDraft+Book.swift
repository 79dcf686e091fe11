import JuiceCore

extension PurchaseOrderDraft {
    /// One fruit to order in whole packs, as people give it: the fruit, the packs, and, when they differ from what the
    /// recipe files say, the units and the cost per unit.
    public struct Packs: Hashable, Sendable {
        /// The fruit.
        public var fruit: FruitID
        /// Whole packs.
        public var packs: Int
        /// The units, when not packs × the fruit's `buy.pack`.
        public var units: Int?
        /// What a unit costs in won, when not the fruit's `buy` price over its pack (else its `cost`).
        public var unitCost: Int?

        /// A line to order.
        public init(fruit: FruitID, packs: Int, units: Int? = nil, unitCost: Int? = nil) {
            self.fruit = fruit
            self.packs = packs
            self.units = units
            self.unitCost = unitCost
        }
    }

    /// The order of `packs` from `supplier`, as `book` sells them: each line's units are packs × the fruit's pack (1
    /// when the recipe files do not say how it is bought) unless given, its cost per unit the pack's price over the pack
    /// (else the fruit's `cost`) unless given; the total is what the packs cost at their price (units × cost for a
    /// line given its own units or cost), nil when a line has no cost. Packs whose units overflow are refused
    /// (`too-large`); everything else is checked by `Shop.createPurchaseOrder`.
    public init(
        supplier: SupplierID, orderBy: OrderDeadline? = nil, arrives: CivilDate? = nil, packs: [Packs], book: RecipeBook
    ) throws(ShopError) {
        var lines: [PurchaseLine] = []
        var total: Int? = 0
        for (index, item) in packs.enumerated() {
            let buy = book.fruit(item.fruit)?.buy
            let units: Int
            if let given = item.units {
                units = given
            } else {
                let (product, overflow) = item.packs.multipliedReportingOverflow(by: buy?.pack ?? 1)
                if overflow { throw ShopError.stockRefused(.overflow(item.fruit)).at(FieldPath.line(index).field("packs")) }
                units = product
            }
            let cost = item.unitCost ?? buy?.unitCost ?? book.fruit(item.fruit)?.cost
            lines.append(PurchaseLine(fruit: item.fruit, packs: item.packs, units: units, unitCost: cost))
            // At the pack's price when the line is as the recipe files sell it, else at its unit cost.
            let asSold = item.units == nil && item.unitCost == nil
            let price =
                (asSold ? buy?.price.map { item.packs.multipliedReportingOverflow(by: $0) } : nil)
                ?? cost.map {
                    units.multipliedReportingOverflow(by: $0)
                }
            if let sum = total, let price, !price.overflow {
                let (next, overflow) = sum.addingReportingOverflow(price.partialValue)
                total = overflow ? nil : next
            } else {
                total = nil
            }
        }
        self.init(supplier: supplier, orderBy: orderBy, arrives: arrives, lines: lines, total: total)
    }
}
