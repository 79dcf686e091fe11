import ArgumentParser
import Dispatch
import JuiceCommandLine

// `juice`: every command of the JuiceMaker tool, in one executable.
//
// `main` is synchronous: an async `main` hands the whole run to a worker thread, which costs about 1.6 ms of every
// start (a third of a hello-world's run), so only the commands that are async (the shop's and `serve`) pay for it.

/// Runs an async command from the synchronous `main`: the command runs on the concurrency runtime's threads while the
/// main thread waits for it. Nothing in `juice` is isolated to the main actor, so the wait cannot hold up the command.
enum AsyncCommand {
    static func runToCompletion(_ command: any AsyncParsableCommand) throws {
        nonisolated(unsafe) var command = command
        nonisolated(unsafe) var failure: (any Error)?
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            CommandServices.bootstrapLogging()
            // The stores the command opens run beside it and are closed when it ends, whether it succeeded or not.
            do {
                try await CommandServices.runningStores { try await command.run() }
            } catch {
                failure = error
            }
            // The semaphore orders the task's writes before the main thread's reads.
            finished.signal()
        }
        finished.wait()
        if let failure { throw failure }
    }
}

unblockStopSignals()
CommandLineTool.run(Juice.self, arguments: Array(CommandLine.arguments.dropFirst())) { command in
    if let command = command as? any AsyncParsableCommand {
        try AsyncCommand.runToCompletion(command)
    } else {
        try command.run()
    }
}
