#if PostgreSQL
import Foundation
import Synchronization
import Testing
@testable import JuiceShop

/// Polls `condition` every 50 ms for up to 30 s (the work below runs on a loaded machine too).
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<600 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}

/// The deadline of a PostgreSQL call tells its caller the truth: before the transaction's COMMIT nothing can have
/// been applied (and the transaction, answered for, can no longer commit); after it, the outcome is unknown.
@Suite("PostgreSQL deadlines: not applied, or unknown")
struct CommitDeadlineTests {
    @Test("a deadline that passes before the COMMIT: DeadlineExceeded at the deadline, and the transaction can no longer commit")
    func beforeCommit() async throws {
        let gate = CommitGate()
        let entered = Mutex<Result<Void, any Error>?>(nil)
        await #expect(throws: DeadlineExceeded.self) {
            try await withDeadline(until: .now + .milliseconds(200), gate: gate) {
                // Longer than any test run: only the deadline's cancellation ends this sleep, however late the
                // timer fires on a loaded machine.
                try? await Task.sleep(for: .seconds(600))
                entered.withLock { $0 = Result { try gate.enterCommit() } }
            }
        }
        // The work is cancelled at the deadline (its sleep ends early) and goes on to its gate, which stays shut.
        #expect(await eventually { entered.withLock { $0 } != nil }, "the work went on to its gate")
        let outcome = try #require(entered.withLock { $0 })
        #expect(throws: TransactionAbandoned.self) { try outcome.get() }
    }

    @Test("a deadline that passes after the COMMIT was sent: CommitOutcomeUnknown")
    func afterCommit() async throws {
        let gate = CommitGate()
        // The COMMIT is sent before the deadline can pass, however slowly the work starts on a loaded machine (CI
        // once started it after the 200 ms had gone), and the work then waits until the deadline cancels it.
        try gate.enterCommit()
        await #expect(throws: CommitOutcomeUnknown.self) {
            try await withDeadline(until: .now + .milliseconds(200), gate: gate) {
                try? await Task.sleep(for: .seconds(600))
            }
        }
        #expect(gate.mayHaveCommitted)
    }

    @Test("work that ends in time answers with its result")
    func inTime() async throws {
        let gate = CommitGate()
        let value = try await withDeadline(until: .now + .seconds(300), gate: gate) {
            try gate.enterCommit()
            return 42
        }
        #expect(value == 42)
    }

    @Test("the store's unknown outcomes name the request; a lost COMMIT is unknown, a COMMIT the server refused is not")
    func translation() throws {
        let location = try PostgresLocation(url: "postgres://u@h:5432/d")
        guard case .state(.outcomeUnknown(_, nil, _)) = location.translate(CommitOutcomeUnknown()) else {
            Issue.record("CommitOutcomeUnknown is an unknown outcome")
            return
        }
        guard case .state(.connectionLost) = location.translate(DeadlineExceeded()) else {
            Issue.record("DeadlineExceeded is a lost connection: nothing applied")
            return
        }
        let named = ShopError.state(.outcomeUnknown(location: "x", request: nil, detail: "d")).naming(request: "r-9")
        #expect(named == .state(.outcomeUnknown(location: "x", request: "r-9", detail: "d")))
        #expect(ShopError.nothingToUndo.naming(request: "r-9") == .nothingToUndo)
    }
}
#endif
