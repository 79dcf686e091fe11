import Foundation
import JuiceCore
import JuicePlanning
import JuiceShop

/// The purchase orders of a plan, `juice plan … --format json`'s `orders`, read back by the type that wrote them
/// (`PlannedOrderJSON`), as drafts to keep: one per entry, its lines and total as planned (the other fields are the
/// plan's reasons and are not kept). A line keeps its `unitCost` (else its `lineCost` over its units, to the nearest
/// won).
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
        /// A field the shop refuses as it reads it (a date that is no date), as the shop says it.
        case refused(String, ShopError)
    }

    /// A plan file: its orders (the rest of the plan is not read).
    private struct PlanFile: Decodable {
        var orders: [PlannedOrderJSON]?
    }

    /// The drafts of `data`'s orders, in the plan's order; only `supplier`'s when given. None when the plan has none.
    /// `pack` gives a fruit's pack in the recipe files (nil when they do not say how it is bought): a line whose units
    /// are not its packs times that was edited by hand, and which of the two was meant cannot be told.
    /// A date `dates` gives replaces the order's own, which is then not read.
    static func drafts(
        from data: Data, supplier: String?, dates: PurchaseDates, pack: (FruitID) -> Int?
    ) throws(Problem) -> [(index: Int, draft: PurchaseOrderDraft)] {
        let plan: PlanFile
        do { plan = try JSONDecoder().decode(PlanFile.self, from: data) } catch let error as DecodingError {
            throw problem(error)
        } catch {
            throw .notJSON
        }
        var drafts: [(index: Int, draft: PurchaseOrderDraft)] = []
        for (index, order) in (plan.orders ?? []).enumerated() {
            let path = "orders[\(index)]"
            if let total = order.total, total < 0 { throw .wrong("\(path).total", .wholeNumber) }
            if let supplier, order.supplier != supplier { continue }
            var lines: [PurchaseLine] = []
            for (number, line) in order.lines.enumerated() {
                lines.append(try draftLine(line, at: "\(path).lines[\(number)]", pack: pack))
            }
            let (orderBy, arrives): (OrderDeadline?, CivilDate?)
            do {
                (orderBy, arrives) = try PurchaseOrderDraft.dates(
                    orderBy: dates.orderBy == nil ? order.orderBy : nil, arrives: dates.arrives == nil ? order.arrives : nil)
            } catch {
                let order = FieldPath([.field("orders"), .index(index)])
                throw .refused((error.place.map { order.appending($0) } ?? order).description, error)
            }
            let draft = PurchaseOrderDraft(
                supplier: SupplierID(order.supplier), orderBy: dates.orderBy ?? orderBy, arrives: dates.arrives ?? arrives, lines: lines,
                total: order.total)
            drafts.append((index, draft))
        }
        return drafts
    }

    /// The line to keep of a planned line at `path`: packs and units 1 or more, and (when the recipe files give the
    /// fruit's pack) units that are packs × pack; costs 0 or more.
    private static func draftLine(_ line: PurchaseLineJSON, at path: String, pack: (FruitID) -> Int?) throws(Problem) -> PurchaseLine {
        let fruit = FruitID(line.fruit)
        guard line.packs >= 1 else { throw .wrong("\(path).packs", .countOfOneOrMore) }
        guard line.units >= 1 else { throw .wrong("\(path).units", .countOfOneOrMore) }
        if let size = pack(fruit), line.packs.multipliedReportingOverflow(by: size) != (line.units, false) {
            throw .unitsNotPacks("\(path).units", units: line.units, packs: line.packs, pack: size)
        }
        if let cost = line.unitCost, cost < 0 { throw .wrong("\(path).unitCost", .wholeNumber) }
        if let cost = line.lineCost, cost < 0 { throw .wrong("\(path).lineCost", .wholeNumber) }
        let unitCost = line.unitCost ?? line.lineCost.map { ($0 + line.units / 2) / line.units }
        return PurchaseLine(fruit: fruit, packs: line.packs, units: line.units, unitCost: unitCost)
    }

    /// What the decoder's `error` says is wrong, at the field it names.
    private static func problem(_ error: DecodingError) -> Problem {
        switch error {
        case .keyNotFound(let key, let context): return .missing(field(context.codingPath + [key]))
        case .valueNotFound(_, let context): return .missing(field(context.codingPath))
        case .typeMismatch(let type, let context):
            return .wrong(field(context.codingPath), expectation(of: type))
        case .dataCorrupted(let context):
            // At the top: not JSON at all; at a field: a number that is not a whole one an `Int` holds.
            return context.codingPath.isEmpty ? .notJSON : .wrong(field(context.codingPath), .wholeNumber)
        @unknown default: return .notJSON
        }
    }

    /// What a field of `type` should have been.
    private static func expectation(of type: Any.Type) -> PlanFieldExpectation {
        if type == String.self { return .text }
        if type == Bool.self { return .trueOrFalse }
        if type == Double.self { return .number }
        if type is any BinaryInteger.Type { return .wholeNumber }
        if type is any Collection.Type, !(type is [String: Any].Type) { return .array }
        return .object
    }

    /// `path` as the plan file's field: `orders[0].lines[1].packs`, or empty for the whole file (the messages say so in
    /// their language).
    private static func field(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
