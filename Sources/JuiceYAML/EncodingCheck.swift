#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks a file's bytes for problems libyaml reports poorly or not at all: UTF-16/32, NUL, a byte order mark mid-file.
enum EncodingCheck {
    static func hasUTF8ByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The first encoding problem found before parsing, if any.
    static func problem(in bytes: UnsafeBufferPointer<UInt8>, file: String) -> YAMLError? {
        headerProblem(in: bytes, file: file) ?? byteOrderMarkInside(bytes, in: bytes.indices, file: file)
    }

    /// A UTF-16 or UTF-32 byte order mark at the start of the file.
    static func headerProblem(in bytes: UnsafeBufferPointer<UInt8>, file: String) -> YAMLError? {
        let origin = SourceLocation(file: file, line: 1, column: 1, byteOffset: 0)
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF {
            return .unsupportedEncoding("UTF-32 (big-endian)", at: origin)
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 {
            return .unsupportedEncoding("UTF-32 (little-endian)", at: origin)
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return .unsupportedEncoding("UTF-16 (big-endian)", at: origin)
        }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return .unsupportedEncoding("UTF-16 (little-endian)", at: origin)
        }
        return nil
    }

    /// A UTF-8 byte order mark starting in `bytes[range]` after the file's first bytes: libyaml silently skips one at
    /// a line start.
    static func byteOrderMarkInside(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, file: String) -> YAMLError? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = max(range.lowerBound, hasUTF8ByteOrderMark(bytes) ? 3 : 0)
        while offset < range.upperBound, let found = memchr(base + offset, 0xEF, range.upperBound - offset) {
            let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
                return .byteOrderMarkInside(at: LibYAMLErrors.position(ofByteOffset: index, in: bytes, file: file))
            }
            offset = index + 1
        }
        return nil
    }

    /// Explains the character at `offset` that libyaml's reader refused.
    static func classify(byteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> YAMLError? {
        guard offset < bytes.count else {
            // libyaml reports a sequence cut off by the end of the file at the end.
            return offset == bytes.count && offset > 0
                ? .invalidUTF8(at: LibYAMLErrors.position(ofByteOffset: offset, in: bytes, file: file)) : nil
        }
        let at = LibYAMLErrors.position(ofByteOffset: offset, in: bytes, file: file)
        let byte = bytes[offset]
        if byte == 0 {
            let alternating = bytes.count >= 2 && (bytes[0] == 0) != (bytes[1] == 0)
            let origin = SourceLocation(file: file, line: 1, column: 1, byteOffset: 0)
            return alternating ? .unsupportedEncoding("UTF-16 (no byte order mark)", at: origin) : .nulByte(at: at)
        }
        if byte < 0x80 { return .controlCharacter(UInt32(byte), at: at) }
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
        var decoder = UTF8()
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): return .controlCharacter(scalar.value, at: at)
        case .error, .emptyInput: return .invalidUTF8(at: at)
        }
    }
}
