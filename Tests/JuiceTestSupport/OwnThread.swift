import Dispatch

/// Runs `work` on a thread of Dispatch's, not on the cooperative pool, and waits for it without blocking a pool
/// thread: for tests that compute for seconds, so that on two cores they do not hold up the suite's other tests (a
/// test that waits for a file watcher to start, say) by occupying both of the pool's threads.
public func onThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
