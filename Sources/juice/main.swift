import ArgumentParser
import Foundation
import JuiceCore

/// Runs `juice`: usage errors are written in the shop's one error style (in Korean when asked), as JSON too with
/// `--json`, and exit 2.
func runJuice() async -> Never {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let reporter = Reporter(language: UsageLanguage.of(arguments), json: arguments.contains("--json"))
    if let message = NegativeAmount.message(in: arguments) {
        Foundation.exit(reporter.failure(kind: "negative-amount", message: message.text(in: reporter.language), status: ExitStatus.usage).rawValue)
    }
    do {
        var command = try Juice.parseAsRoot(arguments)
        if var command = command as? any AsyncParsableCommand {
            try await command.run()
        } else {
            try command.run()
        }
        Foundation.exit(0)
    } catch let exit as ExitCode {
        Foundation.exit(exit.rawValue)
    } catch {
        guard Juice.exitCode(for: error) == .validationFailure else { Juice.exit(withError: error) }
        let message = CommandMessage.parser(Juice.message(for: error))
        // The parser's usage lines and help hint follow its one-line message.
        let rest = Juice.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let code = reporter.usage(message)
        if !rest.isEmpty { Terminal.writeError(rest.joined(separator: "\n")) }
        Foundation.exit(code.rawValue)
    }
}

/// The language of messages before the command line is parsed: `--lang ko|en` where given, else the environment.
enum UsageLanguage {
    static func of(_ arguments: [String]) -> Language {
        for (index, argument) in arguments.enumerated() {
            if argument == "--lang", index + 1 < arguments.count, let language = Language(rawValue: arguments[index + 1]) { return language }
            if argument.hasPrefix("--lang="), let language = Language(rawValue: String(argument.dropFirst(7))) { return language }
        }
        return Language.from(environment: ProcessInfo.processInfo.environment)
    }
}

/// `juice stock add 망고 -3`: the parser would call '-3' an unknown option; say what to use instead.
enum NegativeAmount {
    static func message(in arguments: [String]) -> CommandMessage? {
        guard arguments.first != "---completion", let stock = arguments.firstIndex(of: "stock"), stock + 1 < arguments.count,
              ["add", "remove"].contains(arguments[stock + 1]) else { return nil }
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

await runJuice()
