import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

/// `juice history`: the journal, newest first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: HelpLanguage.text(
            "Show the journal of changes, newest first.",
            ko: "바뀐 기록을 최근 것부터 보여 줘요."),
        discussion: HelpLanguage.text(
            "Each entry says what changed, each fruit's change, and the command that made it.",
            ko: "무엇이 바뀌었는지, 과일이 얼마나 바뀌었는지, 어떤 명령이 바꿨는지 보여 줘요."))
    @OptionGroup var options: ShopOptions
    @Option(help: ArgumentHelp("Show at most N entries.", ko: "기록을 많아야 N개 보여 줘요.")) var limit: Int?
    @Flag(help: ArgumentHelp("Print the journal (or the error) as JSON.", ko: "기록(또는 오류)을 JSON으로 출력해요.")) var json = false
    @Flag(
        help: ArgumentHelp(
            "List the orders refused for want of fruit instead, newest first, with the short fruits.",
            ko: "대신 재료가 모자라 거절된 주문을 최근 것부터, 모자란 과일과 함께 보여 줘요."))
    var refused = false

    func run() async throws {
        if let limit, limit < 0 { throw options.reporter(json: json).usage(.negativeLimit) }
        let session = try options.session(json: json)
        if refused {
            let refusals: [RefusedOrder]
            do { refusals = try await session.actions.refusedOrders(limit: limit) } catch { throw session.reporter.fail(error, text: session.text) }
            if json {
                Terminal.write(JSONValue.array(refusals.map(ShopJSON.refusal)).rendered(pretty: true) + "\n")
                return
            }
            Terminal.write(refusals.map { session.text(.refusalLine($0)) + "\n" }.joined())
            return
        }
        let entries: [JournalEntry]
        do { entries = try await session.actions.history(limit: limit) } catch { throw session.reporter.fail(error, text: session.text) }
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
        commandName: "undo",
        abstract: HelpLanguage.text(
            "Revert the newest change not yet undone.",
            ko: "아직 안 되돌린 가장 최근 변경을 되돌려요."),
        discussion: HelpLanguage.text(
            "The undo is journaled as a change of its own, and says what it undid.",
            ko: "되돌림도 변경으로 기록되고, 무엇을 되돌렸는지 알려 줘요."))
    @OptionGroup var options: ShopOptions
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    func run() async throws {
        try await runStockChange(options, json: json) { actions throws(ShopError) in try await actions.undo(command: commandLineText) }
    }
}
