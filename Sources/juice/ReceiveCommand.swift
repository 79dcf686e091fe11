import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

/// `juice receive FRUIT N` or `juice receive FRUIT=N …`: a delivery, each fruit a lot.
struct ReceiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: HelpLanguage.text("Receive a delivery; each fruit becomes a dated lot.", ko: "입고해요: 과일마다 유통기한이 있는 묶음이 돼요."),
        discussion: HelpLanguage.text(
            """
            The use-by date is --expires, else today plus the fruit's shelf-life (fruits.yaml), else none. Orders and \
            waste take from the lot that expires first. Journaled (kind delivery); juice undo takes it back. Exit \
            status: 0 done, 1 refused by the stock (above capacity) or the state, 2 usage error (unknown fruit, a \
            quantity below 1, a bad date or one before today, an unknown purchase order). With --order ID, a purchase \
            order (juice purchase) is received: what was ordered, or the FRUIT=N given (a fruit left out did not \
            come; more than ordered is received), each line saying what was ordered; the differences are reported, \
            and the order is marked received in the same change (exit 1 when it was received already).
            """,
            ko: """
                유통기한은 --expires, 없으면 오늘에 과일의 shelf-life (fruits.yaml)를 더한 날, 그것도 없으면 없어요. \
                주문과 폐기는 유통기한이 가장 빠른 묶음에서 가져가요. 기록에 남고 (delivery) juice undo로 되돌려요. \
                종료 코드: 0 완료, 1 재고 (용량 초과)나 상태 때문에 거절됨, 2 사용법 오류 (모르는 과일, 1보다 작은 수량, \
                잘못되거나 오늘보다 이른 날짜, 없는 발주). --order 번호를 주면 발주 (juice purchase)를 입고해요: 발주한 \
                그대로, 또는 준 과일=N만큼 (빠진 과일은 안 온 것, 더 온 것도 받아요). 줄마다 주문량이 남고, 차이를 알려 \
                주고, 같은 변경에서 발주가 입고됨이 돼요 (이미 입고된 발주면 종료 코드 1).
                """))

    @OptionGroup var options: ShopOptions
    @Argument(
        help: ArgumentHelp(
            "FRUIT N, or FRUIT=N … (fruit by id or name); with --order, what came (default: what was ordered).",
            ko: "과일 N, 또는 과일=N … (과일은 id나 이름). --order와 함께면 실제로 온 양 (없으면 발주한 그대로)."),
        completion: .custom(Completions.assignments))
    var deliveries: [String] = []
    @Option(
        help: ArgumentHelp(
            "Receive purchase order ID (juice purchase list): what was ordered comes from it, and it is marked received.",
            ko: "발주 번호 ID를 입고해요 (juice purchase list): 주문량은 발주에서 가져오고, 발주는 입고됨이 돼요.", valueName: "id"))
    var order: Int?
    @Option(help: ArgumentHelp("What one unit cost, in won.", ko: "한 개 값 (원).")) var cost: Int?
    @Option(help: ArgumentHelp("The use-by date, YYYY-MM-DD.", ko: "유통기한, YYYY-MM-DD.")) var expires: String?
    @Option(help: ArgumentHelp("Who delivered it.", ko: "납품한 곳.")) var supplier: String?
    @Option(
        name: .customLong("ordered"),
        help: ArgumentHelp(
            "What was ordered (or invoiced) of a fruit, FRUIT=N; the difference from what came is reported.",
            ko: "주문한(또는 명세서의) 양, 과일=N. 실제로 온 양과의 차이를 보고해요.", valueName: "fruit=n"))
    var ordered: [String] = []
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    func run() async throws {
        let reporter = options.reporter(json: json)
        if let order { return try await receive(order: order, reporter: reporter) }
        guard !deliveries.isEmpty else { throw reporter.usage(.noAssignments) }
        let parsed = try FruitAssignments(fruitAndAmountOr: deliveries, reporter: reporter)
        let orders = try FruitAssignments(ordered, reporter: reporter)
        let session = try options.session(json: json)
        let received = Set(parsed.resolved(in: session.shop.book).map(\.fruit))
        if let stray = orders.resolved(in: session.shop.book).first(where: { !received.contains($0.fruit) }) {
            throw reporter.usage(.orderedNotReceived(stray.fruit.rawValue))
        }
        let actions = session.actions
        let receipt = try await session.change { shop throws(ShopError) in
            let ordered = Dictionary(orders.resolved(in: shop.book).map { ($0.fruit, $0.value) }, uniquingKeysWith: { first, _ in first })
            let lines = parsed.resolved(in: shop.book).map {
                DeliveryLine(fruit: $0.fruit, quantity: $0.value, expires: expires, cost: cost, ordered: ordered[$0.fruit])
            }
            return try await actions.receive(lines, supplier: supplier, command: commandLineText)
        }
        if !json {
            let supplier = receipt.entry?.detail?.supplier
            for line in receipt.entry?.detail?.lots ?? [] { Terminal.write(session.text(.received(line, supplier: supplier)) + "\n") }
        }
        printReceipt(receipt, session: session, json: json)
    }

    /// `--order ID`: the purchase order received, as ordered or as the arguments say came, and the differences.
    private func receive(order id: Int, reporter: Reporter) async throws {
        guard ordered.isEmpty, supplier == nil else { throw reporter.failure(.orderGivesOrderedAndSupplier) }
        let parsed = try FruitAssignments(fruitAndAmountOr: deliveries, reporter: reporter)
        let session = try options.session(json: json)
        let actions = session.actions
        let (expires, cost) = (expires, cost)
        let done = try await session.write { shop throws(ShopError) in
            var lines: [DeliveryLine]? =
                parsed.pairs.isEmpty
                ? nil : parsed.resolved(in: shop.book).map { DeliveryLine(fruit: $0.fruit, quantity: $0.value, expires: expires, cost: cost) }
            if lines == nil, expires != nil || cost != nil {
                // What was ordered, with the date or cost given.
                lines = try await shop.purchaseOrder(id).lines.map { DeliveryLine(fruit: $0.fruit, quantity: $0.units, expires: expires, cost: cost) }
            }
            return try await actions.receivePurchaseOrder(id, lines: lines, command: commandLineText)
        }
        session.noteOrphans(done.receipt.snapshot)
        if json {
            Terminal.write(JSONValue(encoding: PurchaseReceiptJSON(done, text: session.text)).rendered(pretty: true) + "\n")
            return
        }
        var out = ""
        let supplier = done.receipt.entry?.detail?.supplier
        for line in done.receipt.entry?.detail?.lots ?? [] { out += session.text(ShopMessage.received(line, supplier: supplier)) + "\n" }
        out += session.text(PurchaseMessage.received(done.order)) + "\n"
        for difference in done.differences { out += session.text(PurchaseMessage.difference(difference)) + "\n" }
        Terminal.write(out + StockTable.render(done.receipt.snapshot, text: session.text))
    }
}
