import CYAML

/// The keys of a streamed mapping, for duplicate detection once their nodes are gone: each key's position and bytes
/// in one arena (12 bytes plus the text a key), found through a table of 4-byte slots (arena offsets; a probe reads
/// the key's length and bytes from the arena). 100,000 keys of a dozen bytes cost about 3 MB, a third of keeping
/// their nodes.
struct StreamedKeys {
    private var arena: [UInt8] = []
    private var slots = [UInt32](repeating: 0, count: 16)
    private var count = 0
    private static let headerSize = 12

    /// Forgets every key, keeping the storage.
    mutating func removeAll() {
        arena.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        count = 0
    }

    /// Records the scalar `key` of `document`; returns the position of the earlier key with the same text, if there
    /// is one (then `key` is not recorded).
    mutating func insert(_ key: YAMLNodeID, in document: borrowing YAMLDocument) -> (line: UInt32, column: UInt32)? {
        let record = document.records[Int(key.index)]
        let length = record.kind == .scalar ? Int(record.count) : 0
        return document.text.withUnsafeBufferPointer { text in
            let bytes = UnsafeBufferPointer(rebasing: text[Int(record.start)..<Int(record.start) + length])
            let hash = Self.hash(bytes)
            let mask = slots.count - 1
            var index = Int(hash) & mask
            while true {
                let slot = slots[index]
                if slot == 0 { break }
                if let position = position(at: Int(slot - 1), ifTextIs: bytes) { return position }
                index = (index + 1) & mask
            }
            let offset = arena.count
            append(line: record.line, column: record.column, bytes: bytes)
            slots[index] = UInt32(truncatingIfNeeded: offset) &+ 1
            count += 1
            if count * 4 > slots.count * 3 { grow() }
            return nil
        }
    }

    /// Appends one key's header (line, column, length) and bytes to the arena.
    private mutating func append(line: UInt32, column: UInt32, bytes: UnsafeBufferPointer<UInt8>) {
        let start = arena.count
        let size = Self.headerSize + bytes.count
        if arena.capacity < start + size { arena.reserveCapacity(max(arena.capacity * 2, start + size, 4096)) }
        arena.append(contentsOf: repeatElement(0, count: size))
        arena.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: line.littleEndian, toByteOffset: start, as: UInt32.self)
            raw.storeBytes(of: column.littleEndian, toByteOffset: start + 4, as: UInt32.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: bytes.count).littleEndian, toByteOffset: start + 8, as: UInt32.self)
            if let base = raw.baseAddress, let source = bytes.baseAddress, bytes.count > 0 {
                (base + start + Self.headerSize).copyMemory(from: source, byteCount: bytes.count)
            }
        }
    }

    /// The position stored at `offset` when the key there is `bytes`.
    private func position(at offset: Int, ifTextIs bytes: UnsafeBufferPointer<UInt8>) -> (line: UInt32, column: UInt32)? {
        arena.withUnsafeBytes { raw in
            let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)))
            guard length == bytes.count else { return nil }
            let start = offset + Self.headerSize
            if length > 0, let base = raw.baseAddress, let other = bytes.baseAddress, memcmp(base + start, other, length) != 0 { return nil }
            return (UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)),
                    UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
        }
    }

    /// Doubles the table; each key is hashed again from the arena.
    private mutating func grow() {
        var larger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        arena.withUnsafeBytes { raw in
            for slot in slots where slot != 0 {
                let offset = Int(slot - 1)
                let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)))
                let start = offset + Self.headerSize
                let bytes = UnsafeBufferPointer(start: raw.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) + start }, count: length)
                var index = Int(Self.hash(bytes)) & mask
                while larger[index] != 0 { index = (index + 1) & mask }
                larger[index] = slot
            }
        }
        slots = larger
    }

    /// 32 bits of FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
