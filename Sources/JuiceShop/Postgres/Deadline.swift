#if PostgreSQL
import Synchronization

/// The operation did not finish within its time, and nothing it did was committed.
struct DeadlineExceeded: Error {}

/// The operation did not finish within its time after its transaction's `COMMIT` may have been sent: it may have
/// been applied or not.
struct CommitOutcomeUnknown: Error {}

/// The caller was answered (its deadline passed) before the transaction reached its `COMMIT`: it rolls back instead.
struct TransactionAbandoned: Error {}

/// Where a transaction stands, so that a deadline can tell its caller the truth: before `enterCommit()` nothing can
/// have been committed, and a deadline that passes then makes the transaction roll back (`abandon()`); after it, the
/// `COMMIT` may have been sent, and the outcome is unknown until the journal is read.
final class CommitGate: Sendable {
    private enum Phase { case open, committing, abandoned }
    private let phase = Mutex(Phase.open)

    /// A gate for one attempt at a transaction.
    init() {}

    /// The transaction's last step before its `COMMIT` is sent: throws `TransactionAbandoned` (rolling it back) when
    /// the caller was already answered.
    func enterCommit() throws {
        try phase.withLock { phase in
            if phase == .abandoned { throw TransactionAbandoned() }
            phase = .committing
        }
    }

    /// The deadline passed: answers whether the `COMMIT` may have been sent already; if not, the transaction can
    /// never commit now.
    func abandon() -> Bool {
        phase.withLock { phase in
            if phase == .committing { return true }
            phase = .abandoned
            return false
        }
    }

    /// Whether the `COMMIT` may have been sent.
    var mayHaveCommitted: Bool { phase.withLock { $0 == .committing } }
}

/// Runs `body`, throwing `DeadlineExceeded` if it has not finished by `deadline` (or `CommitOutcomeUnknown` when
/// `gate` says its `COMMIT` may have been sent): the caller is answered then, without waiting for `body` (which is
/// cancelled, but a statement on a connection that died silently may never return).
func withDeadline<T: Sendable>(
    until deadline: ContinuousClock.Instant, gate: CommitGate? = nil, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = DeadlineRace<T>()
    return try await withCheckedThrowingContinuation { continuation in
        race.caller.withLock { $0 = continuation }
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled, let caller = race.caller.withLock({ $0.take() }) else { return }
            race.work.withLock { $0?.cancel() }
            caller.resume(throwing: gate?.abandon() == true ? CommitOutcomeUnknown() : DeadlineExceeded())
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

/// Runs `body`, throwing `DeadlineExceeded` if it takes longer than `limit` (see `withDeadline(until:gate:_:)`).
func withDeadline<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withDeadline(until: .now + limit, body)
}

/// Who answers the caller first: the work or the timer.
private final class DeadlineRace<T: Sendable>: Sendable {
    /// The caller, until answered.
    let caller = Mutex<CheckedContinuation<T, any Error>?>(nil)
    /// The work, for the timer to cancel.
    let work = Mutex<Task<Void, Never>?>(nil)
}
#endif
