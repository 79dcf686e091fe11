import JuiceCore
import JuiceYAML

/// Typed values and reporting for `RecipeFileReader`.
extension RecipeFileReader {
    // MARK: Typed values

    /// A key used as a fruit or juice id; reports ids with characters ids may not hold.
    mutating func readID(_ key: YAMLNodeID, kind: String) -> String? {
        let id = document.string(key)
        warnIfYAML11Reads(key, as: "a \(kind) id")
        let allowed = document.withBytes(of: key) { bytes in
            bytes.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x2E
                    || (byte >= 0x41 && byte <= 0x5A)
            }
        } || id.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_" || scalar == "."
        }
        guard !id.isEmpty, allowed else {
            let suggestion = id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-").lowercased()
            report(.invalidID, "\(kind) id '\(id)' may hold only letters, digits, '-', '_' and '.'", at: key,
                   fix: suggestion.isEmpty ? nil : "use '\(suggestion)'")
            return nil
        }
        return id
    }

    /// A text field; numbers, booleans and nulls written plainly are refused, YAML 1.1 hazards warned about.
    mutating func readText(_ node: YAMLNodeID, field: @autoclosure () -> String) -> String? {
        guard document.kind(of: node) == .scalar else {
            reportWrongType(node, field: field(), expected: "text")
            return nil
        }
        switch document.coreValue(of: node) {
        case .string:
            if document.withBytes(of: node, { $0.isEmpty }) {
                report(.wrongType, "the \(field()) is empty", at: node, fix: "write some text")
                return nil
            }
            warnIfYAML11Reads(node, as: "the \(field())")
            return document.string(node)
        case .null:
            report(.wrongType, "the \(field()) is empty", at: node, fix: "write some text")
            return nil
        case .bool, .int, .intOutOfRange, .float:
            let text = document.string(node)
            report(.wrongType, "expected text for the \(field()), got \(document.describe(node))", at: node, fix: "quote it: \"\(text)\"")
            return nil
        }
    }

    /// A whole number of at least `minimum` and at most `maxQuantity`.
    mutating func readInteger(_ node: YAMLNodeID, field: @autoclosure () -> String, minimum: Int) -> Int? {
        guard document.kind(of: node) == .scalar else {
            reportWrongType(node, field: field(), expected: "a whole number")
            return nil
        }
        switch document.coreValue(of: node) {
        case .int(let value):
            if case .octal(let octal)? = document.withBytes(of: node, { YAML11Reading.reading(of: $0) }) {
                report(.yaml11Ambiguity, "'\(document.string(node))' is \(value) here, but YAML 1.1 tools read it as octal \(octal)", at: node,
                       fix: "write \(value) without the leading zero")
            } else if document.withBytes(of: node, { $0.count >= 2 && $0[0] == 0x30 && $0[1] == 0x6F }) {
                report(.yaml11Ambiguity, "'\(document.string(node))' is \(value) here, but YAML 1.1 tools read it as text", at: node,
                       fix: "write \(value)")
            }
            if value < minimum {
                let what = value == 0 ? "zero" : "negative"
                report(.invalidQuantity, "the \(field()) is \(what) (\(value)); it must be at least \(minimum)", at: node)
                return nil
            }
            if minimum >= 0 && value > Self.maxQuantity {
                report(.invalidQuantity, "the \(field()) is \(value); the most allowed is \(Self.maxQuantity)", at: node)
                return nil
            }
            return value
        case .intOutOfRange:
            report(.integerOverflow, "the \(field()) \(document.string(node)) does not fit in a 64-bit integer", at: node)
        case .float:
            report(.invalidQuantity, "the \(field()) must be a whole number, not \(document.string(node))", at: node)
        case .string where document.style(of: node) != .plain:
            let text = document.string(node)
            report(.wrongType, "expected a whole number for the \(field()), got the text \"\(text)\"", at: node,
                   fix: Int(text) != nil ? "remove the quotes" : nil)
        case .string:
            let text = document.string(node)
            if let reading = YAML11Reading.reading(of: text) {
                report(.wrongType, "expected a whole number for the \(field()), got '\(text)' (YAML 1.1 tools would read it as \(reading))", at: node,
                       fix: Self.numberFix(reading))
            } else {
                reportWrongType(node, field: field(), expected: "a whole number")
            }
        case .null, .bool:
            reportWrongType(node, field: field(), expected: "a whole number")
        }
        return nil
    }

    private static func numberFix(_ reading: YAML11Reading) -> String? {
        switch reading {
        case .sexagesimal(let value), .underscoredInteger(let value), .binary(let value), .octal(let value): return "write \(value)"
        case .boolean: return nil
        }
    }

    private mutating func warnIfYAML11Reads(_ node: YAMLNodeID, as what: @autoclosure () -> String) {
        guard document.style(of: node) == .plain else { return }
        guard let reading = document.withBytes(of: node, { YAML11Reading.reading(of: $0) }) else { return }
        let text = document.string(node)
        report(.yaml11Ambiguity, "'\(text)' is text here, but YAML 1.1 tools read \(what()) as \(reading)", at: node,
               fix: "quote it: \"\(text)\"")
    }

    // MARK: Reporting

    mutating func expectMapping(_ node: YAMLNodeID, _ what: @autoclosure () -> String, expecting: @autoclosure () -> String) -> Bool {
        switch document.kind(of: node) {
        case .mapping: return true
        case .invalid: return false
        case .scalar, .sequence:
            report(.wrongType, "expected \(expecting()) for \(what()), got \(document.describe(node))", at: node,
                   fix: lacksSpaceAfterColon(node) ? Self.spaceAfterColon : nil)
            return false
        }
    }

    mutating func reportWrongType(_ node: YAMLNodeID, field: @autoclosure () -> String, expected: String) {
        guard document.kind(of: node) != .invalid else { return }
        report(.wrongType, "expected \(expected) for the \(field()), got \(document.describe(node))", at: node)
    }

    mutating func reportUnknownKey(_ key: YAMLNodeID, allowed: [String], in context: String) {
        let name = document.string(key)
        let suggestion = NameMatching.suggestion(for: name, among: allowed)
        let message = "unknown key '\(name)' \(context)"
            + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of " + allowed.map { "'\($0)'" }.joined(separator: ", "))
        report(.unknownKey, message, at: key,
               fix: lacksSpaceAfterColon(key) ? Self.spaceAfterColon : suggestion.map { "rename '\(name)' to '\($0)'" })
    }

    static let spaceAfterColon = "put a space after the ':' ('key: value')"

    /// Whether the plain scalar `node` holds a colon with no space after it: a key and value written as one.
    func lacksSpaceAfterColon(_ node: YAMLNodeID) -> Bool {
        document.kind(of: node) == .scalar && document.style(of: node) == .plain
            && document.withBytes(of: node) { $0.dropLast().contains(UInt8(ascii: ":")) }
    }

    mutating func report(_ rule: RuleID, _ message: String, at node: YAMLNodeID, notes: [DiagnosticNote] = [], fix: String? = nil) {
        appendDiagnostic(Diagnostic(rule, message, at: document.location(of: node), length: span(of: node), notes: notes, fix: fix))
    }

    /// The number of columns `node` spans on its first line, for underlining.
    func span(of node: YAMLNodeID) -> Int {
        guard document.kind(of: node) == .scalar else { return 1 }
        let style = document.style(of: node)
        guard style != .literal && style != .folded else { return 1 }
        return document.withBytes(of: node) { bytes in
            var scalars = 0
            for byte in bytes {
                if byte == 0x0A || byte == 0x0D { return 1 }
                if byte & 0xC0 != 0x80 { scalars += 1 }
            }
            return scalars + (style == .singleQuoted || style == .doubleQuoted ? 2 : 0)
        }
    }
}
