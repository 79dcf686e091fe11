/// Watches a recipe path and signals once per settled burst of changes.
protocol DirectoryWatcher: Sendable {
    /// One element per settled burst of changes; ends after `stop()`.
    var signals: AsyncStream<Void> { get }
    /// Stops watching and releases what the watcher holds.
    func stop()
}

/// Starts the watcher settings ask for.
enum DirectoryWatchers {
    /// A watcher for `root` and the method it uses: inotify when asked for or automatic and available, else polling.
    static func start(_ root: String, settings: ReloadSettings) -> (any DirectoryWatcher, WatchMethod) {
        if settings.watchMethod != .polling, let watcher = InotifyWatcher(root, debounce: settings.debounce) {
            return (watcher, .inotify)
        }
        return (PollingWatcher(root, debounce: settings.debounce, interval: settings.pollInterval), .polling)
    }
}
