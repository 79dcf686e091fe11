import Foundation
import JuiceTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// One TCP connection to a test server on loopback, driven byte by byte (a client that stalls, trickles, or keeps a
/// stream open), from a chosen loopback source address (127.0.0.2 is another client to the server). Every blocking
/// call runs off the cooperative pool and is bounded by a receive timeout.
final class RawConnection: Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source` (any loopback address).
    static func open(port: Int, from source: String = "127.0.0.1") async throws -> RawConnection {
        try await offThePool { try RawConnection(port: port, source: source) }
    }

    private init(port: Int, source: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    /// Goes away: shuts the connection down both ways, as a closed page does.
    func goAway() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends `text`.
    func send(_ text: String) async throws {
        let bytes = Array(text.utf8)
        let sent = try await offThePool { [descriptor] in
            bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        guard sent == bytes.count else { throw POSIXError(.EPIPE) }
    }

    /// Reads until the server closes the connection (or resets it), for at most `seconds`: everything read, and
    /// whether it was closed within that time.
    func readUntilClosed(seconds: Double) async throws -> (text: String, closed: Bool) {
        try await read(seconds: seconds) { _ in false }
    }

    /// Reads until what was read satisfies `enough`, the server closes, or `seconds` pass.
    func read(seconds: Double, until enough: @escaping @Sendable (String) -> Bool) async throws -> (text: String, closed: Bool) {
        try await offThePool { [descriptor] in
            let deadline = Date().addingTimeInterval(seconds)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { return (String(decoding: data, as: UTF8.self), true) }
                if count < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                    return (String(decoding: data, as: UTF8.self), true)  // reset: closed too
                }
                data.append(contentsOf: buffer[0..<count])
                if enough(String(decoding: data, as: UTF8.self)) { return (String(decoding: data, as: UTF8.self), false) }
            }
            return (String(decoding: data, as: UTF8.self), false)
        }
    }

    /// Sends a whole request with `Connection: close` and reads the response to its end (at most 30 s).
    static func request(
        port: Int, from source: String = "127.0.0.1", _ method: String, _ path: String, headers: [String: String] = [:], body: String = ""
    ) async throws -> RawResponse {
        let connection = try await open(port: port, from: source)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try await connection.send(head + "\r\n" + body)
        return RawResponse(try await connection.readUntilClosed(seconds: 30).text)
    }
}

/// A response as read off the wire.
struct RawResponse: Sendable {
    /// Whether `text` holds a whole response with a `Content-Length` body (or a chunked one that ended).
    static func isComplete(_ text: String) -> Bool {
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let response = RawResponse(text)
        if let length = response.headers["content-length"].flatMap(Int.init) { return text[end.upperBound...].utf8.count >= length }
        return text.hasSuffix("0\r\n\r\n")
    }

    /// The status code (0 when there was no status line).
    var status: Int
    /// The header fields, by lowercase name.
    var headers: [String: String]
    /// The body (as sent; not de-chunked).
    var body: String

    /// Parses `text`, a response as it came.
    init(_ text: String) {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let lines = (parts.first ?? "").components(separatedBy: "\r\n")
        status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = parts.dropFirst().joined(separator: "\r\n\r\n")
    }
}
