internal import CYAML

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
        var reader = LibYAMLEventReader(
            handle: handle, bytes: bytes, bodyStart: bodyStart, lineMap: LineMap(body), file: file,
            maxScalarBytes: limits.maxScalarBytes)
        var builder = TreeBuilder(file: file, size: bytes.count, limits: limits, mode: .tree)
        let batch = EventBatch()
        repeat { reader.fill(batch) } while builder.consume(batch)
        return builder.result
    }
}

/// Owns one libyaml parser; frees it on every path.
final class LibYAMLHandle {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// What the read callback reads, when the input is a mapped file read front to back.
    private var input: UnsafeMutablePointer<FedInput>?

    /// Bytes of a fed input handed to libyaml so far (0 for a string input, which libyaml holds whole).
    var bytesFed: Int { input?.pointee.offset ?? 0 }

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
        yaml_parser_set_input(
            parser,
            { data, buffer, size, sizeRead in
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

/// Bytes of a mapped file handed to libyaml in the pieces it asks for; the pages libyaml has read are given back
/// every megabyte.
struct FedInput {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let mapping: UnsafeBufferPointer<UInt8>
    /// Bytes of the body handed to libyaml so far.
    private(set) var offset = 0
    private var releasedUpTo = 0

    /// Input of `body`, which lies in `mapping`; nil when the body is empty.
    init?(body: UnsafeBufferPointer<UInt8>, mapping: UnsafeBufferPointer<UInt8>) {
        guard let base = body.baseAddress else { return nil }
        self.base = base
        count = body.count
        self.mapping = mapping
    }

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
