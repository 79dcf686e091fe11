import Synchronization

/// Group commit: changes submitted while a batch is being written wait together and are written as the next batch
/// (one transaction, one flush to disk), each caller answered with its own result once its batch is written.
///
/// There is no timer and no minimum batch: a change submitted while nothing is being written starts a batch of one at
/// once. Batches are written one at a time, in submission order, at most `limit` changes each. Submitting takes a
/// lock, not an actor hop, so a caller waits only for the writing itself. A writer may take more changes into the
/// batch it is writing (`Batch.takeMore(while:)`): those that arrived while it waited for its locks.
final class GroupCommit<Request: Sendable, Reply: Sendable>: Sendable {
    fileprivate struct Waiting: Sendable {
        var request: Request
        var reply: CheckedContinuation<Reply, Never>
    }

    private struct State: Sendable {
        var waiting: [Waiting] = []
        var isWriting = false
    }

    /// The changes of the batch being written, in submission order.
    final class Batch: Sendable {
        private struct Taken: Sendable {
            var waiting: [Waiting]
            /// Answered: a writer still running (one its deadline gave up on) can take no more.
            var isAnswered = false
        }

        private let queue: GroupCommit
        private let taken: Mutex<Taken>

        fileprivate init(queue: GroupCommit, taken: [Waiting]) {
            self.queue = queue
            self.taken = Mutex(Taken(waiting: taken))
        }

        /// The changes taken so far.
        var requests: [Request] { taken.withLock { $0.waiting.map(\.request) } }

        /// Takes the changes waiting at the front of the queue while `accepts` says yes (so that submission order
        /// holds), as many as the batch has room for; the writer answers them with the rest, after the changes it
        /// had. Returns them; none once the batch is answered.
        @discardableResult
        func takeMore(while accepts: (Request) -> Bool) -> [Request] {
            taken.withLock { taken in
                let room = queue.limit - taken.waiting.count
                guard !taken.isAnswered, room > 0 else { return [] }
                let more: [Waiting] = queue.state.withLock { state in
                    var count = 0
                    while count < min(room, state.waiting.count), accepts(state.waiting[count].request) { count += 1 }
                    let more = Array(state.waiting.prefix(count))
                    state.waiting.removeFirst(count)
                    return more
                }
                taken.waiting += more
                return more.map(\.request)
            }
        }

        /// Answers every change taken, in order (`unanswered` for a change `replies` has no reply for).
        fileprivate func answer(_ replies: [Reply]) {
            let waiting = taken.withLock { taken in
                taken.isAnswered = true
                return taken.waiting
            }
            for (index, waiting) in waiting.enumerated() {
                waiting.reply.resume(returning: index < replies.count ? replies[index] : queue.unanswered)
            }
        }
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

    /// How many changes wait for a batch (tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Queues `request` and waits for its reply. When no batch is being written, this call starts writing with
    /// `write`, which is given each batch in submission order and answers one reply per change, in the same order.
    func submit(_ request: Request, writingWith write: @escaping @Sendable ([Request]) async -> [Reply]) async -> Reply {
        await submit(request) { (batch: Batch) in await write(batch.requests) }
    }

    /// Queues `request` and waits for its reply, as `submit(_:writingWith:)` does; `write` may take more changes into
    /// the batch it is given, and answers one reply per change of the batch in the end, in order.
    func submit(_ request: Request, writingWith write: @escaping @Sendable (Batch) async -> [Reply]) async -> Reply {
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
    private func writeWaiting(with write: @Sendable (Batch) async -> [Reply]) async {
        while true {
            let waiting: [Waiting] = state.withLock { state in
                let batch = Array(state.waiting.prefix(limit))
                state.waiting.removeFirst(batch.count)
                if batch.isEmpty { state.isWriting = false }
                return batch
            }
            if waiting.isEmpty { return }
            let batch = Batch(queue: self, taken: waiting)
            batch.answer(await write(batch))
        }
    }
}
