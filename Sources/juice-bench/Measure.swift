import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory helpers for benchmarks.
enum Measure {
    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// The fastest of `runs` timings of `body`, in seconds.
    static func best(runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            body()
            best = min(best, now() - start)
        }
        return best
    }

    /// Times each of `stages` once per round, `rounds` times, alternating them so that a machine whose speed drifts
    /// (a shared host) slows every stage alike; the fastest time of each stage, in seconds, in order.
    static func alternating(rounds: Int, _ stages: [() -> Void]) -> [Double] {
        var best = Array(repeating: Double.infinity, count: stages.count)
        for _ in 0..<rounds {
            for (index, stage) in stages.enumerated() {
                let start = now()
                stage()
                best[index] = min(best[index], now() - start)
            }
        }
        return best
    }

    /// Runs this executable with `arguments` in a child process and reads the three numbers it prints (its RSS
    /// before the work, its peak after, its `ru_maxrss`); nil, having said why, when that fails.
    static func childPeak(_ arguments: [String]) -> [Int]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            print("peak memory: could not start child: \(error)")
            return nil
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 3 else {
            print("peak memory: child said \(output)")
            return nil
        }
        return fields
    }

    /// Writes `bytes` to a new file in the temporary directory; its path, or nil (having said why).
    static func temporaryFile(_ bytes: [UInt8], suffix: String) -> String? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-\(getpid())-\(UUID().uuidString).\(suffix)").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            print("cannot write \(path)")
            return nil
        }
        return path
    }

    /// Runs `executable` (this one by default) with `arguments` under callgrind, in `directory` when given, counting
    /// only the instructions of the C function `function` and its callees, or the whole process when it is nil; the
    /// count, or nil (having said why).
    ///
    /// Valgrind cannot read the debug information Swift writes, so it runs a copy of the executable without it.
    static func callgrind(
        _ arguments: [String], collecting function: String?, executable: String = CommandLine.arguments[0], in directory: String? = nil
    ) -> Int? {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-\(getpid())-\(UUID().uuidString)").path
        let (output, stripped) = (base + ".callgrind", base + ".bin")
        defer {
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: stripped)
        }
        guard run("/usr/bin/env", ["strip", "--strip-debug", "-o", stripped, executable]) else {
            print("callgrind: could not strip a copy of \(executable); is binutils installed?")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let collect = function.map { ["--toggle-collect=\($0)"] } ?? []
        process.arguments = ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(output)"] + collect + [stripped] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            print("callgrind: could not start valgrind: \(error)")
            return nil
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            print("callgrind: valgrind failed (status \(process.terminationStatus)); is valgrind installed?")
            return nil
        }
        let totals = text.split(separator: "\n").first { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }
        guard let count = totals?.split(separator: " ").last.flatMap({ Int($0) }) else {
            print("callgrind: no totals in \(output)")
            return nil
        }
        return count
    }

    /// Runs `executable` with `arguments`, its output discarded; whether it succeeded.
    private static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Runs `executable` with `arguments` in `directory` (posix_spawn, so that no spawning machinery of our own is
    /// timed), its output discarded; the wall time in seconds, or nil when it could not be started or failed (with
    /// `anyExitStatus`, only when it could not be started or was killed: a linter that reports problems exits 1).
    static func timeProcess(_ executable: String, _ arguments: [String], in directory: String, anyExitStatus: Bool = false) -> Double? {
        let previous = FileManager.default.currentDirectoryPath
        guard chdir(directory) == 0 else { return nil }
        defer { _ = chdir(previous) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let start = now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return nil }
        let elapsed = now() - start
        let exited = status & 0x7f == 0
        return status == 0 || (anyExitStatus && exited) ? elapsed : nil
    }

    /// The first executable file called `name` in the directories of `PATH`.
    static func executableInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// The process's peak resident set size so far, in bytes.
    ///
    /// On Linux this is `VmHWM` from /proc/self/status: `ru_maxrss` of a spawned child also counts the parent's
    /// high-water mark from before `exec` (vfork shares the parent's memory until then), which would hide the child's own peak.
    static func peakRSS() -> Int {
        if let highWater = statusField("VmHWM:") { return highWater }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// The process's `ru_maxrss`, in bytes (see `peakRSS` for why it can overstate a child's peak).
    static func maxRSSFromRusage() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// A size field (in kB) of /proc/self/status, in bytes; nil where there is no such file or field.
    private static func statusField(_ name: String) -> Int? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix(name) else { continue }
            return line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// The process's current resident set size, in bytes (from /proc/self/statm).
    static func currentRSS() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard fscanf_wrapper(file, &size, &resident) else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func fscanf_wrapper(_ file: UnsafeMutablePointer<FILE>, _ size: inout Int, _ resident: inout Int) -> Bool {
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let fields = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let first = Int(fields[0]), let second = Int(fields[1]) else { return false }
        size = first
        resident = second
        return true
    }

    /// `value` with thousands separators.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// `value` with `places` decimals.
    static func fixed(_ value: Double, _ places: Int = 2) -> String {
        let scale = pow(10, Double(places))
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < places { text += String(repeating: "0", count: places - decimals) }
        }
        return text
    }
}
