#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns libyaml events into a `YAMLDocument`; when streaming, hands top-level entries (and the entries of the
/// sections the visitor asks for) to a visitor as they complete, then drops them, keys included (`StreamedKeys`
/// remembers those).
///
/// In `.items` mode the root must be a sequence, and each of its items goes to the sink as soon as it is complete,
/// then is dropped; the node limit counts the nodes held at once (the root and one item), and reading stops at the
/// first problem.
///
/// Streamed mappings check each key as soon as it is read, so refused keys are never visited, and hold the problems
/// back until the mapping ends, where the tree reports them: errors come out in the same order either way.
struct TreeBuilder {
    /// What the builder keeps.
    enum Mode {
        /// The whole tree.
        case tree
        /// The root mapping's entries (and those of the sections the sink asks for), one at a time.
        case entries
        /// The root sequence's items, one at a time.
        case items
    }

    private struct Frame {
        var node: UInt32
        var pendingStart: Int
        var isMapping: Bool
        /// Whether the mapping's entries go to the visitor one by one (the root, and the sections it asks for).
        var streamed: Bool
    }

    /// What a streamed mapping tracks between its entries.
    private struct Stream {
        var keys = StreamedKeys()
        /// Problems with keys, reported when the mapping ends.
        var deferred: [YAMLError] = []
        /// The current entry's key, once read.
        var key: YAMLNodeID?
        var keyAccepted = false
        /// Top level only: whether the current entry's value is streamed, if it is a mapping.
        var streamsValue = false
        /// The arena's sizes when the current entry began.
        var records = 0
        var text = 0
        var children = 0
    }

    private var document: YAMLDocument
    private var errors: [YAMLError] = []
    private var stack: [Frame] = []
    private var pending: [UInt32] = []
    private let limits: YAMLLimits
    private var failed = false
    private var keys = KeySet()
    private var documentStart: SourceLocation?
    /// Indexed by the depth of the streamed mapping: 0 for the root, 1 for a section.
    private var streams: [Stream] = []
    /// Every node made so far, including those dropped after streaming (the node limit counts them all).
    private var nodesMade = 0
    private let mode: Mode

    /// A builder for a file of `size` bytes named `file`, keeping what `mode` says.
    init(file: String, size: Int, limits: YAMLLimits, mode: Mode) {
        self.document = YAMLDocument(file: file)
        self.limits = limits
        self.mode = mode
        // A tree holds the whole file; a stream holds one entry at a time plus the keys of streamed mappings; a list
        // one item.
        let divisor = mode == .tree ? 1 : 64
        let size = mode == .items ? 4096 : size
        document.records.reserveCapacity(min(size / 8 / divisor + 16, limits.maxNodes))
        document.text.reserveCapacity(size / 2 / divisor + 64)
        document.children.reserveCapacity(size / 8 / divisor + 16)
    }

    var result: YAMLParseResult {
        YAMLParseResult(document: failed ? nil : document, errors: errors, nodeCount: nodesMade)
    }

    private var file: String { document.file }

    private func location(_ event: PackedEvent) -> SourceLocation {
        SourceLocation(file: file, line: Int(event.line), column: Int(event.column))
    }

    /// A node record for `event`.
    @inline(__always)
    private func record(_ event: PackedEvent, start: UInt32 = 0, count: UInt32 = 0, kind: YAMLNodeKind, style: ScalarStyle = .plain) -> YAMLDocument.Record {
        YAMLDocument.Record(line: event.line, column: event.column, start: start, count: count, kind: kind, style: style)
    }

    /// Builds from the events of `batch`; false when building has stopped (a fatal problem, or the end).
    mutating func consume(_ batch: EventBatch, sink: EntrySink?) -> Bool {
        var offset = 0
        var name = 0
        let text = UnsafeBufferPointer(start: batch.text, count: batch.textCount)
        let names = batch.names
        for index in 0..<batch.eventCount {
            guard handle(batch.events[index], text: text, offset: &offset, names: names, name: &name, sink: sink) else { return false }
        }
        if let failure = batch.failure {
            fail(failure)
            return false
        }
        return !batch.isLast
    }

