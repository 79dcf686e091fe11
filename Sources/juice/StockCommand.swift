import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

/// `juice stock`: shows and changes the stock.
struct StockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock",
        abstract: HelpLanguage.text("Show or change the stock.", ko: "재고를 보거나 바꿔요."),
        discussion: HelpLanguage.text(
            """
            Every change is all or nothing and journaled (juice history); a change that changes nothing (adding 0, a \
            reset at the initial stock) is not. Exit status: 0 done, 1 refused by the stock (below 0, above capacity) \
            or the state, 2 usage error (unknown fruit, bad or negative amount, a fruit set twice).
            """,
            ko: """
                모든 변경은 전부 되거나 전부 안 되고, 기록에 남아요 (juice history). 아무것도 바꾸지 않는 변경 (0개 추가, \
                초기 재고 그대로인 reset)은 남지 않아요. 종료 코드: 0 완료, 1 재고 (0 아래, 용량 초과)나 상태 때문에 \
                거절됨, 2 사용법 오류 (모르는 과일, 잘못되거나 음수인 수량, 두 번 정한 과일).
                """),
        subcommands: [
            StockShowCommand.self, StockAddCommand.self, StockRemoveCommand.self, StockSetCommand.self, StockResetCommand.self,
            StockRetireCommand.self, StockEditCommand.self,
        ],
        defaultSubcommand: StockShowCommand.self
    )
}

/// `juice stock [show]`: each fruit's stock and capacity.
struct StockShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: HelpLanguage.text("Show each fruit's stock and capacity.", ko: "과일마다 재고와 용량을 보여 줘요."))

    @OptionGroup var options: ShopOptions

    @Flag(
        help: ArgumentHelp(
            "Print the stock as GET /api/stock answers it, and under 'shelf' the lots as GET /api/lots does.",
            ko: "재고를 GET /api/stock처럼, 'shelf'에 로트를 GET /api/lots처럼 출력해요."))
    var json = false

    func run() async throws {
        let session = try options.session(json: json)
        let snapshot = try await session.snapshot()
        let shelf: Shelf
        do throws(ShopError) { shelf = try await session.actions.shelf() } catch {
            throw session.reporter.fail(error, text: session.text)
        }
        let book = session.shop.book
        if json {
            let stock = StockShowJSON(stock: StockJSON(snapshot, book: book), shelf: ShelfJSON(shelf, book: book))
            Terminal.write(JSONValue(encoding: stock).rendered(pretty: true) + "\n")
            return
        }
        var out = StockTable.render(snapshot, text: session.text)
        for fruit in book.fruits.map(\.id) {
            let (today, tomorrow, expired) = (shelf.expiring(fruit, inDays: 0), shelf.expiring(fruit, inDays: 1), shelf.expired(fruit))
            guard today + tomorrow + expired > 0 || shelf.lastCounted[fruit] != nil else { continue }
            out += session.text(.shelfNote(fruit, today: today, tomorrow: tomorrow, expired: expired, lastCounted: shelf.lastCounted[fruit])) + "\n"
        }
        Terminal.write(out)
    }
}

/// Renders the stock as a table.
enum StockTable {
    static func render(_ snapshot: ShopSnapshot, text: ShopText) -> String {
        var out = ""
        for fruit in text.book.fruits {
            out += text(.stockRow(fruit.id, count: snapshot.inventory[fruit.id], capacity: snapshot.inventory.capacity(of: fruit.id))) + "\n"
        }
        for (fruit, count) in snapshot.orphans.sorted(by: { $0.key < $1.key }) {
            out += text(.orphanRow(fruit, count: count)) + "\n"
        }
        return out
    }
}

/// Runs one stock change (one of the shop's actions) and prints the new stock (saying so when nothing changed).
func runStockChange(_ options: ShopOptions, json: Bool, _ body: (ShopActions) async throws(ShopError) -> ShopReceipt) async throws {
    let session = try options.session(json: json)
    let receipt = try await session.change { _ throws(ShopError) in try await body(session.actions) }
    printReceipt(receipt, session: session, json: json)
}

/// Prints what a stock change did: JSON, or the stock table (after a line saying nothing changed, or what an undo undid).
func printReceipt(_ receipt: ShopReceipt, session: ShopSession, json: Bool) {
    if json {
        Terminal.write(ShopJSON.receipt(receipt, book: session.shop.book).rendered(pretty: true) + "\n")
        return
    }
    if let undone = receipt.undone {
        Terminal.write(session.text(.undid(undone)) + "\n")
    } else if receipt.entry == nil {
        Terminal.write(session.text(.nothingChanged) + "\n")
    }
    Terminal.write(StockTable.render(receipt.snapshot, text: session.text))
}

