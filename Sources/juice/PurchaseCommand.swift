import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice purchase`: purchase orders kept in the shop's state, from a plan or by hand; `juice receive --order ID`
/// receives one.
struct PurchaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purchase",
        abstract: HelpLanguage.text("Keep and list purchase orders.", ko: "발주를 남기고 목록을 봐요."),
        discussion: HelpLanguage.text(
            """
            A purchase order is open until 'juice receive --order ID' receives it, in one change with its delivery; \
            what came may differ from what was ordered, and the difference is reported. Undoing that delivery opens \
            the order again.
            """,
            ko: """
                발주는 'juice receive --order 번호'로 입고할 때까지 입고 전이에요. 입고와 발주 처리는 한 번에 되고, \
                주문한 양과 온 양이 다르면 차이를 알려 줘요. 그 입고를 되돌리면 발주도 다시 입고 전이 돼요.
                """),
        subcommands: [PurchaseListCommand.self, PurchaseCreateCommand.self],
        defaultSubcommand: PurchaseListCommand.self
    )
}

/// Which purchase orders `juice purchase list` shows.
enum PurchaseStatusChoice: String, ExpressibleByArgument, CaseIterable {
    case open, received, all

    /// The status to keep, nil for every order.
    var status: PurchaseOrderStatus? {
        switch self {
        case .open: return .open
        case .received: return .received
        case .all: return nil
        }
    }
}

/// `juice purchase list [--status open|received|all]`: the purchase orders, newest first.
struct PurchaseListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: HelpLanguage.text("List purchase orders, newest first.", ko: "발주를 최근 것부터 보여 줘요."),
        discussion: HelpLanguage.text(
            "Each order: its number, open or received (with the delivery's journal entry), supplier, dates, lines and total.",
            ko: "발주마다 번호, 입고 전인지 입고됐는지 (입고 기록 번호와 함께), 거래처, 날짜, 과일과 합계를 보여 줘요."))

    @OptionGroup var options: ShopOptions
    @Option(help: ArgumentHelp("Which orders: open, received or all.", ko: "어떤 발주: open (입고 전), received (입고됨), all (전부)."))
    var status: PurchaseStatusChoice = .all
    @Flag(help: ArgumentHelp("Print the orders (or the error) as JSON.", ko: "발주(또는 오류)를 JSON으로 출력해요.")) var json = false

    func run() async throws {
        let session = try options.session(json: json)
        let orders: [PurchaseOrder]
        do throws(ShopError) { orders = try await session.actions.purchaseOrders(status: status.status) } catch {
            throw session.reporter.fail(error, text: session.text)
        }
        if json {
            Terminal.write(JSONValue.array(orders.map { ShopJSON.purchaseOrder($0, text: session.text) }).rendered(pretty: true) + "\n")
            return
        }
        Terminal.write(orders.isEmpty ? session.text(.noneListed) + "\n" : orders.map { session.text(.listed($0)) + "\n" }.joined())
    }
}
