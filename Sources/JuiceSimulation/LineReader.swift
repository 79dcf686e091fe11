#if canImport(Glibc)
import Glibc
#endif
import JuiceCore

/// An open file, closed when the last reference to it goes: on every path, an error's included.
package final class OpenFile: Sendable {
    /// The file descriptor.
    let descriptor: Int32

    /// Opens `path` for reading.
    package init(path: String) throws(OrderSourceError) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: SystemReason(code: errno)) }
    }

    deinit {
        _ = Glibc.close(descriptor)
    }
}

/// Reads a file in large blocks and hands out its lines (without line breaks), in constant memory.
package struct LineReader: Sendable {
    private let file: OpenFile
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var finished = false
    /// The 1-based number of the line most recently returned.
    private(set) var lineNumber = 0
    /// Bytes read from the file so far.
    private var bytesRead = 0

    /// Bytes of the file handed out as lines so far (with their line breaks).
    package var offset: Int { bytesRead - (end - start) }

    /// The file's size in bytes (0 when it cannot be told).
    var fileSize: Int {
        var status = stat()
        return fstat(file.descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    package init(path: String, blockSize: Int = 1 << 20) throws(OrderSourceError) {
        file = try OpenFile(path: path)
        buffer = [UInt8](repeating: 0, count: blockSize)
    }

    /// Calls `body` for each of the next lines, up to `limit` of them, inside one buffer access; returns how many
    /// lines were handed out (0 at the end of the file).
    mutating func nextLines(limit: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(OrderSourceError) -> Void) throws(OrderSourceError) -> Int {
        var delivered = 0
        while delivered < limit {
            // Every complete line in the buffer, in one pass.
            var number = lineNumber
            var cursor = start
            let stop = end
            try buffer.withUnsafeBufferPointer { raw throws(OrderSourceError) in
                guard let base = raw.baseAddress else { return }
                while delivered < limit, cursor < stop, let hit = memchr(base + cursor, 0x0A, stop - cursor) {
                    let newline = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    var lineEnd = newline
                    if lineEnd > cursor && raw[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                    number += 1
                    try body(UnsafeBufferPointer(rebasing: raw[cursor..<lineEnd]), number)
                    cursor = newline + 1
                    delivered += 1
                }
            }
            lineNumber = number
            start = cursor
            if delivered == limit { break }
            // No complete line left: fall back to the one-line path, which refills the buffer.
            let got = try nextLine(body)
            if !got { break }
            delivered += 1
        }
        return delivered
    }

    /// Calls `body` with the next line's bytes and 1-based number; false at the end of the file.
    package mutating func nextLine(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(OrderSourceError) -> Void) throws(OrderSourceError) -> Bool {
        while true {
            let found: Int? = buffer.withUnsafeBufferPointer { raw -> Int? in
                guard end > start, let base = raw.baseAddress,
                    let hit = memchr(base + start, 0x0A, end - start)
                else { return nil }
                return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            }
            if let newline = found {
                lineNumber += 1
                let lineStart = start
                start = newline + 1
                var lineEnd = newline
                if lineEnd > lineStart && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                try buffer.withUnsafeBufferPointer { raw throws(OrderSourceError) in
                    try body(UnsafeBufferPointer(rebasing: raw[lineStart..<lineEnd]), lineNumber)
                }
                return true
            }
            if finished {
                guard end > start else { return false }
                lineNumber += 1
                let lineStart = start
                start = end
                try buffer.withUnsafeBufferPointer { raw throws(OrderSourceError) in
                    try body(FileOrders.line(raw, from: lineStart, to: end), lineNumber)
                }
                return true
            }
            // Move the partial line to the front and read more; grow for a line longer than the buffer.
            if start > 0 {
                buffer.withUnsafeMutableBufferPointer { raw in
                    guard let base = raw.baseAddress else { return }
                    memmove(base, base + start, end - start)
                }
                end -= start
                start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let descriptor = file.descriptor
            let filled = end
            let count = buffer.withUnsafeMutableBufferPointer { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(descriptor, base + filled, raw.count - filled)
            }
            if count <= 0 {
                finished = true
            } else {
                end += count
                bytesRead += count
            }
        }
    }
}

/// A file cut into byte ranges read side by side, by the rule `OrderChunkPipeline` reads order files by: chunk `k` is
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
    package init(path: String, from start: Int, chunkSize: Int) throws(OrderSourceError) {
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
    package func lines(of index: Int, buffer: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) throws(OrderSourceError) -> Int {
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
        buffer.withUnsafeBufferPointer { raw in body(FileOrders.line(raw, from: from, to: to), number) }
    }

    /// Reads bytes `offset ..< end` of the file into `buffer` after its first `kept` bytes; the count read.
    private func read(from offset: Int, upTo end: Int, into buffer: inout [UInt8], keeping kept: Int) throws(OrderSourceError) -> Int {
        guard let count = FileBytes.read(file.descriptor, from: offset, upTo: end, into: &buffer, keeping: kept) else {
            throw .unreadable(path: path, reason: SystemReason(code: errno))
        }
        return count
    }

    private static func newline(in buffer: [UInt8], from: Int, to: Int) -> Int? { FileBytes.newline(in: buffer, from: from, to: to) }
}

/// Reading a file's bytes by offset, for the readers that split a file into chunks.
package enum FileBytes {
    /// Reads bytes `offset ..< end` of the open file `descriptor` into `buffer` after its first `kept` bytes (growing it
    /// to hold them and `spare` bytes more), retrying on interruption; the count read (less at the end of the file), or
    /// nil on an error (`errno` says which).
    package static func read(
        _ descriptor: Int32, from offset: Int, upTo end: Int, into buffer: inout [UInt8], keeping kept: Int, spare: Int = 0
    ) -> Int? {
        let wanted = end - offset
        if buffer.count < kept + wanted + spare { buffer.append(contentsOf: repeatElement(0, count: kept + wanted + spare - buffer.count)) }
        var total = 0
        while total < wanted {
            let got = buffer.withUnsafeMutableBufferPointer { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return pread(descriptor, base + kept + total, wanted - total, off_t(offset + total))
            }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { break }
            total += got
        }
        return total
    }

    /// The index of the first line feed in `buffer[from..<to]`.
    package static func newline(in buffer: [UInt8], from: Int, to: Int) -> Int? {
        guard from < to else { return nil }
        return buffer.withUnsafeBufferPointer { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base + from, 0x0A, to - from) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
    }
}