/// The arguments of `juice stock add` and `juice stock remove`: a fruit and an amount.
struct FruitAmountArguments: ParsableArguments {
    @OptionGroup var options: ShopOptions
    @Argument(
        help: ArgumentHelp("The fruit: id, or Korean or English name.", ko: "과일: id, 또는 한국어나 영어 이름."),
        completion: .custom(Completions.fruits)) var fruit: String
    @Argument(help: ArgumentHelp("How many, 0 or more (default 1).", ko: "개수, 0 이상 (기본값 1).")) var amount: Int = 1
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    /// Applies `operation` of the amount to the named fruit.
    func change(_ operation: StockEdit.Operation) async throws {
        try await runStockChange(options, json: json) { actions throws(ShopError) in
            try await actions.changeStock([StockEdit(operation, fruit, amount)], command: commandLineText)
        }
    }
}

/// `juice stock add FRUIT [N]`.
struct StockAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: HelpLanguage.text("Add N (default 1) of a fruit, up to its capacity.", ko: "과일을 N개 (기본값 1) 더해요. 용량까지만."))
    @OptionGroup var arguments: FruitAmountArguments

    func run() async throws { try await arguments.change(.add) }
}

/// `juice stock remove FRUIT [N]`.
struct StockRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: HelpLanguage.text("Take away N (default 1) of a fruit, never below 0.", ko: "과일을 N개 (기본값 1) 빼요. 0 아래로는 안 가요."))
    @OptionGroup var arguments: FruitAmountArguments

    func run() async throws { try await arguments.change(.remove) }
}

/// `juice stock set FRUIT=N [FRUIT=N…]`, all applied or none.
struct StockSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: HelpLanguage.text(
            "Set fruits to absolute counts, all or none (FRUIT=N …; each fruit once).",
            ko: "과일을 정한 개수로 맞춰요. 전부 되거나 전부 안 돼요 (과일=N …, 과일마다 한 번)."))
    @OptionGroup var options: ShopOptions
    @Argument(help: ArgumentHelp("Assignments like banana=10.", ko: "banana=10 같은 지정."), completion: .custom(Completions.assignments))
    var assignments: [String]
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    func run() async throws {
        guard !assignments.isEmpty else { throw options.reporter(json: json).usage(.noAssignments) }
        let parsed = try FruitAssignments(assignments, reporter: options.reporter(json: json))
        try await runStockChange(options, json: json) { actions throws(ShopError) in
            try await actions.changeStock(parsed.pairs.map { StockEdit(.set, $0.name, $0.value) }, command: commandLineText)
        }
    }
}

/// `juice stock reset`.
struct StockResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: HelpLanguage.text("Put every fruit back to the store section's initial stock.", ko: "모든 과일을 store 섹션의 초기 재고로 되돌려요."))
    @OptionGroup var options: ShopOptions
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    func run() async throws {
        try await runStockChange(options, json: json) { actions throws(ShopError) in try await actions.resetStock(command: commandLineText) }
    }
}

/// `juice stock retire FRUIT`: a fruit the recipes no longer have, whose stock the state keeps.
struct StockRetireCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retire",
        abstract: HelpLanguage.text(
            "Retire a fruit the recipes no longer have: its kept stock goes to 0 (journaled; juice undo brings it back) and it is no longer reported.",
            ko: "레시피에 더는 없는 과일을 정리해요: 남은 재고가 0이 되고 (기록에 남고, juice undo로 되돌릴 수 있어요) 더는 알리지 않아요."))
    @OptionGroup var options: ShopOptions
    @Argument(help: ArgumentHelp("The fruit's id, as 'juice stock' lists it.", ko: "'juice stock'이 보여 주는 과일 id.")) var fruit: String
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    func run() async throws {
        let session = try options.session(json: json)
        let receipt = try await session.change { _ throws(ShopError) in try await session.actions.retire(FruitID(fruit), command: commandLineText) }
        if !json, let entry = receipt.entry {
            Terminal.write(session.text(.retired(FruitID(fruit), count: -(entry.deltas[FruitID(fruit)] ?? 0))) + "\n")
        }
        printReceipt(receipt, session: session, json: json)
    }
}

/// `juice stock edit`: the stock screen, on a terminal.
struct StockEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: HelpLanguage.text(
            "Edit the stock on a terminal: ↑/↓ choose, -/+ change, Enter applies all, Esc cancels.",
            ko: "터미널에서 재고를 고쳐요: ↑/↓ 고르기, -/+ 바꾸기, Enter 모두 적용, Esc 취소.")
    )
    @OptionGroup var options: ShopOptions

    func run() async throws {
        guard Terminal.isInteractive else {
            throw options.reporter(json: false).usage(.needsTerminal)
        }
        try await StockEditor(session: try options.session(json: false)).run()
    }
}
