import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the planning code's loops over independent pieces run: on every core (`ComputeThreads`, the process's own
/// threads, never the cooperative pool's), or
/// one piece after another on the calling thread when `isSerial` is bound, as a server does so that a plan does not
/// take the threads its requests are answered on. Every piece writes only its own results, so both give the same.
///
/// `map` and `fill` are the only parallel loops of the planning code: write a new one with them, never with
/// `concurrentPerform` (and `nonisolated(unsafe)` buffers) of its own, which would not honour `isSerial`.
package enum ParallelWork {
    /// Whether loops run on the calling thread only (bind it with `ParallelWork.$isSerial.withValue(true) { … }`).
    @TaskLocal package static var isSerial = false

    /// Where the loops started in this task are recorded, for tests (nil: not recorded).
    @TaskLocal static var recorder: LoopRecorder?

    /// `work(index)` for each of `0..<count`, the results in index order: computed on every core, or one after
    /// another on this thread when `isSerial`. Each index's result is written only by its own iteration.
    static func map<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            nonisolated(unsafe) let slots = base
            // Each slot is initialised by exactly one iteration, its own.
            perform(count) { index in (slots + index).initialize(to: work(index)) }
            initialized = count
        }
    }

    /// `array` cut into pieces of `pieceSize` elements (the last one may be shorter), piece `k` written by
    /// `work(k, slots)` only, `slots` its own elements (`slots[0]` is `array[k * pieceSize]`): on every core, or one
    /// after another on this thread when `isSerial`.
    static func fill<T: Sendable>(
        _ array: inout [T], pieceSize: Int, _ work: @Sendable (_ piece: Int, _ slots: UnsafeMutableBufferPointer<T>) -> Void
    ) {
        let count = array.count
        guard count > 0, pieceSize > 0 else { return }
        let pieces = (count + pieceSize - 1) / pieceSize
        array.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let whole = buffer
            // The pieces do not overlap: each iteration sees only its own.
            perform(pieces) { piece in
                let start = piece * pieceSize
                work(piece, UnsafeMutableBufferPointer(rebasing: whole[start..<min(count, start + pieceSize)]))
            }
        }
    }

    /// Runs `work` for each of `0..<iterations`: on every core, or in order on this thread when `isSerial`.
    private static func perform(_ iterations: Int, _ work: @Sendable (Int) -> Void) {
        let serial = isSerial
        guard let recorder else {
            if serial { for index in 0..<iterations { work(index) } } else { ComputeThreads.shared.perform(iterations, work) }
            return
        }
        let caller = pthread_self()
        let elsewhere = OffThreadCount()
        if serial {
            for index in 0..<iterations {
                elsewhere.note(caller)
                work(index)
            }
        } else {
            ComputeThreads.shared.perform(iterations) { index in
                elsewhere.note(caller)
                work(index)
            }
        }
        recorder.record(LoopRecorder.Loop(iterations: iterations, serial: serial, offTheCallingThread: elsewhere.count))
    }
}

/// The loops `ParallelWork` ran while it was bound as `ParallelWork.recorder`: a test's way to see that planning
/// code runs its loops through `ParallelWork`, and one after another on the calling thread under `isSerial`.
final class LoopRecorder: Sendable {
    /// One loop.
    struct Loop: Sendable, Equatable {
        /// Its iterations.
        var iterations: Int
        /// Whether it ran them one after another (`isSerial`) rather than on every core.
        var serial: Bool
        /// How many of them ran on a thread other than the one that started the loop.
        var offTheCallingThread: Int
    }

    private let recorded = Mutex<[Loop]>([])

    /// The loops run so far, in the order they finished.
    var loops: [Loop] { recorded.withLock { $0 } }

    /// Adds `loop`.
    func record(_ loop: Loop) { recorded.withLock { $0.append(loop) } }
}

/// How many iterations of a recorded loop ran off the thread that started it.
private final class OffThreadCount: Sendable {
    private let value = Atomic<Int>(0)

    /// The iterations counted.
    var count: Int { value.load(ordering: .relaxed) }

    /// Counts this iteration when it runs on a thread other than `caller`.
    func note(_ caller: pthread_t) {
        if pthread_equal(pthread_self(), caller) == 0 { value.add(1, ordering: .relaxed) }
    }
}
