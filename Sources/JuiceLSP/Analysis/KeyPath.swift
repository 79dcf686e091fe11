import JuiceRecipeText

/// Where a cursor is in a recipe file, read from the text around it (it works on half-typed files, which do not
/// parse): the keys of the mappings it is inside, and whether a key or a value is being typed.
struct KeyPath: Hashable, Sendable {
    /// The keys from the top, like `["juices", "banana-juice", "recipe"]`.
    var keys: [String]
    /// Whether a key is being typed (else a value).
    var atKey: Bool
    /// The bytes of the word typed so far.
    var word: Range<Int>
    /// When a value is being typed, the key it is the value of (`supplier` in `buy: {supplier: ga`).
    var valueKey: String?
    /// Whether the word is a block sequence's item on its own (`    - tu` under `closed:`), no key on its line: a
    /// value of the sequence's key where that sequence holds values, a key where it holds mappings.
    var isSequenceItem = false

    /// The path at byte `offset` of the text `index` holds.
    init(at offset: Int, in index: LineIndex) {
        let bytes = index.bytes
        let line = index.line(ofByteOffset: offset)
        let lineRange = index.byteRange(ofLine: line)
        let offset = min(max(offset, lineRange.lowerBound), lineRange.upperBound)
        var start = offset
        while start > lineRange.lowerBound, Self.isWordByte(bytes[start - 1]) { start -= 1 }
        var end = offset
        while end < lineRange.upperBound, Self.isWordByte(bytes[end]) { end += 1 }
        word = start..<end
        // The line before the word: its indentation, and any flow mappings left open on it.
        let before = Array(bytes[lineRange.lowerBound..<start])
        let indentation = before.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }.count
        var keys = Self.blockParents(of: line, indentation: indentation, in: index)
        var flowKeys: [String] = []
        var pendingKey: String?
        var depth = 0
        var lastSignificant: UInt8?
        // The indentation's dashes mark sequence items (`- {date: …}`), not keys.
        var cursor = indentation
        var token: [UInt8] = []
        func endToken() {
            if !token.isEmpty { pendingKey = String(decoding: token, as: UTF8.self) }
            token = []
        }
        var inBlockKeyOfLine: String?
        while cursor < before.count {
            let byte = before[cursor]
            switch byte {
            case UInt8(ascii: "{"):
                endToken()
                flowKeys.append(pendingKey ?? inBlockKeyOfLine ?? "")
                pendingKey = nil
                depth += 1
            case UInt8(ascii: "}"):
                endToken()
                if !flowKeys.isEmpty { flowKeys.removeLast() }
                depth -= 1
            case UInt8(ascii: ":"):
                endToken()
                if depth == 0, inBlockKeyOfLine == nil { inBlockKeyOfLine = pendingKey }
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "]"):
                endToken()
            case UInt8(ascii: "#"):
                cursor = before.count
                continue
            default:
                token.append(byte)
            }
            if byte != UInt8(ascii: " ") { lastSignificant = byte }
            cursor += 1
        }
        if depth > 0 {
            // Inside `{…}`: the keys of the line's block key, then each open flow mapping's.
            if let blockKey = inBlockKeyOfLine, flowKeys.first == blockKey { keys.append(contentsOf: flowKeys) } else { keys += flowKeys }
            atKey = lastSignificant == UInt8(ascii: "{") || lastSignificant == UInt8(ascii: ",")
            valueKey = atKey ? nil : pendingKey
        } else {
            atKey = inBlockKeyOfLine == nil
            valueKey = inBlockKeyOfLine
            isSequenceItem = inBlockKeyOfLine == nil && before.prefix(indentation).contains(UInt8(ascii: "-"))
        }
        self.keys = keys.filter { !$0.isEmpty }
    }

    /// The keys of the block mappings holding a line indented by `indentation`: each earlier line less indented than
    /// the one after it, up to the top.
    private static func blockParents(of line: Int, indentation: Int, in index: LineIndex) -> [String] {
        var keys: [String] = []
        var limit = indentation
        var current = line - 1
        while current >= 0, limit > 0 {
            let range = index.byteRange(ofLine: current)
            let text = index.bytes[range]
            let spaces = text.prefix { $0 == UInt8(ascii: " ") }.count
            let rest = text.dropFirst(spaces)
            current -= 1
            guard let first = rest.first, first != UInt8(ascii: "#") else { continue }
            var indent = spaces
            var body = rest
            while body.first == UInt8(ascii: "-") {
                body = body.dropFirst().drop { $0 == UInt8(ascii: " ") }
                indent = range.lowerBound.distance(to: body.startIndex)
            }
            guard indent < limit else { continue }
            limit = indent
            // `key:` (or `"key":`) at the start of the line names the mapping below it.
            guard let colon = body.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let key = body[body.startIndex..<colon].filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") }
            keys.insert(String(decoding: key, as: UTF8.self), at: 0)
            if indent == 0 { break }
        }
        return keys
    }

    /// Whether `byte` can be part of an id or key being typed (any non-ASCII byte counts: ids may hold letters).
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
}
