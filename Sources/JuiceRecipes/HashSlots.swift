/// An open-addressing hash table of 32-bit values, 8 bytes a slot: the caller keeps the keys and says which value
/// matches. A slot holds 32 bits of the key's hash and the value; the hash also picks the slot, so the table can grow
/// without asking for keys again.
struct HashSlots {
    private var slots: [UInt64]
    private(set) var count = 0

    /// A table for about `expected` values before it has to grow.
    init(expected: Int) {
        var capacity = 16
        while capacity * 3 < expected * 4 { capacity *= 2 }
        slots = [UInt64](repeating: 0, count: capacity)
    }

    /// 32 bits of a 64-bit hash, as the table uses them.
    @inline(__always)
    static func fold(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash ^ (hash >> 32)) }

    /// The slot and value of the first value stored under `hash` that `matches` accepts.
    func find(_ hash: UInt32, where matches: (UInt32) -> Bool) -> (slot: Int, value: UInt32)? {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return nil }
            if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                let value = UInt32(truncatingIfNeeded: slot) &- 1
                if matches(value) { return (index, value) }
            }
            index = (index + 1) & mask
        }
    }

    /// Stores `value` under `hash` (the caller has checked that no equal key is stored).
    mutating func insert(_ hash: UInt32, _ value: UInt32) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        place(UInt64(hash) << 32 | UInt64(value &+ 1), in: &slots)
        count += 1
    }

    /// Replaces the value in `slot` (found by `find`) with `value`.
    mutating func replace(slot: Int, with value: UInt32) {
        slots[slot] = slots[slot] & 0xFFFF_FFFF_0000_0000 | UInt64(value &+ 1)
    }

    private mutating func grow() {
        var larger = [UInt64](repeating: 0, count: slots.count * 2)
        for slot in slots where slot != 0 { place(slot, in: &larger) }
        slots = larger
    }

    private func place(_ slot: UInt64, in table: inout [UInt64]) {
        let mask = table.count - 1
        var index = Int(truncatingIfNeeded: slot >> 32) & mask
        while table[index] != 0 { index = (index + 1) & mask }
        table[index] = slot
    }

    /// FNV-1a over `bytes`.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, without copying when the string is stored as UTF-8.
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
