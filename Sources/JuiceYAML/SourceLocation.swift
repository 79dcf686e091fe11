/// A position in a source file: 1-based line and column, columns counted in Unicode scalars.
///
/// Kept in 32 bytes (lines and columns in 32 bits each), as recipe drafts carry one per value read.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as given by the caller (or a name for in-memory text).
    public var file: String
    private var storedLine: UInt32
    private var storedColumn: UInt32
    /// The byte offset, or -1 where it is not known.
    private var storedByteOffset: Int

    /// The 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    /// The 1-based column, counted in Unicode scalars (an emoji or a Hangul syllable is one column).
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    /// The 0-based byte offset into the file, where it is known.
    public var byteOffset: Int? {
        get { storedByteOffset >= 0 ? storedByteOffset : nil }
        set { storedByteOffset = newValue.map { max(0, $0) } ?? -1 }
    }

    /// Creates a location in `file` at `line` and `column` (both 1-based).
    public init(file: String, line: Int, column: Int, byteOffset: Int? = nil) {
        self.file = file
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedByteOffset = byteOffset.map { max(0, $0) } ?? -1
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders locations by file, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }
}

/// Translates byte offsets into line and column positions for one buffer of UTF-8 text.
public enum SourcePosition {
    /// The 1-based line and scalar column of `offset` in `bytes`; CR LF, CR and LF each end a line.
    public static func lineAndColumn(ofByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    // CR LF counts as one line break, taken at the LF.
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// The bytes of the 1-based `line` in `bytes`, without its line break.
    public static func lineText(_ line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
        var current = 1
        var start = 0
        var index = 0
        while index < bytes.count, current < line {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == line else { return [] }
        var stop = start
        while stop < bytes.count, bytes[stop] != 0x0A, bytes[stop] != 0x0D { stop += 1 }
        return Array(bytes[start..<stop])[...]
    }
}
