/// JSON text written directly, for the body every order answers with (a receipt): the same bytes `JSONResponse`'s
/// encoder makes (keys sorted by their UTF-8 bytes, slashes and non-ASCII text as they are, absent values left out),
/// without Codable's boxing of every field, which was a tenth of an order's work in the server.
struct JSONWriter {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// A receipt: `{"entry": …, "message": …, "stock": {…}}`.
    mutating func write(_ receipt: ReceiptBody) {
        bytes.append(UInt8(ascii: "{"))
        if let entry = receipt.entry {
            key("entry")
            write(entry)
            bytes.append(UInt8(ascii: ","))
        }
        key("message")
        string(receipt.message)
        bytes.append(UInt8(ascii: ","))
        key("stock")
        write(receipt.stock)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A journal entry, its keys in sorted order.
    mutating func write(_ entry: EntryBody) {
        bytes.append(UInt8(ascii: "{"))
        key("command")
        string(entry.command)
        if let count = entry.count {
            bytes.append(UInt8(ascii: ","))
            key("count")
            integer(count)
        }
        bytes.append(UInt8(ascii: ","))
        key("deltas")
        write(entry.deltas)
        bytes.append(UInt8(ascii: ","))
        key("id")
        integer(entry.id)
        if let juice = entry.juice {
            bytes.append(UInt8(ascii: ","))
            key("juice")
            string(juice)
        }
        bytes.append(UInt8(ascii: ","))
        key("kind")
        string(entry.kind)
        bytes.append(UInt8(ascii: ","))
        key("time")
        string(entry.time)
        if let undoes = entry.undoes {
            bytes.append(UInt8(ascii: ","))
            key("undoes")
            integer(undoes)
        }
        if let undoneBy = entry.undoneBy {
            bytes.append(UInt8(ascii: ","))
            key("undoneBy")
            integer(undoneBy)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// An object of integers, keys sorted.
    mutating func write(_ object: [String: Int]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (name, value)) in object.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            key(name)
            integer(value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `"name":`.
    private mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A string, quoted: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes, the rest as is.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
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
        bytes.append(UInt8(ascii: "\""))
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
