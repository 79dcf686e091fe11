#if canImport(Glibc)
import Glibc
#endif
import JuiceCore

/// Resolves juice names from raw bytes quickly: names seen before are found by a cheap hash and one `memcmp`,
/// without allocating; anything new goes through `JuiceFinder` (id, name or alias, did-you-mean).
struct JuiceNameTable: Sendable {
    private struct Slot: Sendable {
        var hash: UInt64
        var offset: Int
        var length: Int
        var value: Int32
    }

    private var slots: [Slot?] = Array(repeating: nil, count: 64)
    private var keys: [UInt8] = []
    private var used = 0
    private let menu: CompiledMenu
    private let finder: JuiceFinder

    init(menu: CompiledMenu) {
        self.menu = menu
        self.finder = JuiceFinder(book: menu.book)
    }

    /// Length, first and last eight bytes, mixed: enough to tell a few dozen names apart (equality is checked anyway).
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return 0 }
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8 {
            head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
        } else {
            for index in 0..<count { head = head << 8 | UInt64(bytes[index]) }
        }
        var mixed = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 29
        return mixed
    }

    /// The juice index for `name`, or the lookup error.
    @inline(__always)
    mutating func resolve(_ name: UnsafeBufferPointer<UInt8>) throws(JuiceLookupError) -> Int32 {
        let hash = Self.hash(name)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while let slot = slots[index] {
            if slot.hash == hash && slot.length == name.count && matches(slot, name) { return slot.value }
            index = (index + 1) & mask
        }
        let value = Int32(try menu.juiceIndex(named: String(decoding: name, as: UTF8.self), finder: finder))
        slots[index] = Slot(hash: hash, offset: keys.count, length: name.count, value: value)
        keys.append(contentsOf: name)
        used += 1
        if used * 2 > slots.count { grow() }
        return value
    }

    @inline(__always)
    private func matches(_ slot: Slot, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = name.baseAddress, slot.length > 0 else { return slot.length == 0 }
        return keys.withUnsafeBufferPointer { keys in
            guard let stored = keys.baseAddress else { return false }
            return memcmp(stored + slot.offset, base, slot.length) == 0
        }
    }

    private mutating func grow() {
        let old = slots.compactMap { $0 }
        slots = Array(repeating: nil, count: slots.count * 2)
        let mask = slots.count - 1
        for slot in old {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
