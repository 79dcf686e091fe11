#if canImport(Glibc)
import Glibc
#endif

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

    /// The line `raw[from..<to]` without a carriage return at its end (a line feed has already been cut off).
    @inline(__always)
    package static func line(_ raw: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> UnsafeBufferPointer<UInt8> {
        let end = to > from && raw[to - 1] == 0x0D ? to - 1 : to
        return UnsafeBufferPointer(rebasing: raw[from..<end])
    }
}
