import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy for fault tests: it passes bytes between its clients and one upstream server, and on request holds them
/// (a cut network while TCP retransmits: nothing arrives, nothing is lost), passes them on again (the heal), delays
/// them (latency), or resets every connection (a crashed middlebox). The kernel has no `netem`; this is the tests'
/// own. Each connection runs on two threads of its own (one per direction), never on Swift concurrency's pool.
public final class FaultProxy: Sendable {
    /// What the proxy does to the bytes it carries.
    public enum Mode: Sendable, Equatable {
        /// Passes them on at once.
        case pass
        /// Holds them (both directions, every connection, new ones too) until the mode changes.
        case hold
        /// Passes each chunk on `Duration` after it arrived.
        case latency(Duration)
    }

    /// The address it listens on.
    public let host: String
    /// The port it listens on.
    public let port: Int
    private let upstreamHost: String
    private let upstreamPort: Int
    private let listener: Int32
    private let state = Mutex<
        (mode: Mode, stopped: Bool, connections: [ProxiedConnection], trigger: (bytes: [UInt8], passing: Bool, skipping: Int)?)
    >(
        (.pass, false, [], nil))

    /// A proxy listening on `host` (a free port) for `upstreamHost`:`upstreamPort`.
    public init(host: String = "127.0.0.1", upstreamHost: String, upstreamPort: Int) throws {
        self.host = host
        self.upstreamHost = upstreamHost
        self.upstreamPort = upstreamPort
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProxyError.socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = try Self.address(host, port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw ProxyError.socket("bind/listen on \(host)", errno)
        }
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: local.sin_port))
        listener = fd
        Thread { [self] in acceptLoop() }.start()
    }

    /// The mode now.
    public var mode: Mode { state.withLock { $0.mode } }

    /// Sets what the proxy does from now on; bytes held so far flow on when it passes again.
    public func set(_ mode: Mode) {
        state.withLock { $0.mode = mode }
    }

    /// Arms a one-shot trigger: the first chunk a client sends that contains `text` switches the proxy to `.hold`,
    /// and is itself held (`passing: false`: the server never sees it) or delivered (`passing: true`: the server
    /// gets it, its answer is held). With "COMMIT", a transaction's commit is lost on its way, or its answer is.
    /// `skipping` chunks that contain it are let through first.
    public func hold(whenClientSends text: String, passing: Bool, skipping: Int = 0) {
        state.withLock { $0.trigger = (Array(text.utf8), passing, skipping) }
    }

    /// Whether the trigger has fired (or none was armed).
    public var triggerFired: Bool { state.withLock { $0.trigger == nil } }

    /// Checks a chunk a client sent against the trigger: when it fires, the proxy holds from now on, and the answer
    /// says whether to deliver this chunk all the same.
    func clientSent(_ chunk: ArraySlice<UInt8>) -> Bool {
        state.withLock { state in
            guard let trigger = state.trigger, chunk.count >= trigger.bytes.count else { return false }
            let pattern = trigger.bytes
            let found = chunk.indices.dropLast(pattern.count - 1).contains { start in
                chunk[start..<(start + pattern.count)].elementsEqual(pattern)
            }
            guard found else { return false }
            guard trigger.skipping == 0 else {
                state.trigger?.skipping -= 1
                return false
            }
            state.trigger = nil
            state.mode = .hold
            return trigger.passing
        }
    }

    /// Resets every open connection (both sides get a TCP RST); bytes held are dropped. New connections are taken.
    public func resetAll() {
        for connection in state.withLock({ $0.connections }) { connection.requestReset() }
    }

    /// How many connections are open.
    public var openConnections: Int { state.withLock { $0.connections.filter { !$0.isFinished }.count } }

    /// Stops listening and resets every connection.
    public func stop() {
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        resetAll()
    }

    deinit { stop() }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            Thread { [self] in connectUpstream(client: client) }.start()
        }
    }

    /// Connects to the upstream for `client` (a connection whose upstream cannot be reached is reset) and starts
    /// carrying bytes both ways.
    private func connectUpstream(client: Int32) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard upstream >= 0, var address = try? Self.address(upstreamHost, port: upstreamPort) else {
            Self.reset(client)
            return
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(upstream)
            Self.reset(client)
            return
        }
        var yes: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(upstream, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        let connection = ProxiedConnection(client: client, upstream: upstream)
        let accepted = state.withLock { state in
            guard !state.stopped else { return false }
            state.connections.removeAll { $0.isFinished }
            state.connections.append(connection)
            return true
        }
        guard accepted else {
            connection.requestReset()
            connection.finishDirection()
            connection.finishDirection()
            return
        }
        let modeNow: @Sendable () -> Mode = { [self] in mode }
        let inspect: @Sendable (ArraySlice<UInt8>) -> Bool = { [self] chunk in clientSent(chunk) }
        Thread { connection.pump(from: client, to: upstream, mode: modeNow, inspect: inspect) }.start()
        Thread { connection.pump(from: upstream, to: client, mode: modeNow) }.start()
    }

    /// Closes `fd` with a TCP RST (linger 0).
    static func reset(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(fd)
    }

    private static func address(_ host: String, port: Int) throws -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw ProxyError.badAddress(host) }
        return address
    }
}

