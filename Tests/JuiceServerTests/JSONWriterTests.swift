import Foundation
import JuiceCore
import JuiceShop
import Testing
@testable import JuiceServer

@Suite struct JSONWriterTests {
    /// What the server's encoder makes of `value` (keys sorted, slashes not escaped).
    func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func written(_ receipt: ReceiptJSON) -> String {
        var writer = JSONWriter()
        writer.write(receipt)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// An entry of these fields, as the API writes it.
    static func entry(
        id: Int, time: String, kind: JournalKind, command: String, juice: String?, count: Int?, deltas: [String: Int], undoes: Int?,
        undoneBy: Int?, request: String? = nil, detail: JournalDetail? = nil
    ) -> JournalEntryJSON {
        JournalEntryJSON(
            JournalEntry(
                id: id, time: time, kind: kind, command: command, juice: juice.map(JuiceID.init(rawValue:)), count: count,
                deltas: Dictionary(uniqueKeysWithValues: deltas.map { (FruitID(rawValue: $0.key), $0.value) }), undoes: undoes,
                undoneBy: undoneBy, request: request, detail: detail))
    }

    static let receipts: [ReceiptJSON] = [
        ReceiptJSON(
            message: "바나나쥬스 1잔 나왔어요!",
            entry: entry(
                id: 42, time: "2026-11-24T10:00:00Z", kind: .order, command: "juice serve: POST /api/orders", juice: "banana-juice",
                count: 1, deltas: ["banana": -2], undoes: nil, undoneBy: nil, request: "0b9d5c2e-7f1a-4c3e-9a8b-2d4f6e8a0c1b"),
            stock: ["strawberry": 10, "banana": 8, "pineapple": 10, "kiwi": 10, "mango": 10]),
        ReceiptJSON(message: "nothing changed", entry: nil, stock: [:]),
        // An order of a juice with a price: the amount charged comes first (keys sorted).
        ReceiptJSON(
            message: "2 × Mango Juice are ready! Enjoy!",
            entry: entry(
                id: 3, time: "2026-11-24T10:00:00Z", kind: .order, command: "juice serve: POST /api/orders", juice: "mango-juice",
                count: 2, deltas: ["mango": -6], undoes: nil, undoneBy: nil, request: "r"),
            stock: ["mango": 4], makeable: ["mango-juice": 1, "banana-juice": 0], amount: 9000),
        ReceiptJSON(message: "free", entry: nil, stock: ["a": 1], amount: 0),
        ReceiptJSON(message: "none makeable", entry: nil, stock: ["a": 0], makeable: [:]),
        ReceiptJSON(message: "", entry: nil, stock: [:], amount: Int.max),
        ReceiptJSON(
            message: "undid 7",
            entry: entry(
                id: 9, time: "t", kind: .undo, command: "c", juice: nil, count: nil, deltas: ["b": 2, "a10": -1, "a2": 0, "B": 1, "가": 3],
                undoes: 7, undoneBy: 12), stock: ["Z": Int.min, "_": Int.max, "a-b": 0, "é": -5]),
        // An undo: the entry it reverted beside the one it wrote.
        ReceiptJSON(
            message: "undid 3",
            entry: entry(id: 4, time: "t", kind: .undo, command: "c", juice: nil, count: nil, deltas: ["mango": 6], undoes: 3, undoneBy: nil),
            undone: entry(
                id: 3, time: "t", kind: .order, command: "c", juice: "mango-juice", count: 2, deltas: ["mango": -6], undoes: nil, undoneBy: 4),
            stock: ["mango": 10]),
        ReceiptJSON(
            message: "q\"\\/\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é가🍌\u{2028}",
            entry: entry(
                id: 0, time: "", kind: .order, command: "</script>", juice: "\u{0}", count: 0, deltas: [:], undoes: nil, undoneBy: nil),
            stock: ["\"": 1, "\\": 2, "\n": 3]),
        // A delivery, a waste and a count: what they recorded beyond the deltas, among the entry's keys.
        ReceiptJSON(
            message: "입고를 기록했어요",
            entry: entry(
                id: 5, time: "t", kind: .delivery, command: "c", juice: nil, count: nil, deltas: ["kiwi": 10, "mango": 2], undoes: nil,
                undoneBy: nil,
                detail: JournalDetail(
                    lots: [DeliveryLine(fruit: "kiwi", quantity: 10, expires: "2026-12-05", cost: 300), DeliveryLine(fruit: "mango", quantity: 2)],
                    supplier: "청과\"상회")), stock: ["kiwi": 20]),
        ReceiptJSON(
            message: "waste",
            entry: entry(
                id: 6, time: "t", kind: .waste, command: "c", juice: nil, count: nil, deltas: ["kiwi": -2], undoes: nil, undoneBy: 8,
                detail: JournalDetail(reason: .spoiled, note: "물러짐\n", cost: 600)), stock: ["kiwi": 18]),
        ReceiptJSON(
            message: "count",
            entry: entry(
                id: 7, time: "t", kind: .count, command: "c", juice: nil, count: nil, deltas: [:], undoes: nil, undoneBy: nil,
                detail: JournalDetail(
                    counts: [CountLine(fruit: "kiwi", expected: 10, counted: 7), CountLine(fruit: "mango", expected: 0, counted: 0)], session: "s")),
            stock: [:]),
        ReceiptJSON(
            message: "empty",
            entry: entry(
                id: 8, time: "t", kind: .delivery, command: "c", juice: nil, count: nil, deltas: [:], undoes: nil, undoneBy: nil,
                detail: JournalDetail(lots: [], counts: [])), stock: [:]),
    ]

    @Test("a receipt is written with exactly the bytes the encoder makes", arguments: receipts)
    func sameBytesAsTheEncoder(receipt: ReceiptJSON) throws {
        #expect(written(receipt) == (try encoded(receipt)))
    }

    @Test("what is written reads back as the same receipt", arguments: receipts)
    func readsBack(receipt: ReceiptJSON) throws {
        var writer = JSONWriter()
        writer.write(receipt)
        #expect(try JSONDecoder().decode(ReceiptJSON.self, from: Data(writer.bytes)) == receipt)
    }

    @Test("the amount is written when there is one and left out when there is none, as the encoder does")
    func amountPresentOrAbsent() throws {
        let priced = ReceiptJSON(message: "m", entry: nil, stock: ["b": 1], amount: 4500)
        #expect(written(priced) == #"{"amount":4500,"message":"m","stock":{"b":1}}"#)
        let unpriced = ReceiptJSON(message: "m", entry: nil, stock: ["b": 1])
        #expect(written(unpriced) == #"{"message":"m","stock":{"b":1}}"#)
        #expect(written(priced) == (try encoded(priced)))
        #expect(written(unpriced) == (try encoded(unpriced)))
    }

    /// What `JSONResponse` writes of `value`, passed on as any `Encodable` (the static type says nothing of a receipt).
    func respondedFast(_ value: some Encodable) -> [UInt8]? {
        JSONResponse.written(value)
    }

    @Test("a receipt takes the fast writer whatever type it is passed as; other bodies the encoder", arguments: receipts)
    func theValueChoosesTheWriter(receipt: ReceiptJSON) throws {
        let erased: any Encodable = receipt
        let fromExistential = respondedFast(erased)
        let viaExistential = try #require(fromExistential)
        let viaGeneric = try #require(respondedFast(receipt))
        #expect(viaExistential == viaGeneric)
        #expect(String(decoding: viaExistential, as: UTF8.self) == (try encoded(receipt)))
        let text = JSONResponse.text(erased)
        #expect(text == (try encoded(receipt)))
        #expect(respondedFast(HistoryBody(entries: [])) == nil)
        #expect(respondedFast(["status": "ok"]) == nil)
    }
}
