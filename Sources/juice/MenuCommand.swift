import ArgumentParser
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice menu`: every juice, its recipe and how many can be made now.
struct MenuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: "Show each juice, its recipe, and how many can be made from the current stock."
    )

    @OptionGroup var options: ShopOptions

    @Flag(help: "Print the menu as JSON.")
    var json = false

    func run() async throws {
        let (shop, text, snapshot) = try await options.openSnapshot()
        reportOrphans(snapshot, text: text)
        let rows = shop.book.juices.map { juice in (juice, snapshot.inventory.availability(of: juice)) }
        if json {
            Terminal.write(JSONValue.array(rows.map { juice, availability in
                .object([
                    ("id", .string(juice.id.rawValue)),
                    ("name", .object([("ko", juice.name.korean.map(JSONValue.string) ?? .null), ("en", juice.name.english.map(JSONValue.string) ?? .null)])),
                    ("recipe", .object(juice.recipe.map { ($0.fruit.rawValue, .int($0.amount)) })),
                    ("price", juice.price.map(JSONValue.int) ?? .null),
                    ("canMake", .int(availability.makeable)),
                    ("limitingFruit", availability.limitingFruit.map { .string($0.rawValue) } ?? .null),
                    ("neededForOneMore", ShopJSON.counts(availability.neededForOneMore)),
                ])
            }).rendered(pretty: true) + "\n")
            return
        }
        let dim = Terminal.wantsColor
        for (juice, availability) in rows {
            let recipe = juice.recipe.map { "\(text.label(of: $0.fruit)) \($0.amount)" }.joined(separator: " + ")
            let price = juice.price.map { "  ₩\($0)" } ?? ""
            var line = "\(text.name(of: juice.id))\(price)  —  \(recipe)  —  \(text.word("can make")): \(availability.makeable)"
            if availability.makeable == 0, let limiting = availability.limitingFruit {
                let more = availability.neededForOneMore[limiting] ?? 0
                line = "✗ " + line + "  (\(text.word("limited by")): \(text.label(of: limiting)), +\(more) \(text.word("more")))"
                Terminal.write(Terminal.dim(line, enabled: dim) + "\n")
            } else {
                Terminal.write("  " + line + "\n")
            }
        }
    }
}
