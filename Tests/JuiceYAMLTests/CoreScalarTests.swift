import JuiceYAML
import Testing

/// YAML 1.2 core schema typing of plain scalars; every other style is a string.
@Suite struct CoreScalarTests {
    private func resolve(_ text: String, style: ScalarStyle = .plain) -> CoreScalar {
        Array(text.utf8).withUnsafeBufferPointer { CoreScalar.resolve($0, style: style) }
    }

    @Test(arguments: [
        ("010", CoreScalar.int(10)),
        ("0o17", .int(15)),
        ("0x1F", .int(31)),
        ("0x1f", .int(31)),
        ("0", .int(0)),
        ("-5", .int(-5)),
        ("+7", .int(7)),
        ("007", .int(7)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("0x7FFFFFFFFFFFFFFF", .int(Int.max)),
        ("0o777777777777777777777", .int(Int.max)),
    ])
    func integers(text: String, expected: CoreScalar) {
        #expect(resolve(text) == expected)
    }

    @Test(arguments: [
        "9223372036854775808",
        "-9223372036854775809",
        "99999999999999999999999999",
        "0x10000000000000000",
        "0xFFFFFFFFFFFFFFFFFFFF",
        "0o1000000000000000000000",
    ])
    func integersOutside64Bits(text: String) {
        #expect(resolve(text) == .intOutOfRange)
    }

    @Test(arguments: [
        "no", "yes", "on", "off", "y", "n", "No", "YES",
        "1:30", "1_000", "0b101", "0x", "0o", "0o8", "0xG1", "-0x1F",
        "+", "-", ".", "1e", "e3", "1.2.3", "tRUE", "nan", "inf", "Infinity", "NULL!", "kiwi", "딸기", "🍓",
        "0x１２", "0xＦＦ", "0o1\u{301}", "1\u{301}", "１２", "１.５",
    ])
    func strings(text: String) {
        #expect(resolve(text) == .string)
    }

    @Test(arguments: ["~", "null", "Null", "NULL", ""])
    func nulls(text: String) {
        #expect(resolve(text) == .null)
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true),
        ("false", false), ("False", false), ("FALSE", false),
    ])
    func booleans(text: String, value: Bool) {
        #expect(resolve(text) == .bool(value))
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-0.25", -0.25), ("1.", 1.0), (".5", 0.5), ("1e3", 1000), ("1.5E+3", 1500), ("2e-2", 0.02),
        (".inf", Double.infinity), (".Inf", .infinity), ("+.INF", .infinity), ("-.inf", -.infinity),
    ])
    func floats(text: String, value: Double) {
        #expect(resolve(text) == .float(value))
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(text: String) throws {
        guard case .float(let value) = resolve(text) else {
            Issue.record("\(text) should be a float")
            return
        }
        #expect(value.isNaN)
    }

    @Test(arguments: [ScalarStyle.singleQuoted, .doubleQuoted, .literal, .folded, .taggedString])
    func nonPlainStylesAreAlwaysStrings(style: ScalarStyle) {
        for text in ["10", "true", "~", "", ".inf", "0x1F"] {
            #expect(resolve(text, style: style) == .string, "\(text)")
        }
    }

    /// Through the parser: `coreValue(of:)` types what was written.
    @Test func coreValueThroughTheParser() throws {
        let text = """
            octal: 010
            newOctal: 0o17
            hex: 0x1F
            no: no
            time: 1:30
            tilde: ~
            word: null
            empty:
            inf: .inf
            nan: .nan
            quoted: "10"
            single: '10'
            big: 18446744073709551616
            yes: true
            """
        let document = try cleanDocument(text)
        let root = try rootMapping(document)
        func value(_ key: String) throws -> CoreScalar {
            document.coreValue(of: try #require(document.value(key, in: root)))
        }
        #expect(try value("octal") == .int(10))
        #expect(try value("newOctal") == .int(15))
        #expect(try value("hex") == .int(31))
        #expect(try value("no") == .string)
        #expect(try value("time") == .string)
        #expect(try value("tilde") == .null)
        #expect(try value("word") == .null)
        #expect(try value("empty") == .null)
        #expect(try value("inf") == .float(.infinity))
        guard case .float(let nan) = try value("nan") else {
            Issue.record(".nan should be a float")
            return
        }
        #expect(nan.isNaN)
        #expect(try value("quoted") == .string)
        #expect(try value("single") == .string)
        #expect(try value("big") == .intOutOfRange)
        #expect(try value("yes") == .bool(true))
    }
}
