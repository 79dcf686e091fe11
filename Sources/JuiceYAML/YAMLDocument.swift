/// The kind of a node in a YAML document.
public enum YAMLNodeKind: UInt8, Sendable, Hashable {
    /// A scalar value (text).
    case scalar
    /// A mapping of keys to values.
    case mapping
    /// A sequence of values.
    case sequence
    /// A node that could not be represented (an alias, which is refused); already reported.
    case invalid
}

/// How a scalar was written, which decides how it is typed (only plain scalars are numbers or booleans).
public enum ScalarStyle: UInt8, Sendable, Hashable {
    /// Unquoted text.
    case plain
    /// Text in single quotes.
    case singleQuoted
    /// Text in double quotes.
    case doubleQuoted
    /// A `|` block scalar.
    case literal
    /// A `>` block scalar.
    case folded
    /// A scalar tagged `!!str`, which is a string whatever it looks like.
    case taggedString

    /// Whether the scalar was written without quotes or tag, so it may be a number, boolean or null.
    public var isPlain: Bool { self == .plain }
}

/// An identifier of one node inside a `YAMLDocument`.
public struct YAMLNodeID: Hashable, Sendable {
    @usableFromInline let index: UInt32
    @inlinable init(_ index: UInt32) { self.index = index }
}

/// A parsed YAML document: a compact tree of nodes, each with its source line and column.
///
/// Nodes live in flat arrays (no allocation per node); a `YAMLNodeID` names one.
public struct YAMLDocument: Sendable {
    @usableFromInline
    struct Record: Sendable {
        @usableFromInline var line: UInt32
        @usableFromInline var column: UInt32
        /// Scalars: byte offset into `text`; containers: index into `children`.
        @usableFromInline var start: UInt32
        /// Scalars: byte length; containers: number of children (keys and values for mappings).
        @usableFromInline var count: UInt32
        @usableFromInline var kind: YAMLNodeKind
        @usableFromInline var style: ScalarStyle
    }

    /// The file name every location in this document carries.
    public let file: String
    @usableFromInline var records: [Record] = []
    @usableFromInline var children: [UInt32] = []
    @usableFromInline var text: [UInt8] = []
    /// The document's root node, if the document has one.
    public internal(set) var root: YAMLNodeID?

    /// An empty document naming `file` (parsers fill documents; an empty one stands in where none is at hand).
    package init(file: String) {
        self.file = file
    }

    /// The number of nodes in the document.
    public var nodeCount: Int { records.count }

    /// The kind of `node`.
    @inlinable public func kind(of node: YAMLNodeID) -> YAMLNodeKind { records[Int(node.index)].kind }

    /// How the scalar `node` was written (`.plain` for containers).
    @inlinable public func style(of node: YAMLNodeID) -> ScalarStyle { records[Int(node.index)].style }

    /// Where `node` starts in the source.
    public func location(of node: YAMLNodeID) -> SourceLocation {
        let record = records[Int(node.index)]
        return SourceLocation(file: file, line: Int(record.line), column: Int(record.column))
    }

    /// The text of the scalar `node` (empty for other kinds).
    @inlinable public func string(_ node: YAMLNodeID) -> String {
        let record = records[Int(node.index)]
        guard record.kind == .scalar else { return "" }
        return text.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(record.start)..<Int(record.start + record.count)]), as: UTF8.self)
        }
    }

    /// Calls `body` with the UTF-8 bytes of the scalar `node` (empty for other kinds).
    @inlinable public func withBytes<R>(of node: YAMLNodeID, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let record = records[Int(node.index)]
        let count = record.kind == .scalar ? Int(record.count) : 0
        return try text.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[Int(record.start)..<Int(record.start) + count]))
        }
    }

    /// Whether the scalar `node` is exactly `literal`.
    @inlinable public func scalar(_ node: YAMLNodeID, equals literal: StaticString) -> Bool {
        withBytes(of: node) { bytes in
            bytes.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
    }

    /// The position of the scalar `node`'s text in `names`, or nil when it is none of them.
    @inlinable public func index(of node: YAMLNodeID, in names: [StaticString]) -> Int? {
        withBytes(of: node) { bytes in
            names.firstIndex { bytes.elementsEqual(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)) }
        }
    }

    /// The number of Unicode scalars in the scalar `node`'s text.
    @inlinable public func scalarCount(of node: YAMLNodeID) -> Int {
        withBytes(of: node) { bytes in bytes.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } }
    }

    /// The 1-based line of `node`.
    @inlinable public func line(of node: YAMLNodeID) -> Int { Int(records[Int(node.index)].line) }

    /// The 1-based column of `node`.
    @inlinable public func column(of node: YAMLNodeID) -> Int { Int(records[Int(node.index)].column) }

    /// The typed reading of the scalar `node` under the YAML 1.2 core schema.
    public func coreValue(of node: YAMLNodeID) -> CoreScalar {
        let style = style(of: node)
        return withBytes(of: node) { CoreScalar.resolve($0, style: style) }
    }

    /// The key/value pairs of the mapping `node`, in source order (empty for other kinds).
    @inlinable public func entries(of node: YAMLNodeID) -> MappingEntries {
        let record = records[Int(node.index)]
        guard record.kind == .mapping else { return MappingEntries(children: children[0..<0]) }
        return MappingEntries(children: children[Int(record.start)..<Int(record.start + record.count)])
    }

    /// The items of the sequence `node`, in source order (empty for other kinds).
    @inlinable public func items(of node: YAMLNodeID) -> SequenceItems {
        let record = records[Int(node.index)]
        guard record.kind == .sequence else { return SequenceItems(children: children[0..<0]) }
        return SequenceItems(children: children[Int(record.start)..<Int(record.start + record.count)])
    }

    /// What `node` is, for messages (`.mapping`, `.number("3")`, `.text("kiwi")`).
    public func found(_ node: YAMLNodeID) -> YAMLValueDescription {
        switch kind(of: node) {
        case .mapping: return .mapping
        case .sequence: return .list
        case .invalid: return .alias
        case .scalar:
            let text = string(node)
            switch coreValue(of: node) {
            case .null: return .empty
            case .bool: return .boolean(text)
            case .int, .intOutOfRange, .float: return .number(text)
            case .string: return .text(text)
            }
        }
    }

    /// A short description of what `node` is, in English ("a mapping", "the number 3", "'kiwi'").
    public func describe(_ node: YAMLNodeID) -> String { found(node).description }
}

/// The key/value pairs of a mapping node, in source order.
public struct MappingEntries: RandomAccessCollection, Sendable {
    @usableFromInline let children: ArraySlice<UInt32>
    @inlinable init(children: ArraySlice<UInt32>) { self.children = children }
    /// The first pair's index.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last pair's index.
    @inlinable public var endIndex: Int { children.count / 2 }
    /// The key and value of the pair at `position`.
    @inlinable public subscript(position: Int) -> (key: YAMLNodeID, value: YAMLNodeID) {
        let base = children.startIndex + position * 2
        return (YAMLNodeID(children[base]), YAMLNodeID(children[base + 1]))
    }
}

/// The items of a sequence node, in source order.
public struct SequenceItems: RandomAccessCollection, Sendable {
    @usableFromInline let children: ArraySlice<UInt32>
    @inlinable init(children: ArraySlice<UInt32>) { self.children = children }
    /// The first item's index.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last item's index.
    @inlinable public var endIndex: Int { children.count }
    /// The item at `position`.
    @inlinable public subscript(position: Int) -> YAMLNodeID { YAMLNodeID(children[children.startIndex + position]) }
}