    private mutating func fail(_ error: YAMLError) {
        errors.append(error)
        failed = true
    }

    /// Handles one event; false when parsing should stop.
    private mutating func handle(
        _ event: PackedEvent, text: UnsafeBufferPointer<UInt8>, offset: inout Int, names: [String], name: inout Int, sink: EntrySink?
    ) -> Bool {
        switch event.kind {
        case .scalar:
            let length = event.length
            if length > limits.maxScalarBytes {
                fail(.scalarTooLong(bytes: length, limit: limits.maxScalarBytes, at: location(event)))
                return false
            }
            if event.flags != 0 { reportTagAndAnchor(event, names: names, name: &name) }
            let start = UInt32(truncatingIfNeeded: document.text.count)
            if length > 0 {
                document.text.append(contentsOf: UnsafeBufferPointer(rebasing: text[offset..<offset + length]))
                offset += length
            }
            return add(record(event, start: start, count: UInt32(truncatingIfNeeded: length), kind: .scalar, style: event.style), event: event, sink: sink)
        case .mappingStart, .sequenceStart:
            let isMapping = event.kind == .mappingStart
            if stack.count >= limits.maxDepth {
                fail(.tooDeep(limit: limits.maxDepth, at: location(event)))
                return false
            }
            if event.flags != 0 { reportTagAndAnchor(event, names: names, name: &name) }
            if mode == .items && stack.isEmpty && isMapping {
                fail(.notAList(found: "a mapping", at: location(event)))
                return false
            }
            guard nodesMade < limits.maxNodes else {
                fail(nodeLimitError(at: location(event)))
                return false
            }
            let index = UInt32(truncatingIfNeeded: document.records.count)
            document.records.append(record(event, kind: isMapping ? .mapping : .sequence))
            nodesMade += 1
            let streamed = isMapping ? startsStreamedMapping : mode == .items && stack.isEmpty
            stack.append(Frame(node: index, pendingStart: pending.count, isMapping: isMapping, streamed: streamed))
            if streamed { beginStream(depth: stack.count - 1) }
            return true
        case .mappingEnd, .sequenceEnd:
            guard let frame = stack.popLast() else { return true }
            let start = UInt32(truncatingIfNeeded: document.children.count)
            if frame.streamed {
                // Every entry went to the sink; report the key problems held back.
                let depth = stack.count
                errors.append(contentsOf: streams[depth].deferred)
                streams[depth].deferred.removeAll(keepingCapacity: true)
                if depth > 0 { streams[depth].keys = StreamedKeys() }
            } else {
                if frame.isMapping {
                    appendCheckedPairs(from: frame.pendingStart)
                } else {
                    document.children.append(contentsOf: pending[frame.pendingStart...])
                }
                pending.removeSubrange(frame.pendingStart...)
            }
            let index = Int(frame.node)
            document.records[index].start = start
            document.records[index].count = UInt32(truncatingIfNeeded: document.children.count) - start
            return attach(frame.node, sink: sink)
        case .alias:
            errors.append(.alias(name: names[name], at: location(event)))
            name += 1
            return add(record(event, kind: .invalid), event: event, sink: sink)
        case .documentStart:
            if let first = documentStart {
                errors.append(.multipleDocuments(at: location(event), first: first))
                return false
            }
            documentStart = location(event)
            return true
        case .streamEnd:
            if documentStart == nil {
                fail(.emptyFile(at: SourceLocation(file: file, line: 1, column: 1, byteOffset: 0)))
            }
            return false
        }
    }

    /// Reports a node's refused tag, then its anchor.
    private mutating func reportTagAndAnchor(_ event: PackedEvent, names: [String], name: inout Int) {
        if event.flags & PackedEvent.refusedTag != 0 {
            errors.append(.unsupportedTag(Self.shortTag(names[name]), at: location(event)))
            name += 1
        }
        if event.flags & PackedEvent.anchor != 0 {
            errors.append(.anchor(name: names[name], at: location(event)))
            name += 1
        }
    }

