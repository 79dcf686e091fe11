import ArgumentParser
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop

extension Language: ExpressibleByArgument {}

/// Options every shop command takes: where the recipes and the state are, and the language.
struct ShopOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Recipe directory (default: $JUICE_RECIPES, else recipes/, else the built-in set).", valueName: "dir"))
    var recipes: String?

    @Option(help: ArgumentHelp("State file (default: $JUICE_STATE, else \(SQLiteStore.defaultPath)).", valueName: "file"))
    var state: String?

    @Option(help: "Language of messages: ko or en (default from LANG).")
    var lang: Language?

    var language: Language { lang ?? Language.from(environment: ProcessInfo.processInfo.environment) }

    /// The state file's path: `--state`, else `JUICE_STATE`, else the default.
    var statePath: String { Self.statePath(state) }

    /// The state file's path: `option`, else `JUICE_STATE`, else the default.
    static func statePath(_ option: String?) -> String {
        option ?? ProcessInfo.processInfo.environment["JUICE_STATE"] ?? SQLiteStore.defaultPath
    }

    /// Loads and lints the recipes (printing errors and exiting 1 when there are any); the shop keeps its state in the
    /// state file (opened when first used).
    func openShop() throws -> Shop {
        Shop(book: try loadBook(), store: SQLiteStore(path: statePath))
    }

    /// Opens the shop and reads its stock, with the messages in the chosen language.
    func openSnapshot() async throws -> (Shop, ShopText, ShopSnapshot) {
        let shop = try openShop()
        let text = ShopText(language: language, book: shop.book)
        do { return (shop, text, try await shop.snapshot()) } catch { throw fail(error, text: text) }
    }

    /// Loads and lints the recipes; prints the errors and exits 1 when there are any.
    func loadBook() throws -> RecipeBook {
        let environment = ProcessInfo.processInfo.environment
        let recipePaths = (recipes ?? environment["JUICE_RECIPES"]).map { [$0] } ?? []
        let result: RecipeLoadResult
        do {
            // --recipes names a directory; a file there is a mistake worth saying so plainly.
            if let path = recipePaths.first, !RecipeSet.isDirectory(path) {
                throw FileManager.default.fileExists(atPath: path) ? RecipeSourceError.notADirectory(path) : RecipeSourceError.notFound(path)
            }
            result = try RecipeSet.load(paths: recipePaths)
        } catch {
            Terminal.writeError("juice: error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        if result.hasErrors {
            Terminal.writeError("juice: the recipe files have errors; nothing was changed. Fix them (juice lint) and try again.")
            FileHandle.standardError.write(Data(DiagnosticRenderer(colored: false).render(result, as: .text).utf8))
            throw ExitCode(ExitStatus.failure)
        }
        return result.book
    }

    /// The shop selling from `book`, for reading only: its state file must exist already.
    func openExistingShop(book: RecipeBook) throws -> Shop {
        guard FileManager.default.fileExists(atPath: statePath) else {
            Terminal.writeError("juice: error: \(StateError.cannotOpen(path: statePath, reason: "no such file; order or change stock once to create it"))")
            throw ExitCode(ExitStatus.failure)
        }
        return Shop(book: book, store: SQLiteStore(path: statePath))
    }
}

/// Reports a shop error on standard error and exits with its status.
func fail(_ error: ShopError, text: ShopText) -> ExitCode {
    switch error {
    case .orderRefused(.insufficientStock(_, _, let shortages)):
        Terminal.writeError(text.notEnough)
        for line in text.shortageLines(shortages) { Terminal.writeError(line) }
        return ExitCode(ExitStatus.failure)
    case .unknownJuice, .orderRefused(.invalidCount), .orderRefused(.countTooLarge),
         .stockRefused(.unknownFruit), .stockRefused(.negativeAmount):
        Terminal.writeError("juice: error: \(error)")
        return ExitCode(ExitStatus.usage)
    case .orderRefused, .stockRefused, .nothingToUndo, .undoRefused, .state:
        Terminal.writeError("juice: error: \(error)")
        return ExitCode(ExitStatus.failure)
    }
}

/// Notes on standard error about fruits the state keeps that the recipes no longer have.
func reportOrphans(_ snapshot: ShopSnapshot, text: ShopText) {
    for (fruit, count) in snapshot.orphans.sorted(by: { $0.key < $1.key }) {
        Terminal.writeError("juice: note: fruit '\(fruit)' is no longer in the recipes; its stock (\(count)) is kept")
    }
}

/// The command line as typed, for the journal.
var commandLineText: String {
    (["juice"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
}
