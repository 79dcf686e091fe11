#if canImport(Glibc)
import Glibc
#endif
import JuiceCore

/// The fruit ids recipes name, each stored once and numbered in order of first mention, found again by their
/// bytes: a recipe ingredient costs a table look-up, not a new string and a hash of it.
struct FruitNames {
    /// The ids, by number.
    private(set) var ids: [FruitID] = []
    private var text: [UInt8] = []
    private var ranges: [(start: Int, count: Int)] = []
    private var table = HashSlots(expected: 16)

    /// The number of the id written as the scalar `key`, adding it when new.
    mutating func number(of key: YAMLNodeID, in document: borrowing YAMLDocument) -> UInt32 {
        document.withBytes(of: key) { number(of: $0) }
    }

    /// The number of the id whose UTF-8 bytes are `bytes`, adding it when new.
    mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = HashSlots.fold(HashSlots.hash(bytes))
        let found = text.withUnsafeBufferPointer { text in
            table.find(hash) { number in
                let range = ranges[Int(number)]
                guard range.count == bytes.count else { return false }
                guard range.count > 0, let stored = text.baseAddress, let given = bytes.baseAddress else { return true }
                return memcmp(stored + range.start, given, range.count) == 0
            }
        }
        if let found { return found.value }
        let number = UInt32(truncatingIfNeeded: ids.count)
        ranges.append((text.count, bytes.count))
        text.append(contentsOf: bytes)
        ids.append(FruitID(String(decoding: bytes, as: UTF8.self)))
        table.insert(hash, number)
        return number
    }

    /// Calls `body` with the bytes of the id numbered `number`.
    func withBytes<R>(of number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let range = ranges[number]
        return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range.start..<range.start + range.count])) }
    }
}
