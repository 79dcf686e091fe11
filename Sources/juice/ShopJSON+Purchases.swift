import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop

extension ShopJSON {
    /// A purchase order as the API answers it (`PurchaseOrderJSON`: absent values left out), its supplier named by
    /// `text`, with `notes` (an order just kept).
    static func purchaseOrder(_ order: PurchaseOrder, text: ShopText, notes: [PurchaseOrderNote] = []) -> JSONValue {
        JSONValue(encoding: PurchaseOrderJSON(order, text: text, notes: notes))
    }

    /// A purchase order received: the delivery's receipt (`entry`, `stock`), the `order` as it is now, and the
    /// `differences: [{fruit, ordered, received, short}]` between what was ordered and what came.
    static func purchaseReceipt(_ receipt: PurchaseReceipt, text: ShopText) -> JSONValue {
        guard case .object(let members) = ShopJSON.receipt(receipt.receipt) else { return ShopJSON.receipt(receipt.receipt) }
        let differences = receipt.differences.map { JSONValue(encoding: PurchaseDifferenceJSON($0)) }
        return .object([("order", purchaseOrder(receipt.order, text: text))] + members + [("differences", .array(differences))])
    }
}
