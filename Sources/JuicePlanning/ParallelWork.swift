import Dispatch

/// Where the planning code's loops over independent pieces run: on every core (`DispatchQueue.concurrentPerform`), or
/// one piece after another on the calling thread when `isSerial` is bound, as a server does so that a plan does not
/// take the threads its requests are answered on. Every piece writes only its own results, so both give the same.
package enum ParallelWork {
    /// Whether loops run on the calling thread only (bind it with `ParallelWork.$isSerial.withValue(true) { … }`).
    @TaskLocal package static var isSerial = false

    /// Runs `work` for each of `0..<iterations`: on every core, or in order on this thread when `isSerial`.
    static func perform(iterations: Int, _ work: @Sendable (Int) -> Void) {
        if isSerial {
            for index in 0..<iterations { work(index) }
        } else {
            DispatchQueue.concurrentPerform(iterations: iterations, execute: work)
        }
    }
}
