import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice menu`: every juice, its recipe and how many can be made now.
struct MenuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: HelpLanguage.text(
            "Show each juice's recipe and how many the stock makes.",
            ko: "쥬스마다 레시피와 지금 몇 잔 만들 수 있는지 보여 줘요.")
    )

    @OptionGroup var options: ShopOptions

    @Flag(help: ArgumentHelp("Print the menu (or the error) as JSON.", ko: "메뉴(또는 오류)를 JSON으로 출력해요."))
    var json = false

    func run() async throws {
        let session = try options.session(json: json)
        let snapshot = try await session.snapshot()
        let rows = session.shop.book.juices.map { juice in (juice, snapshot.inventory.availability(of: juice)) }
        if json {
            Terminal.write(
                JSONValue.array(
                    rows.map { juice, availability in
                        .object([
                            ("id", .string(juice.id.rawValue)),
                            (
                                "name",
                                .object([
                                    ("ko", juice.name.korean.map(JSONValue.string) ?? .null),
                                    ("en", juice.name.english.map(JSONValue.string) ?? .null),
                                ])
                            ),
                            ("recipe", .object(juice.recipe.map { ($0.fruit.rawValue, .int($0.amount)) })),
                            ("price", juice.price.map(JSONValue.int) ?? .null),
                            ("canMake", .int(availability.makeable)),
                            ("limitingFruit", availability.limitingFruit.map { .string($0.rawValue) } ?? .null),
                            ("neededForOneMore", ShopJSON.counts(availability.neededForOneMore)),
                        ])
                    }
                ).rendered(pretty: true) + "\n")
            return
        }
        let dim = Terminal.wantsColor
        for (juice, availability) in rows {
            let line = session.text(.menuLine(juice, availability))
            if availability.makeable == 0, availability.limitingFruit != nil {
                Terminal.write(Terminal.dim("✗ " + line, enabled: dim) + "\n")
            } else {
                Terminal.write("  " + line + "\n")
            }
        }
    }
}