/// Why the proxy could not start.
public enum ProxyError: Error, CustomStringConvertible {
    /// A socket call failed with an error number.
    case socket(String, Int32)
    /// Not an IPv4 address.
    case badAddress(String)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .socket(let call, let number): return "\(call) failed: \(String(cString: strerror(number)))"
        case .badAddress(let host): return "'\(host)' is not an IPv4 address"
        }
    }
}

/// One client connection and its upstream: two pumps, one per direction; the last pump to end closes both sockets
/// (with a RST when a reset was asked for, or when either side broke).
final class ProxiedConnection: Sendable {
    private let client: Int32
    private let upstream: Int32
    private let state = Mutex<(reset: Bool, pumpsLeft: Int)>((false, 2))

    init(client: Int32, upstream: Int32) {
        self.client = client
        self.upstream = upstream
    }

    var isFinished: Bool { state.withLock { $0.pumpsLeft == 0 } }

    private var resetRequested: Bool { state.withLock { $0.reset } }

    func requestReset() { state.withLock { $0.reset = true } }

    /// One pump ended; the last one closes both sockets.
    func finishDirection() {
        let (last, reset) = state.withLock { state in
            state.pumpsLeft -= 1
            return (state.pumpsLeft == 0, state.reset)
        }
        guard last else { return }
        if reset {
            FaultProxy.reset(client)
            FaultProxy.reset(upstream)
        } else {
            close(client)
            close(upstream)
        }
    }

    /// Carries bytes from `source` to `destination` as `mode` says, until the source ends (then the destination's
    /// sending half is shut once everything held was delivered), either side breaks, or a reset is asked for.
    /// `inspect` sees every chunk read; when it answers true the chunk is delivered at once, whatever the mode.
    func pump(
        from source: Int32, to destination: Int32, mode: @Sendable () -> FaultProxy.Mode,
        inspect: @Sendable (ArraySlice<UInt8>) -> Bool = { _ in false }
    ) {
        defer { finishDirection() }
        var held: [(arrived: ContinuousClock.Instant, bytes: [UInt8])] = []
        var sourceEnded = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !resetRequested {
            // Deliver what is due.
            let now = ContinuousClock.now
            let current = mode()
            var nextDue: ContinuousClock.Instant?
            while let first = held.first {
                let due: ContinuousClock.Instant?
                switch current {
                case .pass: due = first.arrived
                case .hold: due = nil
                case .latency(let delay): due = first.arrived + delay
                }
                guard let due else { break }
                guard due <= now else {
                    nextDue = due
                    break
                }
                guard Self.sendAll(first.bytes, to: destination) else {
                    requestReset()
                    return
                }
                held.removeFirst()
            }
            if sourceEnded && held.isEmpty {
                shutdown(destination, Int32(SHUT_WR))
                return
            }
            var timeout: Int32 = 20
            if let nextDue {
                let wait = nextDue - .now
                timeout = Int32(max(1, min(20, wait / .milliseconds(1))))
            }
            if sourceEnded {
                usleep(UInt32(timeout) * 1000)
                continue
            }
            var poller = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeout) > 0 else { continue }
            let count = read(source, &buffer, buffer.count)
            if count > 0 {
                if inspect(buffer[0..<count]) && held.isEmpty {
                    guard Self.sendAll(Array(buffer[0..<count]), to: destination) else {
                        requestReset()
                        return
                    }
                } else {
                    held.append((.now, Array(buffer[0..<count])))
                }
            } else if count == 0 {
                sourceEnded = true
            } else if errno != EINTR && errno != EAGAIN {
                requestReset()
                return
            }
        }
    }

    /// Writes every byte (without SIGPIPE); false when the socket broke.
    private static func sendAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
