extension FileOrders {
    /// Reads plain CSV lines (`name,digits` then a line feed) from `cursor` on, while they last and start before
    /// `end`, into `orders` (one each); returns how many, with `cursor` moved past them.
    ///
    /// A line is read in a few word-sized steps. It stops at any other line (a comment, a quote, spaces, a carriage
    /// return, no count, a name not seen before, a line feed at or past `limit`), which `parse` then reads: for every
    /// line it accepts this gives the order `parse` would. Reads up to 31 bytes past `limit`: the buffer must have them.
    mutating func readPlainCSVLines(
        _ base: UnsafePointer<UInt8>, cursor: inout Int, before end: Int, limit: Int,
        into orders: UnsafeMutablePointer<SimulationOrder>
    ) -> Int {
        guard format == .csv else { return 0 }
        var position = cursor
        var count = 0
        names.withProbe { probe in
            while position < end, let (next, order) = Self.plainCSVLine(base, at: position, limit: limit, probe: probe) {
                orders[count] = order
                count &+= 1
                position = next
            }
        }
        cursor = position
        return count
    }

    /// The plain CSV line at `start`: the order, and where the next line starts; nil for any other line.
    @inline(__always)
    private static func plainCSVLine(
        _ base: UnsafePointer<UInt8>, at start: Int, limit: Int, probe: JuiceNameTable.Probe
    ) -> (next: Int, order: SimulationOrder)? {
        let raw = UnsafeRawPointer(base)
        var comma = -1
        // The first comma, no further than the longest name known: the bytes before it are looked up as a name,
        // and no known name holds a line feed, so a comma on a later line is never taken for this line's.
        let stop = min(limit, start &+ probe.longest &+ 1)
        if probe.longest < 24 {
            // Three words, always, their comma flags packed into one mask: no branch that depends on the name's
            // length, so none to mispredict.
            let first = packed(bytes(0x2C, in: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)))
            let second = packed(bytes(0x2C, in: raw.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self)))
            let third = packed(bytes(0x2C, in: raw.loadUnaligned(fromByteOffset: start &+ 16, as: UInt64.self)))
            comma = start &+ (first | second << 8 | third << 16 | 1 << 24).trailingZeroBitCount
        } else {
            var index = start
            while index < stop {
                let commas = bytes(0x2C, in: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if commas != 0 {
                    comma = index &+ commas.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
        }
        guard comma > start, comma < stop, base[start] != 0x23, base[start] != 0x22 else { return nil }
        var cursor = comma &+ 1
        var count = 0
        // Up to eight digits, then the line feed.
        while cursor < limit && cursor &- comma <= 8 {
            let digit = Int(base[cursor]) &- 0x30
            guard digit >= 0 && digit < 10 else { break }
            count = count &* 10 &+ digit
            cursor &+= 1
        }
        guard cursor < limit, base[cursor] == 0x0A, cursor > comma &+ 1, count >= 1,
            let juice = probe.find(raw + start, count: comma &- start)
        else { return nil }
        return (cursor &+ 1, SimulationOrder(juice: juice, count: Int32(truncatingIfNeeded: count)))
    }

    /// The high bits of the eight bytes of `flags` (as `bytes(_:in:)` gives them) as the eight low bits of a word.
    @inline(__always)
    private static func packed(_ flags: UInt64) -> UInt64 {
        ((flags >> 7) &* 0x0102_0408_1020_4080) >> 56
    }

    /// A word with the high bit set in the lowest byte of `word` equal to `byte` (and maybe in bytes above it).
    @inline(__always)
    private static func bytes(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let spread = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
    }
}
