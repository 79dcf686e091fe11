import ArgumentParser
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice history`: the journal, newest first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Show the journal of changes, newest first.")
    @OptionGroup var options: ShopOptions
    @Option(help: "Show at most N entries.") var limit: Int?
    @Flag(help: "Print the journal as JSON.") var json = false

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() async throws {
        let shop = try options.openShop()
        let text = ShopText(language: options.language, book: shop.book)
        let entries: [JournalEntry]
        do { entries = try await shop.history(limit: limit) } catch { throw fail(error, text: text) }
        if json {
            Terminal.write(JSONValue.array(entries.map(ShopJSON.entry)).rendered(pretty: true) + "\n")
            return
        }
        for entry in entries {
            var what = entry.kind.rawValue
            if let juice = entry.juice { what += " \(text.name(of: juice)) ×\(entry.count ?? 1)" }
            if let undoes = entry.undoes { what += " #\(undoes)" }
            let deltas = entry.deltas.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value > 0 ? "+" : "")\($0.value)" }.joined(separator: ", ")
            let undone = entry.undoneBy.map { "  (undone by #\($0))" } ?? ""
            Terminal.write("#\(entry.id)  \(entry.time)  \(what)  [\(deltas)]\(undone)\n")
        }
    }
}

/// `juice undo`: reverts the newest change if the stock allows it.
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Revert the newest change (journaled as an undo).")
    @OptionGroup var options: ShopOptions
    @Flag(help: "Print the result as JSON.") var json = false

    func run() async throws {
        try await runStockChange(options, json: json) { shop throws(ShopError) in try await shop.undo(command: commandLineText) }
    }
}
