import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceShop
import JuiceUseCases

/// `--reason` as staff type it: a waste reason's id or its words (`spoiled`, `상함`, `직원 식사`).
struct WasteReasonArgument: ExpressibleByArgument {
    /// The reason named.
    let reason: WasteReason

    init?(argument: String) {
        guard let reason = WasteReason(words: argument) else { return nil }
        self.reason = reason
    }

    /// The ids, as the help and a refusal list them.
    static var allValueStrings: [String] { WasteReason.allCases.map(\.rawValue) }
}

/// `juice waste FRUIT N --reason R` or `juice waste --expired`: fruit thrown away, journaled with why.
struct WasteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waste",
        abstract: HelpLanguage.text("Throw fruit away, with why; --expired for past use-by.", ko: "과일을 버려요 (이유와 함께). --expired는 기한 지난 것."),
        discussion: HelpLanguage.text(
            """
            Reasons: spoiled, expired, dropped, staff, other. The fruit comes from the lot that expires first; with \
            fruit costs (fruits.yaml cost), the waste carries its cost. Journaled (kind waste); juice undo takes it \
            back. Nothing is written off by itself: --expired is staff's decision. Exit status: 0 done, 1 refused (more \
            than is in stock) or the state, 2 usage error (unknown fruit or reason, a quantity below 1).
            """,
            ko: """
                이유: spoiled (상함), expired (기한 지남), dropped (떨어뜨림), staff (직원 식사·시식), other (기타). 한국어로 \
                써도 돼요 (--reason 상함). 유통기한이 가장 \
                빠른 묶음에서 빼요. 과일 값 (fruits.yaml cost)이 있으면 폐기 금액도 남아요. 기록에 남고 (waste) juice \
                undo로 되돌려요. 저절로 버려지는 것은 없어요: --expired는 직원이 정해요. 종료 코드: 0 완료, 1 거절됨 \
                (재고보다 많음)이나 상태, 2 사용법 오류 (모르는 과일이나 이유, 1보다 작은 수량).
                """))

    @OptionGroup var options: ShopOptions
    @Argument(
        help: ArgumentHelp("FRUIT N, or FRUIT=N … (fruit by id or name).", ko: "과일 N, 또는 과일=N … (과일은 id나 이름)."),
        completion: .custom(Completions.assignments))
    var amounts: [String] = []
    @Option(
        name: .customLong("reason"),
        help: ArgumentHelp(
            "Why: spoiled, expired, dropped, staff (a staff meal or tasting) or other.",
            ko: "이유: spoiled (상함), expired (기한 지남), dropped (떨어뜨림), staff (직원 식사), other (기타)."))
    var reasonArgument: WasteReasonArgument?
    /// The reason given, if any.
    var reason: WasteReason? { reasonArgument?.reason }
    @Option(help: ArgumentHelp("A note kept with it.", ko: "함께 남길 메모.")) var note: String?
    @Flag(help: ArgumentHelp("Write off every lot past its use-by date.", ko: "유통기한이 지난 묶음을 모두 버려요.")) var expired = false
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    /// Refuses what cannot work together (in `run()`: the reporter writes the error, which `--help` must not see).
    private func checkArguments() throws {
        let reporter = options.reporter(json: json)
        if expired {
            guard amounts.isEmpty else { throw reporter.usage(.wasteExpiredTakesNoFruit) }
        } else {
            guard !amounts.isEmpty else { throw reporter.usage(.noAssignments) }
            guard reason != nil else { throw reporter.usage(.wasteNeedsReason(WasteReason.allCases.map(\.rawValue))) }
        }
    }

    func run() async throws {
        try checkArguments()
        let parsed = try FruitAssignments(fruitAndAmountOr: amounts, reporter: options.reporter(json: json))
        let session = try options.session(json: json)
        let reason = reason ?? .expired
        let expired = expired
        let actions = session.actions
        let receipt = try await session.change { shop throws(ShopError) in
            if expired { return try await actions.wasteExpired(note: note, command: commandLineText) }
            return try await actions.waste(
                parsed.resolved(in: shop.book).map { ($0.fruit, $0.value) }, reason: reason, note: note, command: commandLineText)
        }
        if !json {
            if expired && receipt.entry == nil {
                Terminal.write(session.text(.nothingExpired) + "\n" + StockTable.render(receipt.snapshot, text: session.text))
                return
            }
            for (fruit, delta) in (receipt.entry?.deltas ?? [:]).sorted(by: { $0.key < $1.key }) {
                Terminal.write(session.text(.wasted(fruit, amount: -delta, reason: reason)) + "\n")
            }
            if let cost = receipt.entry?.detail?.cost { Terminal.write(session.text(.wasteCost(cost)) + "\n") }
        }
        printReceipt(receipt, session: session, json: json)
    }
}
