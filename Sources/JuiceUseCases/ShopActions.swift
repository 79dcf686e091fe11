import JuiceCore
import JuiceShop

/// One method for each thing staff do in the stock room, over the shop and its clock: the command line and the
/// server's routes parse, call one of these and show what it answers, and decide nothing themselves. "Today" is the
/// clock's; every refusal is the shop's, placed where it happened (`ShopError.place`).
package struct ShopActions: Sendable {
    /// The shop the actions change.
    package let shop: Shop
    /// What today is.
    package let clock: ShopClock

    /// The actions on `shop`, dated by `clock`.
    package init(shop: Shop, clock: ShopClock) {
        self.shop = shop
        self.clock = clock
    }

    /// What came of a count: applied, or (a variance too large, not confirmed) not applied, with what applying it
    /// would record for staff to confirm.
    package enum CountOutcome: Sendable {
        /// Applied: the receipt, its entry's count lines.
        case applied(ShopReceipt)
        /// Not applied: some fruit's variance is above the limit; `preview` is what applying it would record.
        case needsConfirmation(preview: [CountLine])
    }

    /// Applies a count of `counted` (in `session`, if one was started), unless some fruit's variance is above
    /// `largeVariance` (a share of the expected stock; any variance where 0 was expected) and it is not `confirmed`.
    /// The one rule of a count's confirmation, for the terminal and the page alike.
    package func count(
        _ counted: [(fruit: FruitID, count: Int)], session: String?, confirmed: Bool, largeVariance: Double, command: String,
        request: String? = nil
    ) async throws(ShopError) -> CountOutcome {
        if !confirmed {
            let preview = try await shop.previewCount(counted, session: session)
            if preview.contains(where: { $0.isLarge(beyond: largeVariance) }) { return .needsConfirmation(preview: preview) }
        }
        return .applied(try await shop.count(counted, session: session, command: command, request: request))
    }

    /// Receives a delivery today (see `Shop.receive`).
    package func receive(
        _ lines: [DeliveryLine], supplier: String?, command: String, request: String? = nil
    ) async throws(ShopError) -> ShopReceipt {
        try await shop.receive(lines, supplier: supplier, received: clock.today, command: command, request: request)
    }

    /// Throws fruit away (see `Shop.waste`).
    package func waste(
        _ amounts: [(fruit: FruitID, amount: Int)], reason: WasteReason, note: String?, command: String, request: String? = nil
    ) async throws(ShopError) -> ShopReceipt {
        try await shop.waste(amounts, reason: reason, note: note, command: command, request: request)
    }

    /// Writes off every lot past its use-by date today (see `Shop.wasteExpired`).
    package func wasteExpired(note: String?, command: String) async throws(ShopError) -> ShopReceipt {
        try await shop.wasteExpired(today: clock.today, note: note, command: command)
    }

    /// The lots, what expires when and the last counts, today.
    package func shelf() async throws(ShopError) -> Shelf {
        try await shop.shelf(today: clock.today)
    }

    /// A purchase order kept, with what staff should know of it (`PurchaseOrderNote`: bought elsewhere, below the
    /// minimum, the same as an open one), which is said and never refused.
    package struct KeptPurchaseOrder: Sendable {
        /// The order, open.
        package var order: PurchaseOrder
        /// What staff should know of it.
        package var notes: [PurchaseOrderNote]
    }

    /// Keeps `drafts` as open purchase orders, all or none (a refusal placed at its draft, `[i]…`), with their notes.
    package func keepPurchaseOrders(_ drafts: [PurchaseOrderDraft]) async throws(ShopError) -> [KeptPurchaseOrder] {
        let orders = try await shop.createPurchaseOrders(drafts.map(arriving))
        let notes = try await shop.notes(on: orders)
        return zip(orders, notes).map { KeptPurchaseOrder(order: $0, notes: $1) }
    }

    /// Keeps one purchase order (its refusals placed in it, unprefixed), with its notes.
    package func keepPurchaseOrder(_ draft: PurchaseOrderDraft) async throws(ShopError) -> KeptPurchaseOrder {
        let order = try await shop.createPurchaseOrder(arriving(draft))
        return KeptPurchaseOrder(order: order, notes: try await shop.notes(on: [order]).first ?? [])
    }

    /// `draft` with the day it arrives: its own, else the supplier's lead time after the day it is placed by (today
    /// when it gives none), as the recipe files say the supplier delivers.
    func arriving(_ draft: PurchaseOrderDraft) -> PurchaseOrderDraft {
        guard draft.arrives == nil, let supplier = shop.book.supplier(draft.supplier) else { return draft }
        var draft = draft
        draft.arrives = max(draft.orderBy?.date ?? clock.today, clock.today).adding(days: max(0, supplier.leadTime))
        return draft
    }

    /// Receives purchase order `id` today, as ordered or as `lines` say came (see `Shop.receivePurchaseOrder`).
    package func receivePurchaseOrder(
        _ id: Int, lines: [DeliveryLine]?, command: String, request: String? = nil
    ) async throws(ShopError) -> PurchaseReceipt {
        try await shop.receivePurchaseOrder(id, lines: lines, received: clock.today, command: command, request: request)
    }
}
