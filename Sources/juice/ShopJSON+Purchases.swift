import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop

extension ShopJSON {
    /// A purchase order: `{"id", "supplier", "orderBy", "arrives", "lines": [{"fruit", "packs", "units", "cost"}],
    /// "total", "status", "createdAt", "receivedEntry", "receivedAt"}` (null where it has no value), and `"notes": [{"kind",
    /// "message"}]` when given some (an order just kept).
    static func purchaseOrder(_ order: PurchaseOrder, notes: [(kind: String, message: String)] = []) -> JSONValue {
        let lines: [JSONValue] = order.lines.map { line in
            .object([
                ("fruit", .string(line.fruit.rawValue)), ("packs", .int(line.packs)), ("units", .int(line.units)),
                ("cost", line.cost.map(JSONValue.int) ?? .null),
            ])
        }
        var members: [(String, JSONValue)] = [("id", .int(order.id)), ("supplier", .string(order.supplier.rawValue))]
        members.append(("orderBy", order.orderBy.map(JSONValue.string) ?? .null))
        members.append(("arrives", order.arrives.map(JSONValue.string) ?? .null))
        members.append(("lines", .array(lines)))
        members.append(("total", order.total.map(JSONValue.int) ?? .null))
        members.append(("status", .string(order.status.rawValue)))
        members.append(("createdAt", .string(order.createdAt)))
        members.append(("receivedEntry", order.receivedEntry.map(JSONValue.int) ?? .null))
        members.append(("receivedAt", order.receivedAt.map(JSONValue.string) ?? .null))
        if !notes.isEmpty {
            members.append(("notes", .array(notes.map { JSONValue.object([("kind", .string($0.kind)), ("message", .string($0.message))]) })))
        }
        return .object(members)
    }

    /// A purchase order received: the delivery's receipt (`entry`, `stock`), the `order` as it is now, and the
    /// `differences: [{fruit, ordered, received, short}]` between what was ordered and what came.
    static func purchaseReceipt(_ receipt: PurchaseReceipt) -> JSONValue {
        guard case .object(let members) = ShopJSON.receipt(receipt.receipt) else { return ShopJSON.receipt(receipt.receipt) }
        let differences = receipt.differences.map { difference in
            JSONValue.object([
                ("fruit", .string(difference.fruit.rawValue)), ("ordered", .int(difference.ordered)), ("received", .int(difference.received)),
                ("short", .int(difference.short)),
            ])
        }
        return .object([("order", purchaseOrder(receipt.order))] + members + [("differences", .array(differences))])
    }
}
