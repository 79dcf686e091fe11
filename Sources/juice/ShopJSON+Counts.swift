import JuiceCore
import JuiceRecipes
import JuiceShop

extension ShopJSON {
    /// `juice count --start --json`: the session's id, the journal position it starts at and when.
    static func countSession(_ session: CountSession) -> JSONValue {
        .object([("session", .string(session.id)), ("start", .int(session.start)), ("startedAt", .string(session.startedAt))])
    }

    /// `juice count --json`: the count's `lines` (expected, counted, variance), then the receipt's members.
    static func countReceipt(_ receipt: ShopReceipt, lines: [CountLine]) -> JSONValue {
        var members: [(String, JSONValue)] = [("counts", countLines(lines))]
        if case .object(let receiptMembers) = ShopJSON.receipt(receipt) { members += receiptMembers }
        return .object(members)
    }
}
