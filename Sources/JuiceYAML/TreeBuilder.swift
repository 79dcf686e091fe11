#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns libyaml events into a `YAMLDocument`.
///
/// In `.items` mode the root must be a sequence, and each of its items goes to `visitItem` as soon as it is
/// complete, then is dropped; the node limit counts the nodes held at once (the root and one item), and reading
/// stops at the first problem.
struct TreeBuilder {
    /// What the builder keeps.
    enum Mode {
        /// The whole tree.
        case tree
        /// The root sequence's items, one at a time.
        case items
    }

    /// Receives each item of the root list in `.items` mode; returns false to stop reading.
    typealias ItemVisitor = (YAMLNodeID, borrowing YAMLDocument) -> Bool

    private struct Frame {
        var node: UInt32
        var pendingStart: Int
        var isMapping: Bool
    }

    private var document: YAMLDocument
    private var errors: [YAMLError] = []
    private var stack: [Frame] = []
    private var pending: [UInt32] = []
    private let limits: YAMLLimits
    private var failed = false
    private var documentStart: SourceLocation?
    /// Every node held now (the node limit counts them).
    private var nodesMade = 0
    private let mode: Mode
    /// In `.items` mode, the sizes of the document's arrays before the current item.
    private var itemStart = (records: 0, text: 0, children: 0)

    /// A builder for a file of `size` bytes named `file`, keeping what `mode` says.
    init(file: String, size: Int, limits: YAMLLimits, mode: Mode) {
        self.document = YAMLDocument(file: file)
        self.limits = limits
        self.mode = mode
        // A tree holds the whole file; a list one item. Room is made for more than a file can need (a node per four
        // bytes; no more text than bytes), so that the arrays never grow by copying: pages never written to take no
        // memory.
        let size = mode == .items ? 4096 : size
        document.records.reserveCapacity(min(size / 4 + 16, limits.maxNodes))
        document.text.reserveCapacity(size + 64)
        document.children.reserveCapacity(size / 4 + 16)
    }

    var result: YAMLParseResult {
        YAMLParseResult(document: failed ? nil : document, errors: errors)
    }

    private var file: String { document.file }

    private func location(_ event: PackedEvent) -> SourceLocation {
        SourceLocation(file: file, line: Int(event.line), column: Int(event.column))
    }

    /// A node record for `event`.
    @inline(__always)
    private func record(
        _ event: PackedEvent, start: UInt32 = 0, count: UInt32 = 0, kind: YAMLNodeKind, style: ScalarStyle = .plain
    ) -> YAMLDocument.Record {
        YAMLDocument.Record(line: event.line, column: event.column, start: start, count: count, kind: kind, style: style)
    }

