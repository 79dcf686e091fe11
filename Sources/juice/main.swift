import ArgumentParser
import Foundation

/// Runs `juice`, mapping usage errors to exit code 2 as the README documents.
func runJuice() async -> Never {
    do {
        var command = try Juice.parseAsRoot()
        if var command = command as? any AsyncParsableCommand {
            try await command.run()
        } else {
            try command.run()
        }
        Foundation.exit(0)
    } catch {
        let code = Juice.exitCode(for: error)
        if code == .validationFailure {
            FileHandle.standardError.write(Data((Juice.fullMessage(for: error) + "\n").utf8))
            Foundation.exit(ExitStatus.usage)
        }
        Juice.exit(withError: error)
    }
}

await runJuice()
