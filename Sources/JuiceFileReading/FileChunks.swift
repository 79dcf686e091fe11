#if canImport(Glibc)
import Glibc
#endif
import JuiceCore

/// A file cut into byte ranges read side by side, by the rule the order files' chunked reader (`OrderChunkPipeline`) follows: chunk `k` is
/// the lines that start in bytes `start + k·size ..< start + (k+1)·size`, the last of them read on past the range
/// to its line break. A reader of a chunk needs nothing from the chunks before it (one byte before the range tells
/// whether a line starts at its first byte), so chunks can be read on different threads, each with `pread`.
package struct FileChunks: Sendable {
    private let file: OpenFile
    private let path: String
    /// The file's size in bytes, when it was opened.
    package let fileSize: Int
    /// Where the first chunk starts: a line's first byte.
    package let start: Int
    /// The bytes of each chunk's range.
    package let chunkSize: Int

    /// The chunks of `path` from byte `start` (where a line starts) on, `chunkSize` bytes each.
    package init(path: String, from start: Int, chunkSize: Int) throws(FileReadError) {
        file = try OpenFile(path: path)
        self.path = path
        var status = stat()
        fileSize = fstat(file.descriptor, &status) == 0 ? Int(status.st_size) : 0
        self.start = min(max(0, start), fileSize)
        self.chunkSize = max(1, chunkSize)
    }

    /// How many chunks there are.
    package var count: Int { (fileSize - start + chunkSize - 1) / chunkSize }

    /// Calls `body` with each line that starts in chunk `index` (without its line feed or a CR before it) and its
    /// number within the chunk (from 1), using `buffer` as room; the lines counted.
    package func lines(of index: Int, buffer: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) throws(FileReadError) -> Int {
        let rangeStart = start + index * chunkSize
        let rangeEnd = min(rangeStart + chunkSize, fileSize)
        guard rangeStart < rangeEnd else { return 0 }
        // One byte before the range: whether a line starts at its first byte.
        let readStart = rangeStart == start ? rangeStart : rangeStart - 1
        var filled = try read(from: readStart, upTo: rangeEnd, into: &buffer, keeping: 0)
        var cursor = 0
        if readStart < rangeStart {
            guard let newline = Self.newline(in: buffer, from: 0, to: filled) else { return 0 }
            cursor = newline + 1
        }
        var number = 0
        while readStart + cursor < rangeEnd {
            if let newline = Self.newline(in: buffer, from: cursor, to: filled) {
                number += 1
                deliver(buffer, from: cursor, to: newline, number: number, body)
                cursor = newline + 1
                continue
            }
            // The line runs past what was read: read on to its break, or to the end of the file.
            let wanted = min(fileSize, readStart + filled + max(filled, 4_096))
            let more = readStart + filled < wanted ? try read(from: readStart + filled, upTo: wanted, into: &buffer, keeping: filled) : 0
            if more == 0 {
                number += 1
                deliver(buffer, from: cursor, to: filled, number: number, body)
                break
            }
            filled += more
        }
        return number
    }

    private func deliver(_ buffer: [UInt8], from: Int, to: Int, number: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        buffer.withUnsafeBufferPointer { raw in body(FileBytes.line(raw, from: from, to: to), number) }
    }

    /// Reads bytes `offset ..< end` of the file into `buffer` after its first `kept` bytes; the count read.
    private func read(from offset: Int, upTo end: Int, into buffer: inout [UInt8], keeping kept: Int) throws(FileReadError) -> Int {
        guard let count = FileBytes.read(file.descriptor, from: offset, upTo: end, into: &buffer, keeping: kept) else {
            throw FileReadError(path: path, reason: SystemReason(code: errno))
        }
        return count
    }

    private static func newline(in buffer: [UInt8], from: Int, to: Int) -> Int? { FileBytes.newline(in: buffer, from: from, to: to) }
}