    /// Builds from the events of `batch`; false when building has stopped (a fatal problem, or the end).
    mutating func consume(_ batch: EventBatch, visitItem: ItemVisitor? = nil) -> Bool {
        var offset = 0
        var name = 0
        let text = UnsafeBufferPointer(start: batch.text, count: batch.textCount)
        let names = batch.names
        for index in 0..<batch.eventCount {
            guard handle(batch.events[index], text: text, offset: &offset, names: names, name: &name, visitItem: visitItem) else { return false }
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
        _ event: PackedEvent, text: UnsafeBufferPointer<UInt8>, offset: inout Int, names: [String], name: inout Int, visitItem: ItemVisitor?
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
            return add(
                record(event, start: start, count: UInt32(truncatingIfNeeded: length), kind: .scalar, style: event.style), event: event,
                visitItem: visitItem)
        case .mappingStart, .sequenceStart:
            let isMapping = event.kind == .mappingStart
            if stack.count >= limits.maxDepth {
                fail(.tooDeep(limit: limits.maxDepth, at: location(event)))
                return false
            }
            if event.flags != 0 { reportTagAndAnchor(event, names: names, name: &name) }
            if mode == .items && stack.isEmpty && isMapping {
                fail(.notAList(found: .mapping, at: location(event)))
                return false
            }
            guard nodesMade < limits.maxNodes else {
                fail(nodeLimitError(at: location(event)))
                return false
            }
            let index = UInt32(truncatingIfNeeded: document.records.count)
            document.records.append(record(event, kind: isMapping ? .mapping : .sequence))
            nodesMade += 1
            stack.append(Frame(node: index, pendingStart: pending.count, isMapping: isMapping))
            if mode == .items && stack.count == 1 { markItemStart() }
            return true
        case .mappingEnd, .sequenceEnd:
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
            return attach(frame.node, visitItem: visitItem)
        case .alias:
            errors.append(.alias(name: names[name], at: location(event)))
            name += 1
            return add(record(event, kind: .invalid), event: event, visitItem: visitItem)
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

    private mutating func add(_ record: YAMLDocument.Record, event: PackedEvent, visitItem: ItemVisitor?) -> Bool {
        guard nodesMade < limits.maxNodes else {
            fail(nodeLimitError(at: location(event)))
            return false
        }
        let index = UInt32(truncatingIfNeeded: document.records.count)
        document.records.append(record)
        nodesMade += 1
        return attach(index, visitItem: visitItem)
    }

    /// The node limit's error: in a list read item by item, it bounds one item.
    private func nodeLimitError(at location: SourceLocation) -> YAMLError {
        mode == .items ? .itemTooLarge(limit: limits.maxNodes, at: location) : .tooManyNodes(limit: limits.maxNodes, at: location)
    }

    /// Adds a finished node to its parent (or makes it the root); false when reading should stop.
    private mutating func attach(_ node: UInt32, visitItem: ItemVisitor?) -> Bool {
        guard stack.count != 1 || mode != .items else { return attachItem(YAMLNodeID(node), visitItem: visitItem) }
        guard stack.isEmpty else {
            pending.append(node)
            return true
        }
        if mode == .items && document.records[Int(node)].kind != .sequence {
            fail(.notAList(found: document.found(YAMLNodeID(node)), at: document.location(of: YAMLNodeID(node))))
            return false
        }
        document.root = YAMLNodeID(node)
        return true
    }

    // MARK: Items

    private mutating func markItemStart() {
        itemStart = (document.records.count, document.text.count, document.children.count)
    }

    /// An item of the root list: visits it unless a problem came before it, then drops it; false to stop reading.
    private mutating func attachItem(_ node: YAMLNodeID, visitItem: ItemVisitor?) -> Bool {
        guard errors.isEmpty else { return false }
        let more = visitItem?(node, document) ?? true
        document.records.removeSubrange(itemStart.records...)
        document.text.removeSubrange(itemStart.text...)
        document.children.removeSubrange(itemStart.children...)
        nodesMade = document.records.count
        return more
    }

    // MARK: Keys

    /// Moves a finished mapping's pairs into the document, dropping (and reporting) bad and duplicate keys.
    private mutating func appendCheckedPairs(from pendingStart: Int) {
        // A small mapping (most are) looks for an equal key among the keys it has kept; a larger one in a dictionary.
        let small = pending.count - pendingStart <= 2 * Self.smallMapping
        let keptFrom = document.children.count
        // Keys are compared by their bytes, as the small path compares them: ASCII keys as `String`s (equal exactly
        // when their bytes are, and short ones are stored inline), others as byte arrays (`String`s are equal when
        // canonically equivalent).
        var ascii: [String: YAMLNodeID] = [:]
        var other: [[UInt8]: YAMLNodeID] = [:]
        if !small { ascii.reserveCapacity((pending.count - pendingStart) / 2) }
        var index = pendingStart
        while index + 1 < pending.count {
            let key = YAMLNodeID(pending[index])
            let value = pending[index + 1]
            index += 2
            let (usable, problem) = check(key: key)
            if let problem { errors.append(problem) }
            guard usable else { continue }
            let first: YAMLNodeID?
            if small {
                first = keptKey(equalTo: key, from: keptFrom)
            } else if document.withBytes(of: key, { $0.allSatisfy { $0 < 0x80 } }) {
                first = Self.firstKey(key, &ascii[document.string(key)])
            } else {
                first = Self.firstKey(key, &other[document.withBytes(of: key, Array.init)])
            }
            if let first {
                errors.append(.duplicateKey(document.string(key), at: document.location(of: key), first: document.location(of: first)))
                continue
            }
            document.children.append(key.index)
            document.children.append(value)
        }
    }

    /// The key recorded in `slot`, if any; else records `key` there.
    private static func firstKey(_ key: YAMLNodeID, _ slot: inout YAMLNodeID?) -> YAMLNodeID? {
        guard let first = slot else {
            slot = key
            return nil
        }
        return first
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
            return (false, .nonStringKey(document.found(key), at: document.location(of: key)))
        case .scalar:
            let record = document.records[Int(key.index)]
            guard record.style == .plain else { return (true, nil) }
            // Most keys start with a letter: then only the 4- and 5-letter null and boolean spellings (starting n, t
            // or f) are not strings, and no number or merge key is possible.
            if record.count > 0 {
                let first = document.text[Int(record.start)] | 0x20
                if first >= 0x61 && first <= 0x7A
                    && ((first != 0x6E && first != 0x74 && first != 0x66) || (record.count != 4 && record.count != 5))
                {
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
                return (false, .nonStringKey(.null, at: document.location(of: key)))
            case .bool, .int, .intOutOfRange, .float:
                return (false, .nonStringKey(document.found(key), at: document.location(of: key)))
            }
        }
    }

    private static func shortTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}
