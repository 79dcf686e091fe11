import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection that is too slow over a request's header or body, or idle too long between requests
/// (`ConnectionDeadlines`). Hummingbird's own `idleTimeout` counts from the last HTTP part, so it never sees a client
/// trickling a header byte by byte (no part until the header ends) and restarts with every body part; this handler
/// times each phase from its start instead.
///
/// It sits in Hummingbird's child pipeline after the HTTP codec (`HTTP1Channel.Configuration.additionalChannelHandlers`),
/// where it sees request heads, ends and response ends, and puts a `RequestBytesWatcher` at the front of the pipeline
/// to learn when the first byte of a request arrives. A connection is in one phase at a time:
/// - header: from the connection's start, or from the first byte after a request's end, until the head is parsed;
/// - body: from the head until the request's end;
/// - responding: no deadline (an event stream lasts as long as its page);
/// - idle: from a response's end, with no request pending, until the next request's first byte.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What the connection is reading.
    private enum Reading {
        /// A request's header, since the instant given.
        case header(since: NIODeadline)
        /// A request's body, since its head.
        case body(since: NIODeadline)
        /// Nothing: between requests.
        case nothing
    }

    private let deadlines: ConnectionDeadlines
    private let logger: Logger
    private var reading: Reading = .header(since: .now())
    /// Requests whose response has not ended yet.
    private var responsesOwed = 0
    /// When the last response ended (or the connection started).
    private var idleSince = NIODeadline.now()
    private var timer: Scheduled<Void>?
    /// When `timer` fires: never later than the current deadline, often earlier (see `reschedule()`).
    private var timerAt: NIODeadline?
    private var context: ChannelHandlerContext?

    /// A handler closing connections past `deadlines`.
    init(deadlines: ConnectionDeadlines, logger: Logger) {
        self.deadlines = deadlines
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        reading = .header(since: .now())
        idleSince = .now()
        // The first handler in the pipeline: it sees the bytes before the HTTP decoder does.
        try? context.pipeline.syncOperations.addHandler(RequestBytesWatcher(handler: self), position: .first)
        reschedule()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    /// Bytes arrived (from `RequestBytesWatcher`): between requests they start the next request's header.
    func bytesArrived() {
        guard case .nothing = reading else { return }
        reading = .header(since: .now())
        reschedule()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            reading = .body(since: .now())
            responsesOwed += 1
            reschedule()
        case .body:
            break
        case .end:
            reading = .nothing
            reschedule()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesOwed = max(0, responsesOwed - 1)
            idleSince = .now()
            reschedule()
        }
        context.write(data, promise: promise)
    }

    /// The instant the connection is closed at if nothing happens before, and the phase it is in; nil: no deadline.
    private var deadline: (at: NIODeadline, phase: String)? {
        switch reading {
        case .header(let since): return (since + TimeAmount(deadlines.header), "header")
        case .body(let since): return (since + TimeAmount(deadlines.body), "body")
        case .nothing: return responsesOwed == 0 ? (idleSince + TimeAmount(deadlines.idle), "idle") : nil
        }
    }

    /// Makes sure a check runs no later than the current deadline. A timer already due at or before it stays: when it
    /// fires early, `expire()` finds the deadline not reached and schedules the next check. A deadline usually moves
    /// later as a request goes on (header, body, idle), so a busy keep-alive connection schedules about one timer per
    /// `header` deadline instead of three per request (each costs a cancel and a scheduling on the event loop).
    private func reschedule() {
        guard let context, let deadline else { return }
        if let timerAt, timerAt <= deadline.at { return }
        cancelTimer()
        timerAt = deadline.at
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline.at) { [self] in
            timer = nil
            timerAt = nil
            expire()
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerAt = nil
    }

    /// Closes the connection when its deadline has passed (else schedules the next check; with no deadline now, the
    /// next phase that has one schedules it).
    private func expire() {
        guard let context, let deadline else { return }
        guard deadline.at <= .now() else { return reschedule() }
        logger.debug("closing a connection past its deadline", metadata: ["phase": "\(deadline.phase)"])
        context.close(promise: nil)
    }
}

/// The front of a connection's pipeline: tells its `RequestDeadlineHandler` when bytes arrive, and passes them on.
final class RequestBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let handler: RequestDeadlineHandler

    init(handler: RequestDeadlineHandler) {
        self.handler = handler
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        handler.bytesArrived()
        context.fireChannelRead(data)
    }
}
