import JuiceRecipes
import Testing

/// What `JSONValue` writes, compact and pretty (indented by two spaces), byte for byte.
@Suite struct JSONValueTests {
    let value: JSONValue = .object([
        ("name", .string("바나나 \"juice\"\n\\")), ("empty", .array([])), ("none", .object([])),
        ("days", .array([.object([("mean", .double(1.5)), ("bad", .double(.nan))]), .int(3), .null, .bool(true)])),
        ("control", .string("a\u{1}b\tc")),
    ])

    @Test func compact() {
        #expect(
            value.rendered()
                == #"{"name":"바나나 \"juice\"\n\\","empty":[],"none":{},"days":[{"mean":1.5,"bad":null},3,null,true],"control":"a\u0001b\tc"}"#)
    }

    @Test func pretty() {
        let expected = """
            {
              "name": "바나나 \\"juice\\"\\n\\\\",
              "empty": [],
              "none": {},
              "days": [
                {
                  "mean": 1.5,
                  "bad": null
                },
                3,
                null,
                true
              ],
              "control": "a\\u0001b\\tc"
            }
            """
        #expect(value.rendered(pretty: true) == expected)
    }
}
