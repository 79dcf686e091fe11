import Foundation

/// Facts about the terminal `juice` writes to.
enum Terminal {
    /// Whether colour should be used on standard output: only on a TTY, and never when `NO_COLOR` is set.
    static var wantsColor: Bool {
        if let noColor = Environment.value("NO_COLOR"), !noColor.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }

    /// Writes `text` to standard output as is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` (and a newline unless told not to) to standard error.
    static func writeError(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
    }

    /// Whether both standard input and standard output are terminals (a person is at the keyboard).
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// `text` dimmed with ANSI codes when `enabled`.
    static func dim(_ text: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }
}
