import ArgumentParser
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice history`: the journal, newest first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the journal of changes, newest first: what, the fruits' changes, and the command that made it.")
    @OptionGroup var options: ShopOptions
    @Option(help: "Show at most N entries.") var limit: Int?
    @Flag(help: "Print the journal (or the error) as JSON.") var json = false

    func run() async throws {
        if let limit, limit < 0 { throw options.reporter(json: json).usage(.negativeLimit) }
        let session = try options.session(json: json)
        let entries: [JournalEntry]
        do { entries = try await session.shop.history(limit: limit) } catch { throw session.reporter.fail(error, text: session.text) }
        if json {
            Terminal.write(JSONValue.array(entries.map(ShopJSON.entry)).rendered(pretty: true) + "\n")
            return
        }
        Terminal.write(entries.map { session.text(.historyLine($0)) + "\n" }.joined())
    }
}

/// `juice undo`: reverts the newest change if the stock allows it.
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Revert the newest change not yet undone (journaled as an undo) and say what it was.")
    @OptionGroup var options: ShopOptions
    @Flag(help: "Print the result (or the error) as JSON.") var json = false

    func run() async throws {
        try await runStockChange(options, json: json) { shop throws(ShopError) in try await shop.undo(command: commandLineText) }
    }
}
