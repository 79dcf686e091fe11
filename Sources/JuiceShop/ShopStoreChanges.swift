extension ShopStore {
    /// The change token now and then again whenever it may have changed, from any process; ends when the consuming
    /// task is cancelled. This default asks `changeToken()` every `interval`; a store that can be told of changes
    /// (PostgreSQL's LISTEN/NOTIFY) yields sooner. A slow consumer sees only the newest token.
    public func changeTokens(pollingEvery interval: Duration = .milliseconds(250)) -> AsyncStream<Int> {
        pollChangeTokens(every: interval)
    }

    /// `changeTokens` by polling: yields each token that differs from the last one yielded (errors are retried at
    /// the next poll; the store reports them to its other callers).
    public func pollChangeTokens(every interval: Duration) -> AsyncStream<Int> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                var last: Int?
                while !Task.isCancelled {
                    if let token = try? await changeToken(), token != last {
                        last = token
                        continuation.yield(token)
                    }
                    try? await Task.sleep(for: interval)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
