#if canImport(Glibc)
import Glibc
#endif

/// Reads a file in large blocks and hands out its lines (without line breaks), in constant memory.
package struct LineReader: Sendable {
    private let file: OpenFile
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var finished = false
    /// The 1-based number of the line most recently returned.
    private(set) package var lineNumber = 0
    /// Bytes read from the file so far.
    private var bytesRead = 0

    /// Bytes of the file handed out as lines so far (with their line breaks).
    package var offset: Int { bytesRead - (end - start) }

    /// The file's size in bytes (0 when it cannot be told).
    package var fileSize: Int {
        var status = stat()
        return fstat(file.descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    /// A reader of the file at `path`, `blockSize` bytes at a time (more for a longer line).
    package init(path: String, blockSize: Int = 1 << 20) throws(FileReadError) {
        file = try OpenFile(path: path)
        buffer = [UInt8](repeating: 0, count: blockSize)
    }

    /// Calls `body` for each of the next lines, up to `limit` of them, inside one buffer access; returns how many
    /// lines were handed out (0 at the end of the file).
    package mutating func nextLines<Failure: Error>(
        limit: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        var delivered = 0
        while delivered < limit {
            // Every complete line in the buffer, in one pass.
            var number = lineNumber
            var cursor = start
            let stop = end
            try buffer.withUnsafeBufferPointer { raw throws(Failure) in
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
    package mutating func nextLine<Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>, Int) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
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
                try buffer.withUnsafeBufferPointer { raw throws(Failure) in
                    try body(UnsafeBufferPointer(rebasing: raw[lineStart..<lineEnd]), lineNumber)
                }
                return true
            }
            if finished {
                guard end > start else { return false }
                lineNumber += 1
                let lineStart = start
                start = end
                try buffer.withUnsafeBufferPointer { raw throws(Failure) in
                    try body(FileBytes.line(raw, from: lineStart, to: end), lineNumber)
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
