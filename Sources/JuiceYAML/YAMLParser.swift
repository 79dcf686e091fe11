import CYAML

/// The outcome of parsing one file: the node tree (unless a fatal problem stopped parsing) and every problem found.
public struct YAMLParseResult: Sendable {
    /// The document, or nil when a fatal problem (syntax, encoding, limits) stopped parsing.
    public var document: YAMLDocument?
    /// Every problem found, in the order found.
    public var errors: [YAMLError]
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
        withUnsafeMutablePointer(to: &visitor) { visitor in
            let sink = EntrySink(
                streamsEntries: { key, document in visitor.pointee.streamsEntries(under: key, in: document) },
                visitEntry: { key, value, section, document in visitor.pointee.visitEntry(key: key, value: value, section: section, in: document) },
                visitTopLevelEntry: { key, value, streamed, document in
                    visitor.pointee.visitTopLevelEntry(key: key, value: value, streamed: streamed, in: document)
                }
            )
            return parse(bytes, file: file, sink: sink)
        }
    }

    /// Builds the whole tree when `sink` is nil, else streams top-level entries to it.
    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, sink: EntrySink?) -> YAMLParseResult {
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
        guard body.count > 0, let handle = LibYAMLHandle(body) else {
            return YAMLParseResult(document: nil, errors: [.emptyFile(at: origin)])
        }
        let reader = LibYAMLEventReader(handle: handle, bytes: bytes, bodyStart: bodyStart, lineMap: LineMap(body), file: file,
                                        maxScalarBytes: limits.maxScalarBytes)
        var builder = TreeBuilder(file: file, size: bytes.count, limits: limits, mode: sink == nil ? .tree : .entries)
        // A large file is read on two threads: libyaml a few batches ahead, the tree behind it.
        if body.count >= Self.pipelineThreshold && EventPipeline.isWorthwhile {
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
    private var input: UnsafeMutablePointer<MappedInput>?

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
    init?(_ body: UnsafeBufferPointer<UInt8>, releasingPagesOf mapping: UnsafeBufferPointer<UInt8>) {
        guard let base = body.baseAddress else { return nil }
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            return nil
        }
        let input = UnsafeMutablePointer<MappedInput>.allocate(capacity: 1)
        input.initialize(to: MappedInput(base: base, count: body.count, mapping: mapping))
        self.input = input
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            guard let data, let buffer, let sizeRead else { return 0 }
            sizeRead.pointee = data.assumingMemoryBound(to: MappedInput.self).pointee.read(into: buffer, size: size)
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

/// A mapped file's bytes handed to libyaml in the pieces it asks for; pages it has read are given back every few
/// megabytes.
struct MappedInput {
    let base: UnsafePointer<UInt8>
    let count: Int
    let mapping: UnsafeBufferPointer<UInt8>
    var offset = 0
    var releasedUpTo = 0

    /// Copies up to `size` bytes into `buffer`; 0 at the end.
    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, size: Int) -> Int {
        let length = min(size, count - offset)
        if length > 0 { buffer.update(from: base + offset, count: length) }
        offset += length
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
