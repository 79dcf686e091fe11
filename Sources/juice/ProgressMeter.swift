import Foundation
import JuiceSimulation
import Synchronization

/// Shows how far a long run has come on standard error, when that is a terminal: nothing for the first two seconds,
/// then a percentage redrawn at most five times a second, cleared when the run ends.
final class ProgressMeter: Sendable {
    private struct State {
        var lastDrawn: ContinuousClock.Instant?
        var shown = false
    }

    private let label: String
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    /// A meter for a run described by `label`; nil when standard error is not a terminal (a pipe, a file, a test).
    init?(label: String) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.label = label
    }

    /// Redraws the line with `done` (0 to 1), if the run has lasted two seconds and the last redraw is old enough.
    @Sendable func update(_ done: Double) {
        let now = ContinuousClock.now
        guard now - started >= .seconds(2) else { return }
        let draw = state.withLock { state -> Bool in
            if let last = state.lastDrawn, now - last < .milliseconds(200) { return false }
            state.lastDrawn = now
            state.shown = true
            return true
        }
        if draw { Terminal.writeError("\r\(label)… \(Int(done * 100))%", newline: false) }
    }

    /// Clears the line, if anything was drawn.
    func finish() {
        if state.withLock({ $0.shown }) { Terminal.writeError("\r\u{1B}[K", newline: false) }
    }
}

/// Runs `body` with a progress meter's update (nil off a terminal) for a run described by `label`; an order-source
/// problem exits 2 with its message.
func withProgress<Result>(_ label: String, _ body: (OrderProgress?) throws(OrderSourceError) -> Result) throws -> Result {
    let meter = ProgressMeter(label: label)
    defer { meter?.finish() }
    do throws(OrderSourceError) {
        return try body(meter?.update)
    } catch {
        throw usageFailure(error)
    }
}
