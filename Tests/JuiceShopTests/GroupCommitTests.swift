import Synchronization
import Testing
@testable import JuiceShop

/// Group commit's batches: in submission order, and a writer taking the changes that arrived meanwhile.
@Suite struct GroupCommitTests {
    /// Lets a writer wait until the test releases it.
    final class Gate: Sendable {
        private let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        func open() { continuation.yield() }
        func wait() async { for await _ in stream { return } }
    }

    /// Waits until `queue` holds `count` waiting changes (each submitted from a task of its own, in turn).
    func waitUntil(_ queue: GroupCommit<Int, Int>, holds count: Int) async throws {
        for _ in 0..<2_000 where queue.waitingCount < count { try await Task.sleep(for: .milliseconds(1)) }
        try #require(queue.waitingCount == count)
    }

    @Test func aWriterTakesTheAcceptedFrontOfTheQueueWithinTheLimit() async throws {
        let queue = GroupCommit<Int, Int>(limit: 3, unanswered: -1)
        let started = Gate()
        let proceed = Gate()
        let batches = Mutex<[[Int]]>([])
        let write: @Sendable (GroupCommit<Int, Int>.Batch) async -> [Int] = { batch in
            if batch.requests == [1] {
                started.open()
                await proceed.wait()
                // 2 is accepted, 3 is not: 5 and 6 wait behind it although they would be accepted.
                #expect(batch.takeMore { $0 != 3 } == [2])
                // Then room for one more only (the limit is 3).
                #expect(batch.takeMore { _ in true } == [3])
            } else {
                #expect(batch.takeMore { _ in true } == [], "nothing waits any more")
            }
            batches.withLock { $0.append(batch.requests) }
            return batch.requests.map { $0 * 10 }
        }
        let replies = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            group.addTask { (1, await queue.submit(1, writingWith: write)) }
            await started.wait()
            for (position, value) in [2, 3, 5, 6].enumerated() {
                group.addTask { (value, await queue.submit(value, writingWith: write)) }
                try await waitUntil(queue, holds: position + 1)
            }
            proceed.open()
            var replies: [Int: Int] = [:]
            for try await (value, reply) in group { replies[value] = reply }
            return replies
        }
        #expect(replies == [1: 10, 2: 20, 3: 30, 5: 50, 6: 60])
        #expect(batches.withLock { $0 } == [[1, 2, 3], [5, 6]])
    }

    @Test func aBatchTakesNoMoreOnceAnswered() async throws {
        let queue = GroupCommit<Int, Int>(limit: 10, unanswered: -1)
        let kept = Mutex<GroupCommit<Int, Int>.Batch?>(nil)
        let second = Gate()
        let secondStarted = Gate()
        let write: @Sendable (GroupCommit<Int, Int>.Batch) async -> [Int] = { batch in
            if batch.requests == [1] {
                kept.withLock { $0 = batch }
            } else if batch.requests == [2] {
                secondStarted.open()
                await second.wait()
                #expect(batch.takeMore { _ in true } == [3])
            }
            return batch.requests
        }
        #expect(await queue.submit(1, writingWith: write) == 1)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { await queue.submit(2, writingWith: write) }
            await secondStarted.wait()
            group.addTask { await queue.submit(3, writingWith: write) }
            try await waitUntil(queue, holds: 1)
            // The first batch was answered: a writer of it still running (its deadline gave up on it) takes nothing.
            #expect(kept.withLock { $0 }?.takeMore { _ in true } == [])
            #expect(queue.waitingCount == 1)
            second.open()
            var replies: Set<Int> = []
            for try await reply in group { replies.insert(reply) }
            #expect(replies == [2, 3])
        }
    }
}
