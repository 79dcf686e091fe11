import ArgumentParser
import Foundation
import JuiceCore
import JuiceRecipes

/// `juice diff`: what an edit to the recipes changes, for review before it ships (the same summary a reload logs).
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changes between two recipe sets: juices, recipes, fruits, capacities and stock.",
        discussion: """
            Both sets are linted first. Lists juices added and removed, names, aliases, prices and recipes changed \
            (each fruit's amount before → after), fruits added and removed, capacity and initial stock changes, and \
            the juices the new set cannot make at the old set's initial stock (fruits new to the set at their initial \
            stock). Two sets that sell the same menu print "no changes to the menu".
            Exit status: 0 compared (changed or not), 1 either set has lint errors (printed on standard error), \
            2 usage error or unreadable path.
            """
    )

    @Argument(help: ArgumentHelp("The recipe set before the edit (a directory or file).", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The recipe set after the edit (a directory or file).", valueName: "new"))
    var new: String

    @Flag(help: "Print the changes as JSON.")
    var json = false

    func run() throws {
        let before = try load(old)
        let after = try load(new)
        let broken = [(old, before), (new, after)].filter { $0.1.hasErrors }
        guard broken.isEmpty else {
            for (path, result) in broken {
                Terminal.writeError("juice diff: \(path) has errors; fix them (juice lint \(path)) to compare:")
                Terminal.writeError(DiagnosticRenderer(colored: false).render(result, as: .text), newline: false)
            }
            throw ExitCode(ExitStatus.failure)
        }
        let changes = MenuChanges(from: before.book, to: after.book)
        let lines = changes.summaryLines(for: after.book)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let report = DiffReport(old: old, new: new, identical: changes.isEmpty, summary: lines, changes: changes)
            Terminal.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        } else {
            Terminal.write(changes.isEmpty ? "no changes to the menu\n" : lines.map { $0 + "\n" }.joined())
        }
    }

    private func load(_ path: String) throws -> RecipeLoadResult {
        do {
            return try RecipeLoader().load(paths: [path])
        } catch {
            Terminal.writeError("juice diff: error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
    }
}

/// What `juice diff --json` prints.
private struct DiffReport: Encodable {
    var old: String
    var new: String
    var identical: Bool
    var summary: [String]
    var changes: MenuChanges
}
