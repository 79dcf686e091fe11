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
}
