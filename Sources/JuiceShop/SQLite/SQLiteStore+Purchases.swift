import Foundation
import GRDB
import JuiceCore

extension SQLiteStore {
    /// Keeps `drafts` as the next purchase orders, open (creating the file if needed), in one transaction.
    public func createPurchaseOrders(_ drafts: [PurchaseOrderDraft]) async throws(ShopError) -> [PurchaseOrder] {
        let path = path
        let writer = try await openWriter()
        do {
            return try await writer.writeWithoutTransaction { db in
                var orders: [PurchaseOrder] = []
                try db.inTransaction(.immediate) {
                    let time = clock.journalTime()
                    orders = try drafts.map { try SQLiteRecords.createPurchaseOrder($0, time: time, in: db) }
                    return .commit
                }
                guard orders.count == drafts.count else { throw StateError.failed(path: path, message: "the purchase orders were not kept") }
                return orders
            }
        } catch {
            throw ShopError(error, path: path)
        }
    }

    /// The purchase orders with `status` (all when nil), newest first (none in a file made before schema 7).
    public func purchaseOrders(status: PurchaseOrderStatus?) async throws(ShopError) -> [PurchaseOrder] {
        try await read(whenEmpty: []) { db, version in version >= 7 ? try SQLiteRecords.purchaseOrders(db, status: status) : [] }
    }

    /// The purchase order numbered `id`, if there is one (none in a file made before schema 7).
    public func purchaseOrder(id: Int) async throws(ShopError) -> PurchaseOrder? {
        try await read(whenEmpty: nil) { db, version in version >= 7 ? try SQLiteRecords.purchaseOrders(db, id: id).first : nil }
    }
}
