import JuiceFileReading
import Testing

/// The byte-keyed name table the order files' and the sales histories' readers share.
@Suite struct NameTableTests {
    @Test("the byte-keyed table finds every name it holds, past the sizes it arranges, and no other")
    func holdsManyNames() {
        var table = NameTable()
        // Short, 8 to 24 and longer names, names one byte apart, Korean ones: 5,000 of them, past the 2,048 names whose
        // table a seed is looked for.
        let names = (0..<5_000).map { index in
            switch index % 5 {
            case 0: "j\(index)"
            case 1: "juice-\(index)"
            case 2: "a-rather-long-juice-name-\(index)"
            case 3: "주스 \(index)"
            default: String(repeating: "x", count: index % 40) + "\(index)"
            }
        }
        for (index, name) in names.enumerated() {
            Array(name.utf8).withUnsafeBufferPointer { name in
                #expect(table.value(of: name) == nil, "'\(names[index])' before it is added")
                let added = table.add(name, value: Int32(index))
                #expect(added)
            }
        }
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() {
            let found = Array(name.utf8).withUnsafeBufferPointer { table.value(of: $0) }
            #expect(found == Int32(index), "'\(name)'")
            let longer = Array((name + "!").utf8).withUnsafeBufferPointer { table.value(of: $0) }
            #expect(longer == nil, "'\(name)!'")
        }
        // What it does not hold: an empty name, a huge one.
        for bytes in [[UInt8](), [UInt8](repeating: 0x61, count: NameTable.maxLength)] {
            bytes.withUnsafeBufferPointer { name in
                let added = table.add(name, value: 1)
                #expect(!added)
                #expect(table.value(of: name) == nil)
            }
        }
        #expect(table.count == names.count)
    }
}
