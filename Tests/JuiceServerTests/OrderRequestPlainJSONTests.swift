import Foundation
import JuiceCore
import Testing
@testable import JuiceServer

/// The plain-JSON reading of order bodies against `JSONDecoder`: whatever it accepts, the decoder reads alike.
@Suite struct OrderRequestPlainJSONTests {
    /// What `JSONDecoder` makes of `text`, or nil when it refuses it.
    func decoded(_ text: String) -> OrderRequest? {
        try? JSONDecoder().decode(OrderRequest.self, from: Data(text.utf8))
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
            guard let plain = OrderRequest(plainJSON: Array(text.utf8)) else { continue }
            accepted += 1
            let expected = try #require(decoded(text), "\(text)")
            #expect(plain.juice == expected.juice && plain.count == expected.count, "\(text)")
        }
        #expect(accepted > 1_000)
    }
}
