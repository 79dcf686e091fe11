import ArgumentParser
import Foundation
import JuiceCore
import JuiceShop

/// `juice order`: makes a juice, all or nothing, with the original app's messages.
struct OrderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: "Order a juice by id, Korean or English name, or alias.",
        discussion: "Exit status: 0 served, 1 refused for stock, 2 usage error or unknown juice."
    )

    @OptionGroup var options: ShopOptions

    @Argument(help: "The juice: id, name or alias, case and spaces ignored (e.g. 딸바쥬스, 'banana juice').")
    var juice: String

    @Option(help: "How many to make.")
    var count: Int = 1

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        let shop = try options.openShop()
        let text = ShopText(language: options.language, book: shop.book)
        do {
            let receipt = try await shop.order(juice, count: count, command: commandLineText)
            reportOrphans(receipt.snapshot, text: text)
            if json {
                Terminal.write(ShopJSON.receipt(receipt, served: true).rendered(pretty: true) + "\n")
            } else {
                Terminal.write(text.served(receipt.entry.juice ?? JuiceID(juice), count: count) + "\n")
            }
        } catch {
            let exit = fail(error, text: text)
            if case .orderRefused(.insufficientStock) = error, !json, Terminal.isInteractive {
                Terminal.writeError(text.yesNoPrompt, newline: false)
                if let answer = readLine(), text.isYes(answer) {
                    try await StockEditor(shop: shop, text: text).run()
                }
            }
            throw exit
        }
    }
}
