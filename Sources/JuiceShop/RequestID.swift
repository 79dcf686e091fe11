import Foundation

/// The ids orders are journaled under (`juice serve` and `juice order` make one per order; `GET /api/orders/{request}`
/// looks an order up by it): UUIDs of version 7 (RFC 9562), written as 36 lower-case characters. The first 48 bits
/// are the time in milliseconds since 1970, the rest random (74 bits), so ids made later sort after ids made earlier:
/// the journal's unique index on them grows at its end instead of at a random page for every order, which is what a
/// random (version 4) UUID costs a store that writes whole pages per commit.
public enum RequestID {
    /// A new id for an order made now.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(milliseconds: UInt64(max(0, Date().timeIntervalSince1970 * 1000)), using: &generator)
    }

    /// The id of an order made `milliseconds` after 1970 (the low 48 bits are kept), with its random bits from
    /// `generator`.
    public static func make(milliseconds: UInt64, using generator: inout some RandomNumberGenerator) -> String {
        let random = (generator.next() as UInt64, generator.next() as UInt64)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index))) }
        for index in 6..<8 { bytes[index] = UInt8(truncatingIfNeeded: random.0 >> (8 * UInt64(index))) }
        for index in 8..<16 { bytes[index] = UInt8(truncatingIfNeeded: random.1 >> (8 * UInt64(index - 8))) }
        bytes[6] = 0x70 | bytes[6] & 0x0F  // version 7
        bytes[8] = 0x80 | bytes[8] & 0x3F  // the RFC's variant
        return text(of: bytes)
    }

    /// `bytes` (16) as 8-4-4-4-12 lower-case hexadecimal digits.
    private static func text(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { characters.append(UInt8(ascii: "-")) }
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
