import Dispatch

/// The fallback watcher: every interval, compares what `stat` says about every entry under the path (inode, size,
/// modification and status-change times, symbolic links followed) with the last look.
final class PollingWatcher: DirectoryWatcher, @unchecked Sendable {
    private let signal: ChangeSignal
    private let timer: DispatchSourceTimer
    /// The last look; confined to the signal's queue.
    private var last: [TreeEntry]

    /// Starts polling `root` every `interval`.
    init(_ root: String, debounce: Duration, interval: Duration) {
        signal = ChangeSignal(debounce: debounce, label: "JuiceReload.PollingWatcher")
        last = DirectoryTree.entries(under: root)
        timer = DispatchSource.makeTimerSource(queue: signal.queue)
        let period = DispatchTimeInterval.nanoseconds(max(1_000_000, ChangeSignal.nanoseconds(interval)))
        timer.schedule(deadline: .now() + period, repeating: period)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let now = DirectoryTree.entries(under: root)
            if now != last {
                last = now
                signal.note()
            }
        }
        timer.activate()
    }

    var signals: AsyncStream<Void> { signal.signals }

    func stop() {
        timer.cancel()
        signal.finish()
    }
}
