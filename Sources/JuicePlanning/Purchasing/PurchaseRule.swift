/// A way to decide a supplier's order: the simulation's plan, or one of the rules of thumb shops use.
package enum PurchaseRule: String, Sendable, Hashable, CaseIterable {
    /// The purchase planner: each order sized by simulation for the service level (or profit) asked for.
    case plan
    /// Par levels, the restaurant practice: for each day the order must last, the mean of the last four same
    /// weekdays' use, plus 20 %, less what is on hand and on order and what the days before it arrives will use;
    /// rounded up to packs.
    case parLevels = "par-levels"
    /// Min/max, the ERP reordering rule: when what is on hand and on order falls to the minimum (the mean daily use
    /// over the lead time and the days to the next order, plus 1.65 standard deviations of it), order up to the
    /// maximum (the minimum plus the mean use of the days to the next order); rounded up to packs.
    case minMax = "min-max"
}

/// What replaying days under one way of ordering gave.
package struct PurchaseReplay: Sendable, Hashable {
    /// The rule that ordered.
    package var rule: PurchaseRule
    /// The days scored (the shop open).
    package var days: Int
    /// The days on which every order was served.
    package var daysAllServed: Int
    /// Units asked for.
    package var demanded: Int
    /// Units served.
    package var served: Int
    /// Units of fruit that spoiled.
    package var waste: Int
    /// What they had cost, in won (fruits without a known cost count 0).
    package var wasteCost: Int
    /// What the orders placed cost, in won.
    package var spend: Int
    /// Orders placed.
    package var orders: Int
    /// The service level the plan aimed at, when it was replayed at another than the one asked for.
    package var target: Double?

    /// The share of days on which no order was refused.
    package var achievedServiceLevel: Double { days > 0 ? Double(daysAllServed) / Double(days) : 0 }
    /// The share of units asked for that were served.
    package var fillRate: Double { demanded > 0 ? Double(served) / Double(demanded) : 1 }

    /// Whether this replay beats `other` as the issue of the plan asks: at least its service level with less waste,
    /// or a higher service level with no more waste.
    package func beats(_ other: PurchaseReplay) -> Bool {
        (achievedServiceLevel >= other.achievedServiceLevel && waste < other.waste)
            || (achievedServiceLevel > other.achievedServiceLevel && waste <= other.waste)
    }
}
