import Foundation
import JuiceCore
import JuiceShop

/// The purchase orders of a plan, `juice plan … --format json`'s `orders: [{supplier, orderBy, arrives, coversUntil,
/// lines: [{fruit, packs, units, cost}], total, minimumMet, …}]`, as drafts to keep: one per entry, its lines and total
/// as planned (the other fields are the plan's reasons and are not kept). A line's `cost` is what the line costs (packs
/// × the pack's price); the order keeps what one unit costs.
enum PlanOrders {
    /// Why a plan's orders cannot be read: a field (named by its path, `orders[0].lines[1].packs`) missing or wrong.
    enum Problem: Error {
        /// The text is not JSON.
        case notJSON
        /// A field that must be there is missing.
        case missing(String)
        /// A field is not what it should be.
        case wrong(String, PlanFieldExpectation)
        /// A line's units (at the field named) are not its packs times the fruit's pack in the recipe files.
        case unitsNotPacks(String, units: Int, packs: Int, pack: Int)
    }

    /// The drafts of `data`'s orders, in the plan's order; only `supplier`'s when given. None when the plan has none.
    /// `pack` gives a fruit's pack in the recipe files (nil when they do not say how it is bought): a line whose units
    /// are not its packs times that was edited by hand, and which of the two was meant cannot be told.
    static func drafts(
        from data: Data, supplier: String?, pack: (FruitID) -> Int?
    ) throws(Problem) -> [(index: Int, draft: PurchaseOrderDraft)] {
        let document: Any
        do { document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch { throw .notJSON }
        guard let top = document as? [String: Any] else { throw .wrong("the plan", .object) }
        guard let value = top["orders"], !(value is NSNull) else { return [] }
        guard let orders = value as? [Any] else { throw .wrong("orders", .array) }
        var drafts: [(index: Int, draft: PurchaseOrderDraft)] = []
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
                let fruit = FruitID(try text(line, "fruit", at: linePath))
                let (packs, units) = (try whole(line, "packs", at: linePath, least: 1), try whole(line, "units", at: linePath, least: 1))
                if let size = pack(fruit), packs.multipliedReportingOverflow(by: size) != (units, false) {
                    throw .unitsNotPacks("\(linePath).units", units: units, packs: packs, pack: size)
                }
                // The line's cost over its units: what one unit costs, to the nearest won (the order keeps its total).
                let cost = try optionalWhole(line, "cost", at: linePath).map { ($0 + units / 2) / units }
                purchaseLines.append(PurchaseLine(fruit: fruit, packs: packs, units: units, cost: cost))
            }
            drafts.append(
                (
                    index,
                    PurchaseOrderDraft(
                        supplier: SupplierID(name), orderBy: try optionalText(order, "orderBy", at: path),
                        arrives: try optionalText(order, "arrives", at: path), lines: purchaseLines,
                        total: try optionalWhole(order, "total", at: path))
                ))
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

    /// A whole number `least` or more (0 or 1).
    private static func whole(_ object: [String: Any], _ key: String, at path: String, least: Int) throws(Problem) -> Int {
        guard let value = try optionalWhole(object, key, at: path) else { throw .missing("\(path).\(key)") }
        guard value >= least else { throw .wrong("\(path).\(key)", .countOfOneOrMore) }
        return value
    }

    /// A whole number 0 or more (a JSON number without a fraction that an `Int` holds), nil when absent or null.
    private static func optionalWhole(_ object: [String: Any], _ key: String, at path: String) throws(Problem) -> Int? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, let whole = Int(exactly: number.doubleValue), Double(whole) == number.doubleValue
        else { throw .wrong("\(path).\(key)", .wholeNumber) }
        guard whole >= 0 else { throw .wrong("\(path).\(key)", .wholeNumber) }
        return whole
    }
}
