#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What the reader thread hands the server.
enum InboxItem: Sendable {
    /// A frame's body or a framing problem.
    case frame(FrameEvent)
    /// The input ended (or failed): nothing more will come.
    case endOfInput
}

/// The messages read but not yet handled. The server takes all of them at once, so changes that arrived together are
/// applied together and a request cancelled while it waited is seen as cancelled.
final class MessageInbox: Sendable {
    private struct State {
        var items: [InboxItem] = []
        var bytes = 0
        var waiter: CheckedContinuation<[InboxItem], Never>?
    }

    private let state = Mutex(State())

    /// The bytes held before the reader waits for the server to catch up.
    static let byteLimit = 128 * 1024 * 1024

    /// Adds `items` (those read together arrive together), waking the server if it waits.
    func push(_ items: [InboxItem]) {
        guard !items.isEmpty else { return }
        let size = items.reduce(0) { size, item in
            if case .frame(.message(let body)) = item { return size + body.count }
            return size
        }
        let wake: (CheckedContinuation<[InboxItem], Never>, [InboxItem])? = state.withLock { state in
            state.items += items
            state.bytes += size
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            defer { state.items = [] }
            state.bytes = 0
            return (waiter, state.items)
        }
        if let (waiter, items) = wake { waiter.resume(returning: items) }
    }

    /// The bytes of message bodies waiting.
    var pendingBytes: Int { state.withLock { $0.bytes } }

    /// Every item waiting, in order; waits for one when there is none.
    func takeAll() async -> [InboxItem] {
        await withCheckedContinuation { continuation in
            let ready: [InboxItem]? = state.withLock { state in
                guard !state.items.isEmpty else {
                    state.waiter = continuation
                    return nil
                }
                defer {
                    state.items = []
                    state.bytes = 0
                }
                return state.items
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

/// Reads the input on a thread of its own (blocking reads never hold one of Swift concurrency's few threads), cuts it
/// into frames and pushes them into the inbox, waiting while the inbox holds too much.
enum InputReader {
    /// Starts reading `descriptor` into `inbox`; the thread ends at the end of the input or a read error.
    static func start(descriptor: Int32, inbox: MessageInbox) {
        DetachedThread.start {
            var decoder = FrameDecoder()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            reading: while true {
                let count = chunk.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return -1 }
                    return read(descriptor, base, raw.count)
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break reading }
                decoder.append(chunk[0..<count])
                var items: [InboxItem] = []
                while let event = decoder.next() { items.append(.frame(event)) }
                while !items.isEmpty, inbox.pendingBytes > MessageInbox.byteLimit { usleep(1000) }
                inbox.push(items)
            }
            inbox.push([.endOfInput])
        }
    }
}

/// A POSIX thread running one closure, detached.
enum DetachedThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread; runs it on the caller's thread if no thread can be made.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let made = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        guard made == 0 else {
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
    }
}
