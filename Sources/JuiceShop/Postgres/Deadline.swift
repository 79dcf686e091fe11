#if PostgreSQL
import Synchronization

/// The operation did not finish within its time.
struct DeadlineExceeded: Error {}

/// Runs `body`, throwing `DeadlineExceeded` if it takes longer than `limit`: the caller is answered then, without
/// waiting for `body` (which is cancelled, but a statement on a connection that died silently may never return).
func withDeadline<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let race = DeadlineRace<T>()
    return try await withCheckedThrowingContinuation { continuation in
        race.caller.withLock { $0 = continuation }
        let timer = Task {
            try? await Task.sleep(for: limit)
            guard !Task.isCancelled, let caller = race.caller.withLock({ $0.take() }) else { return }
            race.work.withLock { $0?.cancel() }
            caller.resume(throwing: DeadlineExceeded())
        }
        let work = Task {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            timer.cancel()
            race.caller.withLock { $0.take() }?.resume(with: result)
        }
        race.work.withLock { $0 = work }
    }
}

/// Who answers the caller first: the work or the timer.
private final class DeadlineRace<T: Sendable>: Sendable {
    /// The caller, until answered.
    let caller = Mutex<CheckedContinuation<T, any Error>?>(nil)
    /// The work, for the timer to cancel.
    let work = Mutex<Task<Void, Never>?>(nil)
}
#endif
