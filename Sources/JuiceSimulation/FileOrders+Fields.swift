import Foundation
import JuiceCore

/// Reading CSV fields with RFC 4180 quoting, and checking the keys of a JSON Lines order.
extension FileOrders {
    /// A CSV line's first field (the juice) decoded, and the rest of the line after its comma (the count field, raw).
    struct CSVNameField {
        /// The name's bytes, quotes removed and doubled quotes made single.
        var name: [UInt8]
        /// The 1-based column (in Unicode scalars) where the name's text starts.
        var column: Int
        /// Where the count field starts in the line (the line's length when there is none).
        var countStart: Int
    }

    /// The first field of `line` when it starts with a quote (RFC 4180: `"…"`, a quote inside written twice,
    /// commas allowed inside); spaces may follow the closing quote. A field that does not start with a quote is
    /// taken as it is, up to the first comma, by `parse`.
    func quotedCSVName(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(OrderSourceError) -> CSVNameField {
        var name: [UInt8] = []
        var index = 1
        while true {
            guard index < line.count else {
                throw .malformed(
                    path: path, line: number, column: 1,
                    problem: .unclosedQuotedField)
            }
            if line[index] == 0x22 {
                if index + 1 < line.count && line[index + 1] == 0x22 {
                    name.append(0x22)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            name.append(line[index])
            index += 1
        }
        while index < line.count && line[index] == 0x20 { index += 1 }
        guard index == line.count || line[index] == 0x2C else {
            throw .malformed(
                path: path, line: number, column: Self.column(of: index, in: line),
                problem: .textAfterClosingQuote)
        }
        return CSVNameField(name: name, column: 2, countStart: min(line.count, index + 1))
    }

    /// The count field `field` with RFC 4180 quotes removed, if it is quoted; nil when it has none.
    func unquotedCSVCount(_ field: UnsafeBufferPointer<UInt8>, number: Int, column: Int) throws(OrderSourceError) -> [UInt8]? {
        let trimmed = field.drop { $0 == 0x20 }
        guard let first = trimmed.first, first == 0x22 else { return nil }
        var rest = trimmed.dropFirst()
        while rest.last == 0x20 { rest = rest.dropLast() }
        guard rest.last == 0x22 else {
            throw .malformed(
                path: path, line: number, column: column,
                problem: .unclosedQuotedCount)
        }
        return Array(rest.dropLast())
    }

    /// Checks the keys of the JSON object on `line` (already parsed): each once, and only `juice` and `count`.
    func checkJSONKeys(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(OrderSourceError) {
        var seen: [String: Int] = [:]
        for (key, offset) in Self.topLevelKeys(line) {
            let column = Self.column(of: offset, in: line)
            if let first = seen[key] {
                throw .malformed(
                    path: path, line: number, column: column,
                    problem: .duplicateKey(key, firstColumn: first))
            }
            seen[key] = column
            guard Self.orderKeys.contains(key) else {
                throw .malformed(path: path, line: number, column: column, problem: Self.unknownKeyProblem(key))
            }
        }
    }

    /// What to say of the key `key` in an order, which has only `juice` and `count` (in every format).
    static func unknownKeyProblem(_ key: String) -> OrderFileProblem {
        .unknownKey(key, suggestion: NameMatching.suggestion(for: key, among: orderKeys))
    }

    /// The keys of the outermost object of `line` (valid JSON), decoded, with the offset of each key's opening quote.
    static func topLevelKeys(_ line: UnsafeBufferPointer<UInt8>) -> [(String, Int)] {
        var keys: [(String, Int)] = []
        var depth = 0
        var expectsKey = false
        var index = 0
        while index < line.count {
            let byte = line[index]
            switch byte {
            case 0x7B, 0x5B:
                depth += 1
                expectsKey = byte == 0x7B && depth == 1
            case 0x7D, 0x5D:
                depth -= 1
            case 0x2C:
                expectsKey = depth == 1
            case 0x22:
                let start = index
                var hasEscape = false
                index += 1
                while index < line.count && line[index] != 0x22 {
                    if line[index] == 0x5C {
                        hasEscape = true
                        index += 1
                    }
                    index += 1
                }
                if expectsKey {
                    let token = UnsafeBufferPointer(rebasing: line[start..<min(index + 1, line.count)])
                    keys.append((decodedString(token, hasEscape: hasEscape), start))
                    expectsKey = false
                }
            default:
                break
            }
            index += 1
        }
        return keys
    }

    /// The text of the JSON string `token` (quotes included).
    private static func decodedString(_ token: UnsafeBufferPointer<UInt8>, hasEscape: Bool) -> String {
        guard hasEscape else { return String(decoding: token.dropFirst().dropLast(), as: UTF8.self) }
        let array = Data([0x5B] + Array(token) + [0x5D])
        return ((try? JSONSerialization.jsonObject(with: array)) as? [String])?.first ?? String(decoding: token, as: UTF8.self)
    }
}
