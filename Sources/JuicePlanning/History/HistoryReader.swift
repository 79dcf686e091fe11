#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JuiceCore
import JuiceFileReading

/// How a sales history is written.
package enum HistoryFormat: String, Sendable, Hashable, CaseIterable {
    /// CSV with a header `time,juice,count[,result]` (columns in any order).
    case csv
    /// JSON Lines: one object a line with the keys `time`, `juice`, `count` and optionally `result`.
    case jsonLines = "jsonl"

    /// The format a file's name says (`.jsonl`, `.ndjson` and `.json` are JSON Lines; anything else CSV).
    package static func of(path: String) -> HistoryFormat {
        path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson") || path.hasSuffix(".json") ? .jsonLines : .csv
    }
}

/// Why a history file could not be read at all.
package enum HistoryFileError: Error, Hashable, Sendable {
    /// No such file.
    case notFound(String)
    /// The file exists but cannot be read.
    case unreadable(String, reason: SystemReason)

    /// What is wrong, naming the path, in `language`.
    package func description(in language: Language) -> String {
        switch self {
        case .notFound(let path): return language == .korean ? "\(path): 그런 파일이 없어요" : "\(path): no such file"
        case .unreadable(let path, let reason):
            return language == .korean ? "\(path): 읽을 수 없어요: \(reason.text(in: language))" : "\(path): cannot be read: \(reason)"
        }
    }
}

