import Foundation
import JuiceCore
import JuiceShop

/// The purchase orders of a plan, `juice plan … --format json`'s `orders: [{supplier, orderBy, arrives, coversUntil,
/// lines: [{fruit, packs, units, cost}], total, minimumMet, …}]`, as drafts to keep: one per entry, its lines and total
/// as planned (the other fields are the plan's reasons and are not kept).
enum PlanOrders {
    /// Why a plan's orders cannot be read: a field (named by its path, `orders[0].lines[1].packs`) missing or wrong.
    enum Problem: Error {
        /// The text is not JSON.
        case notJSON
        /// A field that must be there is missing.
        case missing(String)
        /// A field is not what it should be.
        case wrong(String, PlanFieldExpectation)
    }

    /// The drafts of `data`'s orders, in the plan's order; only `supplier`'s when given. None when the plan has none.
    static func drafts(from data: Data, supplier: String?) throws(Problem) -> [PurchaseOrderDraft] {
        let document: Any
        do { document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch { throw .notJSON }
        guard let top = document as? [String: Any] else { throw .wrong("the plan", .object) }
        guard let value = top["orders"], !(value is NSNull) else { return [] }
        guard let orders = value as? [Any] else { throw .wrong("orders", .array) }
        var drafts: [PurchaseOrderDraft] = []
        for (index, value) in orders.enumerated() {
            let path = "orders[\(index)]"
            guard let order = value as? [String: Any] else { throw .wrong(path, .object) }
            let name = try text(order, "supplier", at: path)
            if let supplier, name != supplier { continue }
            guard let linesValue = order["lines"] else { throw .missing("\(path).lines") }
            guard let lines = linesValue as? [Any] else { throw .wrong("\(path).lines", .array) }
            var purchaseLines: [PurchaseLine] = []
            for (number, value) in lines.enumerated() {
                let linePath = "\(path).lines[\(number)]"
                guard let line = value as? [String: Any] else { throw .wrong(linePath, .object) }
                purchaseLines.append(
                    PurchaseLine(
                        fruit: FruitID(try text(line, "fruit", at: linePath)), packs: try whole(line, "packs", at: linePath),
                        units: try whole(line, "units", at: linePath), cost: try optionalWhole(line, "cost", at: linePath)))
            }
            drafts.append(
                PurchaseOrderDraft(
                    supplier: SupplierID(name), orderBy: try optionalText(order, "orderBy", at: path),
                    arrives: try optionalText(order, "arrives", at: path), lines: purchaseLines,
                    total: try optionalWhole(order, "total", at: path)))
        }
        return drafts
    }

    private static func text(_ object: [String: Any], _ key: String, at path: String) throws(Problem) -> String {
        guard let value = try optionalText(object, key, at: path) else { throw .missing("\(path).\(key)") }
        return value
    }

    private static func optionalText(_ object: [String: Any], _ key: String, at path: String) throws(Problem) -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw .wrong("\(path).\(key)", .text) }
        return text
    }

    private static func whole(_ object: [String: Any], _ key: String, at path: String) throws(Problem) -> Int {
        guard let value = try optionalWhole(object, key, at: path) else { throw .missing("\(path).\(key)") }
        return value
    }

    /// A whole number 0 or more (a JSON number without a fraction that an `Int` holds), nil when absent or null.
    private static func optionalWhole(_ object: [String: Any], _ key: String, at path: String) throws(Problem) -> Int? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, let whole = Int(exactly: number.doubleValue), whole >= 0,
            Double(whole) == number.doubleValue
        else { throw .wrong("\(path).\(key)", .wholeNumber) }
        return whole
    }
}
