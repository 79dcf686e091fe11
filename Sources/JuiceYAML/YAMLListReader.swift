/// Reads a YAML file whose top level is a list, one item at a time, so that a list of any length is read in
/// constant memory: each item is handed over as soon as it is complete, then dropped.
///
/// The file is mapped, and its pages are given back as libyaml reads past them. Everything `YAMLParser` refuses is
/// refused here too, with its position (syntax, encoding, aliases, tags, duplicate keys, several documents), but
/// reading stops at the first problem, and no item after a problem is handed over. The limits bound one item (its
/// nodes, depth and values), not the file.
///
/// A reader is used from one thread at a time (hence `@unchecked Sendable`: it may move between threads, but is
/// never shared by two at once); it owns libyaml's parser.
public final class YAMLListReader: @unchecked Sendable {
    /// The limits used when none are given: no bound on the file's size, 10,000 nodes per item.
    public static let defaultLimits = YAMLLimits(maxFileBytes: .max, maxDepth: 64, maxNodes: 10_000, maxScalarBytes: 64 << 10)

    /// The file read.
    public let file: MappedFile
    /// The first problem found, once reading has stopped at one.
    public private(set) var problem: YAMLError?
    private let limits: YAMLLimits
    private var reader: LibYAMLEventReader?
    private var builder: TreeBuilder
    private var started = false
    private var finished = false
    private let batch = EventBatch()

    /// A reader of the list in `file`, enforcing `limits` on each item.
    public init(file: MappedFile, limits: YAMLLimits = YAMLListReader.defaultLimits) {
        self.file = file
        self.limits = limits
        builder = TreeBuilder(file: file.path, size: 0, limits: limits, mode: .items)
    }

    /// How far into the file reading has come, in bytes: for progress reports. libyaml reads a little ahead of the
    /// items handed over; once reading has stopped, the file's size.
    public var bytesRead: Int {
        if let reader { return reader.bytesRead }
        return finished ? file.bytes.count : 0
    }

    /// Reads on, handing each item completed meanwhile to `body` (which returns false to stop reading); false once
    /// there is nothing more to read: the list has ended, `body` asked to stop, or a problem (`problem`) stopped it.
    public func readSome(_ body: (YAMLNodeID, borrowing YAMLDocument) -> Bool) -> Bool {
        guard start() else { return false }
        guard !finished, var current = reader else { return false }
        current.fill(batch)
        reader = current
        let more = withoutActuallyEscaping(body) { builder.consume(batch, visitItem: $0) }
        if !more { finish() }
        return more
    }

    /// Reads to the end, handing every item to `body` (which returns false to stop); returns the problem that
    /// stopped reading, if any.
    public func readAll(_ body: (YAMLNodeID, borrowing YAMLDocument) -> Bool) -> YAMLError? {
        while readSome(body) {}
        return problem
    }

    private func finish() {
        finished = true
        reader = nil
        problem = problem ?? builder.result.errors.first
    }

    /// Checks the file's encoding, front to back, and sets up libyaml; false when a problem was found.
    private func start() -> Bool {
        guard !started else { return problem == nil }
        started = true
        let bytes = file.bytes
        let path = file.path
        if let header = EncodingCheck.headerProblem(in: bytes, file: path) {
            problem = header
            finished = true
            return false
        }
        // One pass over the file in windows, giving each back once checked.
        var hasUnicodeBreak = false
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + Self.window)
            if let mark = EncodingCheck.byteOrderMarkInside(bytes, in: offset..<end, file: path) {
                problem = mark
                finished = true
                return false
            }
            if !hasUnicodeBreak { hasUnicodeBreak = LineMap.hasUnicodeBreak(bytes, in: offset..<end) }
            file.release(before: end)
            offset = end
        }
        let bodyStart = EncodingCheck.hasUTF8ByteOrderMark(bytes) ? 3 : 0
        let body = UnsafeBufferPointer(rebasing: bytes[min(bodyStart, bytes.count)...])
        guard let handle = LibYAMLHandle(body, releasingPagesOf: bytes) else {
            problem = .emptyFile(at: SourceLocation(file: path, line: 1, column: 1, byteOffset: 0))
            finished = true
            return false
        }
        let lineMap = hasUnicodeBreak ? LineMap(mapping: body, releasing: { [file] in file.release(before: $0 + bodyStart) }) : nil
        file.release(before: bytes.count)
        reader = LibYAMLEventReader(
            handle: handle, bytes: bytes, bodyStart: bodyStart, lineMap: lineMap, file: path,
            maxScalarBytes: limits.maxScalarBytes)
        return true
    }

    private static let window = 1 << 20
}
