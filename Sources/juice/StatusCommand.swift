import ArgumentParser
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice status`: which recipes and which state this shop uses, their counts, and anything wrong with them.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show which recipes and which state file are in use, their counts, and any problems.",
        discussion: """
            Recipes: their directory (or the built-in set), files, fruits, juices, lint errors and warnings. State: \
            where it is, whether it exists yet, its journal entries, its integrity, and fruits with stock the recipes \
            no longer have. Never writes. Exit status: 0 no problems (warnings allowed), 1 problems (lint errors, an \
            unreadable or inconsistent state, fruits to retire), 2 usage error or unreadable recipes.
            """
    )

    @OptionGroup var options: ShopOptions

    @Flag(help: "Print the status (or the error) as JSON.")
    var json = false

    /// What was found about the state.
    private struct StateStatus {
        var exists: Bool
        var entries = 0
        var healthy = true
        var orphans: [FruitID: Int] = [:]
        var error: ShopError?
    }

    func run() async throws {
        let recipes = try options.loadRecipes(json: json)
        let path = options.statePath
        let text = ShopText(language: options.language, book: recipes.book)
        var state = StateStatus(exists: PostgresLocation.isPostgresURL(path) || FileManager.default.fileExists(atPath: path))
        if state.exists {
            let shop = Shop(book: recipes.book, store: try options.makeStore(json: json))
            do {
                state.entries = try await shop.history().count
                state.healthy = try await shop.checkIntegrity().isHealthy
                state.orphans = try await shop.snapshot().orphans
            } catch {
                state.error = error
                state.healthy = false
            }
        }
        let problems = recipes.errorCount + (state.healthy ? 0 : 1) + state.orphans.count
        if json {
            Terminal.write(JSONValue.object([
                ("recipes", .object([
                    ("directory", options.recipeDirectory.map(JSONValue.string) ?? .null),
                    ("builtIn", .bool(options.recipeDirectory == nil)),
                    ("files", .int(recipes.sources.count)), ("fruits", .int(recipes.book.fruits.count)),
                    ("juices", .int(recipes.book.juices.count)),
                    ("errors", .int(recipes.errorCount)), ("warnings", .int(recipes.warningCount)),
                ])),
                ("state", .object([
                    ("location", .string(path)), ("exists", .bool(state.exists)), ("journalEntries", .int(state.entries)),
                    ("healthy", .bool(state.healthy)), ("orphans", ShopJSON.counts(state.orphans)),
                    ("error", state.error.map { error in
                        .object([("kind", .string(error.kind)), ("message", .string(text(.error(error))))])
                    } ?? .null),
                ])),
                ("problems", .int(problems)),
            ]).rendered(pretty: true) + "\n")
        } else {
            var lines: [String] = [
                CommandMessage.statusRecipes(options.recipeDirectory),
                .statusRecipeCounts(files: recipes.sources.count, fruits: recipes.book.fruits.count, juices: recipes.book.juices.count),
                .statusLint(errors: recipes.errorCount, warnings: recipes.warningCount),
                .statusState(path, exists: state.exists),
            ].map { $0.text(in: options.language) }
            if state.exists {
                lines.append(CommandMessage.statusJournal(state.entries).text(in: options.language))
                if let error = state.error { lines.append("  " + text(.error(error))) }
                lines.append(CommandMessage.statusIntegrity(healthy: state.healthy).text(in: options.language))
            }
            if !state.orphans.isEmpty {
                lines.append(CommandMessage.statusOrphans(state.orphans.keys.sorted().map { "\($0) (\(state.orphans[$0] ?? 0))" }).text(in: options.language))
            }
            lines.append((problems == 0 ? CommandMessage.statusOK : .statusProblems(problems)).text(in: options.language))
            Terminal.write(lines.map { $0 + "\n" }.joined())
        }
        if problems > 0 { throw ExitCode(ExitStatus.failure) }
    }
}
