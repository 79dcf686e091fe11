import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

/// `juice purchase create --supplier S FRUIT=PACKS …` or `juice purchase create --from-plan FILE|-`: purchase orders
/// kept in the state, open.
struct PurchaseCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: HelpLanguage.text(
            "Keep a purchase order: FRUIT=PACKS from a supplier, or a plan's orders.", ko: "발주를 남겨요: 거래처에 과일=묶음수, 또는 계획의 발주."),
        discussion: HelpLanguage.text(
            """
            FRUIT=PACKS orders whole packs: the units are packs times the fruit's buy: pack, the cost per unit its \
            buy: price over the pack (else its cost). --from-plan reads the orders of 'juice plan --service-level P \
            --format json' (a file, or - for standard input) and keeps one purchase order per entry, as planned; \
            --supplier keeps only that supplier's. All the orders are kept, or none. Exit status: 0 done, 1 the state, \
            2 usage error (unknown supplier or fruit, packs below 1, a bad date, a plan file that cannot be read).
            """,
            ko: """
                과일=묶음수는 묶음 단위로 발주해요: 개수는 묶음수 × 과일 'buy: pack', 한 개 값은 'buy: price'를 'pack'으로 \
                나눈 값 (없으면 과일의 cost)이에요. --from-plan은 'juice plan --service-level P --format json'의 발주 \
                (파일, 또는 표준 입력이면 -)를 읽어 항목마다 계획대로 발주 하나를 남겨요. --supplier를 주면 그 거래처 \
                것만 남겨요. 발주는 전부 남거나 하나도 안 남아요. 종료 코드: 0 완료, 1 상태, 2 사용법 오류 (모르는 \
                거래처나 과일, 1보다 작은 묶음수, 잘못된 날짜, 읽을 수 없는 계획 파일).
                """))

    @OptionGroup var options: ShopOptions
    @Argument(
        help: ArgumentHelp("FRUIT=PACKS … (fruit by id or name).", ko: "과일=묶음수 … (과일은 id나 이름)."),
        completion: .custom(Completions.assignments))
    var lines: [String] = []
    @Option(help: ArgumentHelp("The supplier's id (suppliers: in the recipe files).", ko: "거래처 id (레시피 파일의 suppliers:)."))
    var supplier: String?
    @Option(
        name: .customLong("from-plan"),
        help: ArgumentHelp(
            "Keep the orders of a plan, juice plan … --format json (- reads standard input).",
            ko: "계획의 발주를 남겨요: juice plan … --format json의 출력 (-는 표준 입력).", valueName: "file"),
        completion: .file())
    var fromPlan: String?
    @Option(
        name: .customLong("order-by"),
        help: ArgumentHelp("The last day to place it, YYYY-MM-DD (replaces the plan's).", ko: "발주 마감일, '2099-01-01'처럼 (계획의 것을 바꿔요)."))
    var orderBy: String?
    @Option(help: ArgumentHelp("The day it should arrive, YYYY-MM-DD (replaces the plan's).", ko: "도착 예정일, '2099-01-02'처럼 (계획의 것을 바꿔요)."))
    var arrives: String?
    @Flag(help: ArgumentHelp("Print the orders kept (or the error) as JSON.", ko: "남긴 발주(또는 오류)를 JSON으로 출력해요.")) var json = false

    func run() async throws {
        let reporter = options.reporter(json: json)
        guard lines.isEmpty != (fromPlan == nil) else { throw reporter.failure(.linesOrPlan) }
        if fromPlan == nil, supplier == nil { throw reporter.failure(.needsSupplier) }
        let parsed = try FruitAssignments(lines, reporter: reporter)
        let session = try options.session(json: json)
        let book = session.shop.book
        let dates: PurchaseDates
        do throws(ShopError) { dates = try PurchaseDates(orderBy: orderBy, arrives: arrives) } catch {
            throw reporter.fail(error, text: session.text)
        }
        let drafts: [PurchaseOrderDraft]
        // Where in the plan file a refusal of one of its orders is (the shop places it in the drafts it was given).
        let plan = try fromPlan.map { try PlannedPurchases(reading: $0, supplier: supplier, dates: dates, book: book, reporter: reporter) }
        if let plan {
            drafts = plan.planned.map { dates.applied(to: $0.draft) }
        } else {
            let packs = parsed.resolved(in: book).map { PurchaseOrderDraft.Packs(fruit: $0.fruit, packs: $0.value) }
            do throws(ShopError) {
                drafts = [dates.applied(to: try PurchaseOrderDraft(supplier: SupplierID(supplier ?? ""), packs: packs, book: book))]
            } catch {
                throw reporter.fail(error, text: session.text)
            }
        }
        // Kept with what staff should know of them (bought elsewhere, below the minimum, kept twice): said, never refused.
        let actions = session.actions
        let orders = try await session.write(placing: { plan?.place(of: $0, dates: dates) }) { _ throws(ShopError) in
            try await actions.keepPurchaseOrders(drafts)
        }
        show(orders, text: session.text)
    }

    /// Shows the orders kept, each with its notes (or, with `--json`, as the API answers them).
    private func show(_ orders: [ShopActions.KeptPurchaseOrder], text: ShopText) {
        if json {
            let objects = orders.map { ShopJSON.purchaseOrder($0.order, text: text, notes: $0.notes) }
            Terminal.write(JSONValue.object([("orders", .array(objects))]).rendered(pretty: true) + "\n")
            return
        }
        for kept in orders {
            Terminal.write(([text(.created(kept.order))] + kept.notes.map { text(.note($0)) }).map { $0 + "\n" }.joined())
        }
    }
}

extension Reporter {
    /// Reports a usage problem of a purchase command (exit 2, kind `usage`).
    func failure(_ message: PurchaseCommandMessage) -> ExitCode {
        failure(kind: "usage", message: message.text(in: language), status: ExitStatus.usage)
    }
}
