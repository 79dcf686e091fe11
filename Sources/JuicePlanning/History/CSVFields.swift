/// Splits one CSV line into fields (RFC 4180 quoting: a quoted field may hold commas, and `""` for a quote).
enum CSVFields {
    /// The fields with the byte offset (in the line) where each starts, or nil for a quoted field left open.
    static func split(_ line: ArraySlice<UInt8>) -> [(text: String, offset: Int)]? {
        var fields: [(String, Int)] = []
        var index = line.startIndex
        while true {
            let start = index
            if index < line.endIndex, line[index] == UInt8(ascii: "\"") {
                var value: [UInt8] = []
                index += 1
                var closed = false
                while index < line.endIndex {
                    if line[index] == UInt8(ascii: "\"") {
                        if index + 1 < line.endIndex, line[index + 1] == UInt8(ascii: "\"") {
                            value.append(UInt8(ascii: "\""))
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    value.append(line[index])
                    index += 1
                }
                guard closed else { return nil }
                while index < line.endIndex, line[index] == 0x20 { index += 1 }
                fields.append((String(decoding: value, as: UTF8.self), start - line.startIndex))
            } else {
                while index < line.endIndex, line[index] != UInt8(ascii: ",") { index += 1 }
                fields.append((String(decoding: line[start..<index], as: UTF8.self), start - line.startIndex))
            }
            guard index < line.endIndex, line[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        return fields
    }
}
