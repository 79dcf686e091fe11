import JuiceCore

/// When a supplier's next order is placed and what it must cover: placed on its next order day (before the cut-off),
/// it arrives after the lead time and must last until the delivery after it (the next order day's) arrives, the
/// protection interval.
package struct OrderWindow: Sendable, Hashable {
    /// The supplier.
    package var supplier: SupplierID
    /// The day the order is placed.
    package var orderDate: CivilDate
    /// The last minute of `orderDate` at which it still counts (the supplier's cut-off), if there is one.
    package var cutOff: Int?
    /// The day it arrives (in the morning, before the shop opens).
    package var arrives: CivilDate
    /// The day the delivery after it can arrive at the earliest: the order must last until the day before.
    package var nextArrival: CivilDate

    /// The last day the order must cover.
    package var coversUntil: CivilDate { nextArrival.adding(days: -1) }
    /// The days it must cover (at least 1).
    package var protectionDays: Int { nextArrival.dayNumber - arrives.dayNumber }

    /// The order's deadline: the order day, at its cut-off when there is one (`2026-12-02T14:00`).
    package var orderBy: OrderDeadline { OrderDeadline(date: orderDate, minuteOfDay: cutOff) }

    /// The next order `supplier` can take at `moment`, arriving no earlier than `firstDay`; nil when the supplier
    /// has no order day.
    package init?(_ supplier: Supplier, at moment: ShopMoment, firstDay: CivilDate) {
        guard !supplier.orderDays.isEmpty else { return nil }
        func isOrderDay(_ date: CivilDate) -> Bool { supplier.orderDays.contains(Weekday(date)) }
        var order = moment.date
        // Today counts while its cut-off (or, without one, the day) has not passed.
        if !isOrderDay(order) || moment.minuteOfDay > (supplier.cutOff ?? 24 * 60 - 1) { order = order.adding(days: 1) }
        while !isOrderDay(order) { order = order.adding(days: 1) }
        var next = order.adding(days: 1)
        while !isOrderDay(next) { next = next.adding(days: 1) }
        let lead = max(0, supplier.leadTime)
        self.supplier = supplier.id
        orderDate = order
        cutOff = supplier.cutOff
        arrives = max(firstDay, order.adding(days: lead))
        nextArrival = max(arrives.adding(days: 1), next.adding(days: lead))
    }

    /// A window given directly.
    package init(supplier: SupplierID, orderDate: CivilDate, cutOff: Int? = nil, arrives: CivilDate, nextArrival: CivilDate) {
        self.supplier = supplier
        self.orderDate = orderDate
        self.cutOff = cutOff
        self.arrives = arrives
        self.nextArrival = nextArrival
    }
}
