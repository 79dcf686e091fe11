extension PurchaseOrder {
    /// The one rule of which purchase orders can be received, for `Shop.receivePurchaseOrder` and every store: one
    /// that exists and is open. `receivedBy` is order `id` as it was read: nil when there is no such order, else the
    /// journal entry that received it (nil while it is open). Refused: an unknown order
    /// (`ShopError.unknownPurchaseOrder`), a received one (`.purchaseOrderReceived`).
    static func requireReceivable(_ id: Int, receivedBy found: Int??) throws(ShopError) {
        guard let found else { throw .unknownPurchaseOrder(id) }
        if let entry = found { throw .purchaseOrderReceived(id, entry: entry) }
    }

    /// The journal entry that received this order, for `requireReceivable`: its `receivedEntry` (0 when a received
    /// order has none), nil while it is open.
    var receivingEntry: Int? {
        status == .received ? receivedEntry ?? 0 : nil
    }
}
