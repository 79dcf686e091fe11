import CYAML

/// The keys seen so far in one mapping, for duplicate detection without allocating a string per key.
///
/// Small mappings are searched linearly; from `smallLimit` keys on, an open-addressing table of 8-byte slots
/// (32 bits of hash, 32 bits of node index) takes over, so a mapping of 100,000 keys costs about 2 MB.
struct KeySet {
    private var small: [YAMLNodeID] = []
    private var slots: [UInt64] = []
    private var count = 0
    private static let smallLimit = 12

    /// Forgets every key, keeping the storage for the next mapping.
    mutating func removeAll() {
        small.removeAll(keepingCapacity: true)
        if count >= Self.smallLimit {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        count = 0
    }

    /// Records `key`; returns the earlier key with the same text, if there is one (then `key` is not recorded).
    mutating func insert(_ key: YAMLNodeID, in document: borrowing YAMLDocument) -> YAMLNodeID? {
        if count < Self.smallLimit {
            for earlier in small where Self.equal(earlier, key, in: document) { return earlier }
            small.append(key)
            count += 1
            if count == Self.smallLimit {
                fill(capacity: 64, with: small, in: document)
                small.removeAll(keepingCapacity: true)
            }
            return nil
        }
        let hash = Self.hash(key, in: document)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        let tag = hash & 0xFFFF_FFFF_0000_0000
        while true {
            let slot = slots[index]
            if slot == 0 { break }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let earlier = YAMLNodeID(UInt32(truncatingIfNeeded: slot) - 1)
                if Self.equal(earlier, key, in: document) { return earlier }
            }
            index = (index + 1) & mask
        }
        slots[index] = tag | UInt64(key.index + 1)
        count += 1
        if count * 2 > slots.count {
            var keys: [YAMLNodeID] = []
            keys.reserveCapacity(count)
            for slot in slots where slot != 0 { keys.append(YAMLNodeID(UInt32(truncatingIfNeeded: slot) - 1)) }
            fill(capacity: slots.count * 2, with: keys, in: document)
        }
        return nil
    }

    /// Replaces the table with one of `capacity` slots (a power of two) holding `keys`.
    private mutating func fill(capacity: Int, with keys: [YAMLNodeID], in document: borrowing YAMLDocument) {
        slots = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for key in keys {
            let hash = Self.hash(key, in: document)
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(key.index + 1)
        }
    }

    private static func equal(_ a: YAMLNodeID, _ b: YAMLNodeID, in document: borrowing YAMLDocument) -> Bool {
        let left = document.records[Int(a.index)]
        let right = document.records[Int(b.index)]
        guard left.kind == .scalar, right.kind == .scalar else { return left.kind != .scalar && right.kind != .scalar }
        guard left.count == right.count else { return false }
        return document.text.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return true }
            return memcmp(base + Int(left.start), base + Int(right.start), Int(left.count)) == 0
        }
    }

    /// FNV-1a, with the high half folded in so both halves of the result vary.
    private static func hash(_ key: YAMLNodeID, in document: borrowing YAMLDocument) -> UInt64 {
        document.withBytes(of: key) { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash ^ (hash >> 29)
        }
    }
}
