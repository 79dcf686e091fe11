import Synchronization

/// Counts wrong staff tokens per client address and refuses a client that sent too many (`StaffThrottleSettings`):
/// after `failures` wrong tokens within `window`, every staff request from it is refused for `window`, so guessing
/// the token goes at most `failures` tries a `window`. One client's failures or successes never change another's
/// count. At most `maxClients` addresses are remembered: those whose window has passed are forgotten first, then
/// the least recently seen.
final class StaffThrottle: Sendable {
    /// What is remembered of one client.
    private struct Entry {
        /// Wrong tokens since `windowStart`.
        var failures: Int
        /// When the first of them came.
        var windowStart: ContinuousClock.Instant
        /// Until when the client is refused, once it sent too many.
        var lockedUntil: ContinuousClock.Instant?
        /// The last failure or refusal.
        var lastSeen: ContinuousClock.Instant
    }

    /// A client that has just been throttled: what the log line says.
    struct Lockout: Sendable, Hashable {
        /// The client.
        var client: ClientAddress
        /// The wrong tokens that got it throttled.
        var failures: Int
    }

    /// The rule.
    let settings: StaffThrottleSettings
    private let entries = Mutex<[ClientAddress: Entry]>([:])

    /// A throttle following `settings`.
    init(settings: StaffThrottleSettings) {
        self.settings = settings
    }

    /// The whole seconds `client` must still wait when it is throttled now; nil when it may try.
    func refusal(for client: ClientAddress, now: ContinuousClock.Instant = .now) -> Int? {
        entries.withLock { entries in
            guard var entry = entries[client], let lockedUntil = entry.lockedUntil else { return nil }
            guard now < lockedUntil else {
                entries[client] = nil
                return nil
            }
            entry.lastSeen = now
            entries[client] = entry
            return Self.wholeSeconds(lockedUntil - now)
        }
    }

    /// Counts a wrong token from `client`; returns the lockout when this one throttles it (log it once).
    func recordFailure(of client: ClientAddress, now: ContinuousClock.Instant = .now) -> Lockout? {
        entries.withLock { entries in
            var entry: Entry
            if let old = entries[client], now - old.windowStart < settings.window {
                entry = old
                entry.failures += 1
                entry.lastSeen = now
            } else {
                if entries[client] == nil && entries.count >= settings.maxClients { forgetOne(in: &entries, now: now) }
                entry = Entry(failures: 1, windowStart: now, lockedUntil: nil, lastSeen: now)
            }
            var lockout: Lockout?
            if entry.failures >= settings.failures && entry.lockedUntil == nil {
                entry.lockedUntil = now + settings.window
                lockout = Lockout(client: client, failures: entry.failures)
            }
            entries[client] = entry
            return lockout
        }
    }

    /// How many clients are remembered (tests).
    var rememberedCount: Int { entries.withLock { $0.count } }

    /// Makes room for one entry: drops every entry whose window and lock have passed, else the least recently seen.
    private func forgetOne(in entries: inout [ClientAddress: Entry], now: ContinuousClock.Instant) {
        let window = settings.window
        entries = entries.filter { _, entry in
            if let lockedUntil = entry.lockedUntil { return now < lockedUntil }
            return now - entry.windowStart < window
        }
        if entries.count >= settings.maxClients, let oldest = entries.min(by: { $0.value.lastSeen < $1.value.lastSeen })?.key {
            entries[oldest] = nil
        }
    }

    /// `duration` in whole seconds, rounded up, at least 1.
    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }
}
