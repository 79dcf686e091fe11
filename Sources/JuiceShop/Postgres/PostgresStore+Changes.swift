#if PostgreSQL
import PostgresNIO

extension PostgresStore {
    /// The change token now and then whenever any process commits a change: this store's own changes as they commit,
    /// other processes' told by LISTEN/NOTIFY on a connection of its own. Notifications sent while that connection is
    /// down are lost, so the token is read again after every (re)connection, until a read succeeds; while the
    /// database is unreachable, reconnection is tried every `interval`. Signals that arrive while the token is being
    /// read, or within `ChangeTokenReads.spacing` after, are folded into one more read. The token is also read every
    /// `changeCheckInterval` without a notification: a listening connection can die without a word (a NAT or firewall
    /// dropping it), and its lost notifications must not leave pages behind for good.
    public func changeTokens(pollingEvery interval: Duration) -> AsyncStream<Int> {
        let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task { [self] in
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { [self] in
                        var last: Int?
                        for await _ in signals {
                            if let token = await currentToken(retryingEvery: interval), token != last {
                                last = token
                                continuation.yield(token)
                            }
                            await ChangeTokenReads.pause()
                        }
                    }
                    group.addTask { [self] in
                        while !Task.isCancelled {
                            await listen { signal.yield() }
                            try? await Task.sleep(for: interval)
                        }
                        signal.finish()
                    }
                    group.addTask { [self] in
                        while !Task.isCancelled {
                            try? await Task.sleep(for: changeCheckInterval)
                            signal.yield()
                        }
                    }
                    group.addTask { [self] in
                        // This process's own changes, at once (not after the notification's round trip).
                        for await _ in commits.subscribe() { signal.yield() }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The change token, read again every `interval` until a read succeeds (right after the listener reconnects, the
    /// pool may still be waiting to reconnect; giving up would lose the re-sync); nil when the task is cancelled.
    private func currentToken(retryingEvery interval: Duration) async -> Int? {
        while !Task.isCancelled {
            do { return try await changeToken() } catch { try? await Task.sleep(for: interval) }
        }
        return nil
    }

    /// Listens for changes on one connection until it fails or the task is cancelled; `changed` is called once on
    /// connecting (to re-sync) and once per notification.
    private func listen(_ changed: @escaping @Sendable () -> Void) async {
        guard let configuration = try? target.connectionConfiguration(),
            let connection = try? await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        else { return }
        await withTaskCancellationHandler {
            _ = try? await connection.listen(on: "juice_changes") { notifications in
                changed()
                for try await _ in notifications { changed() }
            }
        } onCancel: {
            _ = connection.close() as EventLoopFuture<Void>
        }
        try? await connection.close()
    }
}
#endif
