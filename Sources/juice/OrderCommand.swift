import ArgumentParser
import Foundation
import JuiceCore
import JuiceShop

/// `juice order`: makes a juice, all or nothing, with the original app's messages.
struct OrderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: "Order a juice by id, Korean or English name, or alias.",
        discussion: """
            A refused order changes nothing. On a terminal it asks, as the app did, whether to edit the stock, but only \
            when restocking can help (an order needing more than the store can hold is said to be impossible). \
            Exit status: 0 served, 1 refused for stock or by the state, 2 usage error, unknown juice or a count too large.
            """
    )

    @OptionGroup var options: ShopOptions

    @Argument(help: "The juice: id, name or alias, case and spaces ignored (e.g. 딸바쥬스, 'banana juice').", completion: .custom(Completions.juices))
    var juice: String

    @Option(help: "How many to make (1 or more).")
    var count: Int = 1

    @Flag(help: "Print the result (or the error) as JSON.")
    var json = false

    func run() async throws {
        guard count >= 1 else { throw options.reporter(json: json).usage(.countBelowOne) }
        let session = try options.session(json: json)
        let text = session.text
        do {
            let receipt = try await session.change { shop throws(ShopError) in try await shop.order(juice, count: count, command: commandLineText) }
            if json {
                Terminal.write(ShopJSON.receipt(receipt).rendered(pretty: true) + "\n")
            } else {
                Terminal.write(text(.served(receipt.entry?.juice ?? JuiceID(juice), count: count)) + "\n")
            }
        } catch let exit as ExitCode {
            try await offerRestock(session: session)
            throw exit
        }
    }

    /// After a refusal that restocking can cure, on a terminal: asks (again on an answer it does not understand) and
    /// opens the stock screen on yes.
    private func offerRestock(session: ShopSession) async throws {
        guard !json, Terminal.isInteractive, let juice = try? JuiceFinder(book: session.shop.book).juice(named: juice),
              let snapshot = try? await session.shop.snapshot() else { return }
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
