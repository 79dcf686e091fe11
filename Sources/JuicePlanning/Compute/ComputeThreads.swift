import Foundation
import Synchronization

/// The threads the planning code computes on: plain threads of the process's own, one fewer than the cores (the thread
/// that starts a loop is the last one), never Dispatch's global queues or Swift's cooperative pool. On Linux those two
/// share one set of threads, as many as there are cores; a loop run there for a minute (a Monte Carlo plan) left
/// nothing for the tasks that answer requests, watch files or speak to an editor, which then missed their deadlines.
/// Here the kernel shares the cores between the loop and those tasks, as between any two threads.
///
/// `run(_:)` is how async code computes: the work goes to a thread of its own and the task waits without holding a
/// cooperative thread.
package final class ComputeThreads: @unchecked Sendable {
    /// The process's threads (one fewer than the active cores).
    package static let shared = ComputeThreads(helpers: max(0, ProcessInfo.processInfo.activeProcessorCount - 1))

    /// A loop being run: its work, the next index to take and how many have finished.
    private final class Loop: @unchecked Sendable {
        let iterations: Int
        /// Read only to run a taken index; set to nil by the caller once every index has finished, before its
        /// `withoutActuallyEscaping` ends (no helper reads it after that: none has an index left).
        var work: (@Sendable (Int) -> Void)?
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)

        init(iterations: Int, work: @escaping @Sendable (Int) -> Void) {
            self.iterations = iterations
            self.work = work
        }

        /// Runs iterations until none is left to take; whoever finishes the last one signals `done`.
        func help() {
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < iterations else { return }
                run(index)
                if finished.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == iterations { done.signal() }
            }
        }

        /// Runs index `index`; the work is let go of before this returns, so before the index counts as finished.
        @inline(never)
        private func run(_ index: Int) { work?(index) }

        /// Whether every index has been taken.
        var isTaken: Bool { next.load(ordering: .relaxed) >= iterations }
    }

    /// The loops waiting for helpers, oldest first; guarded by `condition`.
    private var waiting: [Loop] = []
    private let condition = NSCondition()
    /// How many helper threads there are.
    package let helpers: Int

    /// A set of `helpers` threads, started at once and kept for the life of the process.
    init(helpers: Int) {
        self.helpers = helpers
        for index in 0..<helpers {
            let thread = Thread { self.serve() }
            thread.name = "juice-compute-\(index + 1)"
            thread.start()
        }
    }

    /// `work(index)` for each of `0..<iterations`, on the helpers and the calling thread, returning when every one has
    /// finished. A loop started inside a loop's work runs the same way (its caller takes what no helper does).
    package func perform(_ iterations: Int, _ work: @Sendable (Int) -> Void) {
        guard iterations > 1, helpers > 0 else {
            for index in 0..<iterations { work(index) }
            return
        }
        withoutActuallyEscaping(work) { work in
            // The loop is not returned from before every iteration has finished, so `work` outlives its uses.
            let loop = Loop(iterations: iterations, work: work)
            condition.lock()
            waiting.append(loop)
            condition.broadcast()
            condition.unlock()
            loop.help()
            loop.done.wait()
            loop.work = nil
            condition.lock()
            waiting.removeAll { $0 === loop }
            condition.unlock()
        }
    }

    /// A helper's life: take the oldest loop with indices left, help it, again.
    private func serve() {
        while true {
            condition.lock()
            waiting.removeAll(where: \.isTaken)
            while waiting.isEmpty {
                condition.wait()
                waiting.removeAll(where: \.isTaken)
            }
            let loop = waiting[0]
            condition.unlock()
            loop.help()
        }
    }

    /// `work`'s result, computed on a thread of its own (not the cooperative pool, which the caller's task leaves free
    /// while it waits); its loops one piece after another when `serial` (a server, whose plan must not take the cores
    /// its requests are answered on), else on every core.
    package static func run<T: Sendable>(serial: Bool = false, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: ParallelWork.$isSerial.withValue(serial) { work() }) }
            thread.name = "juice-compute"
            thread.start()
        }
    }
}
