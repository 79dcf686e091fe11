import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

/// `juice status`: which recipes and which state this shop uses, their counts, and anything wrong with them.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: HelpLanguage.text(
            "Show which recipes and state file are in use.",
            ko: "어떤 레시피와 상태 파일을 쓰고 있는지 보여 줘요."),
        discussion: HelpLanguage.text(
            """
            Recipes: their directory (or the built-in set), files, fruits, juices, lint errors and warnings. State: \
            where it is, whether it exists yet, its journal entries, its integrity, and fruits with stock the recipes \
            no longer have. Never writes. Exit status: 0 no problems (warnings allowed), 1 problems (lint errors, an \
            unreadable or inconsistent state, fruits to retire), 2 usage error or unreadable recipes.
            """,
            ko: """
                레시피: 디렉터리 (또는 기본 내장 레시피), 파일, 과일, 쥬스, 검사 오류와 경고. 상태: 어디에 있는지, 벌써 \
                있는지, 기록 개수, 무결성, 레시피에 없는데 재고가 남은 과일. 아무것도 쓰지 않아요. 종료 코드: 0 문제 없음 \
                (경고는 괜찮아요), 1 문제 있음 (검사 오류, 읽을 수 없거나 맞지 않는 상태, 정리할 과일), 2 사용법 오류나 \
                읽을 수 없는 레시피.
                """)
    )

    @OptionGroup var options: ShopOptions

    @Flag(help: ArgumentHelp("Print the status (or the error) as JSON.", ko: "상태(또는 오류)를 JSON으로 출력해요."))
    var json = false

    func run() async throws {
        let recipes = try options.loadRecipes(json: json)
        let path = options.statePath
        let exists = PostgresLocation.isPostgresURL(path) || FileManager.default.fileExists(atPath: path)
        // Opened only when it exists: status never writes, a new state file included.
        let shop = exists ? Shop(book: recipes.book, store: try options.makeStore(json: json)) : nil
        let status = await ShopStatus.read(
            recipes: ShopStatus.Recipes(
                directory: options.recipeDirectory, files: recipes.sources.count, fruits: recipes.book.fruits.count,
                juices: recipes.book.juices.count, errors: recipes.errorCount, warnings: recipes.warningCount),
            location: path, shop: shop)
        let text = ShopText(language: options.language, book: recipes.book)
        if json {
            Terminal.write(JSONValue(encoding: ShopStatusJSON(status, text: text)).rendered(pretty: true) + "\n")
        } else {
            Terminal.write(lines(status, text: text).map { $0 + "\n" }.joined())
        }
        if status.problems > 0 { throw ExitCode(ExitStatus.failure) }
    }

    /// The status as text, a line each.
    private func lines(_ status: ShopStatus, text: ShopText) -> [String] {
        let (recipes, state) = (status.recipes, status.state)
        var lines: [String] = [
            CommandMessage.statusRecipes(recipes.directory),
            .statusRecipeCounts(files: recipes.files, fruits: recipes.fruits, juices: recipes.juices),
            .statusLint(errors: recipes.errors, warnings: recipes.warnings),
            .statusState(state.location, exists: state.exists),
        ].map { $0.text(in: options.language) }
        if state.exists {
            lines.append(CommandMessage.statusJournal(state.journalEntries).text(in: options.language))
            if let error = state.error { lines.append("  " + text(.error(error))) }
            lines.append(CommandMessage.statusIntegrity(healthy: state.healthy).text(in: options.language))
        }
        if !state.orphans.isEmpty {
            let orphans = state.orphans.keys.sorted().map { "\($0) (\(state.orphans[$0] ?? 0))" }
            lines.append(CommandMessage.statusOrphans(orphans).text(in: options.language))
        }
        lines.append((status.problems == 0 ? CommandMessage.statusOK : .statusProblems(status.problems)).text(in: options.language))
        return lines
    }
}
