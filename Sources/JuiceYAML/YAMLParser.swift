import CYAML

/// The outcome of parsing one file: the node tree (unless a fatal problem stopped parsing) and every problem found.
public struct YAMLParseResult: Sendable {
    /// The document, or nil when a fatal problem (syntax, encoding, limits) stopped parsing.
    public var document: YAMLDocument?
    /// Every problem found, in the order found.
    public var errors: [YAMLError]
    /// How many nodes were read (including those dropped after streaming), as the node limit counts them.
    package var nodeCount = 0
}

/// Parses YAML text through libyaml's event API into a `YAMLDocument`, enforcing limits and refusing hazards.
///
/// The tree is built with an explicit stack, never recursion, so nesting depth costs no call stack.
public struct YAMLParser: Sendable {
    /// The limits enforced on every file.
    public var limits: YAMLLimits

    /// Creates a parser that enforces `limits`.
    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Parses `text` (UTF-8), naming `file` in every location.
    public func parse(_ text: String, file: String) -> YAMLParseResult {
        var copy = text
        return copy.withUTF8 { parse($0, file: file) }
    }

    /// Parses the UTF-8 bytes `bytes`, naming `file` in every location.
    public func parse(_ bytes: [UInt8], file: String) -> YAMLParseResult {
        bytes.withUnsafeBufferPointer { parse($0, file: file) }
    }

    /// Parses the UTF-8 bytes in `bytes`, naming `file` in every location.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> YAMLParseResult {
        parse(bytes, file: file, sink: nil)
    }

    /// Parses the UTF-8 bytes `bytes` like `parse(_:file:)`, but hands each top-level entry to `visitor` as soon as
    /// it is complete (and the entries of the sections it asks for, one by one), then drops it.
    ///
    /// The errors are those `parse(_:file:)` finds, in the same order; the returned document holds the root and the
    /// keys of streamed mappings only. When the result has no document, parsing stopped at a fatal problem and what
    /// `visitor` saw is incomplete.
    public func parse<Visitor: YAMLEntryVisitor>(_ bytes: [UInt8], file: String, visitor: inout Visitor) -> YAMLParseResult {
        bytes.withUnsafeBufferPointer { parse($0, file: file, visitor: &visitor) }
    }

    /// Parses the UTF-8 bytes in `bytes`, handing top-level entries to `visitor` as they complete (see `parse(_:file:visitor:)`).
    public func parse<Visitor: YAMLEntryVisitor>(_ bytes: UnsafeBufferPointer<UInt8>, file: String, visitor: inout Visitor) -> YAMLParseResult {
        withSink(for: &visitor) { parse(bytes, file: file, sink: $0) }
    }

    /// Parses `bytes`, a part of `file` whose first line is line `firstLine`, behind `header` (text that is not in
    /// the file, such as the key of the mapping the part continues), handing top-level entries to `visitor` like
    /// `parse(_:file:visitor:)`, all on the calling thread.
    ///
    /// Nil when the part cannot be read on its own: behind a header or from a line other than the first, a part
    /// holding NEL, LS or PS (whose lines only the whole file can number) or starting with a byte order mark.
    package func parse<Visitor: YAMLEntryVisitor>(
        part bytes: UnsafeBufferPointer<UInt8>, of file: String, firstLine: Int, after header: [UInt8], visitor: inout Visitor
    ) -> YAMLParseResult? {
        let headerLines = header.count { $0 == 0x0A }
        if firstLine != 1 || !header.isEmpty {
            guard firstLine > headerLines, !EncodingCheck.hasUTF8ByteOrderMark(bytes), LineMap(bytes) == nil else { return nil }
        }
        let part = Part(header: header, firstLine: firstLine - headerLines)
        return withSink(for: &visitor) { parse(bytes, file: file, sink: $0, part: part) }
    }

    /// Calls `body` with a sink that hands entries to `visitor`.
    private func withSink<Visitor: YAMLEntryVisitor>(for visitor: inout Visitor, _ body: (EntrySink) -> YAMLParseResult) -> YAMLParseResult {
        withUnsafeMutablePointer(to: &visitor) { visitor in
            body(EntrySink(
                streamsEntries: { key, document in visitor.pointee.streamsEntries(under: key, in: document) },
                visitEntry: { key, value, section, document in visitor.pointee.visitEntry(key: key, value: value, section: section, in: document) },
                visitTopLevelEntry: { key, value, streamed, document in
                    visitor.pointee.visitTopLevelEntry(key: key, value: value, streamed: streamed, in: document)
                }
            ))
        }
    }

    /// Where the bytes of a part parsed on its own sit: behind `header`, with libyaml's first line numbered `firstLine`.
    private struct Part {
        var header: [UInt8]
        var firstLine: Int
    }

    /// Builds the whole tree when `sink` is nil, else streams top-level entries to it; a `part` is read on this thread.
    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, sink: EntrySink?, part: Part? = nil) -> YAMLParseResult {
        let origin = SourceLocation(file: file, line: 1, column: 1, byteOffset: 0)
        if bytes.count > limits.maxFileBytes {
            return YAMLParseResult(document: nil, errors: [.fileTooLarge(bytes: bytes.count, limit: limits.maxFileBytes, at: origin)])
        }
        if let problem = EncodingCheck.problem(in: bytes, file: file) {
            return YAMLParseResult(document: nil, errors: [problem])
        }
        // libyaml, told the input is UTF-8, would not skip a leading byte order mark: skip it here.
        let bodyStart = EncodingCheck.hasUTF8ByteOrderMark(bytes) ? 3 : 0
        let body = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
        guard body.count > 0, let handle = part.map({ LibYAMLHandle(body, after: $0.header) }) ?? LibYAMLHandle(body) else {
            return YAMLParseResult(document: nil, errors: [.emptyFile(at: origin)])
        }
        // Lines are mapped only where they start the file: a part read from elsewhere has no NEL, LS or PS (see
        // `parse(part:of:firstLine:after:visitor:)`).
        let startsFile = part.map { $0.firstLine == 1 && $0.header.isEmpty } ?? true
        let lineMap = startsFile ? LineMap(body) : nil
        let reader = LibYAMLEventReader(handle: handle, bytes: bytes, bodyStart: bodyStart, lineMap: lineMap, file: file,
                                        maxScalarBytes: limits.maxScalarBytes, firstLine: part?.firstLine ?? 1)
        var builder = TreeBuilder(file: file, size: bytes.count, limits: limits, mode: sink == nil ? .tree : .entries)
        // A large file is read on two threads: libyaml a few batches ahead, the tree behind it.
        if part == nil && body.count >= Self.pipelineThreshold && EventPipeline.isWorthwhile {
            let pipeline = EventPipeline(reader)
            if pipeline.start() {
                pipeline.consume { builder.consume($0, sink: sink) }
                return builder.result
            }
        }
        var sequential = reader
        let batch = EventBatch()
        repeat { sequential.fill(batch) } while builder.consume(batch, sink: sink)
        return builder.result
    }

    /// The smallest input (in bytes) read on two threads; below it, starting a thread costs more than it saves.
    static let pipelineThreshold = 1 << 19
}

