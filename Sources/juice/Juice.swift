import ArgumentParser
import JuiceRecipes

/// The `juice` command: the JuiceMaker recipe engine's command-line tool.
struct Juice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice",
        abstract: "JuiceMaker: a declarative recipe engine for a juice bar.",
        discussion: """
            Fruits, juices and stock live in YAML files under recipes/ (or --recipes DIR, or the built-in set); the \
            stock and its journal in .juice/state.sqlite (or --state FILE). 'juice status' says which are in use. \
            Messages follow --lang ko|en, else LC_ALL, LC_MESSAGES or LANG.

            Errors are one line on standard error, 'juice: error: MESSAGE' (the Korean word for error with --lang ko); \
            notes 'juice: note: MESSAGE'. A refused order prints the original app's words and every short fruit. With \
            --json a failure also prints {"error": {"kind": KIND, "message": MESSAGE, ...details}} on standard output, \
            with the same exit code. Kinds: usage, unknown-juice, unknown-fruit, invalid-count, negative-amount, \
            too-large, duplicate-fruit, fruit-in-recipes, fruit-not-in-recipes, state-directory-missing, \
            recipes-unreadable (exit 2); insufficient-stock, below-zero, above-capacity, nothing-to-undo, undo-refused, \
            recipes-invalid, state-cannot-open, state-not-a-database, state-read-only, state-disk-full, state-io-error, \
            state-busy, state-newer-schema, state-inconsistent, state-failed (exit 1).

            Exit codes: 0 success, 1 problems found or refused by the stock or state, 2 usage error (the request can \
            never work as typed).
            """,
        version: JuiceVersion.current,
        subcommands: [
            LintCommand.self, SchemaCommand.self, MenuCommand.self, OrderCommand.self, StockCommand.self, HistoryCommand.self,
            UndoCommand.self, StatusCommand.self, DoctorCommand.self, SimulateCommand.self, PlanCommand.self, DiffCommand.self,
            CompletionsCommand.self, ServeCommand.self,
        ]
    )
}

/// The exit codes `juice` uses.
enum ExitStatus {
    /// Problems found (lint errors, a refused order).
    static let failure: Int32 = 1
    /// A usage error or an unreadable path.
    static let usage: Int32 = 2
}
