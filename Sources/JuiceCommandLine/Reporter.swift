import ArgumentParser
import JuiceCore
import JuiceRecipes

/// How a command reports failures and notes: one style (`juice: 오류: …` / `juice: error: …` on standard error) in the
/// chosen language, and, for commands run with `--json`, a JSON error object on standard output too:
/// `{"error": {"kind": …, "message": …, …details}}`, with the same exit code.
package struct Reporter: Sendable {
    /// The language messages are written in.
    package let language: Language
    /// Whether failures are also written as a JSON error object on standard output.
    package let json: Bool

    /// A reporter writing in `language`, and JSON too when `json`.
    package init(language: Language, json: Bool) {
        self.language = language
        self.json = json
    }

    /// Writes `message` as a note on standard error.
    package func note(_ message: String) {
        Terminal.writeError(CommandMessage.notePrefix.text(in: language) + message)
    }

    /// Reports a failure of `kind` and returns the exit code to leave with; `lines` replace the one-line message on
    /// standard error when given.
    package func failure(
        kind: String, message: String, details: [(String, JSONValue)] = [], status: Int32, lines: [String]? = nil
    ) -> ExitCode {
        if let lines {
            for line in lines { Terminal.writeError(line) }
        } else {
            Terminal.writeError(CommandMessage.errorPrefix.text(in: language) + message)
        }
        if json {
            let error = JSONValue.object([("kind", .string(kind)), ("message", .string(message))] + details)
            Terminal.write(JSONValue.object([("error", error)]).rendered(pretty: true) + "\n")
        }
        return ExitCode(status)
    }

    /// Reports a usage problem (exit 2, kind `usage`).
    package func usage(_ message: CommandMessage) -> ExitCode {
        failure(kind: "usage", message: message.text(in: language), status: ExitStatus.usage)
    }
}

/// The exit codes `juice` uses.
package enum ExitStatus {
    /// Problems found (lint errors, a refused order).
    package static let failure: Int32 = 1
    /// A usage error or an unreadable path.
    package static let usage: Int32 = 2
    /// A change whose outcome is unknown: the connection to the database was lost while it was being committed.
    package static let outcomeUnknown: Int32 = 3
}