/// Owns one libyaml parser; frees it on every path.
final class LibYAMLHandle {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// What the read callback reads, when the input is a mapped file read front to back.
    private var input: UnsafeMutablePointer<FedInput>?

    /// Sets up a parser reading `bytes`, which must outlive the handle.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return nil }
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            return nil
        }
        yaml_parser_set_input_string(parser, base, bytes.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    /// Sets up a parser reading `body`, part of the mapped file `mapping` (which must outlive the handle), and giving
    /// the mapping's pages back once libyaml has read them.
    convenience init?(_ body: UnsafeBufferPointer<UInt8>, releasingPagesOf mapping: UnsafeBufferPointer<UInt8>) {
        self.init(FedInput(body: body, mapping: mapping))
    }

    /// Sets up a parser reading `header`, then `body` (which must outlive the handle).
    convenience init?(_ body: UnsafeBufferPointer<UInt8>, after header: [UInt8]) {
        self.init(FedInput(body: body, header: header))
    }

    private init?(_ fed: FedInput?) {
        guard let fed else { return nil }
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            return nil
        }
        let input = UnsafeMutablePointer<FedInput>.allocate(capacity: 1)
        input.initialize(to: fed)
        self.input = input
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            guard let data, let buffer, let sizeRead else { return 0 }
            sizeRead.pointee = data.assumingMemoryBound(to: FedInput.self).pointee.read(into: buffer, size: size)
            return 1
        }, input)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input?.deinitialize(count: 1)
        input?.deallocate()
    }
}

/// Bytes handed to libyaml in the pieces it asks for: a header first (text that is not in the file), then the
/// body; when the body is part of a mapped file, the pages libyaml has read are given back every megabyte.
struct FedInput {
    private var header: [UInt8]
    private var headerRead = 0
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let mapping: UnsafeBufferPointer<UInt8>?
    private var offset = 0
    private var releasedUpTo = 0

    /// Input of `header`, then `body`; nil when the body is empty. With a `mapping`, `body` must lie in it.
    init?(body: UnsafeBufferPointer<UInt8>, header: [UInt8] = [], mapping: UnsafeBufferPointer<UInt8>? = nil) {
        guard let base = body.baseAddress else { return nil }
        self.header = header
        self.base = base
        count = body.count
        self.mapping = mapping
    }

    /// Copies up to `size` bytes into `buffer`; 0 at the end.
    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, size: Int) -> Int {
        if headerRead < header.count {
            let length = min(size, header.count - headerRead)
            header.withUnsafeBufferPointer { header in
                if let start = header.baseAddress { buffer.update(from: start + headerRead, count: length) }
            }
            headerRead += length
            return length
        }
        let length = min(size, count - offset)
        if length > 0 { buffer.update(from: base + offset, count: length) }
        offset += length
        guard let mapping else { return length }
        let mapped = base - (mapping.baseAddress ?? base) + offset
        if mapped - releasedUpTo >= Self.releaseInterval {
            // libyaml has copied everything before `offset`; keep a page of slack.
            MappedFile.release(mapping, before: mapped - 4096)
            releasedUpTo = mapped
        }
        return length
    }

    static let releaseInterval = 1 << 20
}
