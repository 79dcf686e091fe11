import Synchronization

/// Group commit: changes submitted while a batch is being written wait together and are written as the next batch
/// (one transaction, one flush to disk), each caller answered with its own result once its batch is written.
///
/// There is no timer and no minimum batch: a change submitted while nothing is being written starts a batch of one at
/// once. Batches are written one at a time, in submission order, at most `limit` changes each. Submitting takes a
/// lock, not an actor hop, so a caller waits only for the writing itself.
final class GroupCommit<Request: Sendable, Reply: Sendable>: Sendable {
    private struct Waiting: Sendable {
        var request: Request
        var reply: CheckedContinuation<Reply, Never>
    }

    private struct State: Sendable {
        var waiting: [Waiting] = []
        var isWriting = false
    }

    private let state = Mutex(State())
    /// The most changes in one batch.
    let limit: Int
    /// The reply for a change the writer left unanswered (it answers every change it is given).
    private let unanswered: Reply

    /// A queue writing at most `limit` changes per batch; `unanswered` answers a change the writer gave no reply for.
    init(limit: Int, unanswered: Reply) {
        self.limit = limit
        self.unanswered = unanswered
    }

    /// Queues `request` and waits for its reply. When no batch is being written, this call starts writing with
    /// `write`, which is given each batch in submission order and answers one reply per change, in the same order.
    func submit(_ request: Request, writingWith write: @escaping @Sendable ([Request]) async -> [Reply]) async -> Reply {
        await withCheckedContinuation { reply in
            let starts = state.withLock { state in
                state.waiting.append(Waiting(request: request, reply: reply))
                guard !state.isWriting else { return false }
                state.isWriting = true
                return true
            }
            if starts { Task { await self.writeWaiting(with: write) } }
        }
    }

    /// Writes batches until nothing waits.
    private func writeWaiting(with write: @Sendable ([Request]) async -> [Reply]) async {
        while true {
            let batch: [Waiting] = state.withLock { state in
                let batch = Array(state.waiting.prefix(limit))
                state.waiting.removeFirst(batch.count)
                if batch.isEmpty { state.isWriting = false }
                return batch
            }
            if batch.isEmpty { return }
            let replies = await write(batch.map(\.request))
            for (index, waiting) in batch.enumerated() {
                waiting.reply.resume(returning: index < replies.count ? replies[index] : unanswered)
            }
        }
    }
}
