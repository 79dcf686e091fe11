extension ShopStore {
    /// The change token now and then again whenever it may have changed, from any process; ends when the consuming
    /// task is cancelled. This default asks `changeToken()` every `interval` and yields each token that differs from
    /// the last one yielded (a failed read is tried again at the next poll); a store that can be told of changes
    /// (PostgreSQL's LISTEN/NOTIFY) yields sooner. A slow consumer sees only the newest token.
    public func changeTokens(pollingEvery interval: Duration = .milliseconds(250)) -> AsyncStream<Int> {
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
