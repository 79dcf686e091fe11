import Foundation
import JuiceCore
import JuiceRecipes

/// The live menu: loaded from a recipe directory, replaced atomically by validated reloads, watched for edits.
///
/// A reload reads and lints the whole set; only a set with no errors replaces the live menu, in one assignment, so a
/// request that read `current` finishes on that version. A set identical to the live one (same content hash) changes
/// nothing; a set with errors leaves the last good menu live and the attempt says why. Reloads run one at a time, in
/// the order asked for.
package actor LiveMenu {
    /// The menu being served; a request reads it once and finishes on that version.
    package private(set) var current: MenuVersion
    /// The recipe directory (or file) watched and reloaded; nil when the built-in set is served.
    package nonisolated let directory: String?
    /// How the directory is watched.
    package nonisolated let settings: ReloadSettings

    private var lastAttempt: ReloadAttempt?
    private var attemptCounts: [ReloadAttempt.Result: Int] = [:]
    private var lastSuccessAt: Date
    private var watching: WatchMethod?
    private var subscribers: [Int: AsyncStream<ReloadAttempt>.Continuation] = [:]
    private var nextSubscriber = 0
    private var pendingReload: Task<ReloadAttempt, Never>?

    /// Loads the recipe set at `directory` (nil: the built-in set); throws when the set
    /// cannot be read or has errors, so that a server never starts on a broken menu.
    package init(directory: String?) throws(LiveMenuError) {
        try self.init(directory: directory, settings: ReloadSettings())
    }

    /// Loads the recipe set at `directory` (nil: the built-in set, never watched) with `settings`.
    package init(directory: String?, settings: ReloadSettings) throws(LiveMenuError) {
        let loaded = Self.load(directory)
        guard let result = loaded.result else { throw .unreadable(loaded.failure ?? .notFound(directory ?? "")) }
        guard !result.hasErrors else { throw .invalid(result) }
        let now = Date()
        self.directory = directory
        self.settings = settings
        current = MenuVersion(
            book: result.book, version: loaded.version, loadedAt: now, warnings: result.diagnostics,
            files: RecipeSetVersion.relative(result.sources, root: directory))
        lastSuccessAt = now
    }

    /// Serves `lastGood` (the last set the shop accepted, as its state kept it: files named relative to the
    /// directory) because the set at `directory` could not be served (`rejected`, as `init(directory:settings:)`
    /// threw it). The kept files go through the same loader as `juice lint`: a kept set with errors (a newer rule,
    /// say) is refused as `.invalid` too. The directory's problems are the status's last attempt, rejected, as for a
    /// broken live edit, so staff see them; the next reload that finds the directory good replaces this menu.
    package init(
        directory: String, settings: ReloadSettings, lastGood: [RecipeSourceFile], rejected: LiveMenuError
    ) throws(LiveMenuError) {
        let result = RecipeLoader().load(files: lastGood)
        guard !result.hasErrors else { throw .invalid(result) }
        let now = Date()
        let version = RecipeSetVersion.of(lastGood, root: nil)
        self.directory = directory
        self.settings = settings
        current = MenuVersion(
            book: result.book, version: version, loadedAt: now, warnings: result.diagnostics, files: lastGood, origin: .lastGood)
        // The directory has not proved good since this start.
        lastSuccessAt = Date(timeIntervalSince1970: 0)
        let attempt: ReloadAttempt
        switch rejected {
        case .invalid(let broken):
            attempt = ReloadAttempt(
                at: now, result: .rejected, diagnostics: broken.diagnostics, changes: [], version: version,
                attemptedVersion: RecipeSetVersion.of(broken.sources, root: directory))
        case .unreadable(let reason):
            attempt = ReloadAttempt(at: now, result: .rejected, diagnostics: [], changes: [], version: version, failure: reason)
        }
        lastAttempt = attempt
        attemptCounts = [.rejected: 1]
    }

    deinit {
        for continuation in subscribers.values { continuation.finish() }
    }

    /// The reload state.
    package func status() -> ReloadStatus {
        ReloadStatus(
            version: current.version, loadedAt: current.loadedAt, lastAttempt: lastAttempt,
            attempts: Dictionary(uniqueKeysWithValues: ReloadAttempt.Result.allCases.map { ($0, attemptCounts[$0] ?? 0) }),
            lastSuccessAt: lastSuccessAt, watching: watching
        )
    }

    /// Reads and lints the set on disk now; replaces the live menu only when it has no errors and differs.
    ///
    /// Reading happens off the actor, so `current` stays readable meanwhile; reloads asked for at once run in turn.
    @discardableResult
    package func reload() async -> ReloadAttempt {
        await serializedReload(recordingRejection: true)
    }

    /// Every attempt from now on, as it finishes (an `applied` one carries the new live version); the newest 32 are
    /// kept for a slow reader. Ends when the menu is released.
    package func updates() -> AsyncStream<ReloadAttempt> {
        let (stream, continuation) = AsyncStream<ReloadAttempt>.makeStream(bufferingPolicy: .bufferingNewest(32))
        let token = nextSubscriber
        nextSubscriber += 1
        subscribers[token] = continuation
        // The task holds the menu strongly, and only while it is alive: a weak reference in a task still waiting to
        // run when the process exits would keep the menu's weak-reference table allocated (LeakSanitizer reports it).
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.unsubscribe(token) }
        }
        return stream
    }

    /// Watches the directory (inotify, polling fallback) and reloads after edits, until the task is cancelled.
    ///
    /// Each burst of events is read once the directory has been quiet for `settings.debounce`. A set that fails to
    /// load right after a burst is given one more debounce interval (an editor may still be writing) before the
    /// rejection is recorded. Returns at once when the built-in set is served or the watch method is `.off`.
    package func watch() async {
        guard let directory, settings.watchMethod != .off else { return }
        let (watcher, method) = DirectoryWatchers.start(directory, settings: settings)
        defer { watcher.stop() }
        // An edit made before the watch was in place is picked up here; an unchanged set is not reported.
        await serializedReload(recordingRejection: true, reportingUnchanged: false)
        watching = method
        defer { watching = nil }
        for await _ in watcher.signals {
            guard await serializedReload(recordingRejection: false).result == .rejected else { continue }
            try? await Task.sleep(for: settings.debounce)
            if Task.isCancelled { break }
            await serializedReload(recordingRejection: true)
        }
    }

    // MARK: Reloading

    /// Runs a reload after any reload already asked for. A rejection is recorded only when `recordingRejection`, an
    /// unchanged set only when `reportingUnchanged`.
    @discardableResult
    private func serializedReload(recordingRejection: Bool, reportingUnchanged: Bool = true) async -> ReloadAttempt {
        let previous = pendingReload
        let task = Task {
            _ = await previous?.value
            return await self.performReload(recordingRejection: recordingRejection, reportingUnchanged: reportingUnchanged)
        }
        pendingReload = task
        return await task.value
    }

    private func performReload(recordingRejection: Bool, reportingUnchanged: Bool) async -> ReloadAttempt {
        let loaded = await Self.loadConcurrently(directory)
        let live = current
        guard let result = loaded.result, !result.hasErrors else {
            let attempt = ReloadAttempt(
                at: Date(), result: .rejected, diagnostics: loaded.result?.diagnostics ?? [], changes: [], version: live.version,
                attemptedVersion: loaded.result == nil ? nil : loaded.version, failure: loaded.failure
            )
            return recordingRejection ? record(attempt) : attempt
        }
        if loaded.version == live.version {
            let attempt = ReloadAttempt(
                at: Date(), result: .unchanged, diagnostics: result.diagnostics, changes: [], version: live.version, attemptedVersion: loaded.version)
            // The directory now holds the set served from the state: it is the directory's again.
            if live.origin == .lastGood {
                current.origin = .directory
                current.files = RecipeSetVersion.relative(result.sources, root: directory)
            }
            // After a rejection, a directory good again is always worth recording: the problems are gone.
            return reportingUnchanged || lastAttempt?.result == .rejected ? record(attempt) : attempt
        }
        // What changed in the menu itself; what it means at the shop's stock is for the shop to say (the server reads
        // the stock for the new menu anyway: `replacedBook` and `book` let it compare).
        let changes = MenuChanges(menuOf: live.book, to: result.book)
        let now = Date()
        current = MenuVersion(
            book: result.book, version: loaded.version, loadedAt: now, warnings: result.diagnostics,
            files: RecipeSetVersion.relative(result.sources, root: directory))
        return record(
            ReloadAttempt(
                at: now, result: .applied, diagnostics: result.diagnostics, changes: changes.summaryLines(for: result.book),
                version: loaded.version, attemptedVersion: loaded.version, menuChanges: changes, book: result.book,
                replacedBook: live.book
            ))
    }

    private func record(_ attempt: ReloadAttempt) -> ReloadAttempt {
        lastAttempt = attempt
        attemptCounts[attempt.result, default: 0] += 1
        if attempt.result != .rejected { lastSuccessAt = attempt.at }
        for continuation in subscribers.values { continuation.yield(attempt) }
        return attempt
    }

    private func unsubscribe(_ token: Int) {
        subscribers[token] = nil
    }

    // MARK: Loading

    /// A set as read from disk: the load result and its version, or why it could not be read.
    private struct LoadedSet: Sendable {
        var result: RecipeLoadResult?
        var version: String
        var failure: RecipeSourceError?
    }

    @concurrent
    private static func loadConcurrently(_ directory: String?) async -> LoadedSet {
        load(directory)
    }

    private static func load(_ directory: String?) -> LoadedSet {
        do {
            let result = try RecipeSet.load(paths: directory.map { [$0] } ?? [])
            return LoadedSet(result: result, version: RecipeSetVersion.of(result.sources, root: directory))
        } catch {
            return LoadedSet(result: nil, version: "", failure: error)
        }
    }
}
