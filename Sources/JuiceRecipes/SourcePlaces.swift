import JuiceCore

/// A compact reference to a place in one of the loaded files (16 bytes, no string).
struct SourceRef: Hashable {
    var file: UInt32
    var line: UInt32
    var column: UInt32
    var length: UInt32
}

/// A place in a file known from context: line, column and underline length (12 bytes); line 0 means none.
struct Place: Hashable {
    var line: UInt32
    var column: UInt32
    var length: UInt32

    /// No place: the thing was not written.
    static let none = Place(line: 0, column: 0, length: 0)

    /// Whether the thing was written.
    var exists: Bool { line != 0 }

    /// The place as a reference into file number `file`.
    func ref(in file: UInt32) -> SourceRef {
        SourceRef(file: file, line: line, column: column, length: length)
    }
}

/// A line and column in a file known from context (8 bytes); line 0 means none.
struct Spot: Hashable {
    var line: UInt32
    var column: UInt32

    /// No spot: the thing was not written.
    static let none = Spot(line: 0, column: 0)

    /// Whether the thing was written.
    var exists: Bool { line != 0 }
}

/// How a scalar was written, as far as the length of its underline goes (`RecipeFileReader.span(of:)`): kept instead
/// of the length, which follows from it and the scalar's text.
enum SpanStyle: UInt8 {
    /// Plain or tagged: the underline spans the text.
    case plain
    /// In quotes: the underline spans the text and its quotes.
    case quoted
    /// A block scalar: the underline is one column.
    case block

    init(_ style: ScalarStyle) {
        switch style {
        case .plain, .taggedString: self = .plain
        case .singleQuoted, .doubleQuoted: self = .quoted
        case .literal, .folded: self = .block
        }
    }

    /// The underline length of a scalar written in this style whose text is `bytes`.
    func span(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard self != .block else { return 1 }
        var scalars = 0
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D { return 1 }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        return scalars + (self == .quoted ? 2 : 0)
    }

    /// The place at `spot` of a scalar written in this style whose text is `text`.
    func place(at spot: Spot, text: String) -> Place {
        Place(line: spot.line, column: spot.column, length: UInt32(truncatingIfNeeded: text.withUTF8Bytes { span(of: $0) }))
    }
}
