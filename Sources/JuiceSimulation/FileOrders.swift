import Foundation
#if canImport(Glibc)
import Glibc
#endif
import JuiceCore
import JuiceFileReading
import JuiceYAML

/// Orders read from a file: CSV (`juice,count`), JSON Lines (`{"juice": …, "count": …}`) or a YAML list, by extension.
///
/// Every format is streamed in constant memory. CSV and JSON Lines go line after line through `nextBatch(into:)`,
/// or, through `forEachOrder(_:)`, a large file a byte range at a time on worker threads (`OrderChunkPipeline`). A
/// YAML list goes item after item (`YAMLListReader`). Every line or item is checked as it is parsed; `validate()`
/// checks the whole file without serving anything.
package struct FileOrders: OrderSource, Sendable {
    /// The formats an order file can be in.
    package enum Format: Sendable {
        case csv, jsonLines, yaml
    }

    /// The file's path.
    package let path: String
    /// Its format.
    package let format: Format
    private(set) var names: JuiceNameTable
    private var reader: LineReader?
    /// Whether `nextBatch` has read the whole file.
    private var exhausted = false
    /// The YAML list being read by `nextBatch`.
    var yamlListReader: YAMLListReader?

    /// Orders from the file at `path`, its format chosen by extension.
    package init(path: String, menu: CompiledMenu) throws(OrderSourceError) {
        self.path = path
        switch (path as NSString).pathExtension.lowercased() {
        case "csv": format = .csv
        case "jsonl", "ndjson": format = .jsonLines
        case "yaml", "yml": format = .yaml
        default: throw .unknownFormat(path: path)
        }
        names = JuiceNameTable(menu: menu)
    }

    /// Reads every order once, throwing at the first line with an unknown juice or a malformed entry.
    package mutating func validate() throws(OrderSourceError) {
        if format == .yaml {
            return try forEachYAMLOrder { _, _ in }
        }
        var reader = try Self.lines(of: path)
        var ignored = SimulationOrder(juice: 0)
        while try reader.nextLines(
            limit: 65_536,
            { line, number throws(OrderSourceError) in
                _ = try parse(line, number: number, isFirstLine: number == 1, into: &ignored)
            }) > 0
        {}
    }

    /// Fills `batch` with up to 65,536 orders.
    package mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
        batch.removeAll(keepingCapacity: true)
        if format == .yaml { return try nextYAMLBatch(into: &batch) }
        guard !exhausted else { return false }
        if reader == nil {
            let opened = try Self.lines(of: path)
            reader = opened
            if progress != nil { ticker = ProgressTicker(total: opened.fileSize, report: progress) }
        }
        guard var current = reader else { return false }
        var order = SimulationOrder(juice: 0)
        while batch.count < 4_096 {
            let read = try current.nextLines(limit: 4_096 - batch.count) { line, number throws(OrderSourceError) in
                if try parse(line, number: number, isFirstLine: number == 1, into: &order) { batch.append(order) }
            }
            if read == 0 { break }
        }
        ticker.reach(current.offset)
        // At the end, let the file go (it is closed with the reader's last reference).
        reader = batch.isEmpty ? nil : current
        exhausted = batch.isEmpty
        return !batch.isEmpty
    }

    /// The bytes per chunk when a large CSV or JSON Lines file is parsed on several threads (see `OrderChunkPipeline`).
    package var chunkSize = 1 << 18

    /// Told the share of the file's bytes served so far (0 to 1), in every format and however the file is read: after
    /// each batch of lines or of YAML events, or each chunk read on several threads.
    package var progress: OrderProgress?
    /// Reports `progress` for the batch paths (`nextBatch`), once the file is open and its size known.
    var ticker = ProgressTicker(total: 0, report: nil)

    /// Whether JSON Lines in the plain shape are read directly (`plainJSONOrder`) rather than by `JSONSerialization`;
    /// off only in tests that compare the two.
    package var readsPlainJSON = true

    /// Hands every order in the file to `body`, in order; throws the first problem (with its line), by which time
    /// the orders before it have been handed over.
    ///
    /// A CSV or JSON Lines file over one chunk is read and parsed on every processor, a chunk each, while this thread
    /// serves; a smaller file, a YAML file or a single processor reads line after line.
    package mutating func forEachOrder(_ body: (_ juice: Int, _ count: Int) -> Void) throws(OrderSourceError) {
        if format == .yaml && yamlListReader == nil { return try forEachYAMLOrder(body) }
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        guard format != .yaml, processors > 1, reader == nil else { return try forEachOrderInBatches(body) }
        let file: OpenFile
        do { file = try OpenFile(path: path) } catch { throw OrderSourceError(error) }
        var status = stat()
        guard fstat(file.descriptor, &status) == 0 else { throw .unreadable(path: path, reason: SystemReason(code: errno)) }
        let size = Int(status.st_size)
        guard size > chunkSize else { return try forEachOrderInBatches(body) }
        let pipeline = OrderChunkPipeline(
            path: path, file: file, fileSize: size, chunkSize: chunkSize,
            workers: processors, parser: self)
        var ticker = ProgressTicker(total: size, report: progress)
        var chunks = 0
        try pipeline.consume { orders in
            for order in orders { body(Int(order.juice), Int(order.count)) }
            chunks += 1
            ticker.reach(chunks * chunkSize)
        }
    }

    /// A line-by-line reader of the order file at `path`.
    private static func lines(of path: String) throws(OrderSourceError) -> LineReader {
        do { return try LineReader(path: path) } catch { throw OrderSourceError(error) }
    }

    /// Parses one line into `order`; false for a blank line, comment or CSV header (only the file's first line can be one).
    mutating func parse(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, isFirstLine: Bool, into order: inout SimulationOrder
    ) throws(OrderSourceError) -> Bool {
        switch format {
        case .csv: return try parseCSV(line, number: number, isFirstLine: isFirstLine, into: &order)
        case .jsonLines: return try parseJSON(line, number: number, into: &order)
        case .yaml: return false
        }
    }

    private mutating func parseCSV(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, isFirstLine: Bool, into order: inout SimulationOrder
    ) throws(OrderSourceError) -> Bool {
        guard !line.isEmpty, line[0] != 0x23 else { return false }
        // A quoted name (RFC 4180) is decoded first; a name without quotes is the bytes up to the first comma.
        if line[0] == 0x22 {
            let field = try quotedCSVName(line, number: number)
            return try field.name.withUnsafeBufferPointer { name throws(OrderSourceError) in
                try csvOrder(
                    name: name, column: field.column, countFrom: field.countStart, of: line, number: number, isFirstLine: isFirstLine, into: &order)
            }
        }
        var comma = line.count
        if let base = line.baseAddress, let hit = memchr(base, 0x2C, line.count) {
            comma = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        return try csvOrder(
            name: UnsafeBufferPointer(rebasing: line[0..<comma]), column: 1, countFrom: min(line.count, comma + 1),
            of: line, number: number, isFirstLine: isFirstLine, into: &order)
    }

    /// The order of a CSV line whose juice is `name` (at `column`) and whose count field starts at `countFrom` (or is
    /// absent, at the line's end, for a count of 1); false for the header line `juice,count`.
    private mutating func csvOrder(
        name: UnsafeBufferPointer<UInt8>, column nameColumn: Int, countFrom start: Int, of line: UnsafeBufferPointer<UInt8>,
        number: Int, isFirstLine: Bool, into order: inout SimulationOrder
    ) throws(OrderSourceError) -> Bool {
        var count = 1
        if start < line.count || line.last == 0x2C {
            let column = Self.column(of: start, in: line)
            let raw = UnsafeBufferPointer(rebasing: line[start...])
            let quoted = try unquotedCSVCount(raw, number: number, column: column)
            let parsed = quoted.map { $0.withUnsafeBufferPointer { Self.csvCount($0) } } ?? Self.csvCount(raw)
            guard let parsed else {
                if isFirstLine && name.elementsEqual("juice".utf8) { return false }
                throw countProblem(line: number, column: column, found: .text(String(decoding: raw, as: UTF8.self)))
            }
            guard parsed >= 1 else { throw countProblem(line: number, column: column, found: .text(String(decoding: raw, as: UTF8.self))) }
            count = parsed
        }
        order = SimulationOrder(juice: try resolve(name, line: number, column: nameColumn), count: Int32(count))
        return true
    }

    /// The count a CSV count field gives: its digits (spaces ignored; none at all means 1), nil when it holds anything
    /// else or is over `countLimit`.
    private static func csvCount(_ field: UnsafeBufferPointer<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for byte in field where byte != 0x20 {
            let digit = Int(byte) - 0x30
            // The same bound as JSON Lines and YAML (checked digit by digit, so no overflow).
            guard digit >= 0 && digit < 10 else { return nil }
            value = value * 10 + digit
            guard value <= countLimit else { return nil }
            digits += 1
        }
        return digits > 0 ? value : 1
    }

    private mutating func parseJSON(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, into order: inout SimulationOrder
    ) throws(OrderSourceError) -> Bool {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        // The plain shape, read directly; a name not known yet that is not ASCII goes the general way, which checks
        // its UTF-8 (a known name's bytes came from a valid string).
        if readsPlainJSON, let plain = Self.plainJSONOrder(line) {
            let name = UnsafeBufferPointer(rebasing: line[plain.name])
            let known = names.known(name)
            if known != nil || name.allSatisfy({ $0 < 0x80 }) {
                let count = plain.count ?? 1
                guard (1...Self.countLimit).contains(count) else {
                    throw countProblem(line: number, column: Self.column(of: plain.countKey ?? 0, in: line))
                }
                let juice: Int32
                if let known {
                    juice = known
                } else {
                    juice = try resolve(name, line: number, column: Self.column(of: plain.name.lowerBound, in: line))
                }
                order = SimulationOrder(juice: juice, count: Int32(count))
                return true
            }
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw .malformed(path: path, line: number, column: 1, problem: .notAJSONOrder)
        }
        // JSONSerialization keeps one of two equal keys and any other key: both are checked on the line itself.
        try checkJSONKeys(line, number: number)
        guard let juice = object["juice"] as? String else {
            throw .malformed(path: path, line: number, column: 1, problem: .notAJSONOrder)
        }
        let count = object["count"].map { $0 as? Int ?? 0 } ?? 1
        guard (1...Self.countLimit).contains(count) else {
            throw countProblem(line: number, column: Self.firstColumn(of: Array("\"count\"".utf8), in: line) ?? 1)
        }
        var bytes = Array(juice.utf8)
        // The name's column: where its text first follows the key (the key's if it was written with escapes).
        // An empty name sits just inside its quotes.
        let key = Self.firstColumn(of: Array("\"juice\"".utf8), in: line)
        let after = key.map { $0 + 7 } ?? 1
        let column =
            (bytes.isEmpty
                ? Self.firstColumn(of: [0x22, 0x22], in: line, fromColumn: after).map { $0 + 1 }
                : Self.firstColumn(of: bytes, in: line, fromColumn: after)) ?? key ?? 1
        let index = try bytes.withUnsafeMutableBufferPointer { buffer throws(OrderSourceError) in
            try resolve(UnsafeBufferPointer(buffer), line: number, column: column)
        }
        order = SimulationOrder(juice: index, count: Int32(count))
        return true
    }

    @inline(__always)
    mutating func resolve(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws(OrderSourceError) -> Int32 {
        if let known = names.known(name) { return known }
        return try resolveNew(name, line: line, column: column)
    }

    @inline(never)
    private mutating func resolveNew(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws(OrderSourceError) -> Int32 {
        do throws(JuiceLookupError) {
            return try names.resolve(name)
        } catch {
            guard case .unknown(let text, let suggestion) = error else { return 0 }
            throw .unknownJuice(path: path, line: line, column: column, name: text, suggestion: suggestion)
        }
    }

    /// The most one order may ask for, in every format.
    static let countLimit = 100_000_000

    /// The problem of a count outside `1...countLimit` at `line` and `column`; `found` says what was written, where
    /// that adds anything.
    func countProblem(line: Int, column: Int, found: YAMLValueDescription? = nil) -> OrderSourceError {
        .malformed(path: path, line: line, column: column, problem: .badCount(limit: Self.countLimit, found: found))
    }

    /// The 1-based column, in Unicode scalars, of the byte at `offset` in `line`.
    static func column(of offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        line[0..<min(offset, line.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// The column of the first occurrence of `needle` in `line` at or after the column `fromColumn`, if any.
    static func firstColumn(of needle: [UInt8], in line: UnsafeBufferPointer<UInt8>, fromColumn: Int = 1) -> Int? {
        guard !needle.isEmpty, needle.count <= line.count else { return nil }
        var column = 0
        for offset in 0...(line.count - needle.count) where line[offset] & 0xC0 != 0x80 {
            column += 1
            if column >= fromColumn && line[offset..<offset + needle.count].elementsEqual(needle) { return column }
        }
        return nil
    }
}
