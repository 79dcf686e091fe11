import Foundation
import JuiceCore
import JuiceRecipeText
import JuiceRecipes
import JuiceReload

/// Edits the recipe files of a directory on staff's behalf, one edit at a time.
///
/// Each edit reads the set from disk, checks the version asked for (`If-Match`), turns the change into the smallest
/// text edits (`MenuTextEditor`), checks the edited set in memory exactly as `juice lint` does (the directory's
/// `.juicelint.yaml` applied) and as the live menu does (no errors), and only then writes the files atomically
/// (`AtomicFileWrite`, each swapped in and checked), after checking that none changed on disk meanwhile; an edit of
/// several files is all or nothing, also across a kill (`MenuEditIntent`, `recoverInterruptedEdits()`). It records
/// every write (`MenuEditLog`) and undoes the last one while its files are as it left them. Reloading the live menu is
/// the caller's: the server reloads right after a write, as the watcher would.
package actor MenuEditor {
    /// The recipe directory; nil when the built-in set is served (nothing can be written).
    package nonisolated let directory: String?
    private let accessCheck: @Sendable (String?) -> RecipeDirectoryAccess
    private var log: MenuEditLog
    /// Runs at each step of writing an edit (tests put a save on disk, or take a snapshot as a killed process would
    /// leave it, there).
    var onStep: @Sendable (WriteStep) -> Void = { _ in }

    /// A step of writing an edit, for `onStep`.
    enum WriteStep: Equatable {
        /// The new texts are in their temporary files; the files on disk are compared with what was read next.
        case beforeComparing
        /// The file named is put in place next.
        case beforeReplacing(String)
        /// The file named was put in place.
        case afterReplacing(String)
    }

    /// An editor of `directory`, keeping its record in memory and, when `logFile` is given, in that JSON Lines file;
    /// `access` says whether the directory can be written (by default, what the system says: `RecipeDirectoryAccess.check`).
    package init(
        directory: String?, logFile: String? = nil,
        access: @escaping @Sendable (String?) -> RecipeDirectoryAccess = RecipeDirectoryAccess.check
    ) {
        self.directory = directory
        self.accessCheck = access
        self.log = MenuEditLog(file: logFile)
    }

    /// The file the record is appended to, if any.
    package var logFile: String? { log.file }

    /// Whether edits can be written now, and why not.
    package func access() -> RecipeDirectoryAccess { accessCheck(directory) }

    /// The menu as the files on disk define it.
    package func menu() throws(MenuEditError) -> EditableMenu {
        let set = try readSet()
        return EditableMenu(files: set.files, result: set.result, errors: set.errors, version: set.version, access: access())
    }

    /// The edit record, newest first, at most `limit`.
    package func edits(limit: Int = 50) -> [MenuEditRecord] { Array(log.records.reversed().prefix(limit)) }

    /// Makes `change` for the staff session `session`, if `ifMatch` (when given: the versions an `If-Match` names)
    /// names the version on disk.
    package func apply(_ change: MenuChange, ifMatch: [String]? = nil, session: String) throws(MenuEditError) -> MenuEditOutcome {
        // A value or file name that can never be one is said before anything else (a version, the directory).
        try change.checkValues()
        switch change {
        case .addJuice(let juice): if let file = juice.file { try MenuTextEditor.checkFileName(file) }
        case .addFruit(let fruit): if let file = fruit.file { try MenuTextEditor.checkFileName(file) }
        default: break
        }
        let (directory, set) = try writableSet(ifMatch: ifMatch)
        let textChange = try MenuTextEditor(files: set.files, book: set.result.book).edits(for: change)
        for file in textChange.newFiles {
            // A new file goes into a directory that exists, and never over a file the set does not read.
            let parent = file.name.split(separator: "/").dropLast().joined(separator: "/")
            guard RecipeSet.isDirectory(parent.isEmpty ? directory : directory + "/" + parent) else { throw .noSuchDirectory(parent) }
            guard AtomicFileWrite.contents(of: directory + "/" + file.name) == nil else { throw .invalidFile(file.name) }
        }
        let edited = TextEdit.applying(textChange.edits, to: set.files) + textChange.newFiles
        return try write(edited, over: set, in: directory, summary: change.summary, session: session, undoing: nil)
    }

    /// Undoes the newest edit not undone yet, if its files are as it left them and the set stays clean.
    package func undo(ifMatch: [String]? = nil, session: String) throws(MenuEditError) -> MenuEditOutcome {
        let (directory, set) = try writableSet(ifMatch: ifMatch)
        guard let last = log.undoable else { throw .nothingToUndo }
        var edited = set.files
        for restore in last.restore {
            let now = edited.first { $0.name == restore.name }
            guard FileDigest.of(now?.bytes) == restore.afterDigest else { throw .undoBlocked(file: restore.name) }
            if let before = restore.before {
                let file = RecipeSourceFile(name: restore.name, bytes: [UInt8](before))
                if let index = edited.firstIndex(where: { $0.name == restore.name }) { edited[index] = file } else { edited.append(file) }
            } else {
                edited.removeAll { $0.name == restore.name }
            }
        }
        return try write(edited, over: set, in: directory, summary: "undo #\(last.id): \(last.summary)", session: session, undoing: last.id)
    }

    // MARK: Reading and checking

    /// The set on disk: files named relative to the directory, loaded, its errors (lint's, configuration applied,
    /// and the live menu's), its version.
    struct LoadedSet: Sendable {
        var files: [RecipeSourceFile]
        var result: RecipeLoadResult
        var errors: [Diagnostic]
        var warnings: [Diagnostic]
        var version: String
    }

    private func readSet() throws(MenuEditError) -> LoadedSet {
        guard let directory else {
            let files = DefaultRecipes.files
            let check = Self.check(files, rules: LoadedRuleConfiguration())
            return LoadedSet(
                files: files, result: check.result, errors: check.errors, warnings: check.warnings, version: RecipeSetVersion.of(files, root: nil))
        }
        let files: [RecipeSourceFile]
        let rules: LoadedRuleConfiguration
        do {
            files = RecipeSetVersion.relative(try RecipeSet.readFiles(at: [directory]), root: directory)
            rules = try RuleConfiguration.load(forLinting: [directory])
        } catch {
            throw .unreadable(error)
        }
        let check = Self.check(files, rules: rules)
        return LoadedSet(
            files: files, result: check.result, errors: check.errors, warnings: check.warnings, version: RecipeSetVersion.of(files, root: nil))
    }

    /// The set as `juice lint` sees it with `rules` and as the live menu does: the errors of either (an edit is
    /// written only when the set it makes has none).
    package static func check(
        _ files: [RecipeSourceFile], rules: LoadedRuleConfiguration
    ) -> (result: RecipeLoadResult, errors: [Diagnostic], warnings: [Diagnostic]) {
        let result = RecipeLoader().load(files: files)
        let linted = (rules.configuration.applied(to: result).diagnostics + rules.diagnostics).sorted()
        var errors = linted.filter { $0.severity == .error }
        for diagnostic in result.diagnostics
        where diagnostic.severity == .error && !errors.contains(where: { $0.location == diagnostic.location && $0.rule == diagnostic.rule }) {
            errors.append(diagnostic)
        }
        return (result, errors.sorted(), linted.filter { $0.severity == .warning })
    }

    /// The directory, if it can be written, and the set on disk, if `ifMatch` names it.
    private func writableSet(ifMatch: [String]?) throws(MenuEditError) -> (String, LoadedSet) {
        if case .notWritable(let problem) = access() { throw .notWritable(problem) }
        guard let directory else { throw .notWritable(.builtInSet) }
        // An edit another process (one that shares the directory) was killed in the middle of is taken back first:
        // this edit must not build on half of it.
        _ = recoverInterruptedEdits()
        let set = try readSet()
        if let ifMatch, !ifMatch.contains(set.version) { throw .stale(current: set.version) }
        return (directory, set)
    }

    // MARK: Writing

    /// Writes `edited` over `set` (only the files that differ), if it is clean, and records it.
    private func write(
        _ edited: [RecipeSourceFile], over set: LoadedSet, in directory: String, summary: String, session: String, undoing: Int?
    ) throws(MenuEditError) -> MenuEditOutcome {
        let before = Dictionary(set.files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(edited.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let names = (set.files.map(\.name) + edited.map(\.name)).reduce(into: [String]()) { names, name in
            if !names.contains(name) && before[name] != after[name] { names.append(name) }
        }
        guard !names.isEmpty else { return MenuEditOutcome(record: nil, version: set.version, warnings: set.warnings) }
        let rules = (try? RuleConfiguration.load(forLinting: [directory])) ?? LoadedRuleConfiguration()
        let check = Self.check(edited, rules: rules)
        guard check.errors.isEmpty else { throw .refused(check.errors) }
        // Every new text in a temporary file first; then, if no file changed on disk since it was read, the intent
        // (so that a kill part way is taken back at the next start) and each file in place, each checked as it is
        // swapped; a file found changed takes back the ones before it.
        var writes: [AtomicFileWrite] = []
        let intentPath: String
        do throws(MenuEditError) {
            for name in names {
                let path = directory + "/" + name
                writes.append(
                    try after[name].map { bytes throws(MenuEditError) in try AtomicFileWrite(bytes, to: path, name: name) }
                        ?? .removal(of: path, name: name))
            }
            onStep(.beforeComparing)
            for name in names where AtomicFileWrite.contents(of: directory + "/" + name) != before[name] {
                throw .changedOnDisk(file: name, current: (try? readSet().version) ?? "")
            }
            let intent = MenuEditIntent(
                files: writes.map { write in
                    MenuEditIntent.File(
                        name: write.name, before: before[write.name].map { Data($0) }, afterDigest: FileDigest.of(after[write.name]),
                        temporary: MenuEditIntent.name(of: write.temporary, in: directory))
                })
            intentPath = try intent.begin(in: directory)
        } catch {
            for write in writes { write.abort() }
            throw error
        }
        for (position, write) in writes.enumerated() {
            do throws(MenuEditError) {
                onStep(.beforeReplacing(write.name))
                try write.commit(expecting: before[write.name])
                onStep(.afterReplacing(write.name))
            } catch {
                for rest in writes[(position + 1)...] { rest.abort() }
                var restored = true
                for done in writes[..<position].reversed() {
                    let outcome = AtomicFileWrite.restore(
                        before[done.name], at: directory + "/" + done.name, name: done.name, ifDigestIs: FileDigest.of(after[done.name]))
                    if outcome == .failed { restored = false } else { done.finish() }
                }
                // A file that could not be put back keeps the intent: the next start tries again.
                if restored { MenuEditIntent.end(at: intentPath) }
                if case .changedOnDisk(let file, _) = error { throw .changedOnDisk(file: file, current: (try? readSet().version) ?? "") }
                throw error
            }
        }
        for write in writes { write.finish() }
        MenuEditIntent.end(at: intentPath)
        let version = RecipeSetVersion.of(edited, root: nil)
        let record = MenuEditRecord(
            id: log.nextID, at: Date(), session: session, summary: summary, files: names,
            diff: names.map { UnifiedDiff.of(before[$0], after[$0], name: $0) }.joined(),
            versionBefore: set.version, versionAfter: version, undoes: undoing, undoneBy: nil,
            restore: names.map { MenuEditRecord.FileRestore(name: $0, before: before[$0].map { Data($0) }, afterDigest: FileDigest.of(after[$0])) })
        let failure = log.record(record)
        return MenuEditOutcome(
            record: log.records.last, version: version, warnings: check.warnings, recordNotKept: failure.map(SystemReason.init(code:)))
    }

    /// Sets what runs at each step of writing an edit (for tests).
    func setOnStep(_ hook: @escaping @Sendable (WriteStep) -> Void) { onStep = hook }

    // MARK: Recovering

    /// Takes back the edits a killed process left half made in the directory (their intents, see `MenuEditIntent`):
    /// every file the edit had put in place gets its bytes from before the edit back, unless someone changed it since.
    /// Run at start, before the set is read, and before each edit; an intent of another live process (or host) is left
    /// alone.
    package func recoverInterruptedEdits() -> MenuEditRecovery {
        var recovery = MenuEditRecovery()
        guard let directory else { return recovery }
        for (path, intent) in MenuEditIntent.left(in: directory) {
            guard let intent, !intent.mayBeInProgress else {
                recovery.leftAlone.append(MenuEditIntent.name(of: path, in: directory))
                continue
            }
            var failed = false
            for file in intent.files {
                let outcome = AtomicFileWrite.restore(
                    file.before.map { [UInt8]($0) }, at: directory + "/" + file.name, name: file.name, ifDigestIs: file.afterDigest)
                switch outcome {
                case .restored: recovery.restored.append(file.name)
                case .alreadyBefore: recovery.untouched.append(file.name)
                case .changedSince: recovery.changedSince.append(file.name)
                case .failed:
                    recovery.failed.append(file.name)
                    failed = true
                }
            }
            guard !failed else { continue }
            for file in intent.files { unlink(MenuEditIntent.path(of: file.temporary, in: directory)) }
            MenuEditIntent.end(at: path)
        }
        // The temporary files of an edit killed before its intent was written (nothing had been put in place).
        for name in MenuEditIntent.temporaryFilesOfEndedProcesses(in: directory) {
            unlink(directory + "/" + name)
            recovery.temporaryFilesRemoved.append(name)
        }
        return recovery
    }
}
