import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a `LibYAMLEventReader` on a thread of its own, a few batches ahead of the tree builder, so libyaml's work and
/// the tree's overlap on two cores.
///
/// Safety (hence `@unchecked Sendable`): the producer thread fills only slots it has taken from `free`, the consumer
/// reads only slots it has taken from `full`, and the semaphores order every hand-over of a slot. `reader` is used by
/// the producer thread alone. `cancelled` is guarded by `lock`.
final class EventPipeline: @unchecked Sendable {
    private static let slotCount = 3
    private let slots: [EventBatch]
    /// Slots the producer may fill. Made at 0 and signalled up: libdispatch traps when a semaphore is freed with a
    /// value below the one it was made with, which is how a pipeline stopped early leaves this one.
    private let free = DispatchSemaphore(value: 0)
    private let full = DispatchSemaphore(value: 0)
    private var reader: LibYAMLEventReader
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var cancelled = false
    private var producer: BackgroundThread?

    /// A pipeline around `reader`, whose parser and input must outlive it.
    init(_ reader: LibYAMLEventReader) {
        self.reader = reader
        slots = (0..<Self.slotCount).map { _ in EventBatch() }
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        for _ in 0..<Self.slotCount { free.signal() }
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Whether reading in a pipeline can pay: it needs a second processor.
    static var isWorthwhile: Bool { BackgroundThread.hasSecondProcessor }

    /// Starts the producer thread; false when no thread could be started (then nothing has been read).
    func start() -> Bool {
        producer = BackgroundThread.start { [self] in produce() }
        return producer != nil
    }

    /// Hands each batch, in order, to `body` until it returns false or the last batch is done; then stops the
    /// producer and waits for its thread to end.
    func consume(_ body: (EventBatch) -> Bool) {
        var index = 0
        while true {
            full.wait()
            let more = body(slots[index]) && !slots[index].isLast
            guard more else { break }
            free.signal()
            index = (index + 1) % Self.slotCount
        }
        pthread_mutex_lock(lock)
        cancelled = true
        pthread_mutex_unlock(lock)
        // Wake the producer should it wait for a slot; it sees the cancellation and ends.
        free.signal()
        producer?.join()
        producer = nil
    }

    /// The producer thread's work: fills slots until the last batch, or until cancelled.
    private func produce() {
        var index = 0
        while true {
            free.wait()
            pthread_mutex_lock(lock)
            let stop = cancelled
            pthread_mutex_unlock(lock)
            if stop { return }
            reader.fill(slots[index])
            let last = slots[index].isLast
            full.signal()
            if last { return }
            index = (index + 1) % Self.slotCount
        }
    }
}
