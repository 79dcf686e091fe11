import Foundation

/// Runs `work` on a thread of its own, not on the cooperative pool nor on Dispatch's global queues (on Linux the two
/// share one set of threads, as many as there are cores), and waits for it without blocking a pool thread: for tests
/// that compute for seconds, so that on two cores they do not hold up the suite's other tests (a test that waits for a
/// file watcher to start, say).
public func onThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
