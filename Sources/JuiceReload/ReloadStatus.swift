import Foundation

/// The reload state the server reports at `GET /api/reload` and exports as metrics.
package struct ReloadStatus: Sendable {
    /// The live menu's version.
    package var version: String
    /// When the live menu was loaded.
    package var loadedAt: Date
    /// The last attempt, if any was made since start.
    package var lastAttempt: ReloadAttempt?
    /// How many attempts ended each way since start (`juice_config_reloads_total{result}`); every result is present.
    package var attempts: [ReloadAttempt.Result: Int]
    /// When the set on disk last proved good: the start, or the last attempt that was applied or unchanged
    /// (`juice_config_last_reload_success_timestamp_seconds`).
    package var lastSuccessAt: Date
    /// How the directory is being watched, while `watch()` runs (nil otherwise).
    package var watching: WatchMethod?

    /// Creates a status record.
    package init(
        version: String, loadedAt: Date, lastAttempt: ReloadAttempt?, attempts: [ReloadAttempt.Result: Int],
        lastSuccessAt: Date, watching: WatchMethod?
    ) {
        self.version = version
        self.loadedAt = loadedAt
        self.lastAttempt = lastAttempt
        self.attempts = attempts
        self.lastSuccessAt = lastSuccessAt
        self.watching = watching
    }

    /// Whether the last attempt did not fail (`juice_config_last_reload_successful`); true before any attempt.
    package var lastReloadSuccessful: Bool { lastAttempt?.result != .rejected }
}
