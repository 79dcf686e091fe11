import JuiceShop

extension ShopActions {
    /// The purchase orders kept, newest first: those with `status`, or all of them without one.
    package func purchaseOrders(status: PurchaseOrderStatus?) async throws(ShopError) -> [PurchaseOrder] {
        try await shop.purchaseOrders(status: status)
    }
}
