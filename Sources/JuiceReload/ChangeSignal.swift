import Dispatch

/// Turns a watcher's raw events into one signal per burst: a signal is sent once no event has come for the debounce
/// interval, so a half-written file and its completion, or a rename after a write, are read once, complete.
///
/// Owns a serial queue; `note()` is called on it by the watcher that owns this signal; signals coalesce when the
/// reader is busy (one pending signal is enough: the reader reads the whole set).
final class ChangeSignal: @unchecked Sendable {
    /// The queue every event is handled on; all mutable state here and in the watcher is confined to it.
    let queue: DispatchQueue
    /// One element per settled burst; ends when the watcher stops.
    let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let timer: DispatchSourceTimer
    private let debounce: DispatchTimeInterval

    /// A signal sent `debounce` after the last event.
    init(debounce: Duration, label: String) {
        queue = DispatchQueue(label: label)
        (signals, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.debounce = .nanoseconds(Self.nanoseconds(debounce))
        timer = DispatchSource.makeTimerSource(queue: queue)
        let continuation = continuation
        timer.setEventHandler { continuation.yield(()) }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    /// Records an event (on `queue`): the signal goes `debounce` from now unless another event comes first.
    func note() {
        dispatchPrecondition(condition: .onQueue(queue))
        timer.schedule(deadline: .now() + debounce)
    }

    /// Ends the stream; no signal follows.
    func finish() {
        queue.async { [self] in
            timer.cancel()
            continuation.finish()
        }
    }

    /// `duration` in whole nanoseconds, clamped to what an `Int` holds.
    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : Int(whole) + Int(attoseconds / 1_000_000_000)
    }
}
