import ArgumentParser
import JuiceCommandLine
import JuiceRecipes

// `juice`: runs `juice lint` itself, and hands every other command line to `juice-full`, installed beside it.
//
// Lint is what CI runs on every commit, where the start-up of a process is most of its time. `juice-full` links the
// shop's databases, the server (Hummingbird, NIO) and Foundation with ICU, and loading them costs more than lint's
// whole work on a real menu; this binary links only ArgumentParser and the recipe layer.

/// The root command of this binary: only `lint`, under the name `juice`, so its help and usage lines read as
/// `juice-full`'s do.
struct LintOnly: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "juice", version: JuiceVersion.current, subcommands: [LintCommand.self])
}

unblockStopSignals()
let arguments = Array(CommandLine.arguments.dropFirst())
if FullTool.runsItself(arguments) {
    CommandLineTool.run(LintOnly.self, arguments: arguments) { command in try command.run() }
}
FullTool.run(arguments)
