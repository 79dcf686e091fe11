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
        var builder = TreeBuilder(file: file, bytes: bytes, limits: limits)
        builder.run(handle.parser)
        return builder.result
    }
}

/// Owns one libyaml parser; frees it on every path.
final class LibYAMLHandle {
    let parser: UnsafeMutablePointer<yaml_parser_t>

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

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }
}

/// Turns libyaml events into a `YAMLDocument`.
struct TreeBuilder {
    private struct Frame {
        var node: UInt32
        var pendingStart: Int
        var isMapping: Bool
    }

    private var document: YAMLDocument
    private var errors: [YAMLError] = []
    private var stack: [Frame] = []
    private var pending: [UInt32] = []
    private let bytes: UnsafeBufferPointer<UInt8>
    private let bodyStart: Int
    private let limits: YAMLLimits
    private var failed = false
    private var keys = KeySet()
    private let lineMap: LineMap?

    init(file: String, bytes: UnsafeBufferPointer<UInt8>, limits: YAMLLimits) {
        self.document = YAMLDocument(file: file)
        self.bytes = bytes
        self.bodyStart = EncodingCheck.hasUTF8ByteOrderMark(bytes) ? 3 : 0
        self.lineMap = LineMap(UnsafeBufferPointer(rebasing: bytes[bodyStart...]))
        self.limits = limits
        document.records.reserveCapacity(bytes.count / 8)
        document.text.reserveCapacity(bytes.count / 2)
        document.children.reserveCapacity(bytes.count / 8)
    }

    var result: YAMLParseResult {
        YAMLParseResult(document: failed ? nil : document, errors: errors)
    }

    private var file: String { document.file }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        let (line, column) = position(mark)
        return SourceLocation(file: file, line: Int(line), column: Int(column))
    }

    /// The true 1-based line and column of a libyaml mark.
    @inline(__always)
    private func position(_ mark: yaml_mark_t) -> (line: UInt32, column: UInt32) {
        if let lineMap { return lineMap.position(mark) }
        return (UInt32(truncatingIfNeeded: mark.line + 1), UInt32(truncatingIfNeeded: mark.column + 1))
    }

    /// A node record starting at `mark`.
    private func record(at mark: yaml_mark_t, start: UInt32 = 0, count: UInt32 = 0, kind: YAMLNodeKind, style: ScalarStyle = .plain) -> YAMLDocument.Record {
        let (line, column) = position(mark)
        return YAMLDocument.Record(line: line, column: column, start: start, count: count, kind: kind, style: style)
    }

    /// Reads every event; stops at the first fatal problem.
    mutating func run(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
        var event = yaml_event_t()
        var documentStart: SourceLocation?
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                fail(LibYAMLErrors.translate(parser.pointee, bytes: bytes, bodyStart: bodyStart, lineMap: lineMap, file: file))
                return
            }
            let keepGoing = handle(&event, documentStart: &documentStart)
            yaml_event_delete(&event)
            if !keepGoing { return }
        }
    }

    private mutating func fail(_ error: YAMLError) {
        errors.append(error)
        failed = true
    }

    /// Handles one event; false when parsing should stop.
    private mutating func handle(_ event: inout yaml_event_t, documentStart: inout SourceLocation?) -> Bool {
        let mark = event.start_mark
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let length = scalar.length
            if length > limits.maxScalarBytes {
                fail(.scalarTooLong(bytes: length, limit: limits.maxScalarBytes, at: location(mark)))
                return false
            }
            var style = Self.style(scalar.style)
            if let tag = scalar.tag {
                let name = String(cString: tag)
                if name == "tag:yaml.org,2002:str" {
                    style = .taggedString
                } else {
                    errors.append(.unsupportedTag(Self.shortTag(name), at: location(mark)))
                }
            }
            if let anchor = scalar.anchor { errors.append(.anchor(name: String(cString: anchor), at: location(mark))) }
            let start = UInt32(truncatingIfNeeded: document.text.count)
            if length > 0, let value = scalar.value {
                document.text.append(contentsOf: UnsafeBufferPointer(start: value, count: length))
            }
            return add(record(at: mark, start: start, count: UInt32(truncatingIfNeeded: length), kind: .scalar, style: style), at: mark)
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            if stack.count >= limits.maxDepth {
                fail(.tooDeep(limit: limits.maxDepth, at: location(mark)))
                return false
            }
            let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            if let tag {
                let name = String(cString: tag)
                if name != (isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq") {
                    errors.append(.unsupportedTag(Self.shortTag(name), at: location(mark)))
                }
            }
            if let anchor { errors.append(.anchor(name: String(cString: anchor), at: location(mark))) }
            guard document.records.count < limits.maxNodes else {
                fail(.tooManyNodes(limit: limits.maxNodes, at: location(mark)))
                return false
            }
            let index = UInt32(truncatingIfNeeded: document.records.count)
            document.records.append(record(at: mark, kind: isMapping ? .mapping : .sequence))
            stack.append(Frame(node: index, pendingStart: pending.count, isMapping: isMapping))
            return true
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            guard let frame = stack.popLast() else { return true }
            let start = UInt32(truncatingIfNeeded: document.children.count)
            if frame.isMapping {
                appendCheckedPairs(from: frame.pendingStart)
            } else {
                document.children.append(contentsOf: pending[frame.pendingStart...])
            }
            pending.removeSubrange(frame.pendingStart...)
            let index = Int(frame.node)
            document.records[index].start = start
            document.records[index].count = UInt32(truncatingIfNeeded: document.children.count) - start
            attach(frame.node)
            return true
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            errors.append(.alias(name: name, at: location(mark)))
            return add(record(at: mark, kind: .invalid), at: mark)
        case YAML_DOCUMENT_START_EVENT:
            if let first = documentStart {
                errors.append(.multipleDocuments(at: location(mark), first: first))
                return false
            }
            documentStart = location(mark)
            return true
        case YAML_STREAM_END_EVENT:
            if documentStart == nil {
                fail(.emptyFile(at: SourceLocation(file: file, line: 1, column: 1, byteOffset: 0)))
            }
            return false
        default:
            return true
        }
    }

    private mutating func add(_ record: YAMLDocument.Record, at mark: yaml_mark_t) -> Bool {
        guard document.records.count < limits.maxNodes else {
            fail(.tooManyNodes(limit: limits.maxNodes, at: location(mark)))
            return false
        }
        let index = UInt32(truncatingIfNeeded: document.records.count)
        document.records.append(record)
        attach(index)
        return true
    }

    private mutating func attach(_ node: UInt32) {
        if stack.isEmpty {
            document.root = YAMLNodeID(node)
        } else {
            pending.append(node)
        }
    }

    /// Moves a finished mapping's pairs into the document, dropping (and reporting) bad and duplicate keys.
    private mutating func appendCheckedPairs(from pendingStart: Int) {
        keys.removeAll()
        var index = pendingStart
        while index + 1 < pending.count {
            let key = YAMLNodeID(pending[index])
            let value = pending[index + 1]
            index += 2
            guard keyIsUsable(key) else { continue }
            if let first = keys.insert(key, in: document) {
                errors.append(.duplicateKey(document.string(key), at: document.location(of: key), first: document.location(of: first)))
                continue
            }
            document.children.append(key.index)
            document.children.append(value)
        }
    }

    /// Whether `key` can be a mapping key; reports why not.
    private mutating func keyIsUsable(_ key: YAMLNodeID) -> Bool {
        switch document.kind(of: key) {
        case .invalid:
            return false
        case .mapping, .sequence:
            errors.append(.nonStringKey(document.describe(key), at: document.location(of: key)))
            return false
        case .scalar:
            guard document.style(of: key) == .plain else { return true }
            if document.scalar(key, equals: "<<") {
                errors.append(.mergeKey(at: document.location(of: key)))
                return false
            }
            switch document.coreValue(of: key) {
            case .string:
                return true
            case .null:
                errors.append(.nonStringKey("null", at: document.location(of: key)))
                return false
            case .bool, .int, .intOutOfRange, .float:
                errors.append(.nonStringKey(document.describe(key), at: document.location(of: key)))
                return false
            }
        }
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    private static func shortTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}

