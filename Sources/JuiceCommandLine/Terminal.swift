import JuiceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the terminal `juice` writes to.
package enum Terminal {
    /// Whether colour should be used on standard output: only on a TTY, and never when `NO_COLOR` is set.
    package static var wantsColor: Bool {
        if let noColor = Environment.value("NO_COLOR"), !noColor.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }

    /// Writes `text` to standard output as is. When it cannot be written (a full disk, a closed descriptor), says so
    /// on standard error and exits 1: output cut short is a failure a script must see.
    package static func write(_ text: String) {
        guard let code = writeAll(text, to: STDOUT_FILENO) else { return }
        let language = UsageLanguage.current
        let reason = SystemReason(code: code).text(in: language)
        writeAll(
            CommandMessage.errorPrefix.text(in: language) + CommandMessage.outputFailed(reason: reason).text(in: language) + "\n", to: STDERR_FILENO)
        exit(ExitStatus.failure)
    }

    /// Writes `text` (and a newline unless told not to) to standard error; where that fails, there is nowhere left
    /// to say so.
    package static func writeError(_ text: String, newline: Bool = true) {
        writeAll(newline ? text + "\n" : text, to: STDERR_FILENO)
    }

    /// Whether both standard input and standard output are terminals (a person is at the keyboard).
    package static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// `text` dimmed with ANSI codes when `enabled`.
    package static func dim(_ text: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }

}

/// Writes all of `text` to `descriptor`, going on after a signal or a short write, and waiting while a non-blocking
/// descriptor is full; returns the error number of any other failure, nil when everything was written.
@discardableResult
private func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { bytes -> Int32? in
        guard let start = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, start + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            case let code:
                return code
            }
        }
        return nil
    }
}
