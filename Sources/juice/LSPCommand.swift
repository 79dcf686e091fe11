import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceLSP
import JuiceRecipes
import JuiceShop

/// `juice lsp`: the recipe checker inside an editor, over the Language Server Protocol on standard input and output.
struct LSPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: HelpLanguage.text(
            "Run the language server for editors (LSP 3.17, stdio).",
            ko: "편집기용 언어 서버를 실행해요 (프로토콜 3.17)."),
        discussion: HelpLanguage.text(
            """
            The editor starts it: diagnostics as 'juice lint' gives them (.juicelint.yaml included) for every file of \
            the set as you type, hover, completion, go to definition, references, rename and quick fixes. The recipes \
            are --recipes DIR, else the editor's workspace folder (its recipes/ subdirectory when it has one). With \
            --state (or $JUICE_STATE) hover and completion show the live stock, read at most once a second and never \
            written. Messages are Korean when the editor's locale is Korean or initializationOptions.language is "ko", \
            else English. Logs go to standard error only. Exit status: 0 after shutdown and exit, 1 otherwise.
            """,
            ko: """
                편집기가 실행해요: 입력하는 동안 세트의 모든 파일에 'juice lint'와 같은 진단 (.juicelint.yaml 포함), \
                호버, 자동 완성, 정의로 이동, 참조 찾기, 이름 바꾸기, 빠른 수정을 줘요. 레시피는 --recipes DIR, 없으면 \
                편집기의 작업 폴더예요 (recipes/ 하위 디렉터리가 있으면 그것). --state (또는 $JUICE_STATE)를 주면 호버와 \
                자동 완성에 실시간 재고가 나와요. 1초에 한 번까지만 읽고 절대 쓰지 않아요. 메시지는 편집기 로캘이 \
                한국어이거나 initializationOptions.language가 "ko"이면 한국어, 아니면 영어예요. 로그는 표준 오류에만 \
                써요. 종료 코드: 'shutdown' 다음 'exit'이면 0, 그 밖에는 1.
                """)
    )

    @Option(
        help: ArgumentHelp(
            "Recipe directory (default: the editor's workspace folder, or its recipes/ subdirectory).",
            ko: "레시피 디렉터리 (기본값: 편집기의 작업 폴더, 또는 그 안의 recipes/).", valueName: "dir"),
        completion: .directory)
    var recipes: String?

    @Option(
        help: ArgumentHelp(
            "State file or postgres:// URL for live stock in hover and completion, read-only (default: $JUICE_STATE, else none).",
            ko: "호버와 자동 완성에 쓸 실시간 재고의 상태 파일이나 postgres:// 주소, 읽기 전용 (기본값: $JUICE_STATE, 없으면 안 써요).",
            valueName: "file-or-url"), completion: .file())
    var state: String?

    var language: Language { Language.from(environment: Environment.languageVariables) }

    func validate() throws {
        guard let recipes, !RecipeSet.isDirectory(recipes) else { return }
        let error = FileManager.default.fileExists(atPath: recipes) ? RecipeSourceError.notADirectory(recipes) : .notFound(recipes)
        throw Reporter(language: language, json: false).recipesUnreadable(error, path: recipes)
    }

    func run() async throws {
        let log = ServerLog.standardError
        let configuration = ServerConfiguration(recipeDirectory: recipes, liveStock: liveStockSource(log: log), log: log)
        let status = await LanguageServer(configuration: configuration).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// The live stock of `--state` (or `JUICE_STATE`), read-only; nil, with a line in the log, when there is none or it
    /// cannot be opened.
    func liveStockSource(log: ServerLog) -> LiveStockSource? {
        let (location, isExplicit) = InputLocations.state(state, default: SQLiteStore.defaultPath)
        guard isExplicit else { return nil }
        guard PostgresLocation.isPostgresURL(location) || FileManager.default.fileExists(atPath: location) else {
            log("the state \(location) does not exist; hover and completion show the store section's stock")
            return nil
        }
        do {
            let store = try CommandServices.openStore(location: location)
            return LiveStockSource(location: store.location) { book in try await store.snapshot(book: book).inventory.counts }
        } catch {
            log("the state \(location) cannot be opened, going on without live stock: \(error)")
            return nil
        }
    }
}
