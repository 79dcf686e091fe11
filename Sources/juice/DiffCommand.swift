import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceReload
import JuiceShop

/// `juice diff`: what an edit to the recipes changes, for review before it ships (the same summary a reload logs).
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: HelpLanguage.text(
            "Show what changes between two recipe sets.",
            ko: "두 레시피 묶음 사이에 바뀌는 것을 보여 줘요."),
        discussion: HelpLanguage.text(
            """
            Both sets are linted first. Lists juices added and removed, names, aliases, prices and recipes changed \
            (each fruit's amount before → after), fruits added and removed, capacity and initial stock changes, and \
            the juices the new set cannot make at the old set's initial stock (fruits new to the set at their initial \
            stock). Two sets that sell the same menu print "no changes to the menu".
            Exit status: 0 compared (changed or not), 1 either set has lint errors (printed on standard error), \
            2 usage error or unreadable path.
            """,
            ko: """
                두 묶음을 먼저 검사해요. 추가되거나 빠진 쥬스, 바뀐 이름, 별칭, 가격, 레시피 (과일마다 양이 전 → 후), \
                추가되거나 빠진 과일, 용량과 초기 재고의 변화, 그리고 새 묶음이 옛 묶음의 초기 재고로 만들 수 없는 쥬스를 \
                보여 줘요 (새로 들어온 과일은 그 초기 재고로 쳐요). 같은 메뉴를 파는 두 묶음이면 "no changes to the menu"를 \
                출력해요 (변경 목록은 영어예요).
                종료 코드: 0 비교함 (바뀌었든 아니든), 1 어느 한쪽 묶음에 검사 오류가 있음 (표준 오류에 출력), \
                2 사용법 오류나 읽을 수 없는 경로.
                """)
    )

    @Argument(help: ArgumentHelp("The recipe set before the edit (a directory or file).", ko: "고치기 전 레시피 묶음 (디렉터리나 파일).", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The recipe set after the edit (a directory or file).", ko: "고친 뒤 레시피 묶음 (디렉터리나 파일).", valueName: "new"))
    var new: String

    @Flag(help: ArgumentHelp("Print the changes (or the error) as JSON.", ko: "바뀐 점(또는 오류)을 JSON으로 출력해요."))
    var json = false

    @Option(help: LanguageHelp.option)
    var lang: Language?

    /// Reports failures in the chosen language (the summary of changes itself is English, like lint's).
    private var reporter: Reporter {
        Reporter(language: lang ?? Language.from(environment: Environment.languageVariables), json: json)
    }

    func run() throws {
        let before = try load(old)
        let after = try load(new)
        let broken = [(old, before), (new, after)].filter { $0.1.hasErrors }
        if let (path, result) = broken.first {
            // Each broken set is reported on standard error; with --json, the first as the error object.
            let exit = reporter.recipesInvalid(result, message: .diffSetInvalid(path: path))
            let rest = Reporter(language: reporter.language, json: false)
            for (path, result) in broken.dropFirst() { _ = rest.recipesInvalid(result, message: .diffSetInvalid(path: path)) }
            throw exit
        }
        let changes = MenuChanges(from: before.book, to: after.book)
        let lines = changes.summaryLines(for: after.book, stock: "the old set's initial stock")
        if json {
            Terminal.write(JSONValue(encoding: MenuChangesJSON(changes, summary: lines, old: old, new: new)).rendered(pretty: true) + "\n")
        } else {
            Terminal.write(changes.isEmpty ? "no changes to the menu\n" : lines.map { $0 + "\n" }.joined())
        }
    }

    private func load(_ path: String) throws -> RecipeLoadResult {
        do {
            return try RecipeLoader().load(paths: [path])
        } catch {
            throw reporter.recipesUnreadable(error, path: path)
        }
    }
}
