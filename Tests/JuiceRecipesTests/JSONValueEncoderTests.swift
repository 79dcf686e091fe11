import Foundation
import JuiceRecipes
import Testing

/// `JSONValueEncoder`: a `Codable` wire type written as the command line's ordered JSON has exactly the members
/// `JSONEncoder` (the API's) gives it; only the key order and spacing differ.
@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
    struct Line: Codable, Equatable {
        var fruit: String
        var packs: Int
        var unitCost: Int?
        var lineCost: Int?
    }

    struct Order: Codable, Equatable {
        var id: Int
        var supplier: String
        var orderBy: String?
        var lines: [Line]
        var estimate: Double
        var open: Bool
        var tags: [[String]]
        var small: UInt8
    }

    static let order = Order(
        id: 7, supplier: "garak-market", orderBy: nil,
        lines: [Line(fruit: "kiwi", packs: 2, unitCost: 400, lineCost: 8000), Line(fruit: "mango \"ripe\"", packs: 1)], estimate: 0.25,
        open: true, tags: [["a"], []], small: 3)

    @Test("keys in declaration order, absent optionals left out, nested arrays and objects, every scalar type")
    func writesInDeclarationOrder() throws {
        let value = try JSONValueEncoder().encode(Self.order)
        #expect(
            value.rendered()
                == #"{"id":7,"supplier":"garak-market","lines":[{"fruit":"kiwi","packs":2,"unitCost":400,"lineCost":8000},"#
                + #"{"fruit":"mango \"ripe\"","packs":1}],"estimate":0.25,"open":true,"tags":[["a"],[]],"small":3}"#)
    }

    @Test("the same members as JSONEncoder gives, read back to the same value")
    func agreesWithJSONEncoder() throws {
        let ours = Data(JSONValue(encoding: Self.order).rendered(pretty: true).utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let theirs = try encoder.encode(Self.order)
        let parsedOurs = try JSONSerialization.jsonObject(with: ours) as? NSDictionary
        let parsedTheirs = try JSONSerialization.jsonObject(with: theirs) as? NSDictionary
        #expect(parsedOurs != nil && parsedOurs == parsedTheirs)
        #expect(try JSONDecoder().decode(Order.self, from: ours) == Self.order)
    }
}
