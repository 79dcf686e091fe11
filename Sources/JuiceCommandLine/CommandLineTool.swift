import ArgumentParser
import JuiceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a `juice` command line: usage errors are written in the shop's one error style (in Korean when asked), as
/// JSON too with `--json`, and exit 2; `juice help errors` lists the error kinds (`ErrorKindsHelp`).
package enum CommandLineTool {
    /// Parses `arguments` with `Root`, runs the command with `run` (how a binary runs what it parsed) and exits.
    package static func run<Root: ParsableCommand>(
        _ root: Root.Type, arguments: [String], run: (inout any ParsableCommand) throws -> Void
    ) -> Never {
        let reporter = Reporter(language: UsageLanguage.of(arguments), json: arguments.contains("--json"))
        if let message = NegativeAmount.message(in: arguments) {
            exit(reporter.failure(kind: "negative-amount", message: message.text(in: reporter.language), status: ExitStatus.usage).rawValue)
        }
        if ErrorKindsHelp.isRequested(by: arguments) {
            Terminal.write(ErrorKindsHelp.text(in: reporter.language, width: KoreanHelp.terminalWidth))
            exit(0)
        }
        do {
            let parsed = HelpRequest.isHelp(arguments) ? HelpRequest.withoutLanguage(arguments) : LeadingLanguageOption.moved(arguments, root: root)
            var command = try root.parseAsRoot(parsed)
            try run(&command)
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let korean = reporter.language == .korean
            if root.exitCode(for: error) == .success, korean, HelpRequest.isHelp(arguments) {
                // ArgumentParser counts a Hangul syllable as one column: render unwrapped, wrap by display width.
                Terminal.write(KoreanHelp.screen(root.fullMessage(for: error, columns: 10_000), width: KoreanHelp.terminalWidth) + "\n")
                exit(0)
            }
            guard root.exitCode(for: error) == .validationFailure else { root.exit(withError: error) }
            let message = CommandMessage.parser(root.message(for: error))
            // The parser's usage lines and help hint follow its one-line message.
            let rest = root.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            let code = reporter.usage(message)
            if !rest.isEmpty {
                let lines = rest.joined(separator: "\n")
                Terminal.writeError(korean ? KoreanHelp.translated(lines) : lines)
            }
            exit(code.rawValue)
        }
    }
}

/// A `--lang ko|en` option of a command line: the one rule for what counts as one, wherever it stands.
package enum LanguageOption {
    /// The language given by the option starting at `index` of `arguments` (`--lang ko` or `--lang=ko`), and how many
    /// arguments it takes; nil when none starts there or its value is not a language `juice` speaks.
    package static func at(_ index: Int, in arguments: [String]) -> (language: Language, length: Int)? {
        let argument = arguments[index]
        if argument == "--lang", index + 1 < arguments.count, let language = Language(rawValue: arguments[index + 1]) {
            return (language, 2)
        }
        if argument.hasPrefix("--lang="), let language = Language(rawValue: String(argument.dropFirst(7))) {
            return (language, 1)
        }
        return nil
    }

    /// Where the command a command line names stands: its first argument after any leading `--lang ko|en`; nil
    /// when there is none.
    package static func commandIndex(in arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count, let option = at(index, in: arguments) { index += option.length }
        return index < arguments.count ? index : nil
    }
}

/// The language of messages before the command line is parsed: `--lang ko|en` where given, else the environment.
package enum UsageLanguage {
    /// The language of this run's usage messages (the parser's, and `validate()`'s).
    package static let current = of(Array(CommandLine.arguments.dropFirst()))

    /// The language `arguments` ask for with `--lang`, else the one `environment` names.
    package static func of(_ arguments: [String], environment: [String: String] = Environment.languageVariables) -> Language {
        arguments.indices.lazy.compactMap { LanguageOption.at($0, in: arguments)?.language }.first
            ?? Language.from(environment: environment)
    }
}

/// `juice --lang ko stock …`: a `--lang` given before the command is the command's own, moved after it; for help, and
/// for a command without one (lint, schema, diff, completions), it only sets the language of help and usage messages
/// (read from the command line as typed) and is left out of parsing.
package enum LeadingLanguageOption {
    /// `arguments` with a leading `--lang` moved after the command when the command takes one (parsed with `root`),
    /// else left out.
    package static func moved<Root: ParsableCommand>(_ arguments: [String], root: Root.Type) -> [String] {
        let taken: Int
        if arguments.first == "--lang", arguments.count >= 2 {
            taken = 2
        } else if arguments.first?.hasPrefix("--lang=") == true {
            taken = 1
        } else {
            return arguments
        }
        let rest = Array(arguments.dropFirst(taken))
        guard !HelpRequest.isHelp(rest) else { return rest }
        var moved = rest
        moved.insert(contentsOf: arguments.prefix(taken), at: rest.firstIndex(of: "--") ?? rest.count)
        // Does the command take --lang? Parsing tells (without running anything).
        do {
            _ = try root.parseAsRoot(moved)
        } catch {
            if root.message(for: error).hasPrefix("Unknown option '--lang") { return rest }
        }
        return moved
    }
}

/// Whether a command line asks for help: `-h`, `--help` or `--help-hidden` anywhere, or `juice help …`.
package enum HelpRequest {
    /// Whether `arguments` ask for help.
    package static func isHelp(_ arguments: [String]) -> Bool {
        arguments.first == "help" || arguments.contains { ["-h", "--help", "--help-hidden"].contains($0) }
    }

    /// The command line without its `--lang ko|en` options (before any `--`): for help, `--lang` only picks the
    /// language (already read by `UsageLanguage`), so `juice stock --help --lang ko` shows `stock`'s help, not that
    /// of its default subcommand, to which the parser would otherwise hand the option.
    package static func withoutLanguage(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                kept += arguments[index...]
                break
            }
            if let option = LanguageOption.at(index, in: arguments) {
                index += option.length
                continue
            }
            kept.append(argument)
            index += 1
        }
        return kept
    }
}

/// `juice stock add 망고 -3`: the parser would call '-3' an unknown option; say what to use instead.
package enum NegativeAmount {
    /// The message for a negative `stock add`/`remove` amount in `arguments`, or nil when there is none (or the
    /// command is not `stock add`/`remove`: `juice lint stock add x -3` names paths).
    package static func message(in arguments: [String]) -> CommandMessage? {
        guard let stock = LanguageOption.commandIndex(in: arguments), arguments[stock] == "stock", stock + 1 < arguments.count,
            ["add", "remove"].contains(arguments[stock + 1])
        else { return nil }
        var fruit: String?
        var amount: Int?
        var words = arguments[(stock + 2)...].makeIterator()
        while let word = words.next() {
            if ["--lang", "--state", "--recipes"].contains(word) {
                _ = words.next()
            } else if word.hasPrefix("-"), let number = Int(word) {
                amount = number
            } else if !word.hasPrefix("-"), fruit == nil {
                fruit = word
            }
        }
        guard let amount, amount < 0 else { return nil }
        return .negativeAmount(subcommand: arguments[stock + 1], fruit: fruit, amount: amount)
    }
}

/// The signals that stop or reload `juice`, deliverable whatever mask it was started with: a signal mask is inherited
/// across `exec`, and some parents (Foundation's `Process`, started from a thread with signals blocked) pass on one
/// that blocks them. Unblocked in the main thread, the one that waits, they act as a user expects (Ctrl-C stops a
/// run; `serve` handles SIGTERM, SIGINT and SIGHUP itself).
package func unblockStopSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
}
