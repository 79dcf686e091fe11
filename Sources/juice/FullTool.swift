import JuiceCommandLine
import JuiceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `juice-full`, the binary that runs every command but `lint`: found beside this one, and started in its place.
enum FullTool {
    /// The file name of the full tool.
    static let name = "juice-full"

    /// The command a command line names: its first word after any leading `--lang ko|en`.
    static func commandName(in arguments: [String]) -> String? {
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--lang" {
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--lang=") {
                rest = rest.dropFirst()
            } else {
                return first
            }
        }
        return nil
    }

    /// Replaces this process with `juice-full` run on `arguments` (same process id, environment and standard
    /// streams, so signals, exit codes and pipes are the full tool's own); when it cannot be started, says why and how
    /// to install it, and exits 1.
    static func run(_ arguments: [String]) -> Never {
        let path = siblingPath()
        let argv = (["juice"] + arguments).map { strdup($0) } + [nil]
        // With a slash in `path` this is execv; without one (no /proc, started through PATH) the search is PATH.
        execvp(path, argv)
        let reason = SystemReason(code: errno)
        let reporter = Reporter(language: UsageLanguage.of(arguments), json: arguments.contains("--json"))
        let message = CommandMessage.fullToolMissing(path: path, reason: reason.text(in: reporter.language))
        exit(reporter.failure(kind: "juice-full-missing", message: message.text(in: reporter.language), status: ExitStatus.failure).rawValue)
    }

    /// `juice-full` in the directory of the running executable (symbolic links resolved, as the kernel reports it).
    static func siblingPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        guard let slash = executable.lastIndex(of: "/") else { return name }
        return executable[...slash] + name
    }
}
