import Foundation
import JuiceRecipes
import JuiceReload
import Testing

/// A temporary recipe directory holding the default set (fruits.yaml, juices.yaml, store.yaml), edited the ways
/// editors and deployments save files.
struct RecipeDirectory {
    /// The directory's path.
    let path: String

    /// The default set's files by name (without the `recipes/` prefix).
    static let defaultFiles: [String: String] = Dictionary(
        uniqueKeysWithValues: DefaultRecipes.files.map { file in
            (String(file.name.dropFirst("recipes/".count)), String(decoding: file.bytes, as: UTF8.self))
        })

    /// The default juices.yaml with banana-juice taking `amount` bananas (the default is 2).
    static func juices(banana amount: Int) -> String {
        defaultFiles["juices.yaml", default: ""].replacingOccurrences(of: "recipe: {banana: 2}", with: "recipe: {banana: \(amount)}")
    }

    /// juices.yaml with a misspelt fruit at line 13, column 14.
    static let brokenJuices = defaultFiles["juices.yaml", default: ""].replacingOccurrences(of: "recipe: {banana: 2}", with: "recipe: {bananna: 2}")

    /// A new directory with the default set; with `configMap`, laid out as Kubernetes mounts a ConfigMap.
    init(configMap: Bool = false) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-reload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if configMap {
            try swapConfigMap(to: Self.defaultFiles, generation: 1)
            for name in Self.defaultFiles.keys {
                try FileManager.default.createSymbolicLink(atPath: "\(path)/\(name)", withDestinationPath: "..data/\(name)")
            }
        } else {
            for (name, text) in Self.defaultFiles { try write(name, text) }
        }
    }

    /// Writes `text` to `name` in place: the same inode, truncated and rewritten (created if missing).
    func write(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_TRUNC)
    }

    /// Adds `text` to the end of `name`, in place.
    func append(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_APPEND)
    }

    private func write(_ name: String, _ text: String, flags: Int32) throws {
        let descriptor = open("\(path)/\(name)", O_WRONLY | O_CREAT | flags, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Writes `text` to a temporary file beside `name`, then renames it over `name` (vim, `sed -i`).
    func replace(_ name: String, _ text: String) throws {
        let temporary = "\(path)/.\(name).swp-\(UUID().uuidString.prefix(8))"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, "\(path)/\(name)") == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Removes `name`.
    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: "\(path)/\(name)")
    }

    /// What kubelet does to update a ConfigMap: a new `..<timestamp>` directory, a `..data_tmp` link to it renamed over
    /// `..data`, the old directory removed.
    func swapConfigMap(to files: [String: String], generation: Int) throws {
        let directory = "..2026_11_23_10_00_0\(generation).00000000\(generation)"
        try FileManager.default.createDirectory(atPath: "\(path)/\(directory)", withIntermediateDirectories: false)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: "\(path)/\(directory)/\(name)")) }
        let old = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(path)/..data")
        try FileManager.default.createSymbolicLink(atPath: "\(path)/..data_tmp", withDestinationPath: directory)
        guard rename("\(path)/..data_tmp", "\(path)/..data") == 0 else { throw CocoaError(.fileWriteUnknown) }
        if let old { try FileManager.default.removeItem(atPath: "\(path)/\(old)") }
    }

    /// The inode of `name` (following links).
    func inode(_ name: String) -> UInt64 {
        var info = stat()
        return stat("\(path)/\(name)", &info) == 0 ? UInt64(info.st_ino) : 0
    }

    /// Removes the directory.
    func delete() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Every attempt a live menu reports, collected as they come, with waits that time out.
actor AttemptLog {
    private(set) var attempts: [ReloadAttempt] = []
    private var collector: Task<Void, Never>?

    /// Starts collecting `menu`'s attempts (subscribed before this returns).
    init(_ menu: LiveMenu) async {
        let stream = await menu.updates()
        collector = Task { [weak self] in
            for await attempt in stream { await self?.append(attempt) }
        }
    }

    private func append(_ attempt: ReloadAttempt) { attempts.append(attempt) }

    /// Waits until there are more than `count` attempts and returns the next one; fails after `timeout`.
    func attempt(after count: Int, timeout: Duration = testTimeout) async throws -> ReloadAttempt {
        let deadline = ContinuousClock.now + timeout
        while attempts.count <= count {
            guard ContinuousClock.now < deadline else { throw TimedOut(waitingFor: "attempt \(count + 1)") }
            try await Task.sleep(for: .milliseconds(2))
        }
        return attempts[count]
    }

    /// Waits for the attempt after `count` others that changed something or was refused, and returns it; fails after
    /// `timeout`. An attempt that found the set unchanged is passed over: a watcher may signal on what no reload sees
    /// (a poll between a rename and the renamed file's new status-change time, a `touch`), and saying "unchanged"
    /// then is right.
    func change(after count: Int, timeout: Duration = testTimeout) async throws -> ReloadAttempt {
        let deadline = ContinuousClock.now + timeout
        while true {
            let changes = attempts.filter { $0.result != .unchanged }
            if changes.count > count { return changes[count] }
            guard ContinuousClock.now < deadline else { throw TimedOut(waitingFor: "change \(count + 1)") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Stops collecting.
    func stop() { collector?.cancel() }
}

/// How long a test waits for something that normally takes milliseconds. Generous, because the whole suite runs
/// many tests at once on 2 cores (machines shared with other builds), and a busy pool may resume a task late.
let testTimeout = Duration.seconds(120)

/// Blocks the calling thread for `duration`: for a gap between two writes that must stay short even when the
/// cooperative pool is busy (a `Task.sleep` may resume much later then).
func blockingPause(_ duration: Duration) {
    usleep(useconds_t(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000))
}

/// A wait that ran out of time.
struct TimedOut: Error, CustomStringConvertible {
    var waitingFor: String
    var description: String { "timed out waiting for \(waitingFor)" }
}

/// Settings for tests: a short debounce, fast polling.
func quickSettings(_ method: WatchMethod, debounce: Duration = .milliseconds(50)) -> ReloadSettings {
    ReloadSettings(debounce: debounce, watchMethod: method, pollInterval: .milliseconds(20))
}

/// A live menu on `directory` watching it with `settings`, its attempt log, and the watch task; the watch is in place
/// when this returns.
func watching(_ directory: RecipeDirectory, _ settings: ReloadSettings) async throws -> (LiveMenu, AttemptLog, Task<Void, Never>) {
    let menu = try LiveMenu(directory: directory.path, settings: settings)
    let log = await AttemptLog(menu)
    let task = Task { await menu.watch() }
    let deadline = ContinuousClock.now + testTimeout
    while await menu.status().watching == nil {
        guard ContinuousClock.now < deadline else { throw TimedOut(waitingFor: "the watch to start") }
        try await Task.sleep(for: .milliseconds(2))
    }
    return (menu, log, task)
}
