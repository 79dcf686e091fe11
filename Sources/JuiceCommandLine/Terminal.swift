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

    /// Writes `text` to standard output as is.
    package static func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes `text` (and a newline unless told not to) to standard error.
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

/// Writes all of `text` to `descriptor`, going on after a signal or a short write; any other failure ends it.
private func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, start + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
