import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuicePlanning
import JuiceShop

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

    /// Reads every sale to `body`: the history file's records, or the state's sales as `ShopSales` reads them (the
    /// journal's orders not undone, served, and the orders the stock refused, at the shop's local time, in time order). Returns the
    /// file's problems; an unreadable file or state ends the command.
    func read(json: Bool, _ body: (SaleRecord) -> Void) async throws -> [HistoryError] {
        if let history {
            do {
                return try HistoryReader.read(path: history, body)
            } catch {
                throw fail(error.description(in: language), status: ExitStatus.usage)
            }
        }
        let session = try shop.session(json: json)
        let records: [SaleRecord]
        do { records = try await ShopSales.read(from: session.shop.store) } catch {
            throw session.reporter.fail(error, text: session.text)
        }
        for record in records { body(record) }
        return []
    }

    /// The stock flow of the state's fruits between `first` and `last` (`StockFlow`); nil for a history file, which
    /// has no deliveries, waste or counts. An unreadable state ends the command.
    func readStockFlow(from first: CivilDate?, to last: CivilDate?, json: Bool) async throws -> StockFlow? {
        guard history == nil else { return nil }
        let session = try shop.session(json: json)
        do {
            let entries = try await session.shop.history()
            let snapshot = try await session.shop.snapshot()
            let current = snapshot.inventory.counts.merging(snapshot.orphans) { book, _ in book }
            return StockFlow(entries: entries, current: current, book: session.shop.book, from: first, to: last)
        } catch {
            throw session.reporter.fail(error, text: session.text)
        }
    }

    /// The daily demand of `book`'s juices: a history file read in chunks on every core
    /// (`DemandTally.read(path:book:)`), or the journal's orders. Returns the problems (the file's and its unknown
    /// juices'); an unreadable file or state ends the command.
    func readDemand(book: RecipeBook, json: Bool) async throws -> (tally: DemandTally, problems: [HistoryError]) {
        if let history {
            do {
                return try DemandTally.read(path: history, book: book)
            } catch {
                throw fail(error.description(in: language), status: ExitStatus.usage)
            }
        }
        var tally = DemandTally(book: book, file: source)
        let problems = try await read(json: json) { tally.add($0) }
        return (tally, problems + tally.errors)
    }

    /// Ends the command (exit 2) when the history has problems, listing each at its line and column.
    func check(_ problems: [HistoryError]) throws {
        guard !problems.isEmpty else { return }
        let sorted = problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        Terminal.writeError(sorted.map { CommandMessage.errorPrefix.text(in: language) + $0.description(in: language) }.joined(separator: "\n"))
        throw fail(PlanningMessage.historyProblems(problems.count), status: ExitStatus.usage)
    }

    /// Writes `message` in the error style and returns the exit to throw.
    func fail(_ message: PlanningMessage, status: Int32) -> ExitCode { fail(message.text(in: language), status: status) }

    /// Writes `text` in the error style and returns the exit to throw.
    func fail(_ text: String, status: Int32) -> ExitCode {
        Terminal.writeError(CommandMessage.errorPrefix.text(in: language) + text)
        return ExitCode(status)
    }
}
