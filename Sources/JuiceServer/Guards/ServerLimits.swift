/// The caps on open event streams (`GET /api/events`); a stream beyond either is refused with 503
/// `too-many-streams` and `Retry-After`, while every other route keeps answering.
package struct StreamLimits: Sendable, Hashable {
    /// Streams open at once in all (each holds a connection, a file descriptor and a small buffer).
    package var total: Int
    /// Streams open at once from one client address (an IPv6 /64): a shop's pages behind one router share it.
    package var perClient: Int

    /// Caps of `total` streams, `perClient` from one client address.
    package init(total: Int = 256, perClient: Int = 16) {
        self.total = total
        self.perClient = perClient
    }
}

/// How long a connection may take over each part of a request, and how long it may stay idle between requests; a
/// connection past a deadline is closed (`RequestDeadlineHandler`).
package struct ConnectionDeadlines: Sendable, Hashable {
    /// From a new connection, or from the first byte of a following request, to the end of its header.
    package var header: Duration
    /// From the end of a request's header to the end of its body.
    package var body: Duration
    /// From the end of a response to the first byte of the next request (keep-alive).
    package var idle: Duration

    /// Deadlines of `header`, `body` and `idle`.
    package init(header: Duration = .seconds(10), body: Duration = .seconds(30), idle: Duration = .seconds(60)) {
        self.header = header
        self.body = body
        self.idle = idle
    }
}

/// How wrong staff tokens are throttled per client address (an IPv6 /64): after `failures` wrong tokens within
/// `window`, every staff request from that address is refused with 429 `too-many-attempts` for `window` from the last
/// one, whatever token it carries.
package struct StaffThrottleSettings: Sendable, Hashable {
    /// Wrong tokens allowed within `window`.
    package var failures: Int
    /// The window failures are counted in, and how long a throttled address waits.
    package var window: Duration
    /// How many addresses are remembered at most (the oldest are forgotten first).
    package var maxClients: Int

    /// `failures` wrong tokens per `window`, for up to `maxClients` addresses.
    package init(failures: Int = 10, window: Duration = .seconds(60), maxClients: Int = 4096) {
        self.failures = failures
        self.window = window
        self.maxClients = maxClients
    }
}
