import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuicePlanning
import JuiceShop
import JuiceUseCases

/// The options of the commands that read sales (`juice report`, `juice forecast`): the shop's, a history file, and the
/// days to count.
struct SalesHistoryOptions: ParsableArguments {
    @OptionGroup var shop: ShopOptions
    @OptionGroup var period: SalesPeriodOptions

    /// The first day counted, if bounded.
    var firstDay: CivilDate? { period.firstDay }
    /// The last day counted, if bounded.
    var lastDay: CivilDate? { period.lastDay }
    /// Where the sales are read from.
    var input: SalesHistoryInput { SalesHistoryInput(shop: shop, history: period.history) }

    /// Checks the dates.
    func validate() throws { try period.check(language: shop.language) }
}

/// Which sales to read: a history file instead of the shop's journal, and the days to count.
struct SalesPeriodOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Sales history file (.csv or .jsonl) instead of the shop's state.", ko: "가게 기록 대신 쓸 판매 기록 파일 (.csv나 .jsonl).",
            valueName: "file"), completion: .file())
    var history: String?

    @Option(help: ArgumentHelp("Count sales from this date (YYYY-MM-DD).", ko: "이 날짜('2026-11-20'처럼)부터 세요.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Count sales up to this date (YYYY-MM-DD).", ko: "이 날짜('2026-11-20'처럼)까지 세요.", valueName: "date"))
    var to: String?

    /// The first day counted, if bounded.
    var firstDay: CivilDate? { from.flatMap { CivilDate(parsing: $0) } }
    /// The last day counted, if bounded.
    var lastDay: CivilDate? { to.flatMap { CivilDate(parsing: $0) } }

    /// Checks the dates (in `validate()` of the command that holds these options, which knows the language).
    func check(language: Language) throws {
        for (option, value) in [("--from", from), ("--to", to)] {
            if let value, CivilDate(parsing: value) == nil {
                throw ValidationError(PlanningMessage.badDate(option: option, text: value).text(in: language))
            }
        }
        if let first = firstDay, let last = lastDay, first > last {
            throw ValidationError(PlanningMessage.fromAfterTo(from: first, to: last).text(in: language))
        }
    }
}

/// Where `juice report` and `juice forecast` read sales from: a history file, or the shop's state (its journal of
/// orders and its refused orders).
struct SalesHistoryInput {
    let shop: ShopOptions
    let history: String?

    /// What errors and messages name: the file, or the state.
    var source: String { history ?? shop.statePath }
    private var language: Language { shop.language }

    /// The sales to read: the history file, or the shop's journal (its store opened; a location that cannot be used
    /// ends the command).
    func sales(json: Bool) throws -> SalesSource {
        if let history { return .file(path: history) }
        return .shop(try shop.makeStore(json: json), name: shop.statePath)
    }

    /// Writes what `failure` means in the error style (each problem of the history at its line and column first) and
    /// returns the exit to throw: 2 for a history that cannot be read or has problems and for a missing cost, 1 when
    /// there are no sales.
    func fail(_ failure: PlanningFailure, book: RecipeBook, json: Bool) -> ExitCode {
        switch failure {
        case .unreadableHistory(let error):
            return fail(error.description(in: language), status: ExitStatus.usage)
        case .historyProblems(let problems):
            Terminal.writeError(problems.map { CommandMessage.errorPrefix.text(in: language) + $0.description(in: language) }.joined(separator: "\n"))
            return fail(PlanningMessage.historyProblems(problems.count), status: ExitStatus.usage)
        case .shop(let error):
            return shop.reporter(json: json).fail(error, text: ShopText(language: language, book: book))
        case .noSales(let source):
            return fail(PlanningMessage.noSales(source: source), status: ExitStatus.failure)
        case .profitNeedsCosts(let fruits, let juices):
            return fail(PlanningMessage.profitNeedsCosts(fruits: fruits.map(\.rawValue), juices: juices.map(\.rawValue)), status: ExitStatus.usage)
        }
    }

    /// Writes `message` in the error style and returns the exit to throw.
    func fail(_ message: PlanningMessage, status: Int32) -> ExitCode { fail(message.text(in: language), status: status) }

    /// Writes `text` in the error style and returns the exit to throw.
    func fail(_ text: String, status: Int32) -> ExitCode {
        Terminal.writeError(CommandMessage.errorPrefix.text(in: language) + text)
        return ExitCode(status)
    }
}
