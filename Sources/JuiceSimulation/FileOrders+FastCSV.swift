extension FileOrders {
    /// Reads the plain CSV line at `start` (`name,digits` then a line feed, before `limit`) in a few word-sized
    /// steps: the order and where the next line starts. Nil for any other line (a comment, a quote, spaces, a
    /// carriage return, no count, a name not seen before, a line feed at or past `limit`), which `parse` then reads:
    /// this gives the same order as `parse` for every line it accepts.
    ///
    /// Reads up to 7 bytes past `limit`: the caller's buffer must have them.
    @inline(__always)
    mutating func plainCSVLine(_ base: UnsafePointer<UInt8>, at start: Int, limit: Int) -> (next: Int, order: SimulationOrder)? {
        guard format == .csv, start < limit else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = start
        var comma = -1
        while index < limit {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let commas = Self.bytes(0x2C, in: word)
            let breaks = Self.bytes(0x0A, in: word)
            if breaks != 0 && (commas == 0 || breaks.trailingZeroBitCount < commas.trailingZeroBitCount) { return nil }
            if commas != 0 {
                comma = index + commas.trailingZeroBitCount / 8
                break
            }
            index += 8
        }
        guard comma > start, comma < limit, base[start] != 0x23, base[start] != 0x22 else { return nil }
        var cursor = comma + 1
        var count = 0
        // Up to eight digits, then the line feed.
        while cursor < limit && cursor - comma <= 8 {
            let digit = Int(base[cursor]) &- 0x30
            guard digit >= 0 && digit < 10 else { break }
            count = count &* 10 &+ digit
            cursor += 1
        }
        guard cursor < limit, base[cursor] == 0x0A, cursor > comma + 1, count >= 1,
              let juice = names.known(UnsafeBufferPointer(start: base + start, count: comma - start)) else { return nil }
        return (cursor + 1, SimulationOrder(juice: juice, count: Int32(truncatingIfNeeded: count)))
    }

    /// A word with the high bit set in the lowest byte of `word` equal to `byte` (and maybe in bytes above it).
    @inline(__always)
    private static func bytes(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let spread = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
    }
}
