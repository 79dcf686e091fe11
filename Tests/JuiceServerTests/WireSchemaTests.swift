import Foundation
import JuiceCore
import JuiceShop
import JuiceYAML
import Testing

/// The wire types agree with `openapi.yaml`: each, with every optional member set, is encoded as the server encodes it
/// and checked against its schema in the document (every member written is one the schema has, every member it
/// requires is written, each of the type the schema says), so a member added to a type and not to the document fails
/// here, before Schemathesis meets it.
@Suite("the wire types agree with the OpenAPI document")
struct WireSchemaTests {
    /// The document as it is in the sources.
    static let document: YAMLDocument? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/JuiceServer/OpenAPI/openapi.yaml")
        guard let bytes = try? Data(contentsOf: url) else { return nil }
        return YAMLParser().parse(Array(bytes), file: "openapi.yaml").document
    }()

    /// A delivery, with every member a lot can have.
    static let delivery = JournalEntry(
        id: 5, time: "2026-12-02T09:00:00Z", kind: .delivery, command: "c", juice: nil, count: nil, deltas: ["kiwi": 10], undoes: nil,
        undoneBy: 9, request: "r",
        detail: JournalDetail(
            lots: [DeliveryLine(fruit: "kiwi", quantity: 10, expires: "2026-12-05", cost: 300, ordered: 12)], supplier: "s", reason: .spoiled,
            note: "n", cost: 600, counts: [CountLine(fruit: "kiwi", expected: 10, counted: 9)], session: "x", purchaseOrder: 2))

    /// An entry with every member set (no real entry has them all; the schema must still allow each).
    static var everyMember: JournalEntryJSON {
        var entry = JournalEntryJSON(delivery)
        (entry.juice, entry.count, entry.undoes, entry.label, entry.reasonLabel) = ("kiwi-juice", 1, 3, "입고", "상함")
        return entry
    }

    static let order = PurchaseOrder(
        id: 1, supplier: "farm", orderBy: OrderDeadline(parsing: "2026-12-02T14:00"), arrives: CivilDate(parsing: "2026-12-03"),
        lines: [PurchaseLine(fruit: "kiwi", packs: 1, units: 12, unitCost: 300)], total: 3600, status: .received,
        createdAt: "2026-12-01T09:00:00Z", receivedEntry: 5, receivedAt: "2026-12-02T09:00:00Z")

    /// Each wire value, encoded as the server encodes it, with the place of its schema in the document.
    static let cases: [(name: String, schema: [String], value: Data)] = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func encoded(_ value: some Encodable) -> Data { (try? encoder.encode(value)) ?? Data() }
        let receipt = ReceiptJSON(
            message: "m", entry: everyMember, undone: everyMember, stock: ["kiwi": 20], makeable: ["kiwi-juice": 6], amount: 4500)
        let refusal = RefusedOrder(
            id: 1, time: "t", command: "c", juice: "kiwi-juice", count: 2, shortages: [Shortage(fruit: "kiwi", needed: 6, inStock: 1)])
        let session = CountSession(id: "s", start: 4, startedAt: "t")
        let receiptOfCount = ShopReceipt(
            entry: delivery, snapshot: ShopSnapshot(inventory: Inventory(counts: ["kiwi": 9], capacities: [:]), orphans: [:]))
        let book = RecipeBook(fruits: [], juices: [], store: Store())
        let received = PurchaseReceipt(
            order: order, receipt: receiptOfCount,
            differences: [PurchaseDifference(fruit: "kiwi", ordered: 12, received: 10)])
        let counts = ["paths", "/api/counts", "post", "responses", "201", "content", "application/json", "schema"]
        let applied = ["paths", "/api/counts/{id}", "post", "responses", "200", "content", "application/json", "schema"]
        let kiwi = Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), emoji: "🥝", cost: 700, shelfLife: 5)
        let juice = Juice(
            id: "kiwi-juice", name: LocalizedName(korean: "키위쥬스", english: "Kiwi Juice"), aliases: ["키위"], price: 4500,
            recipe: [Ingredient(fruit: "kiwi", amount: 3)])
        let stocked = RecipeBook(fruits: [kiwi], juices: [juice], store: Store(capacities: ["kiwi": 20], initialStock: ["kiwi": 2]))
        let snapshot = ShopSnapshot(inventory: Inventory(counts: ["kiwi": 2], capacities: ["kiwi": 20]), orphans: ["plum": 3])
        let counted = JournalEntry(
            id: 6, time: "2026-12-02T10:00:00Z", kind: .count, command: "c", juice: nil, count: nil, deltas: ["kiwi": -8], undoes: nil,
            undoneBy: nil, detail: JournalDetail(counts: [CountLine(fruit: "kiwi", expected: 10, counted: 2)]))
        let shelf = Shelf(today: CivilDate(dayNumber: 20_790), lots: JournalLots([delivery, counted]))
        let reasons = WasteReason.allCases.map { ShelfJSON.WasteReasonJSON($0, label: $0.rawValue) }
        return [
            ("the stock", ["components", "schemas", "Stock"], encoded(StockJSON(snapshot, book: stocked))),
            ("the shelf with its reasons", ["components", "schemas", "Shelf"], encoded(ShelfJSON(shelf, book: stocked, reasons: reasons))),
            (
                "a juice of the menu", ["components", "schemas", "MenuJuice"],
                encoded(MenuJuiceJSON(juice, availability: snapshot.inventory.availability(of: juice)))
            ),
            ("a receipt", ["components", "schemas", "Receipt"], encoded(receipt)),
            ("a refusal", ["components", "schemas", "Refusal"], encoded(RefusedOrderJSON(refusal))),
            ("a shortage with its capacity", ["components", "schemas", "Shortage"], encoded(ShortageJSON(refusal.shortages[0], capacity: 100))),
            (
                "a count session", counts,
                encoded(CountSessionJSON(session, expected: [CountLine(fruit: "kiwi", expected: 10, counted: 0)]))
            ),
            ("a count applied", applied, encoded(CountResultJSON(receiptOfCount, book: book, message: "m", makeable: true))),
            (
                "a purchase order received", ["components", "schemas", "PurchaseReceipt"],
                encoded(PurchaseReceiptJSON(received, text: ShopText(language: .korean, book: book), message: "m", makeable: true))
            ),
        ]
    }()

    @Test("each wire type, every member set, is what its schema describes", arguments: cases.indices)
    func agrees(index: Int) throws {
        let (name, place, data) = Self.cases[index]
        let document = try #require(Self.document)
        let schema = try #require(Self.node(at: place, in: document), "\(place.joined(separator: " → ")) is not in the document")
        let value = try JSONDecoder().decode(Written.self, from: data).value
        var problems: [String] = []
        Self.check(value, against: schema, in: document, at: name, problems: &problems)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the checker finds a member the schema lacks, a required one missing and a wrong type")
    func theCheckerCanFail() throws {
        let document = try #require(Self.document)
        let entry = try #require(Self.node(at: ["components", "schemas", "Entry"], in: document))
        var problems: [String] = []
        let written: [String: Any] = ["id": "1", "time": "t", "kind": "order", "deltas": [:] as [String: Any], "extra": 1]
        Self.check(written, against: entry, in: document, at: "entry", problems: &problems)
        #expect(problems.sorted() == ["entry.command: required, not written", "entry.extra: not in the schema", "entry.id: not an integer"])
    }

    /// The node at `path` (mapping keys) from the document's root.
    static func node(at path: [String], in document: YAMLDocument) -> YAMLNodeID? {
        var node = document.root
        for key in path {
            guard let current = node, document.kind(of: current) == .mapping else { return nil }
            node = document.entries(of: current).first { document.string($0.key) == key }?.value
        }
        return node
    }

    /// The member `key` of the mapping `node`, if any.
    static func member(_ key: String, of node: YAMLNodeID, in document: YAMLDocument) -> YAMLNodeID? {
        guard document.kind(of: node) == .mapping else { return nil }
        return document.entries(of: node).first { document.string($0.key) == key }?.value
    }

    /// Checks `value` against `schema` (the subset of JSON Schema the document uses: `$ref`, `allOf`, `type`,
    /// `properties`, `required`, `additionalProperties`, `items`), adding a line to `problems` for each disagreement.
    static func check(_ value: Any, against schema: YAMLNodeID, in document: YAMLDocument, at place: String, problems: inout [String]) {
        if let reference = member("$ref", of: schema, in: document) {
            let path = document.string(reference).dropFirst(2).split(separator: "/").map(String.init)
            guard let target = node(at: path, in: document) else { return problems.append("\(place): no \(document.string(reference))") }
            return check(value, against: target, in: document, at: place, problems: &problems)
        }
        if let all = member("allOf", of: schema, in: document) {
            for part in document.items(of: all) { check(value, against: part, in: document, at: place, problems: &problems) }
        }
        switch member("type", of: schema, in: document).map(document.string) {
        case "integer":
            if !(value is Int) { problems.append("\(place): not an integer") }
        case "string":
            if !(value is String) { problems.append("\(place): not a string") }
        case "boolean":
            if !(value is Bool) { problems.append("\(place): not a boolean") }
        case "array":
            guard let items = value as? [Any] else { return problems.append("\(place): not an array") }
            guard let itemSchema = member("items", of: schema, in: document) else { return }
            for (index, item) in items.enumerated() { check(item, against: itemSchema, in: document, at: "\(place)[\(index)]", problems: &problems) }
        case "object":
            guard let object = value as? [String: Any] else { return problems.append("\(place): not an object") }
            checkObject(object, against: schema, in: document, at: place, problems: &problems)
        default:
            break
        }
    }

    private static func checkObject(
        _ object: [String: Any], against schema: YAMLNodeID, in document: YAMLDocument, at place: String, problems: inout [String]
    ) {
        let properties = member("properties", of: schema, in: document)
        let additional = member("additionalProperties", of: schema, in: document)
        for key in object.keys.sorted() {
            if let properties, let property = member(key, of: properties, in: document) {
                check(object[key] as Any, against: property, in: document, at: "\(place).\(key)", problems: &problems)
            } else if let additional, document.kind(of: additional) == .mapping {
                check(object[key] as Any, against: additional, in: document, at: "\(place).\(key)", problems: &problems)
            } else if let additional, document.scalar(additional, equals: "false") {
                problems.append("\(place).\(key): not in the schema")
            }
        }
        if let required = member("required", of: schema, in: document) {
            for name in document.items(of: required).map(document.string) where object[name] == nil {
                problems.append("\(place).\(name): required, not written")
            }
        }
    }
}

/// A JSON value as written, each number, string and truth value kept apart by its own type (`JSONSerialization` on
/// Linux reads 1 as something that is a `Bool` too).
private struct Written: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = NSNull()
        } else if let truth = try? container.decode(Bool.self) {
            value = truth
        } else if let integer = try? container.decode(Int.self) {
            value = integer
        } else if let number = try? container.decode(Double.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = text
        } else if let items = try? container.decode([Written].self) {
            value = items.map(\.value)
        } else {
            value = try container.decode([String: Written].self).mapValues(\.value)
        }
    }
}
