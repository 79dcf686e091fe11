import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

extension Language: ExpressibleByArgument {}

/// Options every shop command takes: where the recipes and the state are, and the language.
struct ShopOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Recipe directory (default: $JUICE_RECIPES, else recipes/, else the built-in set).",
            ko: "레시피 디렉터리 (기본값: $JUICE_RECIPES, 없으면 recipes/, 그것도 없으면 기본 내장 레시피).", valueName: "dir"),
        completion: .directory)
    var recipes: String?

    @Option(
        help: ArgumentHelp(
            "State file (default: $JUICE_STATE, else \(SQLiteStore.defaultPath)); its directory must exist unless it is the default. A postgres://user@host:port/db URL keeps the state in PostgreSQL.",
            ko:
                "상태 파일 (기본값: $JUICE_STATE, 없으면 \(SQLiteStore.defaultPath)). 기본 경로가 아니면 그 디렉터리가 있어야 해요. postgres://user@host:port/db 주소를 주면 상태를 PostgreSQL에 둬요.",
            valueName: "file-or-url"), completion: .file())
    var state: String?

    @Option(help: LanguageHelp.option)
    var lang: Language?

    var language: Language { lang ?? Language.from(environment: Environment.languageVariables) }

    /// The state file's path or URL: `--state`, else `JUICE_STATE`, else the default (`InputLocations.state`).
    var statePath: String { Self.statePath(state) }

    /// The state file's path or URL: `option`, else `JUICE_STATE`, else the default.
    static func statePath(_ option: String?) -> String {
        InputLocations.state(option, default: SQLiteStore.defaultPath).location
    }

    /// The recipe directory in use: `--recipes`, else `JUICE_RECIPES`, else `recipes/` when there is one; nil for the
    /// built-in set (`InputLocations.recipeDirectory`).
    var recipeDirectory: String? { InputLocations.recipeDirectory(recipes) }

    /// The store keeping the shop's state: the SQLite file, or the PostgreSQL database a `postgres://` URL names (a
    /// malformed URL exits 2).
    func makeStore(json: Bool = false) throws -> any ShopStore {
        let clock = try clock(json: json)
        do { return try CommandServices.openStore(location: statePath, clock: clock) } catch {
            // In the chosen language, naming the location without its password.
            let text = ShopText(language: language, book: RecipeBook(fruits: [], juices: [], store: Store()))
            throw reporter(json: json).fail(error, text: text)
        }
    }

    /// The shop's clock: the machine's, in its time zone, unless `JUICE_NOW` fixes the instant (tests and golden
    /// transcripts); a `JUICE_NOW` that is not an instant exits 2.
    func clock(json: Bool = false) throws -> ShopClock {
        try Self.clock(reporter: reporter(json: json))
    }

    /// The shop's clock (see `clock(json:)`), its refusal reported by `reporter`.
    static func clock(reporter: Reporter) throws -> ShopClock {
        var variables: [String: String] = [:]
        variables[ShopClock.environmentVariable] = Environment.value(ShopClock.environmentVariable)
        do throws(ShopClock.SettingError) { return try ShopClock.from(environment: variables) } catch {
            switch error {
            case .notAnInstant(let text): throw reporter.usage(.clockNotAnInstant(text))
            }
        }
    }

    /// Reports failures in the chosen language, as JSON too when `json`.
    func reporter(json: Bool) -> Reporter {
        Reporter(language: language, json: json)
    }

    /// Opens the shop for a command: the recipes (linted) and the store keeping the state (opened when first used),
    /// with its messages and reporter.
    func session(json: Bool) throws -> ShopSession {
        let clock = try clock(json: json)
        let shop = Shop(book: try loadBook(json: json), store: try makeStore(json: json))
        return ShopSession(
            options: self, shop: shop, text: ShopText(language: language, book: shop.book, clock: clock), reporter: reporter(json: json), clock: clock
        )
    }

    /// The recipe directory in use, checked: a path that is missing or not a directory is reported (exit 2); nil for
    /// the built-in set.
    func checkedRecipeDirectory(json: Bool = false) throws -> String? {
        guard let path = recipeDirectory else { return nil }
        guard RecipeSet.isDirectory(path) else {
            // --recipes names a directory; a file there is a mistake worth saying so plainly.
            let error = FileManager.default.fileExists(atPath: path) ? RecipeSourceError.notADirectory(path) : .notFound(path)
            throw reporter(json: json).recipesUnreadable(error, path: path)
        }
        return path
    }

    /// Loads the recipes as given (errors and all); reports why they cannot be read.
    func loadRecipes(json: Bool = false) throws -> RecipeLoadResult {
        let directory = try checkedRecipeDirectory(json: json)
        do {
            return try RecipeSet.load(paths: directory.map { [$0] } ?? [])
        } catch {
            throw reporter(json: json).recipesUnreadable(error, path: directory ?? RecipeSet.defaultDirectory)
        }
    }

    /// Loads and lints the recipes; reports the errors and exits 1 when there are any.
    func loadBook(json: Bool = false) throws -> RecipeBook {
        let result = try loadRecipes(json: json)
        if result.hasErrors {
            throw reporter(json: json).recipesInvalid(result, message: .recipesInvalid(errors: result.errorCount))
        }
        return result.book
    }

    /// The shop selling from `book`, for reading only: its state file must exist already.
    func openExistingShop(book: RecipeBook, json: Bool = false) throws -> Shop {
        guard PostgresLocation.isPostgresURL(statePath) || FileManager.default.fileExists(atPath: statePath) else {
            throw reporter(json: json).failure(
                kind: StateError.cannotOpen(path: statePath, reason: "").kind, message: CommandMessage.stateMissing(statePath).text(in: language),
                details: [("state", .string(statePath))], status: ExitStatus.failure)
        }
        return Shop(book: book, store: try makeStore(json: json))
    }

    /// Whether the state file is somewhere the user chose (`--state` or `JUICE_STATE`), not the default.
    var stateIsExplicit: Bool { InputLocations.state(state, default: SQLiteStore.defaultPath).isExplicit }
}

