#if canImport(Glibc)
import Glibc
#endif
import JuiceCore

/// Resolves juice names from raw bytes quickly: names seen before are found by a cheap hash and a few word
/// comparisons, without allocating; anything new goes through `JuiceFinder` (id, name or alias, did-you-mean).
struct JuiceNameTable: Sendable {
    /// One cached name: its first and last eight bytes (`Key`), where all its bytes are in `keys`, and its juice
    /// index; a length of 0 marks an empty slot.
    struct Slot: Sendable {
        var head: UInt64 = 0
        var middle: UInt64 = 0
        var tail: UInt64 = 0
        var offset: Int32 = 0
        var length: Int32 = 0
        var value: Int32 = 0
    }

    /// A name's length and three of its words: bytes 0..<8, 8..<16 (or the last eight, for a shorter name) and the
    /// last eight (the bytes themselves when shorter than eight). A name of up to 24 bytes is equal to another
    /// exactly when their keys are.
    struct Key {
        var head: UInt64
        var middle: UInt64
        var tail: UInt64
        var length: Int

        @inline(__always)
        init(_ base: UnsafeRawPointer, count: Int) {
            length = count
            if count >= 8 {
                head = base.loadUnaligned(as: UInt64.self)
                middle = base.loadUnaligned(fromByteOffset: Swift.min(8, count &- 8), as: UInt64.self)
                tail = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            } else {
                head = 0
                for index in 0..<count { head = head << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self)) }
                middle = head
                tail = head
            }
        }

        init(head: UInt64, middle: UInt64, tail: UInt64, length: Int) {
            self.head = head
            self.middle = middle
            self.tail = tail
            self.length = length
        }

        /// Where to start probing in a table of `mask + 1` slots, hashing with `seed`.
        @inline(__always)
        func slot(mask: Int, seed: UInt64) -> Int {
            let mixed = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: length) ^ seed) &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: mixed >> 32) & mask
        }
    }

    private var slots = [Slot](repeating: Slot(), count: 64)
    private var keys: [UInt8] = []
    private var used = 0
    private var longest = 0
    /// Chosen so that, where it can be, every name sits in its own first slot: a lookup then never probes further.
    private var seed: UInt64 = 0
    private let menu: CompiledMenu
    private let finder: JuiceFinder

    init(menu: CompiledMenu) {
        self.menu = menu
        self.finder = JuiceFinder(book: menu.book)
    }

    /// A read-only view of the cached names through raw pointers, for a run of lookups with no call in between.
    struct Probe {
        let slots: UnsafeBufferPointer<Slot>
        let keys: UnsafeRawPointer?
        /// The length of the longest name cached.
        let longest: Int
        let seed: UInt64

        /// The juice index of the `count` bytes at `name`, if they were seen before.
        @inline(__always)
        func find(_ name: UnsafeRawPointer, count: Int) -> Int32? {
            guard count > 0 else { return nil }
            let key = Key(name, count: count)
            let mask = slots.count &- 1
            var index = key.slot(mask: mask, seed: seed)
            while true {
                let slot = slots[index]
                if slot.length == 0 { return nil }
                // Compared without a branch per word: the three words cover a name of up to 24 bytes.
                let differs =
                    (slot.head ^ key.head) | (slot.middle ^ key.middle) | (slot.tail ^ key.tail)
                    | UInt64(truncatingIfNeeded: Int(slot.length) ^ count)
                if differs == 0 {
                    if count <= 24 { return slot.value }
                    if let keys, JuiceNameTable.equal(keys + Int(slot.offset) + 16, name + 16, count: count &- 24) { return slot.value }
                }
                index = (index &+ 1) & mask
            }
        }
    }

    /// Calls `body` with a probe of the cached names; the table must not change meanwhile.
    @inline(__always)
    func withProbe<Result>(_ body: (Probe) -> Result) -> Result {
        slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBytes { keys in body(Probe(slots: slots, keys: keys.baseAddress, longest: longest, seed: seed)) }
        }
    }

    /// Whether the `count` bytes at `stored` and at `given` are equal: eight at a time, the last eight overlapping,
    /// so up to 32 bytes take at most four comparisons and no call.
    @inline(__always)
    static func equal(_ stored: UnsafeRawPointer, _ given: UnsafeRawPointer, count: Int) -> Bool {
        guard count >= 8 else { return count <= 0 || memcmp(stored, given, count) == 0 }
        var index = 0
        while index &+ 8 < count {
            if stored.loadUnaligned(fromByteOffset: index, as: UInt64.self) != given.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index &+= 8
        }
        return stored.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == given.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// The juice index for `name`: a name seen before costs a hash and a probe; a new one goes through `JuiceFinder`.
    mutating func resolve(_ name: UnsafeBufferPointer<UInt8>) throws(JuiceLookupError) -> Int32 {
        if let value = known(name) { return value }
        return try learn(name)
    }

    /// The index of `name` if it was seen before; nil for a name to `resolve`.
    @inline(__always)
    func known(_ name: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard let base = name.baseAddress else { return nil }
        return withProbe { $0.find(UnsafeRawPointer(base), count: name.count) }
    }

    /// Resolves a name not seen before and caches it.
    @inline(never)
    private mutating func learn(_ name: UnsafeBufferPointer<UInt8>) throws(JuiceLookupError) -> Int32 {
        let value = Int32(try menu.juiceIndex(named: String(decoding: name, as: UTF8.self), finder: finder))
        // Names are short; a huge one is resolved each time rather than cached. A cached name never holds a line
        // feed, which lets a CSV line be read up to its first comma without looking for line feeds.
        guard let base = name.baseAddress, name.count > 0, name.count < 1 << 16, keys.count < 1 << 30, !name.contains(0x0A) else { return value }
        let key = Key(UnsafeRawPointer(base), count: name.count)
        insert(Slot(head: key.head, middle: key.middle, tail: key.tail, offset: Int32(keys.count), length: Int32(name.count), value: value))
        keys.append(contentsOf: name)
        longest = max(longest, name.count)
        used += 1
        if used * 2 > slots.count || !isCollisionFree { rearrange() }
        return value
    }

    /// Whether every name sits in its first slot.
    private var isCollisionFree: Bool {
        let mask = slots.count - 1
        return slots.indices.allSatisfy { index in
            let slot = slots[index]
            return slot.length == 0
                || Key(head: slot.head, middle: slot.middle, tail: slot.tail, length: Int(slot.length)).slot(mask: mask, seed: seed) == index
        }
    }

    /// Places the names again: in a table at least twice their number, with the first of a few seeds (then sizes, up
    /// to 4,096 slots) that puts every name in its own first slot; failing that, as they come.
    private mutating func rearrange() {
        let names = slots.filter { $0.length != 0 }
        var size = slots.count
        while used * 2 > size { size *= 2 }
        while true {
            for candidate in 0..<UInt64(16) {
                seed = candidate &* 0x9E37_79B9_7F4A_7C15
                slots = [Slot](repeating: Slot(), count: size)
                for name in names { insert(name) }
                if isCollisionFree { return }
            }
            if size >= 4_096 { return }
            size *= 2
        }
    }

    private mutating func insert(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Key(head: slot.head, middle: slot.middle, tail: slot.tail, length: Int(slot.length)).slot(mask: mask, seed: seed)
        while slots[index].length != 0 { index = (index + 1) & mask }
        slots[index] = slot
    }
}