/// Reads sales histories line by line, in constant memory: every record to a closure, every problem as an error at
/// its line and column (up to `maxErrors`; reading goes on past a bad line so all of them are reported at once).
package struct HistoryReader: Sendable {
    /// The largest count a record may have.
    package static let maxCount = 1_000_000
    /// The most problems reported for one file.
    package static let maxErrors = 100

    /// The format read.
    package let format: HistoryFormat
    /// The file name errors carry.
    package let name: String
    private var columns: [HistoryField: Int] = [:]
    /// The positions of the columns, once the header is read (no dictionary look-up per row).
    private var positions: (time: Int, juice: Int, count: Int, result: Int?)?
    private var fieldCount = 0
    private(set) var sawHeader = false
    /// The problems found so far.
    package internal(set) var errors: [HistoryError] = []
    /// The juice names read so far, each made a string once: a file names the same juices on every row (up to
    /// `maxNames` of them; a name past those is made for its row). `names` gives each one's place in `nameStrings`.
    private var names = NameTable()
    private var nameStrings: [String] = []
    private static let maxNames = 1 << 16
    /// The last date read, by its ten bytes (rows come day by day: most rows' dates are not parsed again).
    private var lastDate: (bytes: (UInt64, UInt16), date: CivilDate)?

    /// A reader of `format` for the file named `name`.
    package init(format: HistoryFormat, name: String) {
        self.format = format
        self.name = name
    }

    /// Reads the file at `path` (its format from its name), calling `body` with each good record; the problems come
    /// back, empty when there were none.
    package static func read(path: String, _ body: (SaleRecord) -> Void) throws(HistoryFileError) -> [HistoryError] {
        // The order files' reader: the file in large blocks, a line at a time, in constant memory.
        var lines: LineReader
        do {
            lines = try LineReader(path: path)
        } catch {
            throw error.reason.code == ENOENT ? .notFound(path) : .unreadable(path, reason: error.reason)
        }
        var reader = HistoryReader(format: .of(path: path), name: path)
        var line: [UInt8] = []
        var count = 0
        while lines.nextLine({ bytes, number in
            reader.readLine(bytes, number: number, through: &line, body)
            count = number
        }) {}
        reader.finish(lines: count)
        return reader.errors
    }

    /// Reads `bytes` (a whole history in memory) named `name`.
    package static func read(bytes: [UInt8], name: String, format: HistoryFormat, _ body: (SaleRecord) -> Void) -> [HistoryError] {
        var reader = HistoryReader(format: format, name: name)
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            // One CR before the line feed ends the line, as `LineReader` and `FileChunks` drop it; another is the line's.
            reader.readLine(line.last == 0x0D ? line.dropLast() : line, number: number, body)
        }
        reader.finish(lines: number)
        return reader.errors
    }

    /// Reads `raw` (a line in a file's buffer, without its line ending) through `line`, one array kept from line to
    /// line: copied into its first bytes (the array grown for a longer line, never made per line) and read from there.
    mutating func readLine(_ raw: UnsafeBufferPointer<UInt8>, number: Int, through line: inout [UInt8], _ body: (SaleRecord) -> Void) {
        if line.count < raw.count { line = [UInt8](repeating: 0, count: max(raw.count, 2 * line.count)) }
        if let source = raw.baseAddress {
            line.withUnsafeMutableBufferPointer { room in room.baseAddress?.update(from: source, count: raw.count) }
        }
        readLine(line[0..<raw.count], number: number, body)
    }

    /// Reads one line, without its line ending (LF or CR LF): a CR left at its end is part of its last field.
    mutating func readLine(_ raw: ArraySlice<UInt8>, number: Int, _ body: (SaleRecord) -> Void) {
        var line = raw
        if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        switch format {
        case .csv: readCSV(line, number: number, body)
        case .jsonLines: readJSON(line, number: number, body)
        }
    }

    /// Ends the file: a CSV history with no header is reported at its first line.
    package mutating func finish(lines: Int) {
        if format == .csv, !sawHeader { report(.missingHeader(found: ""), line: 1, column: 1) }
    }

    private mutating func report(_ problem: HistoryProblem, line: Int, column: Int) {
        guard errors.count < Self.maxErrors else { return }
        errors.append(HistoryError(file: name, line: line, column: column, problem: problem))
    }

    // MARK: CSV

    private mutating func readCSV(_ line: ArraySlice<UInt8>, number: Int, _ body: (SaleRecord) -> Void) {
        // The common row, with no quotes: its fields read as bytes, no string made but the juice's.
        if sawHeader, fieldCount > 0, readPlainCSV(line, number: number, body) { return }
        guard let fields = CSVFields.split(line) else {
            report(.unclosedQuote, line: number, column: 1)
            return
        }
        guard sawHeader else {
            sawHeader = true
            readHeader(fields, line: line, number: number)
            return
        }
        guard fieldCount > 0 else { return }
        guard fields.count == fieldCount else {
            report(.wrongFieldCount(expected: fieldCount, found: fields.count), line: number, column: 1)
            return
        }
        var values: [HistoryField: (text: String, column: Int)] = [:]
        for (field, position) in columns { values[field] = (fields[position].text, column(of: fields[position].offset, in: line)) }
        build(values, number: number, body)
    }

    /// Reads a row without quotes, its fields split at commas and read from their bytes in one pass (no array, no
    /// string but the juice's); false, with nothing read, for a row with a quote (the general reading's).
    private mutating func readPlainCSV(_ line: ArraySlice<UInt8>, number: Int, _ body: (SaleRecord) -> Void) -> Bool {
        guard let positions else { return false }
        // The columns read, trimmed of spaces and tabs, as offsets in the line.
        var time = 0..<0
        var juice = 0..<0
        var amount = 0..<0
        var written = 0..<0
        var fields = 0
        var units = 0
        var countIsGood = false
        var result = SaleResult.served
        var resultIsGood = true
        var name = ""
        var date: CivilDate?
        let hasQuote = line.withUnsafeBufferPointer { bytes -> Bool in
            var fieldStart = 0
            var index = 0
            while true {
                let atEnd = index == bytes.count
                if !atEnd {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") { return true }
                    guard byte == UInt8(ascii: ",") else {
                        index += 1
                        continue
                    }
                }
                var start = fieldStart
                var end = index
                while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
                while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                if fields == positions.time { time = start..<end }
                if fields == positions.juice { juice = start..<end }
                if fields == positions.count { amount = start..<end }
                if fields == positions.result { written = start..<end }
                fields += 1
                if atEnd { break }
                index += 1
                fieldStart = index
            }
            guard fields == fieldCount else { return false }
            countIsGood = !amount.isEmpty && amount.count <= 7
            for index in amount where countIsGood {
                let byte = bytes[index]
                if byte >= 0x30, byte <= 0x39 { units = units * 10 + Int(byte - 0x30) } else { countIsGood = false }
            }
            countIsGood = countIsGood && (1...Self.maxCount).contains(units)
            if positions.result != nil {
                let text = UnsafeBufferPointer(rebasing: bytes[written])
                if Self.bytes(text, equal: "refused") {
                    result = .refused
                } else if !text.isEmpty, !Self.bytes(text, equal: "served") {
                    // Another spelling (upper case): the general reading decides.
                    let lowered = String(decoding: text, as: UTF8.self).lowercased()
                    resultIsGood = SaleResult(rawValue: lowered) != nil
                    if lowered == "refused" { result = .refused }
                }
            }
            if !juice.isEmpty {
                let key = UnsafeBufferPointer(rebasing: bytes[juice])
                if let known = names.value(of: key) {
                    name = nameStrings[Int(known)]
                } else {
                    name = String(decoding: key, as: UTF8.self)
                    if names.count < Self.maxNames, names.add(key, value: Int32(nameStrings.count)) { nameStrings.append(name) }
                }
            }
            if time.count >= 10, let base = bytes.baseAddress {
                let start = UnsafeRawPointer(base + time.lowerBound)
                let key = (start.loadUnaligned(as: UInt64.self), start.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
                if let lastDate, lastDate.bytes == key {
                    date = lastDate.date
                } else if let parsed = CivilDate.parse(line[(line.startIndex + time.lowerBound)..<(line.startIndex + time.upperBound)]) {
                    date = parsed.date
                    lastDate = (key, parsed.date)
                }
            }
            return false
        }
        if hasQuote { return false }
        guard fields == fieldCount else {
            report(.wrongFieldCount(expected: fieldCount, found: fields), line: number, column: 1)
            return true
        }
        let base = line.startIndex
        guard countIsGood, resultIsGood, !juice.isEmpty, let date,
            let parsedTime = SaleTime(bytes: line[(base + time.lowerBound)..<(base + time.upperBound)], date: date)
        else {
            // Something is wrong: read the row again the general way, which says what at which column.
            let ranges = Self.plainFields(line)
            var values: [HistoryField: (text: String, column: Int)] = [:]
            for (field, position) in columns {
                values[field] = (String(decoding: line[ranges[position]], as: UTF8.self), column(of: ranges[position].lowerBound - base, in: line))
            }
            build(values, number: number, body)
            return true
        }
        body(SaleRecord(time: parsedTime, juice: name, count: units, result: result, line: number))
        return true
    }

    /// Whether `text` is `word`'s bytes.
    private static func bytes(_ text: UnsafeBufferPointer<UInt8>, equal word: StaticString) -> Bool {
        guard text.count == word.utf8CodeUnitCount else { return false }
        guard let base = text.baseAddress else { return true }
        return memcmp(base, word.utf8Start, text.count) == 0
    }

    /// The fields of a row without quotes, split at commas (indices of `line`).
    private static func plainFields(_ line: ArraySlice<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var fieldStart = line.startIndex
        for index in line.indices where line[index] == UInt8(ascii: ",") {
            ranges.append(fieldStart..<index)
            fieldStart = index + 1
        }
        ranges.append(fieldStart..<line.endIndex)
        return ranges
    }

    private mutating func readHeader(_ fields: [(text: String, offset: Int)], line: ArraySlice<UInt8>, number: Int) {
        var problems = false
        for (position, field) in fields.enumerated() {
            let name = field.text.trimmingSpaces.lowercased()
            guard let known = HistoryField(rawValue: name) else {
                if position == 0, SaleTime(parsing: field.text) != nil {
                    report(.missingHeader(found: String(decoding: line, as: UTF8.self)), line: number, column: 1)
                    return
                }
                report(
                    .unknownColumn(name, suggestion: NameMatching.suggestion(for: name, among: HistoryField.allCases.map(\.rawValue))), line: number,
                    column: column(of: field.offset, in: line))
                problems = true
                continue
            }
            if columns[known] != nil {
                report(.duplicateColumn(name), line: number, column: column(of: field.offset, in: line))
                problems = true
            }
            columns[known] = position
        }
        for required in [HistoryField.time, .juice, .count] where columns[required] == nil {
            report(.missingColumn(required.rawValue), line: number, column: 1)
            problems = true
        }
        // Rows are not read against a header that is wrong: every one of them would be reported.
        fieldCount = problems ? 0 : fields.count
        if !problems, let time = columns[.time], let juice = columns[.juice], let count = columns[.count] {
            positions = (time, juice, count, columns[.result])
        }
    }

    // MARK: JSON Lines

    private mutating func readJSON(_ line: ArraySlice<UInt8>, number: Int, _ body: (SaleRecord) -> Void) {
        guard let object = FlatJSONObject.parse(line) else {
            report(.notAJSONObject, line: number, column: 1)
            return
        }
        var values: [HistoryField: (text: String, column: Int)] = [:]
        var bad = false
        for member in object {
            let column = column(of: member.offset, in: line)
            guard let field = HistoryField(rawValue: member.key) else {
                report(
                    .unknownKey(member.key, suggestion: NameMatching.suggestion(for: member.key, among: HistoryField.allCases.map(\.rawValue))),
                    line: number, column: column)
                bad = true
                continue
            }
            if values[field] != nil {
                report(.duplicateKey(member.key), line: number, column: column)
                bad = true
            }
            values[field] = (member.value, column)
        }
        for required in [HistoryField.time, .juice, .count] where values[required] == nil {
            report(.missingKey(required.rawValue), line: number, column: 1)
            bad = true
        }
        if !bad { build(values, number: number, body) }
    }

    // MARK: Records

    private mutating func build(_ values: [HistoryField: (text: String, column: Int)], number: Int, _ body: (SaleRecord) -> Void) {
        guard let time = values[.time], let juice = values[.juice], let count = values[.count] else { return }
        var bad = false
        let parsedTime = SaleTime(parsing: time.text.trimmingSpaces)
        if parsedTime == nil {
            report(.badTime(time.text), line: number, column: time.column)
            bad = true
        }
        let name = juice.text.trimmingSpaces
        if name.isEmpty {
            report(.emptyJuice, line: number, column: juice.column)
            bad = true
        }
        let amount = Int(count.text.trimmingSpaces)
        if amount.map({ !(1...Self.maxCount).contains($0) }) ?? true {
            report(.badCount(count.text, limit: Self.maxCount), line: number, column: count.column)
            bad = true
        }
        var result = SaleResult.served
        if let written = values[.result] {
            let text = written.text.trimmingSpaces.lowercased()
            if !text.isEmpty {
                guard let known = SaleResult(rawValue: text) else {
                    report(.badResult(written.text), line: number, column: written.column)
                    return
                }
                result = known
            }
        }
        guard !bad, let parsedTime, let amount else { return }
        body(SaleRecord(time: parsedTime, juice: name, count: amount, result: result, line: number))
    }

    /// The 1-based scalar column of byte `offset` of `line`.
    private func column(of offset: Int, in line: ArraySlice<UInt8>) -> Int {
        line[line.startIndex..<min(line.startIndex + offset, line.endIndex)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }
}

/// The fields of a history record.
enum HistoryField: String, CaseIterable, Hashable {
    case time, juice, count, result
}

extension String {
    /// This text without spaces and tabs at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
