import Foundation
import JuiceCore
import NIOCore
import Testing
@testable import JuiceServer

/// The plain-JSON reading of order bodies against the decoder's (`decodeJSON`: `JSONDecoder`, and a key twice
/// refused): whatever the plain reading accepts, the decoder reads alike, and a key twice neither accepts.
@Suite struct OrderRequestPlainJSONTests {
    /// What the decoding path makes of `text`, or nil when it refuses it.
    func decoded(_ text: String) -> OrderRequest? {
        try? decodeJSON(OrderRequest.self, from: ByteBuffer(string: text))
    }

    /// The problem the decoding path names for `text`, nil when it reads it.
    func problem(_ text: String) -> APIError? {
        do {
            _ = try decodeJSON(OrderRequest.self, from: ByteBuffer(string: text))
            return nil
        } catch {
            return error as? APIError
        }
    }

    @Test(arguments: [
        (#"{"juice": "banana-juice", "count": 2}"#, "banana-juice", 2),
        (#"{"juice":"banana-juice"}"#, "banana-juice", 1),
        (#"  {"count": 12 , "juice" : "바나나쥬스"}  "#, "바나나쥬스", 12),
        ("{\n\t\"juice\": \"strawberry banana\",\r\n \"count\": 0}\n", "strawberry banana", 0),
        (#"{"juice": "", "count": 999999999999999999}"#, "", 999_999_999_999_999_999),
    ])
    func readsWhatClientsSend(text: String, juice: String, count: Int) throws {
        let order = try #require(OrderRequest(plainJSON: Array(text.utf8)))
        #expect(order.juice == juice)
        #expect(order.count == count)
        let expected = try #require(decoded(text))
        #expect(expected.juice == order.juice && expected.count == order.count)
    }

    @Test(arguments: [
        #"{"juice": "a\"b"}"#, #"{"juice": "a\u0041"}"#, #"{"juice": "banana-juice", "count": 1.0}"#,
        #"{"juice": "banana-juice", "count": 1e2}"#, #"{"juice": "banana-juice", "count": -1}"#,
        #"{"juice": "banana-juice", "count": 01}"#, #"{"juice": "banana-juice", "count": 1234567890123456789}"#,
        #"{"juice": "banana-juice", "count": "2"}"#, #"{"juice": "banana-juice", "count": null}"#,
        #"{"juice": "banana-juice", "juice": "kiwi-juice"}"#, #"{"juice": "banana-juice", "size": 1}"#,
        #"{"count": 2}"#, "{}", "[]", "", #"{"juice": "banana-juice"} x"#, #"{"juice": "banana-juice",}"#,
        #"{"juice": banana}"#, "{\"juice\": \"a\u{01}b\"}", #"{"juice": "banana-juice""#,
    ])
    func leavesTheRestToTheDecoder(text: String) {
        #expect(OrderRequest(plainJSON: Array(text.utf8)) == nil)
    }

    /// A key twice, however written: the plain reading leaves it to the decoder, which refuses it naming the key
    /// (JSONDecoder alone would keep one of the two values).
    @Test(arguments: [
        (#"{"juice": "banana-juice", "juice": "kiwi-juice"}"#, "juice"), (#"{"juice": "kiwi-juice", "count": 1, "count": 5}"#, "count"),
        (#"{"juice": "banana-juice", "ju\u0069ce": "kiwi-juice"}"#, "juice"), (#"{"juice": "banana-juice", "juice": "banana-juice"}"#, "juice"),
        (#"{"juice": "banana-juice", "juice": 7}"#, "juice"),
        (#"{"count": 2, "juice": "x", "count": "2"}"#, "count"), (#"{"juice": "a", "juice": "b", "size": 1}"#, "juice"),
    ])
    func refusesAKeyTwiceOnBothPaths(text: String, key: String) throws {
        #expect(OrderRequest(plainJSON: Array(text.utf8)) == nil)
        #expect(try #require(problem(text)).kind == "duplicate-field")
        #expect(problem(text)?.field == key)
    }

    @Test(arguments: [
        (#"{"changes": [{"fruit": "banana", "add": 1}, {"fruit": "kiwi", "set": 2, "set": 3}]}"#, "changes[1].set"),
        (#"{"recipe": {"kiwi": 1, "banana": {"a": [1, {"x": 1, "y": {}, "x": 2}]}}}"#, "recipe.banana.a[1].x"),
        (#"{"a": "}", "b": "\"{", "a": 1}"#, "a"), (#"{"\u00e9": 1, "e\u0301": 2}"#, "é"), (#"{"😀": 1, "\ud83d\ude00": 2}"#, "😀"),
        (#"  [ {"k": null, "k": true} ]  "#, "[0].k"),
    ])
    func theScannerNamesTheFirstKeyTwiceWithItsPath(text: String, path: String) {
        #expect(DuplicateKeyScanner.firstDuplicate(in: Array(text.utf8)) == path)
    }

    @Test(arguments: [
        #"{"juice": "banana-juice", "count": 2}"#, #"{"a": {"k": 1}, "b": {"k": 1}}"#, #"[{"k": 1}, {"k": 2}]"#, #"{"a": "a", "A": 1}"#,
        #"{"ju\"ice": 1, "juice": 2}"#, "{}", "[]", #""text""#, "12", "", "{", #"{"a": 1, "a""#, String(repeating: "[", count: 600),
    ])
    func theScannerFindsNothingWithoutAKeyTwiceOrInWhatIsNotJSON(text: String) {
        #expect(DuplicateKeyScanner.firstDuplicate(in: Array(text.utf8)) == nil)
    }

    @Test func refusesInvalidUTF8() {
        let bytes = Array(#"{"juice": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        #expect(OrderRequest(plainJSON: bytes) == nil)
    }

    /// Bodies built from pieces clients and attackers send: every one the plain reading accepts, the decoder reads
    /// alike; the plain ones are all accepted.
    @Test func agreesWithTheDecoderOnGeneratedBodies() throws {
        let spaces = ["", " ", "\n", "\t ", "\r\n"]
        let names = [#""banana-juice""#, #""바나나쥬스""#, #""a\"b""#, #""x\\y""#, "\"\u{7F}\"", "banana", #""""#]
        let counts = ["1", "0", "42", "007", "1.5", "1e3", "-3", "99999999999999999999", #""3""#, "null", "true"]
        var random = SystemRandomNumberGenerator()
        var accepted = 0
        for _ in 0..<5_000 {
            func space() -> String { spaces.randomElement(using: &random) ?? "" }
            var members = ["\(space())\"juice\"\(space()):\(space())\(names.randomElement(using: &random) ?? "")"]
            if Bool.random(using: &random) { members.append("\(space())\"count\"\(space()):\(space())\(counts.randomElement(using: &random) ?? "")") }
            if Int.random(in: 0..<8, using: &random) == 0 { members.append(#""juice": "kiwi-juice""#) }
            if Int.random(in: 0..<8, using: &random) == 0 { members.append(#""size": 2"#) }
            members.shuffle(using: &random)
            let text = "\(space()){\(members.joined(separator: ","))\(space())}\(space())"
            let twice = members.filter { $0.contains(#""juice""#) }.count > 1
            guard let plain = OrderRequest(plainJSON: Array(text.utf8)) else {
                // Refused by the plain reading: the decoding path refuses a key twice too (when the text is JSON).
                if twice { #expect(["duplicate-field", "malformed-json"].contains(problem(text)?.kind ?? "read"), "\(text)") }
                continue
            }
            #expect(!twice, "\(text)")
            accepted += 1
            let expected = try #require(decoded(text), "\(text)")
            #expect(plain.juice == expected.juice && plain.count == expected.count, "\(text)")
        }
        #expect(accepted > 1_000)
    }
}