    private mutating func add(_ record: YAMLDocument.Record, event: PackedEvent, sink: EntrySink?) -> Bool {
        guard nodesMade < limits.maxNodes else {
            fail(nodeLimitError(at: location(event)))
            return false
        }
        let index = UInt32(truncatingIfNeeded: document.records.count)
        document.records.append(record)
        nodesMade += 1
        return attach(index, sink: sink)
    }

    /// The node limit's error: in a list read item by item, it bounds one item.
    private func nodeLimitError(at location: SourceLocation) -> YAMLError {
        mode == .items ? .itemTooLarge(limit: limits.maxNodes, at: location) : .tooManyNodes(limit: limits.maxNodes, at: location)
    }

    /// Adds a finished node to its parent (or makes it the root); false when reading should stop.
    private mutating func attach(_ node: UInt32, sink: EntrySink?) -> Bool {
        guard let top = stack.indices.last else {
            if mode == .items && document.records[Int(node)].kind != .sequence {
                fail(.notAList(found: document.describe(YAMLNodeID(node)), at: document.location(of: YAMLNodeID(node))))
                return false
            }
            document.root = YAMLNodeID(node)
            return true
        }
        if stack[top].streamed {
            guard stack[top].isMapping else { return attachItem(YAMLNodeID(node), sink: sink) }
            attachStreamed(YAMLNodeID(node), depth: top, sink: sink)
        } else {
            pending.append(node)
        }
        return true
    }

    // MARK: Streaming

    /// Whether a mapping starting now is streamed: the root, or the value of a top-level key the visitor asked for.
    private var startsStreamedMapping: Bool {
        guard mode == .entries else { return false }
        guard let root = stack.first else { return true }
        return stack.count == 1 && root.streamed && streams[0].key != nil && streams[0].streamsValue
    }

    private mutating func beginStream(depth: Int) {
        if streams.count <= depth { streams.append(Stream()) }
        streams[depth].keys.removeAll()
        streams[depth].deferred.removeAll(keepingCapacity: true)
        streams[depth].key = nil
        markEntryStart(depth: depth)
    }

    private mutating func markEntryStart(depth: Int) {
        streams[depth].records = document.records.count
        streams[depth].text = document.text.count
        streams[depth].children = document.children.count
    }

    /// A key or value of a streamed mapping: checks a key at once; visits a complete entry, then drops it.
    private mutating func attachStreamed(_ node: YAMLNodeID, depth: Int, sink: EntrySink?) {
        guard let key = streams[depth].key else {
            streams[depth].key = node
            let (usable, problem) = check(key: node)
            if let problem { streams[depth].deferred.append(problem) }
            var accepted = usable
            if usable, let first = streams[depth].keys.insert(node, in: document) {
                streams[depth].deferred.append(.duplicateKey(document.string(node), at: document.location(of: node),
                                                             first: SourceLocation(file: file, line: Int(first.line), column: Int(first.column))))
                accepted = false
            }
            streams[depth].keyAccepted = accepted
            streams[depth].streamsValue = depth == 0 && accepted && (sink?.streamsEntries(node, document) ?? false)
            return
        }
        let accepted = streams[depth].keyAccepted
        if accepted {
            if depth == 0 {
                let streamed = streams[0].streamsValue && document.kind(of: node) == .mapping
                sink?.visitTopLevelEntry(key, node, streamed, document)
            } else if let section = streams[0].key {
                sink?.visitEntry(key, node, section, document)
            }
        }
        // Drop the entry; a streamed mapping keeps its keys apart, for duplicate detection.
        document.records.removeSubrange(streams[depth].records...)
        document.text.removeSubrange(streams[depth].text...)
        document.children.removeSubrange(streams[depth].children...)
        streams[depth].key = nil
        markEntryStart(depth: depth)
    }

    /// An item of the root list: visits it unless a problem came before it, then drops it; false to stop reading.
    private mutating func attachItem(_ node: YAMLNodeID, sink: EntrySink?) -> Bool {
        guard errors.isEmpty else { return false }
        let more = sink?.visitItem(node, document) ?? true
        document.records.removeSubrange(streams[0].records...)
        document.text.removeSubrange(streams[0].text...)
        document.children.removeSubrange(streams[0].children...)
        nodesMade = document.records.count
        return more
    }

