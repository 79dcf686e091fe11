import JuiceShop

/// A response body that writes its own JSON: exactly the bytes `JSONResponse`'s encoder makes of it, with less work.
/// `JSONResponse.make` looks for this conformance at run time, so the body takes the fast path whatever static type
/// it is passed as.
protocol JSONWritable: Encodable {
    /// Writes the value's JSON to `writer`.
    func writeJSON(to writer: inout JSONWriter)
}

extension ReceiptJSON: JSONWritable {
    /// The receipt, written by `JSONWriter.write(_:)`.
    func writeJSON(to writer: inout JSONWriter) {
        writer.write(self)
    }
}

/// JSON text written directly, for the body every order answers with (a receipt): the same bytes `JSONResponse`'s
/// encoder makes (keys sorted by their UTF-8 bytes, slashes and non-ASCII text as they are, absent values left out),
/// without Codable's boxing of every field, which was a tenth of an order's work in the server.
struct JSONWriter {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    /// How many members each object being written (innermost last) has so far: a member after the first needs a comma.
    private var membersSoFar: [Int] = []

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
        membersSoFar.reserveCapacity(4)
    }

    /// A receipt: `{"amount": …, "entry": …, "makeable": {…}, "message": …, "stock": {…}, "undone": …}`.
    mutating func write(_ receipt: ReceiptJSON) {
        beginObject()
        if let amount = receipt.amount {
            member("amount")
            integer(amount)
        }
        if let entry = receipt.entry {
            member("entry")
            write(entry)
        }
        if let makeable = receipt.makeable {
            member("makeable")
            write(makeable.members)
        }
        optional("message", receipt.message)
        member("stock")
        write(receipt.stock.members)
        if let undone = receipt.undone {
            member("undone")
            write(undone)
        }
        endObject()
    }

    /// A journal entry, its keys in sorted order (a delivery's, waste's or count's detail among them).
    mutating func write(_ entry: JournalEntryJSON) {
        beginObject()
        member("command")
        string(entry.command)
        optional("cost", entry.cost)
        if let count = entry.count {
            member("count")
            integer(count)
        }
        if let counts = entry.counts {
            member("counts")
            array(counts) { writer, line in writer.write(line) }
        }
        member("deltas")
        write(entry.deltas.members)
        member("id")
        integer(entry.id)
        if let juice = entry.juice {
            member("juice")
            string(juice)
        }
        member("kind")
        string(entry.kind)
        optional("label", entry.label)
        if let lots = entry.lots {
            member("lots")
            array(lots) { writer, line in writer.write(line) }
        }
        optional("note", entry.note)
        optional("reason", entry.reason)
        optional("reasonLabel", entry.reasonLabel)
        if let request = entry.request {
            member("request")
            string(request)
        }
        optional("session", entry.session)
        optional("supplier", entry.supplier)
        member("time")
        string(entry.time)
        if let undoes = entry.undoes {
            member("undoes")
            integer(undoes)
        }
        if let undoneBy = entry.undoneBy {
            member("undoneBy")
            integer(undoneBy)
        }
        endObject()
    }

    /// A delivery line: `{"cost"?, "expires"?, "fruit", "ordered"?, "quantity"}`.
    mutating func write(_ line: DeliveryLineJSON) {
        beginObject()
        optional("cost", line.cost)
        optional("expires", line.expires)
        member("fruit")
        string(line.fruit)
        optional("ordered", line.ordered)
        member("quantity")
        integer(line.quantity)
        endObject()
    }

    /// A count line: `{"counted", "expected", "fruit", "variance"}`.
    mutating func write(_ line: CountLineJSON) {
        beginObject()
        member("counted")
        integer(line.counted)
        member("expected")
        integer(line.expected)
        member("fruit")
        string(line.fruit)
        member("variance")
        integer(line.variance)
        endObject()
    }

    /// `"name": value` when there is a value, nothing otherwise (as the encoder leaves absent values out).
    private mutating func optional(_ name: String, _ value: String?) {
        guard let value else { return }
        member(name)
        string(value)
    }

    /// `"name": value` when there is a value, nothing otherwise.
    private mutating func optional(_ name: String, _ value: Int?) {
        guard let value else { return }
        member(name)
        integer(value)
    }

    /// An array, each element written by `element`.
    private mutating func array<Element>(_ elements: [Element], _ element: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object of integers, keys sorted.
    mutating func write(_ object: [String: Int]) {
        beginObject()
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            member(name)
            integer(value)
        }
        endObject()
    }

    /// `{`: an object begins.
    private mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        membersSoFar.append(0)
    }

    /// `"name":` (after a comma unless it is the object's first member); the value follows.
    private mutating func member(_ name: String) {
        if let count = membersSoFar.last, count > 0 { bytes.append(UInt8(ascii: ",")) }
        membersSoFar[membersSoFar.count - 1] += 1
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// `}`: the innermost object ends.
    private mutating func endObject() {
        membersSoFar.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    /// A string, quoted: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes, the rest as is.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most text (names, ids, times, messages) needs no escape: copied in one piece.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 { escaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// One byte of a string's text, escaped if it must be.
    private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0..<0x20:
            bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        default: bytes.append(byte)
        }
    }

    /// A lowercase hexadecimal digit.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// An integer in decimal.
    mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }
}
