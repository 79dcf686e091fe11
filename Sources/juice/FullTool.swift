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

    /// Whether `juice` runs `arguments` itself: `lint`, named first (after any leading `--lang ko|en`), and not asked
    /// for a completion script, which covers every command. Anything else there, an option or a language `juice`
    /// does not speak, is left for `juice-full` to judge.
    static func runsItself(_ arguments: [String]) -> Bool {
        guard let command = LanguageOption.commandIndex(in: arguments) else { return false }
        return arguments[command] == LintCommand.configuration.commandName
            && !arguments.contains { $0.hasPrefix("--generate-completion-script") }
    }

    /// Replaces this process with `juice-full` run on `arguments` (same process id, environment and standard
    /// streams, so signals, exit codes and pipes are the full tool's own); when it cannot be started, says why and how
    /// to install it, and exits 1.
    static func run(_ arguments: [String]) -> Never {
        let path = siblingPath()
        let argv = (["juice"] + arguments).map { strdup($0) } + [nil]
        path.withUnsafeBufferPointer { file in
            guard let file = file.baseAddress else { return }
            // A path with a slash is run as it is (execv: never handed to /bin/sh, as execvp would a file that is
            // not a valid executable); a bare name, when the running file's directory is unknown, is looked up in PATH.
            if path.contains(UInt8(ascii: "/").asCChar) { execv(file, argv) } else { execvp(file, argv) }
        }
        let code = errno
        let reporter = Reporter(language: UsageLanguage.of(arguments), json: arguments.contains("--json"))
        // A file that is there but cannot be run: the general reasons speak of reading.
        let reason = switch code {
        case EACCES: SystemReason(english: "Permission denied", korean: "실행할 권한이 없어요")
        case ENOEXEC: SystemReason(english: "Exec format error", korean: "실행할 수 있는 파일이 아니에요 (망가졌거나 다른 시스템의 파일이에요)")
        default: SystemReason(code: code)
        }
        let shown = String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let message = CommandMessage.fullToolMissing(path: shown, reason: reason.text(in: reporter.language))
        exit(reporter.failure(kind: "juice-full-missing", message: message.text(in: reporter.language), status: ExitStatus.failure).rawValue)
    }

    /// `juice-full` in the directory of the running executable (symbolic links resolved, as the kernel reports it), as
    /// the file system's bytes with a closing NUL; a bare name when that directory is unknown.
    static func siblingPath() -> [CChar] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        var executable = length > 0 ? Array(buffer[..<length]) : Array((CommandLine.arguments.first ?? "").utf8CString.dropLast())
        let slash = UInt8(ascii: "/").asCChar
        guard let last = executable.lastIndex(of: slash) else { return Array(name.utf8CString) }
        executable.removeSubrange((last + 1)...)
        return executable + Array(name.utf8CString)
    }
}

private extension UInt8 {
    /// The byte as a C character.
    var asCChar: CChar { CChar(bitPattern: self) }
}