/// The keys seen so far in one mapping, for duplicate detection without allocating a string per key.
struct KeySet {
    private var small: [YAMLNodeID] = []
    private var hashed: [UInt64: YAMLNodeID] = [:]
    private static let smallLimit = 12

    /// Forgets every key, keeping the storage for the next mapping.
    mutating func removeAll() {
        small.removeAll(keepingCapacity: true)
        if !hashed.isEmpty { hashed.removeAll(keepingCapacity: true) }
    }

    /// Records `key`; returns the earlier key with the same text, if there is one.
    mutating func insert(_ key: YAMLNodeID, in document: borrowing YAMLDocument) -> YAMLNodeID? {
        if hashed.isEmpty {
            for earlier in small where Self.equal(earlier, key, in: document) { return earlier }
            small.append(key)
            if small.count > Self.smallLimit {
                for earlier in small { hashed[Self.hash(earlier, in: document)] = earlier }
            }
            return nil
        }
        let hash = Self.hash(key, in: document)
        if let earlier = hashed[hash] {
            if Self.equal(earlier, key, in: document) { return earlier }
            // A true hash collision: fall back to comparing against every key kept so far.
            for earlier in small where Self.equal(earlier, key, in: document) { return earlier }
        } else {
            hashed[hash] = key
        }
        small.append(key)
        return nil
    }

    private static func equal(_ a: YAMLNodeID, _ b: YAMLNodeID, in document: borrowing YAMLDocument) -> Bool {
        document.withBytes(of: a) { left in document.withBytes(of: b) { right in left.elementsEqual(right) } }
    }

    private static func hash(_ key: YAMLNodeID, in document: borrowing YAMLDocument) -> UInt64 {
        document.withBytes(of: key) { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }
}
