import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceSimulation
import Synchronization

/// Shows how far a long run has come on standard error, when that is a terminal: nothing for the first two seconds
/// (`JUICE_PROGRESS_AFTER` seconds, when set), then a percentage redrawn at most five times a second, cleared when
/// the run ends. Standard output (the report, JSON or CSV) never carries it.
package final class ProgressMeter: Sendable {
    private struct State {
        var lastDrawn: ContinuousClock.Instant?
        var shown = false
    }

    /// The default wait before anything is shown.
    static let defaultDelay: Duration = .seconds(2)
    /// The shortest time between two redraws.
    static let redrawInterval: Duration = .milliseconds(200)

    private let label: String
    private let delay: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let write: @Sendable (String) -> Void
    private let started: ContinuousClock.Instant
    private let state = Mutex(State())

    /// A meter for a run described by `label`; nil unless `isTerminal` (standard error is a terminal, not a pipe, a
    /// file or a test's capture). `now` and `write` stand for the clock and standard error.
    package init?(
        label: String, isTerminal: Bool = isatty(STDERR_FILENO) == 1, delay: Duration = ProgressMeter.delay(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        write: @escaping @Sendable (String) -> Void = { Terminal.writeError($0, newline: false) }
    ) {
        guard isTerminal else { return nil }
        self.label = label
        self.delay = delay
        self.now = now
        self.write = write
        started = now()
    }

    /// The wait before progress shows: `JUICE_PROGRESS_AFTER` seconds (0 or more) when set, else two seconds.
    package static func delay(environment: [String: String] = ProcessInfo.processInfo.environment) -> Duration {
        guard let text = environment["JUICE_PROGRESS_AFTER"], let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            return defaultDelay
        }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    /// Redraws the line with `done` (0 to 1), once the run has lasted `delay` and the last redraw is old enough.
    @Sendable package func update(_ done: Double) {
        let now = self.now()
        guard now - started >= delay else { return }
        let draw = state.withLock { state -> Bool in
            if let last = state.lastDrawn, now - last < Self.redrawInterval { return false }
            state.lastDrawn = now
            state.shown = true
            return true
        }
        if draw { write("\r\(label)… \(Int(min(max(done, 0), 1) * 100))%") }
    }

    /// Clears the line, if anything was drawn.
    package func finish() {
        if state.withLock({ $0.shown }) { write("\r\u{1B}[K") }
    }
}

/// Runs `body` with a progress meter's update (nil off a terminal) for a run described by `label`; an order-source
/// problem exits 2 with its message in `language`.
func withProgress<Result>(
    _ label: String, language: Language,
    _ body: (OrderProgress?) throws(OrderSourceError) -> Result
) throws -> Result {
    let meter = ProgressMeter(label: label)
    defer { meter?.finish() }
    do throws(OrderSourceError) {
        return try body(meter?.update)
    } catch {
        throw usageFailure(error, language: language)
    }
}
