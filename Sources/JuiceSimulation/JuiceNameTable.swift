import JuiceCore

/// Resolves juice names from raw bytes quickly: names seen before are found by hash without allocating;
/// anything new goes through `JuiceFinder` (id, name or alias, did-you-mean).
struct JuiceNameTable {
    private struct Slot {
        var hash: UInt64
        var key: [UInt8]
        var value: Int32
    }

    private var slots: [Slot?] = Array(repeating: nil, count: 64)
    private var used = 0
    private let menu: CompiledMenu
    private let finder: JuiceFinder

    init(menu: CompiledMenu) {
        self.menu = menu
        self.finder = JuiceFinder(book: menu.book)
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The juice index for `name`, or the lookup error.
    mutating func resolve(_ name: UnsafeBufferPointer<UInt8>) throws(JuiceLookupError) -> Int32 {
        let hash = Self.hash(name)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while let slot = slots[index] {
            if slot.hash == hash && slot.key.elementsEqual(name) { return slot.value }
            index = (index + 1) & mask
        }
        let value = Int32(try menu.juiceIndex(named: String(decoding: name, as: UTF8.self), finder: finder))
        slots[index] = Slot(hash: hash, key: Array(name), value: value)
        used += 1
        if used * 2 > slots.count { grow() }
        return value
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
