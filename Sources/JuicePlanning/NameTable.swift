#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values by name, a name given as its UTF-8 bytes: looked up without making a string (FNV-1a hashes, open
/// addressing), as a history file's reader meets the same few hundred juice names on every row.
struct NameTable<Value> {
    /// Each slot's entry, or -1; a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 64)
    /// Each entry's hash, where its bytes start in `bytes`, and its value.
    private var hashes: [UInt64] = []
    private var starts: [Int] = [0]
    private var bytes: [UInt8] = []
    private var values: [Value] = []

    /// The names held.
    var count: Int { values.count }

    /// The FNV-1a hash of `name`.
    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The value of `name` (whose hash is `hash`), or nil.
    func value(of name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            guard entry >= 0 else { return nil }
            if hashes[entry] == hash, holds(entry, name) { return values[entry] }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `name` (whose hash is `hash`, not yet held) with `value`.
    mutating func add(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64, value: Value) {
        if 2 * (count + 1) > slots.count {
            slots = [Int32](repeating: -1, count: 2 * slots.count)
            for entry in hashes.indices { place(entry) }
        }
        hashes.append(hash)
        bytes.append(contentsOf: name)
        starts.append(bytes.count)
        values.append(value)
        place(values.count - 1)
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }

    /// Whether entry `entry`'s bytes are `name`.
    private func holds(_ entry: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[entry]
        guard starts[entry + 1] - start == name.count else { return false }
        guard let base = name.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { stored in memcmp(stored.baseAddress.map { $0 + start } ?? base, base, name.count) == 0 }
    }
}

extension NameTable: Sendable where Value: Sendable {}
