import Synchronization

extension ShopStore {
    /// The change token now and then again whenever it may have changed, from any process; ends when the consuming
    /// task is cancelled. This default asks `changeToken()` every `interval` and yields each token that differs from
    /// the last one yielded (a failed read is tried again at the next poll). The stores of this package also yield at
    /// once when a change of their own commits, and PostgreSQL's when another process's change is notified. A slow
    /// consumer sees only the newest token.
    public func changeTokens(pollingEvery interval: Duration = .milliseconds(250)) -> AsyncStream<Int> {
        changeTokenStream(pollingEvery: interval, commits: nil)
    }

    /// The change token now, then again after each signal: every `interval` (changes by other processes, which
    /// nothing announces), and at once after each commit `commits` tells of (this process's own changes); at most one
    /// read per `ChangeTokenReads.spacing`.
    func changeTokenStream(pollingEvery interval: Duration, commits: CommitSignal?) -> AsyncStream<Int> {
        let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        var last: Int?
                        for await _ in signals {
                            if let token = try? await changeToken(), token != last {
                                last = token
                                continuation.yield(token)
                            }
                            await ChangeTokenReads.pause()
                        }
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            signal.yield()
                            try? await Task.sleep(for: interval)
                        }
                        signal.finish()
                    }
                    if let commits {
                        group.addTask {
                            for await _ in commits.subscribe() { signal.yield() }
                        }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// How often a change-token stream reads the token at most.
enum ChangeTokenReads {
    /// The least time between two reads.
    static let spacing = Duration.milliseconds(20)

    /// Waits `spacing` after a read: the signals that come meanwhile (commits, notifications) fold into one read.
    /// Under load a batch commits every few milliseconds, and a read each (with, on every open page, a stock event
    /// each) cost the database a third of its statements for nothing a person could see.
    static func pause() async {
        try? await Task.sleep(for: spacing)
    }
}

/// Tells a store's change-token streams that a change of this process has committed, so that they read the token at
/// once instead of at their next poll.
final class CommitSignal: Sendable {
    private struct Listeners: Sendable {
        var next = 0
        var all: [Int: AsyncStream<Void>.Continuation] = [:]
    }

    private let listeners = Mutex(Listeners())

    /// A signal with no listener yet.
    init() {}

    /// A stream of one element per commit (a slow listener sees one for many); it ends when its consumer is cancelled.
    func subscribe() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = listeners.withLock { listeners in
            listeners.next += 1
            listeners.all[listeners.next] = continuation
            return listeners.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.all.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every listener that a change has committed.
    func committed() {
        for continuation in listeners.withLock({ Array($0.all.values) }) { continuation.yield() }
    }
}
