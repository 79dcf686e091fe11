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

    /// The juice index for `name`: a name seen before costs a hash and a probe; a new one goes through `JuiceFinder`.
    @inline(__always)
    mutating func resolve(_ name: UnsafeBufferPointer<UInt8>) throws(JuiceLookupError) -> Int32 {
        let hash = Self.hash(name)
        if let value = cached(name, hash: hash) { return value }
        return try learn(name, hash: hash)
    }

    /// The index of `name` if it was seen before; nil for a name to `resolve`.
    @inline(__always)
    func known(_ name: UnsafeBufferPointer<UInt8>) -> Int32? {
        cached(name, hash: Self.hash(name))
    }

    /// The index cached for `name`, if it was seen before.
    @inline(__always)
    private func cached(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        slots.withUnsafeBufferPointer { slots -> Int32? in
            keys.withUnsafeBufferPointer { keys -> Int32? in
                let mask = slots.count - 1
                var index = Int(truncatingIfNeeded: hash) & mask
                while let slot = slots[index] {
                    if slot.hash == hash && slot.length == name.count && Self.equal(keys, slot.offset, name) { return slot.value }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
    }

    /// Resolves a name not seen before and caches it.
    @inline(never)
    private mutating func learn(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) throws(JuiceLookupError) -> Int32 {
        let value = Int32(try menu.juiceIndex(named: String(decoding: name, as: UTF8.self), finder: finder))
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] != nil { index = (index + 1) & mask }
        slots[index] = Slot(hash: hash, offset: keys.count, length: name.count, value: value)
        keys.append(contentsOf: name)
        used += 1
        if used * 2 > slots.count { grow() }
        return value
    }

    /// Whether the stored key at `offset` (as long as `name`) is `name`: eight bytes at a time, the last eight
    /// overlapping, so a name of up to 32 bytes takes at most four comparisons and no call.
    @inline(__always)
    private static func equal(_ keys: UnsafeBufferPointer<UInt8>, _ offset: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = name.count
        guard let stored = keys.baseAddress.map({ UnsafeRawPointer($0 + offset) }), let given = name.baseAddress.map(UnsafeRawPointer.init) else {
            return count == 0
        }
        guard count >= 8 else { return memcmp(stored, given, count) == 0 }
        var index = 0
        while index + 8 < count {
            if stored.loadUnaligned(fromByteOffset: index, as: UInt64.self) != given.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
            index += 8
        }
        return stored.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == given.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
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
