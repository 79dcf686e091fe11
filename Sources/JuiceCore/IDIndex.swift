/// Finds a position in a list by the id of the element there: an open-addressing table of positions, built once.
///
/// It holds 8 bytes a slot (32 bits of the id's hash, the position) and no copies of the ids: a lookup compares the
/// id at a candidate position through the list itself. Hashes and comparisons are the ids' own, so ids that are
/// equal as `String`s (canonically equivalent) find each other. The table is derived from the list, so it takes
/// no part in equality.
struct IDIndex<ID: Hashable>: Hashable, Sendable {
    private var slots: [UInt64]

    /// The index of `count` elements whose ids `id(position)` gives; for an id given twice, the first position wins.
    init(count: Int, id: (Int) -> ID) {
        var capacity = 8
        while capacity < count * 2 { capacity *= 2 }
        slots = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        slots.withUnsafeMutableBufferPointer { slots in
            positions: for position in 0..<count {
                let key = id(position)
                let hash = UInt64(UInt(bitPattern: key.hashValue))
                let tag = hash & 0xFFFF_FFFF_0000_0000
                var index = Int(truncatingIfNeeded: hash) & mask
                while slots[index] != 0 {
                    let slot = slots[index]
                    if slot & 0xFFFF_FFFF_0000_0000 == tag, id(Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1) == key { continue positions }
                    index = (index + 1) & mask
                }
                slots[index] = tag | UInt64(position + 1)
            }
        }
    }

    /// The position whose id is `key`, if any, with `id(position)` giving the list's ids.
    func position(of key: ID, id: (Int) -> ID) -> Int? {
        let hash = UInt64(UInt(bitPattern: key.hashValue))
        let tag = hash & 0xFFFF_FFFF_0000_0000
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return nil }
            let position = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
            if slot & 0xFFFF_FFFF_0000_0000 == tag, id(position) == key { return position }
            index = (index + 1) & mask
        }
    }

    /// Always true: an index is derived from its list, which is compared instead.
    static func == (_: IDIndex, _: IDIndex) -> Bool { true }

    /// Hashes nothing: an index is derived from its list, which is hashed instead.
    func hash(into _: inout Hasher) {}
}
