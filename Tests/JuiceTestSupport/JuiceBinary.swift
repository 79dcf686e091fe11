import Foundation
import JuiceRecipes

/// Runs the built `juice` binary as a separate process and captures what it does.
public enum JuiceBinary {
    /// What one run printed and how it exited.
    public struct Outcome: Sendable {
        /// Everything written to standard output.
        public var stdout: String
        /// Everything written to standard error.
        public var stderr: String
        /// The exit status (a signal's number when killed).
        public var status: Int32
    }

    /// The package's root directory (where Package.swift is).
    public static var packageRoot: URL { TestDirectories.packageRoot }

    /// An empty directory (made once): run there, `juice` uses its built-in recipe set, whatever the package's
    /// `recipes/` holds, so tests pin the built-in set and a user's edits to `recipes/` never make them fail.
    public static let builtInDirectory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("juice-cli-builtin-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Writes the built-in recipe set into `directory/recipes`, as `recipes/` in a checkout holds it.
    public static func writeBuiltInRecipes(into directory: URL) throws {
        try TestDirectories.writeBuiltInRecipes(into: directory)
    }

    /// The `juice` executable beside the test bundle (the test target depends on it, so it is built first).
    public static var executable: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("juice"),
            Bundle.main.bundleURL.appendingPathComponent("juice"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("juice"),
            packageRoot.appendingPathComponent(".build/debug/juice"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
    }

    /// Runs `juice arguments…` (or another `executable`) in `directory` with `environment` added, closing standard input.
    ///
    /// A run longer than `timeout` seconds is killed (and its status is then SIGKILL's). With `asUnprivilegedUser`,
    /// a test running as root runs the binary as `nobody`, so that file permissions apply. The wait for the child
    /// happens on a thread of its own (`offThePool`), never on one of the threads Swift concurrency runs tests on.
    ///
    /// Unless `throttled` is false (for a test whose point is that its children run at the same time), it first waits
    /// for one of `ChildSlots.shared`'s slots: with the whole suite running in parallel, a hundred end-to-end tests
    /// would otherwise start their children at once and starve the in-process servers and stores of other tests.
    public static func run(
        _ arguments: [String], in directory: URL = builtInDirectory, environment: [String: String] = [:],
        timeout: Double = 120, asUnprivilegedUser: Bool = false, executable: URL = executable, throttled: Bool = true
    ) async throws -> Outcome {
        let work: @Sendable () throws -> Outcome = {
            try runBlocking(
                arguments, in: directory, environment: environment, timeout: timeout,
                asUnprivilegedUser: asUnprivilegedUser, executable: executable)
        }
        guard throttled else { return try await offThePool(work) }
        return try await ChildSlots.shared.whileHoldingASlot { try await offThePool(work) }
    }

    /// `run`, blocking the calling thread until the child exited.
    private static func runBlocking(
        _ arguments: [String], in directory: URL, environment: [String: String],
        timeout: Double, asUnprivilegedUser: Bool, executable: URL
    ) throws -> Outcome {
        let process = Process()
        if asUnprivilegedUser && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let guardTimer = DispatchSource.makeTimerSource()
        guardTimer.schedule(deadline: .now() + timeout)
        guardTimer.setEventHandler { kill(pid, SIGKILL) }
        guardTimer.resume()
        defer { guardTimer.cancel() }
        // Read both pipes concurrently so a full pipe cannot block the child: standard error on a thread of its own.
        // Never on Dispatch's global queues: on Linux their threads are the ones Swift concurrency's cooperative pool
        // runs on (two on two cores), so two children reading there would stall every async test meanwhile (the
        // in-process servers, the PostgreSQL stores' transactions). The semaphore orders the reader's write before the
        // read below (ThreadSanitizer checks this).
        nonisolated(unsafe) var errData = Data()
        let finished = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread {
            errData = errHandle.readDataToEndOfFile()
            finished.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.wait()
        return Outcome(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus
        )
    }

    /// A new empty temporary directory.
    public static func temporaryDirectory() throws -> URL {
        try TestDirectories.make("juice-cli")
    }
}

/// Runs `work`, which blocks (waits for a child process, reads a pipe to its end, sleeps), on a thread of its own and
/// returns what it returned. The caller's task is suspended meanwhile, so the threads of Swift concurrency's
/// cooperative pool (two on two cores) stay free for the in-process servers of other tests running at the same time.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A limit on how many children the tests run at once (as many as there are cores). Waiting for a slot suspends the
/// task: no thread is held.
public actor ChildSlots {
    /// The slots every `JuiceBinary.run` shares.
    public static let shared = ChildSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Slots for `count` children at once.
    public init(count: Int) {
        free = count
    }

    /// Runs `body` once a slot is free, and frees it after.
    public func whileHoldingASlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
