#if canImport(Glibc)
import Glibc
import Dispatch

/// The Linux watcher: inotify on the recipe directory and every directory under it (hidden ones too, symbolic links
/// followed), on the directory holding it (for a replaced or re-linked directory) and on the directories symlinked
/// files live in. After every batch of events the watches are established again from what is on disk now, so a
/// renamed-over file, a swapped `..data` link or a replaced directory is watched from then on.
final class InotifyWatcher: DirectoryWatcher, @unchecked Sendable {
    private let signal: ChangeSignal
    private let root: String
    private let descriptor: Int32
    private let source: DispatchSourceRead
    /// Each watch and the names it reports; confined to the signal's queue.
    private var watches: [Int32: NameFilter] = [:]
    /// The directory each watch was added for; confined to the signal's queue.
    private var paths: [Int32: String] = [:]

    private static let events: UInt32 = UInt32(
        IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF
    )

    /// Starts watching `root`; nil when inotify is unavailable (no kernel support, out of instances or watches).
    init?(_ root: String, debounce: Duration) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.root = root
        signal = ChangeSignal(debounce: debounce, label: "JuiceReload.InotifyWatcher")
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: signal.queue)
        let established = signal.queue.sync { establishWatches() }
        guard established else {
            close(descriptor)
            return nil
        }
        source.setEventHandler { [weak self] in self?.readEvents() }
        source.setCancelHandler { close(descriptor) }
        source.activate()
    }

    var signals: AsyncStream<Void> { signal.signals }

    func stop() {
        source.cancel()
        signal.finish()
    }

    /// Reads every pending event, after which the watches are renewed. An event is a change when it is about a recipe
    /// file, a directory or a symbolic link (a swapped `..data`), not an editor's swap file.
    private func readEvents() {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let start = offset + MemoryLayout<inotify_event>.size
                    let name = String(decoding: raw[start..<min(count, start + length)].prefix { $0 != 0 }, as: UTF8.self)
                    offset = start + length
                    if mask & UInt32(IN_IGNORED) != 0 {
                        watches[wd] = nil
                    } else if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        changed = true  // events were lost: reread
                    } else if let directory = paths[wd], watches[wd]?.reports(name) == true,
                        mask & UInt32(IN_ISDIR) != 0 || name.isEmpty
                            || DirectoryTree.isRecipeFile(name) || DirectoryTree.isDirectoryOrLink(directory + "/" + name)
                    {
                        changed = true
                    }
                }
            }
        }
        guard changed else { return }
        _ = establishWatches()
        signal.note()
    }

    /// Watches what is on disk now and drops watches no longer needed; false when a directory could not be watched.
    private func establishWatches() -> Bool {
        var wanted: [String: NameFilter] = [:]
        let (parent, base) = DirectoryTree.split(root)
        wanted[parent, default: NameFilter()].add(base)
        let entries = DirectoryTree.entries(under: root)
        let directories = Set(entries.filter(\.isDirectory).compactMap { DirectoryTree.resolved($0.path) })
        for entry in entries {
            if entry.isDirectory {
                wanted[entry.path, default: NameFilter()].add(nil)
            } else if let target = DirectoryTree.resolved(entry.path) {
                let (directory, name) = DirectoryTree.split(target)
                if !directories.contains(directory) { wanted[directory, default: NameFilter()].add(name) }
            }
        }
        var next: [Int32: NameFilter] = [:]
        var nextPaths: [Int32: String] = [:]
        var complete = true
        for (path, filter) in wanted {
            let wd = inotify_add_watch(descriptor, path, Self.events)
            guard wd >= 0 else {
                if errno != ENOENT { complete = false }
                continue
            }
            next[wd, default: NameFilter()].merge(filter)
            nextPaths[wd] = path
        }
        for wd in watches.keys where next[wd] == nil { inotify_rm_watch(descriptor, wd) }
        watches = next
        paths = nextPaths
        return complete
    }
}

/// The names a watch reports: all of them, or only some (a watch on a parent directory cares about one entry).
struct NameFilter: Hashable, Sendable {
    private var all = false
    private var names: Set<String> = []

    /// Reports `name` too; nil: every name.
    mutating func add(_ name: String?) {
        if let name { names.insert(name) } else { all = true }
    }

    /// Reports what `other` reports too.
    mutating func merge(_ other: NameFilter) {
        all = all || other.all
        names.formUnion(other.names)
    }

    /// Whether an event for `name` is reported.
    func reports(_ name: String) -> Bool { all || names.contains(name) }
}

#else
/// inotify exists only on Linux; elsewhere polling is used.
final class InotifyWatcher: DirectoryWatcher, Sendable {
    init?(_ root: String, debounce: Duration) { return nil }
    var signals: AsyncStream<Void> { AsyncStream { $0.finish() } }
    func stop() {}
}
#endif