    // MARK: Keys

    /// Moves a finished mapping's pairs into the document, dropping (and reporting) bad and duplicate keys.
    private mutating func appendCheckedPairs(from pendingStart: Int) {
        // A small mapping (most are) looks for an equal key among the keys it has kept; a larger one in `keys`.
        let small = pending.count - pendingStart <= 2 * Self.smallMapping
        let keptFrom = document.children.count
        if !small { keys.removeAll() }
        var index = pendingStart
        while index + 1 < pending.count {
            let key = YAMLNodeID(pending[index])
            let value = pending[index + 1]
            index += 2
            let (usable, problem) = check(key: key)
            if let problem { errors.append(problem) }
            guard usable else { continue }
            if let first = small ? keptKey(equalTo: key, from: keptFrom) : keys.insert(key, in: document) {
                errors.append(.duplicateKey(document.string(key), at: document.location(of: key), first: document.location(of: first)))
                continue
            }
            document.children.append(key.index)
            document.children.append(value)
        }
    }

    /// The most pairs a mapping may have for its keys to be compared one by one.
    private static let smallMapping = 8

    /// The first key kept since child `start` (keys and values alternate) whose text is the scalar `key`'s.
    private func keptKey(equalTo key: YAMLNodeID, from start: Int) -> YAMLNodeID? {
        let target = document.records[Int(key.index)]
        var child = start
        while child < document.children.count {
            let kept = document.children[child]
            let record = document.records[Int(kept)]
            if record.count == target.count && record.kind == .scalar {
                let equal = document.text.withUnsafeBufferPointer { text in
                    guard let base = text.baseAddress else { return true }
                    return memcmp(base + Int(record.start), base + Int(target.start), Int(target.count)) == 0
                }
                if equal { return YAMLNodeID(kept) }
            }
            child += 2
        }
        return nil
    }

    /// Whether `key` can be a mapping key, and the problem to report when it cannot (none for an alias, reported already).
    private func check(key: YAMLNodeID) -> (usable: Bool, problem: YAMLError?) {
        switch document.kind(of: key) {
        case .invalid:
            return (false, nil)
        case .mapping, .sequence:
            return (false, .nonStringKey(document.describe(key), at: document.location(of: key)))
        case .scalar:
            let record = document.records[Int(key.index)]
            guard record.style == .plain else { return (true, nil) }
            // Most keys start with a letter: then only the 4- and 5-letter null and boolean spellings (starting n, t
            // or f) are not strings, and no number or merge key is possible.
            if record.count > 0 {
                let first = document.text[Int(record.start)] | 0x20
                if first >= 0x61 && first <= 0x7A
                    && ((first != 0x6E && first != 0x74 && first != 0x66) || (record.count != 4 && record.count != 5)) {
                    return (true, nil)
                }
            }
            if document.scalar(key, equals: "<<") {
                return (false, .mergeKey(at: document.location(of: key)))
            }
            switch document.coreValue(of: key) {
            case .string:
                return (true, nil)
            case .null:
                return (false, .nonStringKey("null", at: document.location(of: key)))
            case .bool, .int, .intOutOfRange, .float:
                return (false, .nonStringKey(document.describe(key), at: document.location(of: key)))
            }
        }
    }

    private static func shortTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}

/// A visitor's methods as closures, so that the tree builder need not be generic (a generic builder called from
/// another module would run unspecialised, looking up type metadata on every event).
struct EntrySink {
    var streamsEntries: (YAMLNodeID, borrowing YAMLDocument) -> Bool = { _, _ in false }
    var visitEntry: (YAMLNodeID, YAMLNodeID, YAMLNodeID, borrowing YAMLDocument) -> Void = { _, _, _, _ in }
    var visitTopLevelEntry: (YAMLNodeID, YAMLNodeID, Bool, borrowing YAMLDocument) -> Void = { _, _, _, _ in }
    /// An item of the root list (`.items` mode); false to stop reading.
    var visitItem: (YAMLNodeID, borrowing YAMLDocument) -> Bool = { _, _ in true }
}
