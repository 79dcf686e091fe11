import Foundation

/// How the directory is watched.
package enum WatchMethod: String, Sendable, Hashable, Codable {
    /// inotify where the system allows it, else polling.
    case automatic
    /// inotify (Linux): the directory, its subdirectories and the directories symlinked files live in.
    case inotify
    /// Comparing the sizes, times and inodes of every entry every `pollInterval`.
    case polling
    /// Not watched: the menu is reloaded only when asked (`LiveMenu.reload()`; SIGHUP or `POST /api/reload` in the
    /// server), for deployments that say when a new set is in place.
    case off
}

/// How a live menu watches its directory. (It logs nothing itself: whoever runs it reads `updates()` and logs each
/// attempt's `logLines` with its own `Logger`, as the server does.)
package struct ReloadSettings: Sendable {
    /// How long the directory must be quiet after an event before it is reloaded (a burst of saves is one reload).
    package var debounce: Duration
    /// How the directory is watched.
    package var watchMethod: WatchMethod
    /// How often polling looks at the directory.
    package var pollInterval: Duration

    /// Settings; by default 100 ms of quiet, inotify where possible, polling every 250 ms.
    package init(debounce: Duration = .milliseconds(100), watchMethod: WatchMethod = .automatic, pollInterval: Duration = .milliseconds(250)) {
        self.debounce = debounce
        self.watchMethod = watchMethod
        self.pollInterval = pollInterval
    }
}
