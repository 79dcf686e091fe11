import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceShop
import JuiceUseCases

/// `juice order`: makes a juice, all or nothing, with the original app's messages.
struct OrderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: HelpLanguage.text(
            "Order a juice by id, Korean or English name, or alias.",
            ko: "쥬스를 주문해요: id, 이름 또는 별칭으로."),
        discussion: HelpLanguage.text(
            """
            A refused order changes nothing. On a terminal it asks, as the app did, whether to edit the stock, but only \
            when restocking can help (an order needing more than the store can hold is said to be impossible). \
            Exit status: 0 served, 1 refused for stock or by the state, 2 usage error, unknown juice or a count too large, \
            3 outcome unknown (PostgreSQL: the connection was lost while the order was committed; the error names its \
            request id, which 'juice history --json' lists if it was served).
            """,
            ko: """
                거절된 주문은 아무것도 바꾸지 않아요. 터미널에서는 원래 앱처럼 재고를 수정할지 물어보지만, 재고를 채워서 \
                될 때만 물어요 (가게가 담을 수 있는 것보다 많이 필요한 주문은 만들 수 없다고 말해요). \
                종료 코드: 0 나옴, 1 재고나 상태 때문에 거절됨, 2 사용법 오류, 모르는 쥬스, 또는 너무 큰 개수, \
                3 결과를 알 수 없음 (PostgreSQL: 주문을 확정하는 중에 연결이 끊겼어요. 오류가 알려 주는 요청 id가 \
                'juice history --json'에 있으면 나온 거예요).
                """)
    )

    @OptionGroup var options: ShopOptions

    @Argument(
        help: ArgumentHelp(
            "The juice: id, name or alias, case and spaces ignored (e.g. 딸바쥬스, 'banana juice').",
            ko: "쥬스: id, 이름 또는 별칭. 대소문자와 띄어쓰기는 가리지 않아요 (예: 딸바쥬스, 'banana juice')."),
        completion: .custom(Completions.juices))
    var juice: String

    @Option(help: ArgumentHelp("How many to make (1 or more).", ko: "만들 잔 수 (1 이상)."))
    var count: Int = 1

    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요."))
    var json = false

    func run() async throws {
        guard count >= 1 else { throw options.reporter(json: json).usage(.countBelowOne) }
        let session = try options.session(json: json)
        do {
            // Journaled under a request id, so that an order whose outcome is unknown can be looked up (juice history --json).
            let served = try await session.write { _ throws(ShopError) in
                try await session.actions.order(juice, count: count, command: commandLineText)
            }
            session.noteOrphans(served.receipt.snapshot)
            if json {
                Terminal.write(ShopJSON.receipt(served.receipt, book: session.shop.book).rendered(pretty: true) + "\n")
            } else {
                Terminal.write(session.text(.served(served.juice, count: served.count)) + "\n")
            }
        } catch let exit as ExitCode {
            if exit.rawValue != ExitStatus.outcomeUnknown { try await offerRestock(session: session) }
            throw exit
        }
    }

    /// After a refusal that restocking can cure, on a terminal: asks (again on an answer it does not understand) and
    /// opens the stock screen on yes.
    private func offerRestock(session: ShopSession) async throws {
        guard !json, Terminal.isInteractive, let juice = try? JuiceFinder(book: session.shop.book).juice(named: juice),
            let snapshot = try? await session.shop.snapshot()
        else { return }
        let shortages = snapshot.inventory.shortages(for: juice, count: count)
        guard !shortages.isEmpty, session.text.beyondCapacity(shortages).isEmpty else { return }
        var prompt = session.text(.yesNoPrompt)
        while true {
            Terminal.writeError(prompt, newline: false)
            guard let answer = readLine() else { return }
            if session.text.isYes(answer) { break }
            if session.text.isNo(answer) { return }
            prompt = session.text(.answerYesOrNo)
        }
        try await StockEditor(session: session).run()
    }
}
