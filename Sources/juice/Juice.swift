import ArgumentParser

/// The `juice` command: the JuiceMaker recipe engine's command-line tool.
struct Juice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice",
        abstract: "JuiceMaker: a declarative recipe engine for a juice bar.",
        discussion: "Fruits, juices and stock live in YAML files under recipes/. Exit codes: 0 success, 1 problems found or order refused, 2 usage error.",
        subcommands: [LintCommand.self, SchemaCommand.self, MenuCommand.self, OrderCommand.self, StockCommand.self, HistoryCommand.self, UndoCommand.self, DoctorCommand.self, SimulateCommand.self, PlanCommand.self, DiffCommand.self, ServeCommand.self]
    )
}

/// The exit codes `juice` uses.
enum ExitStatus {
    /// Problems found (lint errors, a refused order).
    static let failure: Int32 = 1
    /// A usage error or an unreadable path.
    static let usage: Int32 = 2
}
