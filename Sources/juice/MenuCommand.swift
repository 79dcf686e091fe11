import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

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
        let menu: ShopActions.Menu
        do throws(ShopError) { menu = try await session.actions.menu() } catch { throw session.reporter.fail(error, text: session.text) }
        session.noteOrphans(menu.snapshot)
        if json {
            Terminal.write(ShopJSON.menu(menu).rendered(pretty: true) + "\n")
            return
        }
        let dim = Terminal.wantsColor
        for entry in menu.entries {
            let line = session.text(.menuLine(entry.juice, entry.availability))
            // A juice that a fruit stops shows dimmed, behind a ✗.
            if entry.availability.makeable == 0, entry.availability.limitingFruit != nil {
                Terminal.write(Terminal.dim("✗ " + line, enabled: dim) + "\n")
            } else {
                Terminal.write("  " + line + "\n")
            }
        }
    }
}
