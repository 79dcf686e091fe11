#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small numbers (`Int32`) by name, a name given as its bytes: a name seen before is found by a cheap hash and a few
/// word comparisons, without allocating or making a string. The one byte-keyed table of the package: the order files'
/// reader keeps juice indices in it (`JuiceNameTable`), the sales histories' reader and tally indices of their own
/// arrays of names and look-ups.
///
/// Open addressing, at most half full, with a hash seed chosen so that, where it can be, every name sits in its own
/// first slot: a lookup then never probes further.
package struct NameTable: Sendable {
    /// One name held: its three words (`Key`), where all its bytes are in `keys`, and its value; a length of 0 marks
    /// an empty slot.
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var head: UInt64 = 0
        @usableFromInline var middle: UInt64 = 0
        @usableFromInline var tail: UInt64 = 0
        @usableFromInline var offset: Int32 = 0
        @usableFromInline var length: Int32 = 0
        @usableFromInline var value: Int32 = 0

        init() {}

        init(key: Key, offset: Int32, value: Int32) {
            (head, middle, tail, length) = (key.head, key.middle, key.tail, Int32(key.length))
            (self.offset, self.value) = (offset, value)
        }

        var key: Key { Key(head: head, middle: middle, tail: tail, length: Int(length)) }
    }

    /// A name's length and three of its words: bytes 0..<8, 8..<16 (or the last eight, for a shorter name) and the
    /// last eight (the bytes themselves when shorter than eight). A name of up to 24 bytes is equal to another
    /// exactly when their keys are.
    @usableFromInline
    struct Key {
        @usableFromInline var head: UInt64
        @usableFromInline var middle: UInt64
        @usableFromInline var tail: UInt64
        @usableFromInline var length: Int

        @inlinable @inline(__always)
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
        @inlinable @inline(__always)
        func slot(mask: Int, seed: UInt64) -> Int {
            var mixed = head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: length) ^ seed
            // The high half folded into the low one first: names that differ only in their last bytes (`juice-17`,
            // `juice-18`) differ only in high bits, which the multiplication alone never carries down to the slot.
            mixed ^= mixed >> 32
            return Int(truncatingIfNeeded: (mixed &* 0xBF58_476D_1CE4_E5B9) >> 32) & mask
        }
    }

    @usableFromInline var slots = [Slot](repeating: Slot(), count: 64)
    @usableFromInline var keys: [UInt8] = []
    @usableFromInline var longest = 0
    /// Chosen so that, where it can be, every name sits in its own first slot.
    @usableFromInline var seed: UInt64 = 0
    private var used = 0
    /// Whether every name sits in its own first slot; once no seed gives that (many names), names are placed as they
    /// come until the table grows.
    private var collisionFree = true

    /// The most slots a seed is looked for at: past 4,096 slots (2,048 names) names are placed as they come.
    private static let largestArranged = 4_096
    /// A name this long or longer is never held.
    package static let maxLength = 1 << 16

    /// An empty table.
    package init() {}

    /// The names held.
    package var count: Int { used }

    /// A read-only view of the table through raw pointers, for a run of lookups with no change in between.
    package struct Probe {
        @usableFromInline let slots: UnsafeBufferPointer<Slot>
        @usableFromInline let keys: UnsafeRawPointer?
        /// The length of the longest name held.
        package let longest: Int
        @usableFromInline let seed: UInt64

        @inlinable
        init(slots: UnsafeBufferPointer<Slot>, keys: UnsafeRawPointer?, longest: Int, seed: UInt64) {
            (self.slots, self.keys, self.longest, self.seed) = (slots, keys, longest, seed)
        }

        /// The value of the `count` bytes at `name`, if they are held.
        @inlinable @inline(__always)
        package func find(_ name: UnsafeRawPointer, count: Int) -> Int32? {
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
                    if let keys, NameTable.equal(keys + Int(slot.offset) + 16, name + 16, count: count &- 24) { return slot.value }
                }
                index = (index &+ 1) & mask
            }
        }
    }

    /// Calls `body` with a probe of the table; the table must not change meanwhile.
    @inlinable @inline(__always)
    package func withProbe<Result>(_ body: (Probe) -> Result) -> Result {
        slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBytes { keys in body(Probe(slots: slots, keys: keys.baseAddress, longest: longest, seed: seed)) }
        }
    }

    /// The value of `name`, or nil when it is not held.
    @inlinable @inline(__always)
    package func value(of name: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard let base = name.baseAddress else { return nil }
        return withProbe { $0.find(UnsafeRawPointer(base), count: name.count) }
    }

    /// Whether the `count` bytes at `stored` and at `given` are equal: eight at a time, the last eight overlapping,
    /// so up to 32 bytes take at most four comparisons and no call.
    @inlinable @inline(__always)
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

    /// Adds `name` (not held yet) with `value`; false, with nothing added, for a name the table does not hold: an
    /// empty one, one of `maxLength` bytes or more, or one past a gigabyte of names (such a name is looked up by
    /// whatever the caller does for a name not held, each time).
    @discardableResult
    package mutating func add(_ name: UnsafeBufferPointer<UInt8>, value: Int32) -> Bool {
        guard let base = name.baseAddress, name.count > 0, name.count < Self.maxLength, keys.count < 1 << 30 else { return false }
        let home = insert(Slot(key: Key(UnsafeRawPointer(base), count: name.count), offset: Int32(keys.count), value: value))
        keys.append(contentsOf: name)
        longest = max(longest, name.count)
        used += 1
        // When every other name sits in its first slot, only this one can have stopped the table being collision-free.
        if used * 2 > slots.count || (collisionFree && !home) { rearrange() }
        return true
    }

    /// Places the names again: in a table at least twice their number, with the first of a few seeds (then sizes, up
    /// to `largestArranged` slots) that puts every name in its own first slot; failing that, or once no seed did and
    /// the table only grows, with the seed it has, as they come.
    private mutating func rearrange() {
        let names = slots.filter { $0.length != 0 }
        var size = slots.count
        while used * 2 > size { size *= 2 }
        if collisionFree && size <= Self.largestArranged {
            while true {
                for candidate in 0..<UInt64(16) {
                    seed = candidate &* 0x9E37_79B9_7F4A_7C15
                    slots = [Slot](repeating: Slot(), count: size)
                    if names.allSatisfy({ insert($0) }) { return }
                }
                if size >= Self.largestArranged { break }
                size *= 2
            }
        }
        slots = [Slot](repeating: Slot(), count: size)
        var home = true
        for name in names {
            if !insert(name) { home = false }
        }
        collisionFree = home
    }

    /// Puts `slot` in the table; whether it sits in its first slot.
    @discardableResult
    private mutating func insert(_ slot: Slot) -> Bool {
        let mask = slots.count - 1
        let home = slot.key.slot(mask: mask, seed: seed)
        var index = home
        while slots[index].length != 0 { index = (index + 1) & mask }
        slots[index] = slot
        return index == home
    }
}
