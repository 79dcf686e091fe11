#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A closure running on a thread of its own; `join()` waits for it to end.
///
/// Safety (hence `@unchecked Sendable`): `work` is touched by the new thread only between its start and its end, and
/// by the starting thread only before `pthread_create` and after `pthread_join`, which order every access. What the
/// work hands back goes through the same hand-over (see `BackgroundThread.Outcome`).
package final class BackgroundThread: @unchecked Sendable {
    private var work: (() -> Void)?
    private var thread: pthread_t?
    private var joined = false

    private init(_ work: @escaping () -> Void) {
        self.work = work
    }

    /// Starts `work` on a new thread; nil when no thread could be started (then `work` has not run).
    package static func start(_ work: @escaping () -> Void) -> BackgroundThread? {
        let background = BackgroundThread(work)
        let context = Unmanaged.passRetained(background).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let result = pthread_create(&thread, nil, { context in BackgroundThread.main(context) }, context)
        #else
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in context.flatMap(BackgroundThread.main) }, context)
        #endif
        guard result == 0 else {
            Unmanaged<BackgroundThread>.fromOpaque(context).release()
            return nil
        }
        background.thread = thread
        return background
    }

    /// The new thread's body: runs the work of the object `context` holds retained, then lets it go.
    private static func main(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let background = Unmanaged<BackgroundThread>.fromOpaque(context).takeRetainedValue()
        background.work?()
        background.work = nil
        return nil
    }

    deinit {
        // Dropped unjoined (only once the thread has ended, as it holds the object while it runs): let it go.
        if !joined, let thread { pthread_detach(thread) }
    }

    /// Waits for the thread to end.
    package func join() {
        guard !joined, let thread else { return }
        pthread_join(thread, nil)
        joined = true
    }

    /// Whether more than one processor is online, so that work on a second thread can overlap the first.
    package static var hasSecondProcessor: Bool { sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 }

    /// A value computed on a background thread, read by the starting thread once it has joined it.
    ///
    /// Safety (hence `@unchecked Sendable`): the thread writes `value` before it ends; the starter reads it only
    /// after `join()`.
    package final class Outcome<Value>: @unchecked Sendable {
        /// The value, once the work has set it.
        package var value: Value?

        /// An outcome not yet set.
        package init() {}

        /// Takes the value out (leaving none), so that it is not shared with the outcome.
        package func take() -> Value? {
            defer { value = nil }
            return value
        }
    }
}
