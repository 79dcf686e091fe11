import JuiceCore
import JuiceYAML

/// Typed values and reporting for `RecipeFileReader`.
extension RecipeFileReader {
    // MARK: Typed values

    /// A key used as a fruit or juice id; reports ids with characters ids may not hold, ids of dots only and ids
    /// longer than `RecipeLimits.maxIDLength`.
    mutating func readID(_ key: YAMLNodeID, kind: RecipeKind) -> String? {
        let id = document.string(key)
        warnIfYAML11Reads(key, as: .id(kind))
        let allowed =
            document.withBytes(of: key) { bytes in
                bytes.allSatisfy { byte in
                    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x2E
                        || (byte >= 0x41 && byte <= 0x5A)
                }
            }
            || id.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_" || scalar == "."
            }
        guard !id.isEmpty, allowed else {
            let suggestion = id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-").lowercased()
            report(.invalidID, .invalidID(kind, id: id), at: key, fix: suggestion.isEmpty ? nil : .useID(suggestion))
            return nil
        }
        if RecipeLimits.isOnlyDots(id) {
            report(.invalidID, .onlyDotsID(kind, id: id), at: key)
            return nil
        }
        let length = id.unicodeScalars.count
        if length > RecipeLimits.maxIDLength {
            report(
                .invalidID, .idTooLong(kind, id: id, length: length, maximum: RecipeLimits.maxIDLength), at: key,
                fix: .shortenID(RecipeLimits.maxIDLength))
            return nil
        }
        return id
    }

    /// A text field; numbers, booleans and nulls written plainly are refused, YAML 1.1 hazards warned about.
    mutating func readText(_ node: YAMLNodeID, field: @autoclosure () -> RecipeField) -> String? {
        guard document.kind(of: node) == .scalar else {
            reportWrongType(node, field: field(), expected: .text)
            return nil
        }
        switch document.coreValue(of: node) {
        case .string:
            if document.withBytes(of: node, { $0.isEmpty }) {
                report(.wrongType, .emptyText(field()), at: node, fix: .writeText)
                return nil
            }
            warnIfYAML11Reads(node, as: .field(field()))
            return document.string(node)
        case .null:
            report(.wrongType, .emptyText(field()), at: node, fix: .writeText)
            return nil
        case .bool, .int, .intOutOfRange, .float:
            let text = document.string(node)
            report(.wrongType, .wrongType(field(), expected: .text, found: document.found(node)), at: node, fix: .quote(text))
            return nil
        }
    }

    /// A whole number of at least `minimum` and at most `maxQuantity`.
    mutating func readInteger(_ node: YAMLNodeID, field: @autoclosure () -> RecipeField, minimum: Int) -> Int? {
        guard document.kind(of: node) == .scalar else {
            reportWrongType(node, field: field(), expected: .wholeNumber)
            return nil
        }
        switch document.coreValue(of: node) {
        case .int(let value):
            if case .octal(let octal)? = document.withBytes(of: node, { YAML11Reading.reading(of: $0) }) {
                report(
                    .yaml11Ambiguity, .octalInYAML11(written: document.string(node), value: value, octal: octal), at: node,
                    fix: .dropLeadingZero(value))
            } else if document.withBytes(of: node, { $0.count >= 2 && $0[0] == 0x30 && $0[1] == 0x6F }) {
                report(.yaml11Ambiguity, .textInYAML11(written: document.string(node), value: value), at: node, fix: .writeNumber(value))
            }
            if value < minimum {
                report(.invalidQuantity, .belowMinimum(field(), value: value, minimum: minimum), at: node)
                return nil
            }
            if minimum >= 0 && value > Self.maxQuantity {
                report(.invalidQuantity, .aboveMaximum(field(), value: value, maximum: Self.maxQuantity), at: node)
                return nil
            }
            return value
        case .intOutOfRange:
            report(.integerOverflow, .integerOverflow(field(), written: document.string(node)), at: node)
        case .float:
            report(.invalidQuantity, .notWholeNumber(field(), written: document.string(node)), at: node)
        case .string where document.style(of: node) != .plain:
            let text = document.string(node)
            report(.wrongType, .quotedWhereNumber(field(), text: text), at: node, fix: Int(text) != nil ? .removeQuotes : nil)
        case .string:
            let text = document.string(node)
            if let reading = YAML11Reading.reading(of: text) {
                report(.wrongType, .numberInYAML11(field(), written: text, reading: reading), at: node, fix: Self.numberFix(reading))
            } else {
                reportWrongType(node, field: field(), expected: .wholeNumber)
            }
        case .null, .bool:
            reportWrongType(node, field: field(), expected: .wholeNumber)
        }
        return nil
    }

    private static func numberFix(_ reading: YAML11Reading) -> LintFix? {
        switch reading {
        case .sexagesimal(let value), .underscoredInteger(let value), .binary(let value), .octal(let value): return .writeNumber(value)
        case .boolean: return nil
        }
    }

    private mutating func warnIfYAML11Reads(_ node: YAMLNodeID, as what: @autoclosure () -> YAML11Subject) {
        guard document.style(of: node) == .plain else { return }
        guard let reading = document.withBytes(of: node, { YAML11Reading.reading(of: $0) }) else { return }
        let text = document.string(node)
        report(.yaml11Ambiguity, .readDifferentlyInYAML11(written: text, subject: what(), reading: reading), at: node, fix: .quote(text))
    }

    // MARK: Reporting

    mutating func expectMapping(_ node: YAMLNodeID, _ section: @autoclosure () -> RecipeSection) -> Bool {
        switch document.kind(of: node) {
        case .mapping: return true
        case .invalid: return false
        case .scalar, .sequence:
            report(
                .wrongType, .expectedMapping(section(), found: document.found(node)), at: node,
                fix: lacksSpaceAfterColon(node) ? .spaceAfterColon : nil)
            return false
        }
    }

    mutating func reportWrongType(_ node: YAMLNodeID, field: @autoclosure () -> RecipeField, expected: ExpectedValue) {
        guard document.kind(of: node) != .invalid else { return }
        report(.wrongType, .wrongType(field(), expected: expected, found: document.found(node)), at: node)
    }

    mutating func reportUnknownKey(_ key: YAMLNodeID, in place: KeyPlace) {
        let name = document.string(key)
        let suggestion = NameMatching.suggestion(for: name, among: place.allowed)
        report(
            .unknownKey, .unknownKey(name, in: place, suggestion: suggestion), at: key,
            fix: lacksSpaceAfterColon(key) ? .spaceAfterColon : suggestion.map { .renameKey(name, to: $0) })
    }

    /// Whether the plain scalar `node` holds a colon with no space after it: a key and value written as one.
    func lacksSpaceAfterColon(_ node: YAMLNodeID) -> Bool {
        document.kind(of: node) == .scalar && document.style(of: node) == .plain
            && document.withBytes(of: node) { $0.dropLast().contains(UInt8(ascii: ":")) }
    }

    mutating func report(_ rule: RuleID, _ finding: LintFinding, at node: YAMLNodeID, notes: [DiagnosticNote] = [], fix: LintFix? = nil) {
        appendDiagnostic(Diagnostic(rule, finding, at: document.location(of: node), length: span(of: node), notes: notes, fix: fix))
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