/// The help of every `--lang` option, which says the one rule every command follows (`Language.from(environment:)`).
enum LanguageHelp {
    static var option: ArgumentHelp {
        ArgumentHelp(
            "Language of messages: ko or en (default from LC_ALL, LC_MESSAGES or LANG; Korean when none is set).",
            ko: "메시지 언어: ko 또는 en (기본값은 LC_ALL, LC_MESSAGES, LANG을 따르고, 셋 다 없으면 한국어).")
    }
}

/// One shop command's shop, messages and reporter; changes go through it so that a new state file is announced.
struct ShopSession {
    let options: ShopOptions
    let shop: Shop
    let text: ShopText
    let reporter: Reporter
    /// The shop's clock: what "today" is for this command.
    let clock: ShopClock

    /// What staff can do with the shop, dated by the command's clock.
    var actions: ShopActions { ShopActions(shop: shop, clock: clock) }

    /// The current stock (noting fruits the recipes no longer have).
    func snapshot() async throws -> ShopSnapshot {
        do {
            let snapshot = try await shop.snapshot()
            noteOrphans(snapshot)
            return snapshot
        } catch {
            throw reporter.fail(error, text: text)
        }
    }

    /// Runs one change. A state file whose chosen directory is missing is refused (a mistyped `--state` creates
    /// nothing); a new state file is announced, with where it is and which recipes it starts from.
    func change(_ body: (Shop) async throws(ShopError) -> ShopReceipt) async throws -> ShopReceipt {
        let receipt = try await write(body)
        noteOrphans(receipt.snapshot)
        return receipt
    }

    /// Runs one write to the state (a change, or keeping purchase orders) as `change` does, without its notes on the
    /// stock. A refusal the shop places (`FieldPath`) is reported at the input file's place `placing` gives for it.
    func write<Value>(
        placing place: (FieldPath) -> (file: String?, field: String)? = { _ in nil }, _ body: (Shop) async throws(ShopError) -> Value
    ) async throws -> Value {
        let path = options.statePath
        let isFile = !PostgresLocation.isPostgresURL(path)
        let directory = (path as NSString).deletingLastPathComponent
        if options.stateIsExplicit, isFile, !directory.isEmpty, !RecipeSet.isDirectory(directory) {
            throw reporter.failure(
                kind: "state-directory-missing",
                message: CommandMessage.stateDirectoryMissing(directory: directory, path: path).text(in: reporter.language),
                details: [("state", .string(path))], status: ExitStatus.usage)
        }
        let existed = !isFile || FileManager.default.fileExists(atPath: path)
        let noteIfCreated = {
            if !existed, FileManager.default.fileExists(atPath: path) {
                reporter.note(text(.newState(location: path, recipes: options.recipeDirectory)))
            }
        }
        let result: Value
        do {
            result = try await body(shop)
        } catch {
            // A refused first change has still made the (empty) state file.
            noteIfCreated()
            throw reporter.fail(error, text: text, at: error.place.flatMap(place))
        }
        noteIfCreated()
        return result
    }

    /// Notes on standard error about fruits the state keeps that the recipes no longer have.
    func noteOrphans(_ snapshot: ShopSnapshot) {
        for (fruit, count) in snapshot.orphans.sorted(by: { $0.key < $1.key }) {
            reporter.note(text(.orphanKept(fruit, count: count)))
        }
    }
}

/// The command line as typed, for the journal.
var commandLineText: String {
    (["juice"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
}
