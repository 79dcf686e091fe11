import FoundationEssentials

/// Why bytes on the input were not a message; the reader skips them and goes on with the next header.
package enum FramingProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// No end of the header within `MessageFraming.maxHeaderBytes`.
    case headerTooLong
    /// A header without a usable `Content-Length` (missing, not a number, negative); what it said.
    case badContentLength(String)
    /// A header line without a colon (garbage on the input).
    case malformedHeader(String)
    /// A body longer than `MessageFraming.maxBodyBytes`: skipped unread.
    case bodyTooLarge(Int)

    /// What was wrong, for the log.
    package var description: String {
        switch self {
        case .headerTooLong: return "a message header longer than \(MessageFraming.maxHeaderBytes) bytes; skipped"
        case .badContentLength(let value): return "a message header with no usable Content-Length ('\(value)'); skipped"
        case .malformedHeader(let line): return "not a message header: '\(line)'; skipped"
        case .bodyTooLarge(let length): return "a message of \(length) bytes, over the limit of \(MessageFraming.maxBodyBytes); skipped"
        }
    }
}

/// What the reader found next on the input.
package enum FrameEvent: Hashable, Sendable {
    /// A whole message body (JSON text, not yet parsed).
    case message(Data)
    /// Bytes that were skipped, and why.
    case problem(FramingProblem)
}

/// The base protocol's framing: `Content-Length: N\r\n\r\n` and N bytes of JSON. Other headers (`Content-Type`) are
/// allowed and ignored; bare `\n` line ends are tolerated; garbage is skipped up to the next `Content-Length`.
package enum MessageFraming {
    /// The longest header block read before it counts as garbage.
    package static let maxHeaderBytes = 8 * 1024
    /// The longest body accepted: a 10 MB document, escaped, fits several times.
    package static let maxBodyBytes = 64 * 1024 * 1024

    /// `body` with its header.
    package static func frame(_ body: Data) -> [UInt8] {
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.reserveCapacity(bytes.count + body.count)
        bytes.append(contentsOf: body)
        return bytes
    }
}

/// Cuts a stream of bytes into message bodies. Feed it what was read (`append`), then take events (`next`) until
/// there is none: it keeps only what it has not yet handed out, and skips an oversized body without keeping it.
package struct FrameDecoder: Sendable {
    private var buffer: [UInt8] = []
    /// Where the unread bytes start in `buffer`.
    private var start = 0
    /// The length of the body whose header has been read, when it has not all arrived yet.
    private var pendingBody: Int?
    /// Bytes of an oversized body still to be skipped.
    private var skipping = 0

    /// An empty decoder.
    package init() {}

    /// How many bytes are held (for bounding memory).
    package var bufferedBytes: Int { buffer.count - start }

    /// Adds bytes read from the input.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next message or problem, or nil when more bytes are needed.
    package mutating func next() -> FrameEvent? {
        while true {
            if skipping > 0 {
                let skipped = min(skipping, buffer.count - start)
                start += skipped
                skipping -= skipped
                compact()
                if skipping > 0 { return nil }
            }
            if let length = pendingBody {
                guard buffer.count - start >= length else { return nil }
                let body = Data(buffer[start..<(start + length)])
                start += length
                pendingBody = nil
                compact()
                return .message(body)
            }
            // Blank lines between messages are tolerated.
            while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
            guard start < buffer.count else {
                compact()
                return nil
            }
            guard let (headerEnd, bodyStart) = headerBlockEnd() else {
                if buffer.count - start > MessageFraming.maxHeaderBytes {
                    resynchronize(after: start)
                    return .problem(.headerTooLong)
                }
                return nil
            }
            switch parseHeader(start..<headerEnd) {
            case .success(let length):
                start = bodyStart
                if length > MessageFraming.maxBodyBytes {
                    skipping = length
                    return .problem(.bodyTooLarge(length))
                }
                pendingBody = length
            case .failure(let problem):
                // A `Content-Length` further on (garbage glued to a real header) starts the next attempt.
                if let next = find(contentLength: start + 1, before: headerEnd) { start = next } else { start = bodyStart }
                compact()
                return .problem(problem)
            }
        }
    }

    /// The end of the header block starting at `start` (before its blank line) and where the body starts.
    private func headerBlockEnd() -> (Int, Int)? {
        var index = start
        let limit = min(buffer.count, start + MessageFraming.maxHeaderBytes + 4)
        while index < limit {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    /// The body length the header lines in `range` give.
    private func parseHeader(_ range: Range<Int>) -> Result<Int, FramingProblem> {
        let text = String(decoding: buffer[range], as: UTF8.self)
        var length: Int?
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = rawLine.trimmed()
            guard !line.isEmpty else { continue }
            guard let colon = line.firstIndex(of: ":") else { return .failure(.malformedHeader(String(line.prefix(80)))) }
            let name = line[..<colon].trimmed().lowercased()
            let value = line[line.index(after: colon)...].trimmed()
            guard name == "content-length" else { continue }
            guard !value.isEmpty, value.count <= 12, value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value) else {
                return .failure(.badContentLength(String(value.prefix(40))))
            }
            length = number
        }
        guard let length else { return .failure(.badContentLength("")) }
        return .success(length)
    }

    /// Where `Content-Length` (any case) next starts at or after `from`, before `end`.
    private func find(contentLength from: Int, before end: Int) -> Int? {
        let needle = Array("content-length".utf8)
        guard end - needle.count >= from else { return nil }
        var index = from
        while index <= end - needle.count {
            var matched = true
            for (offset, byte) in needle.enumerated() {
                let candidate = buffer[index + offset]
                let lowered = candidate >= 0x41 && candidate <= 0x5A ? candidate + 0x20 : candidate
                if lowered != byte {
                    matched = false
                    break
                }
            }
            if matched { return index }
            index += 1
        }
        return nil
    }

    /// Skips garbage from `position` on: up to the next `Content-Length`, else all but a tail that may begin one.
    private mutating func resynchronize(after position: Int) {
        if let next = find(contentLength: position + 1, before: buffer.count) {
            start = next
        } else {
            start = max(position + 1, buffer.count - 16)
        }
        compact()
    }

    /// Drops the bytes already handed out once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 64 * 1024, start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    fileprivate func trimmed() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
